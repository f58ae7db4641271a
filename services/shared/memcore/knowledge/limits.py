"""The limits family of the fact rules (rules.py): what one is weak at,
what one used to do or be, and the languages one speaks or writes. Pure regex work on one clause, as the other families."""
from __future__ import annotations

import re

from .models import Fact
from .verb_classes import VEHICLES
from .vocabulary import LANGUAGES
from .person import about
from .rule_basics import _ADV, _SUBJ, TurnContext, _as_said, _pronoun_named, items_of, resolve

_WEAK_AT = re.compile(rf"^{_SUBJ}\s+(?i:am|is|are)\s+{_ADV}(?i:useless|hopeless|rubbish|terrible|awful|bad|not\s+good|"
                      r"no\s+good)\s+(?i:at|with)\s+(?P<v>[^,;]{2,60})")
_WORST = re.compile(r"^(?P<v>[a-z][\w ]{1,30}?)\s+(?i:is|are)\s+(?:(?i:honestly|definitely|really|probably)\s+)?"
                    r"(?P<mine>(?i:my|his|her))\s+(?i:worst|weakest)\s+(?i:subject|sport|thing)$")
# a vehicle one drove is a past job, as "drives a minibus" is a job now (clause_values.trade_words): "used to drive buses"
_DROVE = re.compile(rf"(?i)drive\s+(?:(?:a|an|the)\s+)?(?:[a-z-]+\s+)?(?:{'|'.join(sorted(VEHICLES))})(?:s|es)?\b")
_USED_TO = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:used\s+to)\s+(?!(?i:say|tell|think|call|reckon)\b)(?P<v>[a-z][^,;]{{2,80}})")

# "fluent Portuguese and a bit of French": how well, said before a language
_HOW_WELL = r"(?:(?i:fluent|basic|good|decent|some|a\s+bit(?:\s+of)?|a\s+little|a\s+little\s+bit\s+of|conversational)\s+)?"
# a language as said: a capitalised word, or a language typed small ("bislama and french": vocabulary.LANGUAGES)
_LANGUAGE = rf"(?:[A-Z][\w+#]*|(?i:{'|'.join(sorted(LANGUAGES, key=len, reverse=True))})\b)"
_SPEAKS = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:speak|speaks|write|writes|code\s+in|codes\s+in|program\s+in|"
                     rf"programs\s+in|sign|signs))\s+{_HOW_WELL}(?P<v>{_LANGUAGE}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+){_HOW_WELL}{_LANGUAGE})*)")


def limits(clause: str, ctx: TurnContext) -> list[Fact]:
    """What one is weak at; what one used to do or be. (What someone may not have, "Leonie can't have
    soft cheese or pate", is a rule: kinds.py reads it, one safety fact an item.)"""
    out: list[Fact] = []
    m = _WEAK_AT.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        out += [Fact(who, "weak_at", item, "skill", 0.8, f"{who} is weak at {_as_said(item, ctx)}")
                for item in items_of(m.group("v"))]
    m = _WORST.match(clause)
    if m:
        who = ctx.owner if m.group("mine").lower() == "my" else ctx.last_person
        if who:
            out.append(Fact(who, "weak_at", m.group("v"), "skill", 0.8, f"{who} is weak at {m.group('v')}"))
    m = _SPEAKS.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        # "I mostly write Python", "she speaks Welsh and French": a language one has, one fact each
        verb = m.group("verb").lower()
        shown = verb if who == m.group("subj") or verb.split()[0].endswith("s") else (
            {"speak": "speaks", "write": "writes", "sign": "signs"}.get(verb.split()[0], verb.split()[0] + "s")
            + verb[len(verb.split()[0]):])
        out += [Fact(who, "language", _capitalised(re.sub(rf"^{_HOW_WELL}", "", said)), "skill", 0.8,
                     f"{who} {shown} {_capitalised(said)}")  # the line keeps how well ("a bit English")
                for said in items_of(m.group("v"))]
    m = _USED_TO.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        # "I used to be a teacher": who one was (identity); "I used to grow vegetables", "I used to have a hamster":
        # what one did or had, a fact of one's past (no skill one has now); of others, a fact too
        v = re.split(r"\s+(?i:which|who|but|because|so|and\s+now)\b", m.group("v"))[0].strip(" .!")
        mine = who == ctx.owner
        kind = "identity" if mine and (re.match(r"(?i)(?:be|live|work)\s", v) or _DROVE.match(v)) else "semantic"
        text = _pronoun_named(f"{m.group('subj')} used to {v}", ctx) if not mine else f"{who} used to {v}"
        out.append(Fact(who, "used_to", re.sub(r"(?i)^be\s+(?:a|an)\s+", "", v), kind, 0.8, about(text, ctx.owner)))
    return out


def _capitalised(said: str) -> str:
    """A language's name as written ("french" -> "French"), its level as said ("a bit english" -> "a bit English")."""
    return re.sub(r"\b[a-z]+\b", lambda w: w.group(0).capitalize() if w.group(0).lower() in LANGUAGES else w.group(0), said)


__all__ = ["limits"]
