"""Which shifts someone works, said with a shift word as what is worked (issue 35, routines): "Sol works
days", "my sister works nights", "I do lates", "Kofi's on earlies", "she works weekends mostly". The
shift word is the habit (a part of the day or week worked again and again), not a thing one works at:
one routine card of whose shifts they are. An answer "no, days." to "Does Sol work nights?" is read as
"Sol works days." (answers.py) and so reaches this reader too.

Not a shift of one time ("I'm on nights this week", "he worked nights last year": no present habit), not
a denial ("I don't work weekends": what does not happen is no routine), not a shift word that names a
span ("I work days at a time"). Pure regex work on one clause.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import about
from .rule_basics import _ADV, _SUBJ, TurnContext, resolve

# what is worked: a part of the day or week, or a shift's name
_SHIFT = (r"(?:(?:day|night|late|early|evening|weekend|split|double|twelve[- ]hour|12[- ]hour)\s+shifts|nightshifts?|"
          r"days|nights|lates|earlies|mornings|evenings|afternoons|weekends|weekdays|doubles|twilights)")
_WORKS = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:work|works|do|does|(?:am|is|are|['’]m|['’]s|['’]re)\s+on))\s+"
                    rf"(?:(?:mostly|mainly|only|just|always|usually|permanent|regular|straight)\s+)?(?P<shift>(?i:{_SHIFT}))"
                    r"(?P<after>\s+(?:mostly|mainly|only|now|these\s+days))?\s*(?P<end>$|[,.;!]|\s(?:and|so|but|which|because|cos|at|in|for)\b)")
# a time that makes it one time's shift, not a habit; a span ("days at a time", "nights in a row")
_ONE_TIME = re.compile(r"(?i)\b(?:this|next|last|tonight|today|tomorrow|until|till|at\s+the\s+moment|right\s+now|at\s+a\s+time|in\s+a\s+row|on\s+end|"
                       r"for\s+(?:a|the|two|three|\d+)\s+(?:weeks?|months?|fortnight|while))\b")


def shifts(clause: str, ctx: TurnContext) -> list[Fact]:
    """One routine card for a present "works days" / "is on nights" clause, else none."""
    m = _WORKS.match(clause.strip())
    if not m or _ONE_TIME.search(clause[m.end("shift"):]):
        return []
    who = resolve(m.group("subj"), ctx)
    if not who:
        return []
    verb = m.group("verb").lower()
    said = "works" if verb.startswith("work") else "does" if verb.startswith("do") else "is on"
    value = f"{said} {m.group('shift').lower()}"
    return [Fact(who, "routine", value, "routine", 0.8, about(f"{who} {value}", ctx.owner, team=ctx.org))]


__all__ = ["shifts"]
