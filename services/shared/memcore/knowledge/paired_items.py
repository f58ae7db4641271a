"""Two things joined by a paired or emphatic conjunction, said as a plain list (issue 35, one card one fact).

"I speak both Hindi and Tamil", "I'm allergic to peanuts as well as shellfish", "I like not only pizza but
also sushi", "I've got a bike, plus a scooter", "allergic to penicillin and also to latex" each list two
things a question would ask about one at a time (docs/formation-spec.md, "Several facts in a turn"). The
readers split a list on "and"; said with "both", "as well as", "not only ... but also", ", plus" or "and
also", the first item kept "both" or the two stayed in one card ("peanuts as well as shellfish"). The
reading says them as "X and Y", and the list readers do the rest.

Near misses left as said: the comparison "I can swim as well as my brother" (the parser hangs the second
"as" on the verb as a preposition or a subordinator, not as a conjunction); "both of them"; "not only does
she teach ..." (a clause, inverted); "£20 plus VAT" and "20, plus tax" (a sum); "plus" without a comma.
Pure string work on the text the extractor reads (reading.as_read), with the parse only to tell the
additive "as well as" from the comparison.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .parse import Sentence

_BOTH = re.compile(r"(?i)\bboth\s+(?!of\b|ways\b|sides\b|times\b|hands\b|and\b)(?=(?:[\w'’-]+\s+){0,3}?and\s+\w)")
_NOT_ONLY = re.compile(r"(?i)\bnot\s+(?:only|just)\s+(?!(?:is|are|was|were|do|does|did|has|have|had|can|will|would)\b)"
                       r"(?P<x>[^,.;:!?]+?),?\s+but\s+(?:also\s+)?(?P<y>[^,.;:!?]+?)(?:\s+(?:too|as\s+well))?(?=[,.;:!?]|$)")
_PLUS = re.compile(r"(?i)(?<![\d%£$€])(?P<before>\w+),\s+plus\s+(?!(?:vat|tax|taxes|tip|tips|postage|delivery|shipping|fees?|"
                   r"expenses|extras?|interest|costs?|change)\b)")
_AND_ALSO = re.compile(r"(?i)(?<=\w)(?P<comma>,?)\s+and\s+also\s+(?=[a-z])")
_AS_WELL_AS = re.compile(r"(?i)\s+as\s+well\s+as\s+")


def _additive_as_well_as(text: str, parser: Callable[[list[str]], list[Sentence] | None] | None) -> str:
    """Each "as well as" the parse reads as a conjunction (its second "as" a `cc`), said as "and"."""
    if not _AS_WELL_AS.search(text) or parser is None:
        return text
    parsed = parser([text])
    if not parsed:
        return text
    joins = 0
    for s in parsed:
        for t in s:
            if t.lower == "as" and t.dep == "cc" and t.i >= 2 and s[t.i - 1].lower == "well" and s[t.i - 2].lower == "as":
                joins += 1
    if joins == 0 or joins != len(_AS_WELL_AS.findall(text)):
        return text  # a comparison among them ("as well as my brother"): left as said
    return _AS_WELL_AS.sub(" and ", text)


def _not_only(m: re.Match[str]) -> str:
    return f"{m.group('x')} and {m.group('y')}"


def pairs_as_lists(text: str, parser: Callable[[list[str]], list[Sentence] | None] | None = None) -> str:
    """The text with "both X and Y", "X as well as Y", "not only X but also Y", "X, plus Y" and "X and also
    Y" said as "X and Y" (", and Y" after a comma)."""
    if not re.search(r"(?i)\b(?:both|as\s+well\s+as|not\s+(?:only|just)|plus|and\s+also)\b", text):
        return text
    text = _BOTH.sub("", text)
    text = _NOT_ONLY.sub(_not_only, text)
    text = _PLUS.sub(lambda m: f"{m.group('before')}, and ", text)
    text = _AND_ALSO.sub(lambda m: f"{m.group('comma')} and ", text)
    return _additive_as_well_as(text, parser)


__all__ = ["pairs_as_lists"]
