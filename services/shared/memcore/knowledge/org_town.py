"""The town said right after an organisation is named (issue 35): "shift lead at the Brennan's yard in Galway",
"I run the bar at the Red Lion in Conwy", "manager at the Old Mill pub in Ludlow". What comes between the name and
"in <Town>" is at most two small words (the kind of place, or the lower-case rest of a name such as "d'Oro"), and
the town ends the piece (a comma, a dash or the end): "in the evenings", "in March", "in Year 4" or "in Conwy Road
traffic" are no town. Pure regex over the text after the name.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from ..extraction.patterns import NAME

_TOWN_AFTER = re.compile(rf"^(?P<between>(?:\s+[a-z][\w'’-]*){{0,2}}?)\s+in\s+(?P<town>{NAME})"
                         r"(?=\s*(?:$|[,.;:!?)]|\s[-–—]\s|\s(?:and|with|where|since|for)\b))")
_NOT_BETWEEN = frozenset("and or but who which that where when is are was were has have".split())


def town_after(rest: str) -> tuple[str, int] | None:
    """The town `rest` (the text after an organisation's name) opens with, and where in `rest` its " in" starts."""
    m = _TOWN_AFTER.match(rest)
    if not m or set(m.group("between").lower().split()) & _NOT_BETWEEN:
        return None
    town = m.group("town")
    if town.split()[0].lower() in MONTH_SET | WEEKDAY_SET or town.split()[0] in ("I", "The", "A", "An"):
        return None
    return town, m.end("between")


__all__ = ["town_after"]
