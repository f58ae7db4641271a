"""A trade the owner says they ply, as their job (issue 35; docs/formation-spec.md "Types": identity holds one's
job, semantic the other lasting facts).

"I repair watches in a little shop", "I farm oysters in the lagoon", "I weave carpets for the bazaar": a job said
with a verb, not a noun. The readers write a plain fact ("Tomasz | repair | watches"); said of someone else it is
their job (others_work.py, the same trade verbs), and said by the owner in the turn that introduces them it is the
owner's (work_said.py). This reads it in any turn, but only for the trade verbs (others_work.TRADE_VERBS: a verb
whose present simple of a thing says a trade, not "cook", "bake", "make" or "paint", a household's doing or a hobby
as often as work), said in the present simple of oneself ("I repair", not "I repaired" or "I'm repairing"), of a
thing (not "it", "my bike", "everyone's plugs": one's own things or favours), with where or for whom it is plied
("in a little shop", "at the harbour", "in Whitby": a bare "I fix bikes" says a hobby as often), without a hobby's or a one-off's
words ("for fun", "at weekends", "tomorrow"), and never when the turn already says the owner's job (or the one
they had: "I was an electrician, I still fix plugs" is a skill, not a second job). Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .models import Fact
from .others_work import TRADE_VERBS
from .vocabulary import PASTIME

_JOBS = frozenset("job occupation role used_to_be".split())
# what a trade's object never opens with: a pronoun, one's own or another's things, nothing in particular
_NOT_A_TRADE_OBJECT = re.compile(r"(?i)^(?:me|us|him|her|them|it|you|my|our|his|their|your|its|this|that|these|those|"
                                 r"everything|something|anything|nothing|everyone|everybody|anyone|people)(?:['’]s)?\b")
# a hobby, a favour or a one-off, said in the clause of the trade
_NOT_WORK = re.compile(rf"(?i)\b(?:{PASTIME}|for\s+friends|for\s+free|"
                       r"at\s+(?:the\s+)?weekends?|on\s+weekends|yesterday|today|tonight|tomorrow|ago|next|last|"
                       r"this\s+(?:week|month|year|morning|time)|sometimes|still)\b")


# where or for whom the trade is plied, said after the thing: "in a little shop", "at the harbour", "for the bazaar",
# "in Tabriz" (a bare "I fix bikes" says too little: a hobby as often; "in my shed" is one's own place)
_PLIED_AT = re.compile(r"\b(?i:in|at|on|for|from|out\s+of|near|around)\s+(?:(?i:the|a|an)\s+|[A-Z])")


def _clause_of(verb: str, statements: Sequence[str]) -> str | None:
    """The clause in which the owner says the verb in the present simple ("I repair ..."), to the next break."""
    for st in statements:
        m = re.search(rf"(?i)\bI\s+(?:(?:also|mainly|mostly|just|now)\s+)?{re.escape(verb)}\b[^,;.!?]*", st)
        if m:
            return m.group(0)
    return None


def own_trades(cards: list[Fact], owner: str, statements: Sequence[str]) -> list[Fact]:
    """The turn's cards, with the owner's plain fact of plying a trade read as their job (see the module's doc)."""
    if any(f.subject == owner and f.predicate in _JOBS for f in cards):
        return cards
    out, done = [], False
    for f in cards:
        verb = f.predicate.lower()
        if (not done and f.subject == owner and f.type == "semantic" and verb in TRADE_VERBS
                and not _NOT_A_TRADE_OBJECT.match(f.value) and (clause := _clause_of(verb, statements)) is not None
                and _PLIED_AT.search(clause[len(verb) + 2:]) and not _NOT_WORK.search(clause)):
            f, done = replace(f, predicate="job", value=f"{verb} {f.value}", type="identity"), True
        out.append(f)
    return out


__all__ = ["own_trades"]
