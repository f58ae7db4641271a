"""Regex building blocks shared by the alias and relation rules."""

from __future__ import annotations

import re

from ..textnorm import TITLES_WITH_POINTS
from .lexicon import IMPERATIVE_VERBS, LOWER_CHARS, SENTENCE_OPENERS, TIME_WORDS, UPPER_CHARS

# One capitalised word: Peter, WOBS, O'Brien, Jean-Luc, Originality.ai, Zoë.
CAP_WORD = rf"[{UPPER_CHARS}][\w'’\-&]*(?:\.\w+)?"
# one capitalised word of letters in any Latin script ("Libuše", "Håvard", "Émile"): a first name
NAME_WORD = rf"[{UPPER_CHARS}][{LOWER_CHARS}]+"
# A person's title with its point, the name after it: "Mrs. Okafor", "Dr. Lee" (the name is "Mrs. Okafor", not "Mrs")
TITLE_POINT = rf"(?:{'|'.join(t.capitalize() for t in TITLES_WITH_POINTS)})\.[ \t]+(?=[{UPPER_CHARS}])"
# A name: capitalised words, optionally joined by lowercase connectors ("Bank of East Anglia").
NAME = rf"(?:{TITLE_POINT})?{CAP_WORD}(?:\s(?:(?:of|the|de|da|del|della|di|van|von|der|la|le|du|&)\s){{0,2}}{CAP_WORD}){{0,5}}"
# The same, also joining with "and" ("Crumb and Crust Bakery"); only where a list of people
# cannot follow, e.g. right before an alias in parentheses.
NAME_WITH_AND = rf"(?:{TITLE_POINT})?{CAP_WORD}(?:\s(?:(?:of|the|and|de|da|del|della|di|van|von|der|la|le|du|&)\s){{0,2}}{CAP_WORD}){{0,5}}"

_NOT_NAME_START = SENTENCE_OPENERS | IMPERATIVE_VERBS | TIME_WORDS
_LEADING_OPENER = re.compile(r"^(?:(?:The|A|An|Our|My|Their|His|Her|This|That)\s+)+")


def clean_name(raw: str | None) -> str | None:
    """Strip possessive 's, leading articles and trailing punctuation; None when nothing is left."""
    if not raw:
        return None
    name = raw.strip().strip("\"“”'‘’")
    name = _LEADING_OPENER.sub("", name)
    words = name.split()
    while len(words) > 1 and words[0].lower() in _NOT_NAME_START:
        words.pop(0)
    name = " ".join(words)
    if name.endswith(("'s", "’s")):
        name = name[:-2]
    name = name.rstrip(".,;:")
    if not name or name.lower() in SENTENCE_OPENERS:
        return None
    return name


def singular(noun: str) -> str:
    """Naive English singular for role nouns: writers -> writer, secretaries -> secretary."""
    word = noun.strip()
    lower = word.lower()
    if lower.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if lower.endswith("s") and not lower.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
