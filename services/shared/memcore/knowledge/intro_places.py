"""Where one lives, said in a self-introduction as a place name alone (issue 35).

"I'm Aziz, 12, Samarkand", "Ines here, 34, Braga", "I'm Siosaia, fisherman, Nuku'alofa", "hej, I'm Malthe,
11, Rønne on Bornholm": after the name and another piece of who one is (an age, a job), a piece that is
only a proper place name is where one lives; "carpenter - in Le Carbet" is where that work is done. The
pieces are cut by fragments.introduction; this module only decides whether one piece is such a place.

Not a place: a piece with a word in lower case other than a place's joining word ("Anna's husband",
"Head of Ops"), a day, a month, a language, a greeting or thanks, a nationality ("Maltese"), a tie ("Mum"), the owner's own name
said again ("I'm Priya, Priya Nair"), or a piece said first, straight after the name (it may be a surname
or a nickname).
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, WEEKDAY
from ..extraction.patterns import NAME_WORD
from .models import Fact
from .vocabulary import LANGUAGES, RELATIONS

# one word of a place name: "Rønne", "Nuku'alofa", "Esch-sur-Alzette", "St", "UK"
_WORD = rf"(?:{NAME_WORD}(?:['’-][\w]+)*|[A-Z]{{2,4}}|St\.?)"
# a place name: its words, joined as place names join ("Rønne on Bornholm", "Stratford upon Avon", "Rio de Janeiro")
_PLACE = re.compile(rf"^(?P<in>in\s+)?(?P<place>{_WORD}(?:\s+(?:(?:on|upon|de|del|da|do|di|la|le|el|sur|am|an|im)\s+)?{_WORD}){{0,3}})$")
_NOT_A_PLACE = re.compile(
    rf"(?i)^(?:{WEEKDAY}s?|{MONTH_ALT}|hi|hey|hello|thanks|thank|cheers|bye|yes|no|ok|okay|lol|haha|sorry|please|btw|also|love|"
    r"morning|evening|afternoon|night|here|there|retired|married|single|divorced|widowed|mr|mrs|ms|dr|miss)$")

_NATIONALITY = re.compile(r"(?:ian|ese|ish)$")


def place_piece(piece: str, owner: str, pieces_before: int, keep_place: bool, job_before: bool = False) -> list[Fact]:
    """The card of an introduction's piece that names only a place: where the owner lives (a bare name), or
    where their work is done ("in Le Carbet", said after the job). `pieces_before`: how many pieces of the
    introduction were read before this one; `job_before`: the piece before it said a job; `keep_place`: False in a team's chat, where a place is the team's."""
    m = _PLACE.match(piece.strip())
    if m is None or not keep_place or pieces_before < 1:
        return []
    place = m.group("place")
    words = [w.strip(".") for w in place.split()]
    said = {w.lower() for w in owner.split()}
    if len(words) == 1 and _NATIONALITY.search(words[0]):
        return []  # "Brazilian", "Maltese", "Danish": who one is, not where
    if any(_NOT_A_PLACE.match(w) or w.lower() in LANGUAGES or w.lower() in RELATIONS or w.lower() in said
           for w in words if w[:1].isupper()):
        return []
    if m.group("in") and job_before:
        return [Fact(owner, "works_in", place, "identity", 0.8, f"{owner} works in {place}")]
    return [Fact(owner, "lives_in", place, "identity", 0.8, f"{owner} lives in {place}")]


__all__ = ["place_piece"]
