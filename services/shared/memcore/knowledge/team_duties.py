"""What a named member of a team does there, as their role (issue 35; docs/formation-spec.md "Types": identity holds
one's role, "Peter is one of our writers").

In a team's account, a colleague's standing duty is often said with "does" or "handles" and a thing, not with a
post: "Chen does our accounts" (the role readers read it), but also as a second clause or a relative one that they
read as a plain fact: "Giselle is the director and does aerial silks", "Bongani, who also does the crew rota",
"the trainee, who does the help desk". Such a card ("Giselle | do | aerial silks", typed semantic or routine) is the
colleague's role there, keeping its words.

Not a pastime ("Lwazi does pottery in her spare time"), not a one-off ("Ana did the Friday booking", "Ana handles the Friday booking this week": a day or a time said), not
a time one does it at ("does the rota every Monday": a routine, left as it is), not a pronoun or a thing of
someone's ("does it", "does her best"), and only a person's card (a name, not a team's thing: "the workshop does
the repairs" stays the team's note). Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .models import Fact
from .rule_basics import RECURRENCE
from .vocabulary import PASTIME

# the verbs of a standing duty, as the readers write the predicate
_DUTY_VERBS = frozenset("do does handle handles".split())
_NOT_A_DUTY = re.compile(r"(?i)^(?:it|that|this|them|everything|something|anything|nothing|his|her|their|my|our|"
                         r"its|your|best|well|fine|ok|okay)\b")
# a day, a time or a one-off said in the card: no standing duty
_TIMED = re.compile(r"(?i)\b(?:yesterday|today|tonight|tomorrow|ago|next|last|this|(?:mon|tues|wednes|thurs|fri|satur|"
                    r"sun)day|morning|afternoon|evening|weekend|week|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\b")
_A_NAME = re.compile(r"^[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?$")


# what one does for pleasure, said in the colleague's sentence: no post ("Lwazi does pottery in her spare time")
_PLEASURE = rf"\b(?:{PASTIME}|at\s+(?:the\s+)?weekends?|on\s+weekends)\b"


def as_duty(f: Fact, team: str | None, owner: str, statement: str = "") -> Fact:
    """A colleague's plain card of a standing duty in a team's account, as their role; else as it was. `statement`:
    the turn's words, where a pastime is said ("... in her spare time", "as a hobby")."""
    if (team is None or f.type not in ("semantic", "routine") or f.predicate.lower() not in _DUTY_VERBS
            or f.subject in (team, owner) or not _A_NAME.match(f.subject)):
        return f
    if re.search(rf"(?i){re.escape(f.subject)}\b[^.;!?]*{_PLEASURE}", f"{statement} {f.text}"):
        return f
    value = re.sub(r"(?i)^(?:does|do|handles|handle)\s+", "", f.value).strip()
    if not value or _NOT_A_DUTY.match(value) or _TIMED.search(f"{value} {f.text}") or RECURRENCE.search(f"{value} {f.text}"):
        return f
    value = re.sub(r"(?i)^(?:the|a|an)\s+", "", value)
    return replace(f, predicate="role", value=value, type="identity")


__all__ = ["as_duty"]
