"""A session's earlier turns as the write path reads them (store/session_context_repo.session_context):
"Speaker: text (05 May 2026)", the turn as indexed. One reading of that shape for every caller."""
from __future__ import annotations

import re

_DATE = re.compile(r"\s*\(\d{1,2} [A-Z][a-z]+ \d{4}\)$")
_LABEL = re.compile(r"^[^:?!.]{1,40}:\s+")


def said_by(line: str, speaker: str | None) -> bool:
    """Whether `speaker` said the line."""
    return bool(speaker) and line.strip().lower().startswith(f"{(speaker or '').lower()}:")


def text_of(line: str) -> str:
    """The line's words, without its speaker label and its date."""
    line = _DATE.sub("", line.strip())
    label = _LABEL.match(line)
    return line[label.end():] if label else line
