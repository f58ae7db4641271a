"""A team's hours said as a note, without a subject (issue 35): "Tuesday to Saturday, ten till five.",
"Mon-Fri 8-5.", "Closed Sundays and Mondays.", "Sat mornings emergencies only.", "weekends 10 till 4".

A line made only of days and times (and a short word of what runs then) is when the team is open;
"closed" before days is when it is shut. Each is the team's routine. Not in a person's conversation
(there, "Tuesday to Saturday" answers a question the answers reader completes). Pure regex work.
"""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import TurnContext
from .statement_basics import EVENT_CERTAINTY
from .team_words import DAY_WORD

_DAY = rf"{DAY_WORD}|every\s+day|daily|bank\s+holidays?"
_HOUR = r"(?:\d{1,2}(?:[.:h]\d\d)?\s*(?:am|pm|h)?|noon|midday|midnight|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_DAYS = rf"(?:{_DAY})(?:\s*(?:-|–|to|till|until|through|and|&|,)\s*(?:{_DAY}))*"
_PART = r"(?:\s+(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?))?"
_TIMES = rf"(?:from\s+)?{_HOUR}\s*(?:-|–|to|till|until|til)\s*{_HOUR}"
_OPEN = re.compile(rf"^(?:(?:we(?:['’]re|\s+are)\s+)?open\s+)?(?P<days>{_DAYS}){_PART}\s*,?\s*(?P<rest>(?:{_TIMES})?(?:\s*,?\s*[a-z]+(?:\s+[a-z]+)?\s+only)?)$",
                   re.I)
_OPEN_TIMES_FIRST = re.compile(rf"^(?P<rest>{_TIMES})\s*,?\s*(?P<days>{_DAYS})$", re.I)
_CLOSED = re.compile(rf"^(?:(?:we(?:['’]re|\s+are)\s+)?closed|shut)\s+(?:on\s+)?(?P<days>{_DAYS})"
                     rf"(?P<when>\s*,?\s*{_TIMES})?(?:\s+for\s+[a-z]+(?:\s+[a-z]+)?)?$", re.I)  # "Closed Friday 13h-15h for prayer"
# hours said with their name: "Opening hours 7:00-18:30", "Hours are 8 till 6, Mon to Sat"
_HOURS_NAMED = re.compile(rf"^(?:our\s+)?(?:opening\s+)?hours\s*(?:are|:)?\s*(?:(?:{_DAYS})\s*,?\s*)?{_TIMES}(?:\s*,?\s*(?:{_DAYS}))?$", re.I)


def opening_hours(statement: str, ctx: TurnContext) -> list[Fact]:
    """The team's hours said in the statement, or nothing."""
    if not ctx.org:
        return []
    said = statement.strip().rstrip(".!")
    if (m := _CLOSED.match(said)):
        when = f"{m.group('days')}{m.group('when') or ''}"
        return [Fact(ctx.org, "closed", when, "routine", EVENT_CERTAINTY, f"{ctx.org} is closed {when}")]
    if _HOURS_NAMED.match(said):
        return [Fact(ctx.org, "hours", said, "routine", EVENT_CERTAINTY, f"{ctx.org}: {said}")]
    m = _OPEN.match(said) or _OPEN_TIMES_FIRST.match(said)
    if not m or not m.group("rest").strip() and not re.search(r"(?i)\bopen\b", said):
        return []  # "Saturdays." alone answers a question; it is no timetable
    return [Fact(ctx.org, "hours", said, "routine", EVENT_CERTAINTY, f"{ctx.org}: {said}")]


__all__ = ["opening_hours"]
