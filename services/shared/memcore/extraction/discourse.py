"""Discourse markers: how something was said, not what ("Did I tell you ...", "Funny thing, ...",
"... which I didn't know", "Turns out ...", "..., he told me"). "Did I tell you Kate rents a house
in Ashgrove?" states that Kate rents a house; the telling, and its past tense, is about the
conversation, not about Kate.
Used to type a statement by what it says (classify) and to compare clues by what they ask
(entities.disambiguation)."""
from __future__ import annotations

import re

DISCOURSE = re.compile(
    r"\b(?:by the way|btw|fyi|funny thing|so apparently|apparently|did i (?:tell|mention to) you|did you know|"
    r"guess what|can you believe it|which i didn'?t know|who knew|turns out|i (?:just )?found out|you know|i mean|"
    r"to be honest|honestly|anyway|oh|lol|haha)\b[,!?.]*", re.I)
# Who said it, after what was said: "Peter paints watercolours, he told me."
REPORTED = re.compile(r",\s*(?:he|she|they)\s+(?:told (?:me|us)|said|says|mentioned)\b(?=\s*[.!?]*\s*$)", re.I)


def without_discourse(text: str) -> str:
    """The text with its discourse markers removed (spaces closed up)."""
    return " ".join(DISCOURSE.sub(" ", REPORTED.sub("", text)).split())
