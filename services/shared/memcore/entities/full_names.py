"""A full name the tagger cut (pure): "Lily Hale sat next to me at lunch" came out of the small NER model
as the person "Hale" alone, a first name that is also a word ("Lily", "Willow", "Holly") left before it.
The write path then found "Lily" as a known person's first name of its own (coreference.known_first_names)
and linked the turn to a Lily it knew, a namesake: "Lily Oakley sat next to me at lunch" was stored in
Lily Hale's profile, or kept on a person made of the first name alone (issue 37, child voice; "Claire" once in
the adult voice). The name said is the full name: a known person's first name said right before a person
named by one word is that person's first name (memory_api.coreference.full_names asks which words are
known first names)."""
from __future__ import annotations

import re

_WORD = r"[A-Z][a-z]+(?:['’-][A-Za-z]+)?"


def word_before(text: str, name: str) -> str | None:
    """The capitalised word said right before a one-word name, one space between ("Lily" of "Lily Hale
    sat ..."), or None: no such word, a name of more words, or the name not in the text."""
    if not re.fullmatch(_WORD, name):
        return None
    m = re.search(rf"(?<![\w'’-])({_WORD}) {re.escape(name)}(?![\w'’-])", text)
    return m.group(1) if m else None

