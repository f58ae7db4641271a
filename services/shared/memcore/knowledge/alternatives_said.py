"""An alternative said after a value under its own condition is a second fact (issue 35, not_atomic).

A team's note gives a figure and, after a comma, what holds instead for some people or cases: "membership is
20 euro a year, or free for students", "refunds take 5 days, or 10 if you paid by cheque", "we meet in the
hall, or the church when it rains". The first is the usual fact; the ", or ..." with its condition ("if",
"unless", "when", "for") is an exception, a fact of its own. A value that kept both said two facts in one
card, so the scorer could match neither; the value (and its line) ends before the ", or".

An "or" without a comma ("tea or coffee", "Tuesdays or Thursdays") is one choice and stays, and so does
", or" with no condition after it ("Mondays, Wednesdays, or Fridays" is a list). Pure: strings in, out.
"""
from __future__ import annotations

import re

from .models import Fact
from .vocabulary import content_words

# ", or" and an alternative that carries its own condition, to the end of the value
_OR_IF = re.compile(r"\s*,\s*or\s+(?=[^,]*?\b(?:if|unless|when|for)\b)[^,]+$", re.I)


def _cut(said: str) -> str:
    m = _OR_IF.search(said.rstrip(" .!"))
    return said[:m.start()] if m else said


def usual_only(f: Fact) -> Fact:
    """The fact with an excepted alternative (", or free for students") cut from its value and line; the
    fact as it was when nothing of the value would be left."""
    value = _cut(f.value)
    if value == f.value or not content_words(value) - content_words(f.predicate.replace("_", " ")):
        return f
    return Fact(f.subject, f.predicate, value, f.type, f.certainty, _cut(f.text))


__all__ = ["usual_only"]
