"""A rota said as its pattern (issue 35, docs/formation-spec.md: a routine is what recurs): shifts on
and off ("4 on 4 off", "24 on, 72 off", "two days, two nights, then four off", "twelve days on the rigs,
then twelve days home") and a week here, a week there ("one week at Mum's and one week at Dad's", "with me
one week and with his dad the next"). Each is one routine card of whose rota it is: the owner's, or the
person the statement opens with ("he's on a 4 on 4 off rota" after the brother was named). Pure regex."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .models import Fact
from .rule_basics import TurnContext, resolve
from .vocabulary import NUMBER_WORDS

_N = rf"(?:\d{{1,3}}|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
_SPAN = r"(?:\s*-?\s*(?:days?|nights?|hours?|hrs?|weeks?|shifts?|earlies|lates))"
# "4 on 4 off", "24 on, 72 off", "4-on 4-off", "twelve days on the turbines..., then twelve days home"
_ON_OFF = re.compile(rf"(?i)\b(?P<on>{_N}{_SPAN}?)[\s-]+on\b(?P<where>[^,.;]{{0,40}}?)[\s,;-]*(?:and\s+|then\s+|,\s*)*"
                     rf"(?P<off>{_N}{_SPAN}?)[\s-]+(?:off|home|at\s+home|rest)\b")
# "two days, two nights, then four off": a list of spans closing on the time off
_SPANS_OFF = re.compile(rf"(?i)\b(?P<spans>{_N}{_SPAN}(?:\s*,\s*(?:then\s+)?{_N}{_SPAN})+)\s*,?\s*(?:and\s+|then\s+)*"
                        rf"(?P<off>{_N}{_SPAN}?)\s+off\b")
# "one week at mammas and one week at pabbis", "with me one week and with his dad the next"
_WEEK_ABOUT = re.compile(r"(?i)\b(?:one|a|every\s+other)\s+(?P<unit>week|weekend|fortnight)\s+(?P<a>(?:at|with)\s+[^,.;]{2,30}?)\s*"
                         r"(?:,|and|then)\s*(?:,\s*)?(?:one|a|the\s+other|the\s+next)\s+(?:week|weekend|fortnight)?\s*(?P<b>(?:at|with)\s+[^,.;]{2,30}?)"
                         r"(?=\s*(?:[,.;!]|$|\s+and\b))"
                         r"|\b(?P<a2>(?:at|with)\s+[^,.;]{2,30}?)\s+(?:one|a)\s+(?P<unit2>week|weekend|fortnight)\s+(?:,\s*)?and\s+"
                         r"(?P<b2>(?:at|with)\s+[^,.;]{2,30}?)\s+the\s+(?:next|other)(?:\s+(?:one|week|weekend))?\b")
_WHO_FIRST = re.compile(r"^(?:(?:no|yes|yeah|so|and|well)[,.!]?\s+)*(?:(?:days|nights)[,.!]\s+)?(?P<who>he|she|they|(?:my|our)\s+[a-z]+"
                        rf"(?:\s+{NAME_WORD})?|{NAME_WORD})(?=\s|['’])", re.I)


def _whose(statement: str, start: int, ctx: TurnContext) -> str | None:
    """Whose rota: the person the sentence holding it opens with, else the owner; None when it opens with
    "he" or "she" and nobody was named before."""
    sentence = re.split(r"(?<=[.!?])\s+", statement[:start])[-1] + statement[start:]
    m = _WHO_FIRST.match(sentence.strip())
    if not m or m.group("who").lower() in ("i", "we", "shifts", "rota", "the", "my shifts", "our shifts") \
            or m.group("who").lower() in NUMBER_WORDS:
        return ctx.owner
    return resolve(m.group("who"), ctx)


def rota_facts(statement: str, ctx: TurnContext) -> list[Fact]:
    """The rotas `statement` says, one routine card each."""
    out: list[Fact] = []
    taken: list[tuple[int, int]] = []  # a span said once is one rota ("two days, two nights, then four off")
    for rx in (_SPANS_OFF, _ON_OFF, _WEEK_ABOUT):
        for m in rx.finditer(statement):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append((m.start(), m.end()))
            if rx is _WEEK_ABOUT:
                unit = m.group("unit") or m.group("unit2")
                a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("a2"), m.group("b2"))
                value = f"one {unit.lower()} {a.strip()}, one {unit.lower()} {b.strip()}"
            else:  # the pattern as said, without its joining words
                value = re.sub(r"\s+", " ", re.sub(r"(?i)\bthen\b|-", " ", m.group(0))).strip(" ,")
            who = _whose(statement, m.start(), ctx)
            if who is None:
                continue
            out.append(Fact(who, "rota", value, "routine", 0.8, f"{who}'s rota: {value}"))
    return out


def with_rotas(facts: list[Fact], statement: str, ctx: TurnContext) -> list[Fact]:
    """The statement's cards and its rotas; a process or plain card that only held the rota gives way."""
    rotas = rota_facts(statement, ctx)
    if not rotas:
        return facts
    said = {w for r in rotas for w in re.findall(r"[a-z0-9]+", r.value.lower())}
    kept = [f for f in facts if not (f.type in ("process", "semantic", "episodic") and rota_facts(f.text, ctx)
                                      and set(re.findall(r"[a-z0-9]+", f.value.lower())) - {"then", "and", "shifts", "rotate"} <= said | {"on", "off"})]
    return kept + rotas


__all__ = ["rota_facts", "with_rotas"]
