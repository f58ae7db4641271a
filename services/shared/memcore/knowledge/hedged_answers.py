"""A short answer said with a hedge ("I think pizza", "april i think", "probably 80"), read as the answer it is
(issue 35).

Asked "How old is your gran?", "80" fills the question's frame (answers.complete: "My gran is 80."); "I think 80"
opens on "I", so it was taken for a statement of its own, and "80 i think" put the hedge inside the value ("My
gran is 80 i think" gave no age). `hedge_apart` takes the hedge off either end of an answer, so the frame is
filled with the answer alone, and gives the hedge back to be said after the statement ("My gran is 80, I
think."): the card is hedged (certainty.trailing_hedge), as the owner said it.

Only a hedge that wraps a few words with no verb of their own is taken off: "I think she's 80" and "I think
so" are left as they are (a clause, a yes), and so is an answer that is only a hedge ("maybe"). Pure.
"""
from __future__ import annotations

import re

from .certainty import HEDGE_WORDS

_OPENING = re.compile(rf"(?i)^(?:(?:um+|uh+|hmm+|erm+|oh|well)[,.]?\s+)*(?P<hedge>{HEDGE_WORDS}|prob)\s*,?\s+(?P<rest>.+)$")
_CLOSING = re.compile(rf"(?i)^(?P<rest>.+?)\s*,?\s+(?P<hedge>{HEDGE_WORDS}|or\s+so)\s*[.!]*$")
# a clause of its own, or a yes/no: not a short answer ("she's 80", "so", "not", "yes")
_A_CLAUSE = re.compile(r"(?i)^(?:so|not|yes|no|yeah|nope|it|that|this|he|she|they|we|i|you|there)\b|"
                       r"\b(?:is|are|was|were|am|['’]s|['’]re|['’]m|has|have|had|does|do|did|will|would|can|could)\b")


def hedge_apart(answer: str) -> tuple[str, str] | None:
    """(the answer without its hedge, the hedge to say after the statement: ", I think", whichever hedge
    was said: "jollof, maybe" would read "maybe" as an answer of its own) when a short answer is
    wrapped in one; None otherwise."""
    said = answer.strip()
    m = _OPENING.match(said) or _CLOSING.match(said)
    if not m:
        return None
    rest = m.group("rest").strip(" ,.!")
    if not rest or len(rest.split()) > 8 or _A_CLAUSE.search(rest):
        return None
    return rest, ", I think"  # ("maybe jollof": "..., I think", a hedge the readers take as such at a statement's end)


__all__ = ["hedge_apart"]
