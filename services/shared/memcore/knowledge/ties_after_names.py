"""A tie said after a name, between commas (issue 35: who a fact is about).

"Ilse, my neighbour, keeps bees" says the same as "my neighbour Ilse keeps bees", but the commas cut the
name off its verb: the parser hangs "keeps" on "neighbour" or on nothing, and the readers wrote no card at
all ("Chen Wei, my flatmate, is vegan": nothing; "Hamid, my brother-in-law, works at the airport": Hamid as
the owner's brother). `relative_clauses` already reads the other order ("my neighbour, Ilse, keeps bees");
this is its mirror: the name set off by the tie is said the way the readers know it, "my neighbour Ilse
keeps bees".

Only a name followed by ", my|our|his|her|their [one word] TIE," (a tie of `vocabulary.RELATIONS` or a
tie phrase), then a lower-case word that goes on with the clause, or the sentence's end: a word opening a
sentence that only looks like a name ("Honestly, my friend, ...", "Monday, my boss, ...") is left as said,
and so is a tie that goes on into a relative clause or a list ("Ilse, my neighbour, who ...": the
`relative_clauses` aside). Pure string work on the text the extractor reads.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, WEEKDAY
from ..extraction.patterns import NAME
from .vocabulary import RELATION_PHRASES, RELATIONS

# capitalised words that open a sentence or address someone without being a name
_NOT_NAMES = (r"(?:yes|yeah|no|nope|well|oh|ok|okay|so|and|but|anyway|honestly|actually|also|thanks|thank|sorry|hi|hello|"
              r"hey|dear|look|listen|sadly|luckily|basically|apparently|yesterday|today|tonight|tomorrow|now|then|"
              rf"i|we|you|they|he|she|it|{WEEKDAY}|{MONTH_ALT})")
_TIES = "|".join(sorted((re.escape(w) for w in RELATIONS | set(RELATION_PHRASES)), key=len, reverse=True))
_NAME_THEN_TIE = re.compile(
    rf"(?<![\w'’])(?!(?i:{_NOT_NAMES})\b)(?P<name>{NAME})\s*,\s+"
    rf"(?P<tie>(?i:my|our|his|her|their)\s+(?:[a-z]+(?:['’]s)?\s+)?(?i:{_TIES}))"
    r"(?:\s*,\s*(?=(?!(?:who|which|whom|whose|and|but|or|so|then|plus)\b)[a-z])|\s*(?=[.!?]|$))")


def _before_name(m: re.Match[str]) -> bool:
    """The name stands where a clause or a phrase starts: not after a tie or a possessive ("my friend Ana, my
    cousin, ..." is a list of two), nor inside a run of names."""
    before = m.string[:m.start()].rstrip()
    if not before or before[-1] in ".!?;:,(":
        return True
    last = before.split()[-1].lower()
    return not (last.endswith(("'s", "’s")) or last in RELATIONS or last in ("my", "our", "his", "her", "their"))


def ties_first(text: str) -> str:
    """The text with each "NAME, my TIE," said as "my TIE NAME" ("Ilse, my neighbour, keeps bees": "my
    neighbour Ilse keeps bees"; "I had lunch with Tomás, my cousin.": "... with my cousin Tomás.")."""
    def said(m: re.Match[str]) -> str:
        if not _before_name(m):
            return m.group(0)
        tie = m.group("tie")
        before = m.string[:m.start()].rstrip()
        if not before or before[-1] in ".!?":  # the tie now opens the sentence
            tie = tie[0].upper() + tie[1:]
        return f"{tie} {m.group('name')}" + (" " if m.group(0).rstrip().endswith(",") else "")

    return _NAME_THEN_TIE.sub(said, text)


__all__ = ["ties_first"]
