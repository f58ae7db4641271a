"""What a fact's value must hold to be kept (extract.facts_of_turn's last filter, after
statement_check.told has decided the owner stated it): value shapes the readers produce that name no
event or no date, each with the example it was written for."""
from __future__ import annotations

import re

from ..calendar_words import FESTIVALS
from .models import Fact
from .vocabulary import KIN_OTHER_TONGUES, RELATIONS

_ENGLISH_TIES = RELATIONS - KIN_OTHER_TONGUES

# a birthday card holds a date (or the gate's <DOB>): "was last month", "soon", "next week" hold none
_NO_DATE = re.compile(r"(?i)^(?:(?:is|was|'s)\s+)?(?:last|next|this|soon|yesterday|today|tomorrow|coming|in\s+(?:a|two|\d+)\s+(?:days?|weeks?))\b")
# "Dad said there are newts": what someone said is hearsay of its own, not an event of theirs
# where one lives or works, and whom a tie names: a feast said after "at" or "every" is when, not where or who
_PLACE_OR_NAME = frozenset("works_at works_for works_in lives_in from located_in based_in".split())
_REPORTED = re.compile(r"(?i)^(?:said|says|told|tells|thinks|thought|reckons|heard|mentioned|claimed)\b")


def worth_keeping(f: Fact) -> bool:
    """Whether a fact's value holds something to keep: not what someone said taken for an event of
    theirs, not a birthday without a date, not a family word's English gloss taken for a name."""
    return not (f.type == "episodic" and _REPORTED.match(f.value)  # "Dad said there are newts": no event
                or f.type == "relationship" and f.predicate in KIN_OTHER_TONGUES and f.value in _ENGLISH_TIES  # "my kaka (father)": "father" is no one's name
                or f.predicate == "birthday" and _NO_DATE.match(f.value)  # "it was last month"
                or _a_feast(f.value) and (f.predicate in _PLACE_OR_NAME or f.predicate in RELATIONS))  # "at Diwali"


def _a_feast(value: str) -> bool:
    """Whether a value is only the name of a feast or a holiday ("Diwali", "the Easter", "Eid")."""
    return re.sub(r"(?i)^(?:the\s+)|['’]s$", "", value.strip(" .!")).lower() in FESTIVALS
