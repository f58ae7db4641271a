"""Numbers above twenty written as words, read as digits (issue 35).

"he is seventy six", "She's eighty-two", "thirty-five years on the buses": a parser and the readers take
"seventy six" as two numbers (the card said "six"), and the readers know number words only up to twenty.
A tens word with its unit word ("seventy six", "eighty-two", "ninety nine") is one number, in digits: "76",
"82", "99". A tens word alone ("forty", "thirty years") is left as said: readers and matching read it already.

Not read: a tens word before another number ("twenty 20s"), a unit word that is part of a word ("twenty
oneness") or a compound that names no count ("seventy-eights" the records, "forty-niners"), since the word
after the unit must end the word.
"""
from __future__ import annotations

import re

from .vocabulary import NUMBER_WORDS

_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COMPOUND = re.compile(rf"(?<![\w'’-])(?P<tens>{'|'.join(_TENS)})(?:-|\s+|\s*-\s*)(?P<unit>{'|'.join(_UNITS)})(?![\w'’-])",
                       re.I)


def tens_in_digits(text: str) -> str:
    """`text` with each tens-and-unit number word in digits ("seventy six" -> "76"); unchanged without one."""
    if not re.search(r"(?i)ty\b", text):  # the cheap gate: no tens word, no rewrite
        return text
    return _COMPOUND.sub(lambda m: str(_TENS[m.group("tens").lower()] + _UNITS[m.group("unit").lower()]), text)


def number_said(said: str) -> int | None:
    """A number as vocabulary.NUMBER_SAID matches it, as an int: "70", "seven", "ninety", "sixty-five"; None for
    anything else."""
    said = tens_in_digits(said.strip()).lower()
    if said.isdigit():
        return int(said)
    return NUMBER_WORDS.get(said, _TENS.get(said))
