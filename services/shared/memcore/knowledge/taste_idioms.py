"""A liking or a dislike said with an idiom of taste (issue 35): "karaoke isn't really my thing", "board games are
my thing", "camping is not for me", "opera isn't his cup of tea", "hiking is really her jam".

Nothing in these sentences is a liking verb, so the readers wrote a plain fact ("Karaoke is Tariq's thing") or
nothing; a note-taker writes a preference of whose thing it is (docs/formation-spec.md, preference: likes,
dislikes), with the polarity the sentence says: "isn't", "is not", "aren't" make a dislike ("isn't really my
thing", "not my cup of tea at all"), else a liking. "For me" counts only when negated ("camping is for me" says
little). Whose: "my"/"me" the owner, "his"/"her"/"him" the person named last (no card when nobody was), "our" the
team in a team's account; "your"/"their" and a "what" that is a pronoun ("that's not my thing") give no card.
`without_restatements` drops the plain "Karaoke is Tariq's thing" card the readers make beside it. Pure regex work.
"""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import TurnContext

_ADVERBS = r"(?:(?:really|just|totally|so|definitely|honestly|exactly|quite|very\s+much|particularly|actually)\s+)*"
_NEG = r"(?:isn['’]t|aren['’]t|is\s+not|are\s+not|was\s+never|were\s+never|is\s+never|are\s+never|['’]s\s+not)"
_POS = r"(?:is|are|['’]s|['’]re)"
_WHOSE = r"(?P<whose>my|his|her|our)"
_IDIOM = rf"(?:{_WHOSE}\s+(?:(?:kind\s+of\s+)?thing|cup\s+of\s+tea|jam|scene|vibe))"
_FOR = r"(?:for\s+(?P<whom>me|him|her|us))"
_TASTE = re.compile(
    rf"(?i)^(?:(?:and|but|so|honestly|tbh|well|ngl)\s*,?\s+)?(?P<what>[a-z][\w'’ -]{{1,40}}?)\s+"
    rf"(?:(?P<neg>{_NEG})|{_POS}(?:\s+{_ADVERBS}not(?P<neg2>))?)\s+{_ADVERBS}(?:{_IDIOM}|{_FOR})"
    rf"(?:\s+at\s+all|\s+any\s*more|\s+anymore|\s+(?:tbh|honestly|though|lol|haha+|to\s+be\s+honest))*\s*[.!]*$")
_NOT_A_THING = frozenset("it that this those these there which what he she they one mine".split())


def _whose(said: str, ctx: TurnContext) -> str | None:
    low = said.lower()
    if low in ("my", "me"):
        return ctx.owner
    if low in ("our", "us"):
        return ctx.org or ctx.owner
    return None if ctx.carried else ctx.last_person  # his, her, him: the person named last


def taste_idioms(clause: str, ctx: TurnContext) -> list[Fact]:
    """The liking or dislike an idiom of taste says in the clause (see the module's doc)."""
    m = _TASTE.match(clause.strip())
    if not m:
        return []
    what = re.sub(r"(?i)^(?:the\s+)?", "", m.group("what")).strip()
    if not what or what.lower().split()[0] in _NOT_A_THING:
        return []
    negative = bool(m.group("neg")) or m.group("neg2") is not None
    if m.group("whom") and not negative:
        return []  # "camping is for me": not said as a taste
    who = _whose(m.group("whose") or m.group("whom") or "", ctx)
    if not who:
        return []
    pred, verb = ("dislikes", "doesn't like") if negative else ("likes", "likes")
    return [Fact(who, pred, what, "preference", 0.8, f"{who} {verb} {what}")]


_RESTATED = re.compile(r"(?i)\b(?:thing|cup\s+of\s+tea|jam|scene|vibe)$")


def without_restatements(cards: list[Fact]) -> list[Fact]:
    """The cards without the plain "<what> is <whose> thing" card a taste card of the same thing says better."""
    tastes = {(f.subject, f.value.lower()) for f in cards if f.type == "preference"}
    return [f for f in cards if not (f.predicate == "is" and _RESTATED.search(f.value)
                                     and any(what == f.subject.lower() for _, what in tastes))]


__all__ = ["taste_idioms", "without_restatements"]
