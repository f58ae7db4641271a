"""What the owner wants, said as the answer to an offer of help (issue 35: a request teaches nothing): after
"How can I help?", "What can I do for you?", "What shall we try?", the owner's "I want to get organised", "I
need to sort out my week", "I want practise English" say what the chat is for, not a wish to keep. Only the
wish is dropped: whatever else the turn tells ("I need to get organised, I fix barge engines for a living") and
what one wants to be stay. Pure regex work on the line said before and the turn's facts."""
from __future__ import annotations

import re

from .models import Fact

# the assistant's offer: "How can I help (you) today?", "What can I do for you?", "What shall we try?", "What do you need?"
_OFFER = re.compile(r"(?i)\b(?:how\s+can\s+I\s+help|what\s+can\s+I\s+(?:help(?:\s+you)?\s+with|do\s+for\s+you)|"
                    r"what\s+shall\s+we\s+(?:try|do|start\s+with)|what\s+do\s+you\s+need|what\s+would\s+you\s+like(?:\s+to\s+do)?|"
                    r"how\s+may\s+I\s+help|what\s+brings\s+you)\b[^?]*\?\s*$")
_WISHES = frozenset("wants needs does_not_want".split())


def offered_help(asked: str | None) -> bool:
    """Whether the line before the turn offers help (its last question)."""
    return bool(asked) and bool(_OFFER.search(asked or ""))


def without_the_request(facts: list[Fact], owner: str, asked: str | None) -> list[Fact]:
    """The turn's facts without the owner's wish when the turn answers an offer of help."""
    if not offered_help(asked):
        return facts
    return [f for f in facts if not (f.subject == owner and f.predicate in _WISHES)]


__all__ = ["offered_help", "without_the_request"]
