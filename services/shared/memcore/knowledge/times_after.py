"""A one-off date said as a sentence of its own after what happened is that event's date ("our cat died. on
monday."). Whose a time said on its own after someone's doing is: whose_times.py. Pure regex work over the turn
as read; no parse.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.lexicon import IRREGULAR_PAST
from .one_off_events import dated

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)")
# a sentence that is only one day's (or one year's) date: "on monday.", "last week.", "the 3rd.", "in 2019.", "3 June."
_DATE = (rf"(?:on\s+)?{WEEKDAY}|yesterday|last\s+(?:night|week|weekend|month|year|{WEEKDAY})|"
         rf"(?:on\s+)?the\s+\d{{1,2}}(?:st|nd|rd|th)(?:\s+of\s+{_MONTH})?|in\s+(?:(?:19|20)\d\d|{_MONTH})|"
         rf"(?:on\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
         rf"(?:a|one|two|three|four|five|six|\d{{1,2}})\s+(?:days?|weeks?|months?|years?)\s+ago")
_ONE_DATE = re.compile(rf"(?i)(?P<before>[a-z][^.!?]*[a-z])[.!]+\s+(?P<date>{_DATE})(?P<end>[.!]+(?=\s|$)|$)")
# the date sentence alone: where it is not, _ONE_DATE (slow: its "before" is tried from every letter) cannot match
_DATE_SENTENCE = re.compile(rf"(?i)[.!]\s+(?:{_DATE})(?:[.!]+(?=\s|$)|$)")
# a past verb in the sentence before: what happened ("our cat died", "my nan fell", "we moved")
_PAST = re.compile(rf"(?i)\b(?:[a-z]{{2,}}ed|{'|'.join(sorted(IRREGULAR_PAST))})\b")


def date_joined(text: str) -> str:
    """A one-off date said as a sentence of its own after what happened, read as that sentence's date:
    "our cat died. on monday." is "our cat died on monday."; the text as it was otherwise."""
    def join(m: re.Match[str]) -> str:
        before = m.group("before")
        last = re.split(r"[.!?]\s+", before)[-1]
        if not _PAST.search(last) or dated(last):
            return m.group(0)  # no event before it, or one with its own date: the date is another fact's
        return f"{before} {m.group('date')}{m.group('end')}"
    if not _DATE_SENTENCE.search(text):
        return text
    return _ONE_DATE.sub(join, text)


__all__ = ["date_joined"]
