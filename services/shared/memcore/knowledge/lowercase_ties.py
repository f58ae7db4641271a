"""A common first name typed in lower case after a tie (issue 35): "my friend james lives next door", "my brother
mark works nights", "my cousin grace is a nurse", "our neighbour david has a boat".

lowercase_names.py gives a lower-case turn's names their capitals where the word after a tie is no word of the
language's common stock; a first name that is common in English text ("james", "grace", "mark", "david") fails
that test, so it stayed lower case and the readers took it for a word ("Sam's friend | james | lives next door").
Here the parse decides: after "my/our TIE", a word the parser reads as a proper noun with a verb straight after it
(or "and": "my friend sam and i play chess") is the tie's name, and is given its capital. A word the parser reads as a verb, an auxiliary or a common noun
("my friend will help", "my brother lives next door", "my cousin mark's car": a possessive) stays as typed.

Pure but for the parse the caller passes (parse.parse_once).
"""
from __future__ import annotations

from collections.abc import Callable

from .lowercase_names import _AFTER_TIE, _NOT_NAMES, a_name
from .parse import Sentence
from .vocabulary import PETS, RELATIONS

_VERB_TAGS = ("VBZ", "VBD", "VBP", "MD")


def _offsets(text: str, sentences: list[Sentence]) -> dict[int, tuple[Sentence, int]]:
    """Where each token starts in the text: its sentence and its index there."""
    at, out = 0, {}
    for s in sentences:
        for t in s:
            found = text.find(t.text, at)
            if found < 0:
                continue
            out[found] = (s, t.i)
            at = found + len(t.text)
    return out


def common_names_after_ties(text: str, parser: Callable[[list[str]], list[Sentence] | None]) -> str:
    """The (lower-case) text with a common first name said after a tie given its capital, when the parse reads it
    as a name with its verb after it."""
    said = [m for m in _AFTER_TIE.finditer(text) if not a_name(m.group(1)) and m.group(1) not in _NOT_NAMES
            and m.group(1) not in RELATIONS and m.group(1) not in PETS]
    if not said:
        return text
    got = parser([text])
    if not got:
        return text
    where = _offsets(text, got)
    out = text
    for m in said:
        if m.start(1) not in where:
            continue
        s, i = where[m.start(1)]
        word, after = s[i], s[i + 1] if i + 1 < len(s) else None
        if word.pos == "PROPN" and after is not None and (after.tag in _VERB_TAGS or after.lower == "and"):
            out = out[:m.start(1)] + out[m.start(1)].upper() + out[m.start(1) + 1:]
    return out


__all__ = ["common_names_after_ties"]
