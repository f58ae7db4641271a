"""A thing said with a calendar date is a one-off, not a routine (issue 35; docs/formation-spec.md "Types": a
routine is what recurs, "every Sunday", "on Tuesdays and Thursdays"; episodic a dated or one-off event, "the
investor demo is on the 14th").

"the tender is due 28 June at noon", "the boiler service is on the 3rd of March", "we move to the new unit on
June 14th": the readers of times saw a time ("at noon", "on ...") and wrote a routine; a day of a month with
nothing that says it recurs is one day. A card stays a routine when anything says it comes round again
("every year on 5 November", "annually", "each June", "usually", "on Mondays": rule_basics.RECURRENCE and the
yearly words below), and a birthday or a name day, which recurs by what it is, is never read here (its own
identity card). Only routines change; the card keeps its words. Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..calendar_words import MONTH_ALT
from .models import Fact
from .rule_basics import RECURRENCE

# a day of a month: "28 June", "the 3rd of March", "June 14th", "March 3"
_DATE = re.compile(rf"(?i)\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_ALT})\b|\b(?:{MONTH_ALT})\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
                   r"|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b")
# what says a date comes round again, beyond rule_basics.RECURRENCE
_YEARLY = re.compile(r"(?i)\b(?:annual(?:ly)?|yearly|every\s+year|each\s+year|a\s+year|per\s+year|birthday|name\s*day|"
                     r"anniversary)\b")


def as_dated_once(f: Fact) -> Fact:
    """A routine card said with a calendar date and nothing that recurs, as a one-off event; else as it was."""
    if f.type != "routine":
        return f
    said = f"{f.value} {f.text}"
    if not _DATE.search(said) or RECURRENCE.search(said) or _YEARLY.search(said):
        return f
    return replace(f, type="episodic", predicate="event" if f.predicate == "routine" else f.predicate)


__all__ = ["as_dated_once"]
