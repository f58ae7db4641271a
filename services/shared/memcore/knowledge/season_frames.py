"""What one does in a season the turn has just judged (issue 35, routines): "winter is quiet, I fix the nets",
"Sundays are slow, I do the accounts", "January is dead, I paint the shop": the time said first frames the
doing after it, a habit of that time, not a plain fact ("Dara | fix | nets"). Only a present doing of the
speaker's ("I", "we") after a time judged with "is"/"are"; the card keeps the doing's own words. Pure regex work.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..calendar_words import MONTH_ALT, SEASON_ALT, WEEKDAYS, WEEKDAY_ALT
from .models import Fact
from .vocabulary import content_words

_TIME = rf"(?:{MONTH_ALT}|{SEASON_ALT}|(?:{WEEKDAY_ALT})s|weekends)"
_FRAMED = re.compile(rf"(?i)(?:^|[.!?;]\s+)(?P<time>{_TIME})\s+(?:is|are|gets|get)\s+(?:(?:really|very|so|pretty|quite|always)\s+)?"
                     r"[a-z]+\s*,\s*(?:so\s+)?(?:I|we)\s+(?P<doing>(?!am\b|was\b|have\b|had\b|will\b|can\b)[a-z]+\s[^.!?;,]{2,60})")
_KINDS = frozenset({"semantic", "skill", "episodic"})


def framed_by_time(cards: list[Fact], statements: list[str]) -> list[Fact]:
    """The cards whose doing a judged season frames, made that season's routine; the rest as they were."""
    frames = [m for said in statements for m in _FRAMED.finditer(said)]
    if not frames:
        return cards
    out = []
    for f in cards:
        m = next((m for m in frames if f.type in _KINDS and content_words(f.value) and
                  content_words(f.value) <= content_words(m.group("doing"))), None)
        if m is None:
            out.append(f)
            continue
        time = m.group("time")
        when = f"on {time}" if time.lower().rstrip("s") in WEEKDAYS or time.lower() == "weekends" else f"in {time}"
        doing = f"{m.group('doing').strip()} {when}"
        out.append(replace(f, predicate="routine", value=doing, type="routine", text=f"{f.subject}: {doing}"))
    return out


__all__ = ["framed_by_time"]
