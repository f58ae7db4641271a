"""Pronoun candidates with gender/number features, for conversation tracking."""

from __future__ import annotations

import re

from .models import PronounMention

# word -> (gender, number, possessive)
_PERSONAL: dict[str, tuple[str | None, str, bool]] = {
    "he": ("masc", "sg", False), "him": ("masc", "sg", False), "himself": ("masc", "sg", False),
    "his": ("masc", "sg", True),
    "she": ("fem", "sg", False), "herself": ("fem", "sg", False), "her": ("fem", "sg", True),
    "hers": ("fem", "sg", True),
    "it": ("neut", "sg", False), "itself": ("neut", "sg", False), "its": ("neut", "sg", True),
    "they": (None, "pl", False), "them": (None, "pl", False), "themselves": (None, "pl", False),
    "their": (None, "pl", True), "theirs": (None, "pl", True),
}
# The pronouns that stand for a person ("he", "her", "they"; not "it").
PERSON_PRONOUNS = frozenset(w for w, (gender, _, _) in _PERSONAL.items() if gender != "neut")
_DEMONSTRATIVE: dict[str, str] = {"that": "sg", "this": "sg", "those": "pl", "these": "pl"}
_WORD = re.compile(r"\b[A-Za-z]+\b")
# After a standalone demonstrative: punctuation, end, or a verb/auxiliary.
_DEMONSTRATIVE_FOLLOWERS = frozenset(
    "is was will would should can could does did has had 's sounds looks seems one thing stuff "
    "works worked happened means needs".split()
)


def _demonstrative_is_standalone(text: str, end: int) -> bool:
    rest = text[end:].lstrip()
    if not rest or rest[0] in ".,;:!?)\"'":
        return True
    nxt = _WORD.match(rest)
    return bool(nxt) and nxt.group(0).lower() in _DEMONSTRATIVE_FOLLOWERS


def find_pronouns(text: str) -> list[PronounMention]:
    found: list[PronounMention] = []
    for m in _WORD.finditer(text):
        word = m.group(0).lower()
        if word in _PERSONAL:
            gender, number, possessive = _PERSONAL[word]
            found.append(PronounMention(m.group(0), m.start(), m.end(), gender, number, possessive, False))
        elif word in _DEMONSTRATIVE and _demonstrative_is_standalone(text, m.end()):
            found.append(
                PronounMention(m.group(0), m.start(), m.end(), "neut", _DEMONSTRATIVE[word], False, True)
            )
    return found
