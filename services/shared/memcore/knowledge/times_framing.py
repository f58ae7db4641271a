"""What the owner does at a time that someone else's doing frames (issue 35, routines): "Tuesdays and Thursdays she's
there late, so I cook", "on Fridays my wife works nights, so I take the dog out", "Saturdays my son has football, so we
eat late": the days said first are the time of the owner's own doing after ", so I/we", a routine of the owner's (the
other person's doing keeps its own card). Only days said first, a clause between, and "so I"/"so we" with a doing in the
present; the card replaces what a reader made of the bare doing ("Ilse | take | dog"). Pure regex work."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY_ALT
from .models import Fact
from .person import about
from .vocabulary import content_words

_DAYS = rf"(?:{WEEKDAY_ALT})s|weekends|weeknights"
_FRAMED = re.compile(rf"(?i)(?:^|[.!?;]\s+)(?:on\s+)?(?P<time>(?:{_DAYS})(?:\s*(?:,|and|&)\s*(?:{_DAYS}))*)\s*,?\s+"
                     r"[^,.;!?]{4,60}?,\s*so\s+(?P<who>I|we)\s+(?P<doing>(?!(?:am|was|were|have|had|will|would|can|could|"
                     r"must|might|think|guess|don['’]?t|do|did|get|got)\b)[a-z]+(?:\s[^.!?;,]{1,50})?)(?=[.!?;,]|$)")
_KINDS = frozenset({"semantic", "skill", "episodic", "relationship"})
# what every framed doing says ("so I", "so we"): a turn without it is not respelt again for this reading
_SO_I = re.compile(r"(?i)\bso\s+(?:I|we)\b")


def frames_a_doing(text: str) -> bool:
    """Whether a turn as typed may frame the owner's doing by another's days (the cheap test before respelling it)."""
    return _SO_I.search(text) is not None


def framed_doings(cards: list[Fact], text: str, owner: str, team: str | None = None) -> list[Fact]:
    """The cards with the owner's (or the team's) routine for each doing a time said first frames; a card that
    only held the bare doing is left out."""
    out = list(cards)
    for m in _FRAMED.finditer(text):
        who = team if m.group("who").lower() == "we" and team else owner
        doing = m.group("doing").strip()
        said = about(f"{m.group('who')} {doing}", owner, team)
        words = content_words(doing)
        out = [f for f in out if not (f.type in _KINDS and f.subject == who and content_words(f.value) <= words)]
        value = f"{said.split(' ', 1)[1] if said.startswith(who + ' ') else said} {m.group('time')}"
        out.append(Fact(who, "routine", value, "routine", 0.8, f"{said} {m.group('time')}"))
    return out


__all__ = ["frames_a_doing", "framed_doings"]
