"""Questions about the present ("Where do I live now?", "What's my job these days?") prefer the
newest of the memories that answer them (pure).

Without such a cue, or with a date beside it, nothing changes: "When did I move?" or "What was I
reading in May?" ask about a time of their own. With one, each candidate's fused relevance is raised by how recent it is among
the candidates (0 for the oldest, PRESENT_BOOST for the newest), so the latest of several
statements about the same thing comes first, while an unrelated recent turn, whose relevance is
low, gains little.
"""
from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from typing import TypeVar
from datetime import datetime

PRESENT_BOOST = 1.0
_CUE = re.compile(r"\b(?:now|currently|current|these days|nowadays|at the moment|at present|presently|"
                  r"any ?more|still|lately|latest)\b", re.I)


def asks_about_now(question: str) -> bool:
    """A present-time cue, and no date of its own ("what was she currently building on 3 March
    2021" asks about that day)."""
    from ..extraction.temporal import find_time_expressions

    return bool(_CUE.search(question)) and not find_time_expressions(question)


Id = TypeVar("Id", bound=Hashable)


def prefer_recent(question: str, scores: Mapping[Id, float], times: Mapping[Id, datetime]) -> dict[Id, float]:
    """`scores` raised by relative recency when the question asks about the present; else as is."""
    if not asks_about_now(question):
        return dict(scores)
    known = [times[i] for i in scores if i in times]
    if len(known) < 2:
        return dict(scores)
    first, last = min(known), max(known)
    span = (last - first).total_seconds()
    if span <= 0:
        return dict(scores)
    return {i: s * (1 + PRESENT_BOOST * ((times[i] - first).total_seconds() / span) if i in times else 1)
            for i, s in scores.items()}
