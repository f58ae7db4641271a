"""The text a turn's facts are drawn from (issue 35): the turn as said, read as ordinary English
(chat_text) and, when it answers a question put to the owner, completed by that question (answers).
The record keeps the turn as it was said; only the extractor reads this."""
from __future__ import annotations

from .answers import complete, previous_line
from .chat_text import for_reading, sentence_case


def as_read(text: str, previous: list[str] | None = None, speaker: str | None = None) -> str:
    asked = previous_line(list(previous or []), speaker)
    return sentence_case(complete(for_reading(asked) if asked else None, for_reading(text)))
