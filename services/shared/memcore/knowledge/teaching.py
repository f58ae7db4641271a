"""What someone teaches, said as their work ("my wife Ilse teaches maths at the grammar school", "he teaches
violin in Graz"): the job is the teaching of the subject, and the place after "at"/"in" is where they work; two
cards, as a job and its workplace are (occupation.py). Not a lesson given to someone ("she teaches me to knit",
"he teaches kids to swim": whom and how, no subject) nor a time ("she teaches in the morning"). Pure string work
on what a clause says after "teaches"."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact

# the subject taught: one or two lower-case words ("créole", "piano and flute") or a school year ("year 4"), not whom;
# a capitalised word may be a person's name ("she teaches Julian"), so "Spanish" said so is left to the other readers
_WHOM = r"me|us|him|her|them|you|it|kids|children|people|everyone|anyone|adults|how|what|to|in|on|at|for|from|every|each|twice|once"
_TEACHES = re.compile(rf"^(?P<what>(?!(?:{_WHOM})\b)(?:(?:year|grade)\s+\d+\b(?:\s+[^\W\d_A-Z][\w-]*)?|[^\W\d_A-Z][\w-]*"
                      rf"(?:\s+(?:and\s+)?(?!(?:{_WHOM})\b)[^\W\d_A-Z][\w-]*)?))"
                      rf"(?:\s+(?P<prep>at|in)\s+(?P<where>(?:(?:the|a)\s+[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?"
                      rf"(?:\s+in\s+{NAME})?)|{NAME}))?\s*$")


def teaching_job(who: str, rest: str) -> list[Fact]:
    """The job card (and the workplace card) of "<who> teaches <rest>"; none when `rest` says no subject taught."""
    m = _TEACHES.match(rest.strip(" .!"))
    if not m:
        return []
    what = m.group("what")
    out = [Fact(who, "job", f"teaches {what}", "identity", 0.8, f"{who} teaches {what}")]
    where = re.sub(r"^(?:the|a)\s+", "", m.group("where") or "")
    if where:
        at = "works_in" if m.group("prep") == "in" and where[:1].isupper() else "works_at"  # "in Graz": a town
        out.append(Fact(who, at, where, "identity", 0.8, f"{who} works {'in' if at == 'works_in' else 'at'} {m.group('where')}"))
    return out


__all__ = ["teaching_job"]
