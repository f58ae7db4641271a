"""A speaker correcting themself mid-turn (issue 35, docs/formation-spec.md: self-corrections are kept only in
their corrected form): "rent is 600 a month - no wait, 650 since March", "swimming is on mondays. no sorry, it's
tuesdays now", "my brother Sam - no sorry, my cousin Sam - lives in Leeds". What was taken back is no fact.

A correction is said with its own words ("no wait", "no sorry", "eh sorry", "actually no", "scratch that") after
what it corrects, in the same sentence or the one before; at the very start of a turn it corrects nothing ("no wait,
I have to tell you something"). When the correction opens on a number or on days, it takes the place of the last
number or days of what it corrects, and the rest of that stays ("lessons Wednesday 17:00 - no sorry, 17:30" is
"lessons Wednesday 17:30"); a correction of a word or three takes the place of as many last words ("our van is
blue - no sorry, green"); otherwise the corrected words go and the correction stands in their place. Pure regex
work on the turn's text, gated by one search for the words.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY_ALT


_MARK = re.compile(r"(?i)(?P<lead>\s*(?:[-–—]+|[.!?;,]))?\s*\b(?:no\s+wait|wait\s+no|no\s+sorry|sorry\s+no|"
                   r"(?:eh|oh|uh|um|er|erm|oops)\s*,?\s+sorry|sorry\s*,?\s+I\s+mean|actually\s*,?\s+no|no\s*,\s*actually|"
                   r"scratch\s+that)\b[,:]?\s*")
_NUMBER = r"\d+(?:[:.]\d+)?(?:\s*(?:to|till|until|-|–)\s*\d+(?:[:.]\d+)?)?"
_DAY = rf"(?:{WEEKDAY_ALT})s?"
_DAYS = rf"{_DAY}(?:\s*(?:,|and|&|to|-|–)\s*{_DAY})*"
# what the correction opens on, after "it's"/"its" ("no wait its monday and friday now")
_OPENS = re.compile(rf"(?i)^(?:(?:it|that)(?:'s|s|\s+is)\s+|(?:on\s+))?(?:(?P<number>{_NUMBER})|(?P<days>{_DAYS}))\b")
_SPANS = {"number": re.compile(_NUMBER), "days": re.compile(rf"(?i)\b{_DAYS}\b")}
_SENTENCE_END = re.compile(r"[.!?;]\s+|[.!?;]?$")


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    spans = list(pattern.finditer(text))
    return spans[-1] if spans else None


def corrected(text: str) -> str:
    """The turn with each self-correction applied; the text itself when it has none."""
    for _ in range(3):  # a turn corrects itself once or twice at most
        m = _MARK.search(text)
        if m is None:
            return text
        lead = (m.group("lead") or "").strip()
        before = text[:m.start()]
        start = max((b.end() for b in re.finditer(r"[.!?;]\s+", before)), default=0)  # "X. no wait, Y": X, said before
        said = before[start:].strip(" -–—,")
        if not said:
            return text  # at the start of a turn: nothing said to take back
        rest = text[m.end():]
        close = re.search(r"\s+[-–—]+\s+", rest) if lead and lead[0] in "-–—" else None  # "- no sorry, 17:30 - and"
        end = close.start() if close else (_SENTENCE_END.search(rest).start())  # type: ignore[union-attr]
        fix, after = rest[:end].strip(" ,"), rest[(close.end() if close else end):]
        if not fix:
            return text
        opens = _OPENS.match(fix)
        kind = next((k for k in ("number", "days") if opens and opens.group(k)), None)
        old = _last(_SPANS[kind], said) if kind and opens else None
        if kind and opens and old:
            new = opens.group(kind)
            said = said[:old.start()] + new + said[old.end():]
            tail = fix[opens.end():].strip()
            fixed = f"{said} {tail}".strip() if tail else said
        else:  # "our van is blue - no sorry, green": as many last words; "no wait, Toffee, Biscuit was the old one": "Toffee"
            head = fix.split(",")[0].split()
            short = len(head) <= 3 and len(said.split()) > len(head)
            if short and head != fix.split():
                after = fix[len(fix.split(",")[0]):] + after
            fixed = " ".join(said.split()[:-len(head)] + head) if short else fix
        joiner = " " if close and after and after[:1] not in ".,!?;" else ""
        text = f"{text[:start]}{fixed}{joiner}{after}"
    return text


__all__ = ["corrected"]
