"""Whose habit a time said on its own belongs to (issue 35): chat often says what someone does in one
sentence and when in the next, without a verb ("my gran sells eggs at the market. every saturday",
"he fixes bikes in his shed. twice a week"). The time is the habit of whoever the sentence before it
was about, not the owner's. Pure regex work over the turn as read (reading.as_read completes an
answer's "she" to "my mum"); no parse.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..extraction.lexicon import IRREGULAR_PAST
from .models import Fact
from .one_off_events import dated
from .others_times import owner_takes_part
from .rule_basics import _SUBJ, TurnContext, resolve
from .vocabulary import content_words

# the sentence before: a third person's doing, said in the present ("my aunt bakes", "Tariq drives", "she weaves"),
# after an opener a chat puts first ("ya", "well", "oh")
_DOES = re.compile(rf"^(?:(?i:ya|yeah|yes|well|oh|and|so|um|like)\s*,?\s+)*{_SUBJ}"
                   r"(?:\s+(?i:still|also|usually|always|often|mostly|now))?\s+(?P<verb>[a-z]+(?<![' s])s)\b")
_SOMEONE = "\x00someone"  # whose_time: a third person the sentence does not name
_NOT_A_DOING = frozenset("says thinks knows reckons means".split())  # what someone says is not their doing


def whose_time(before: str, ctx: TurnContext) -> str | None:
    """The person a verbless time after `before` is the habit of, when `before` tells a third person's
    present doing ("My uncle fixes boats at the harbour"); _SOMEONE for a "he"/"she" the turn does not name; None
    when the doing is the owner's, or no doing is told."""
    m = _DOES.match(before.strip())
    if m is None or m.group("verb").lower() in _NOT_A_DOING or owner_takes_part(before):
        return None  # ("she drives me to judo. every tuesday": the owner's habit too)
    subj = m.group("subj")
    if subj.lower() in ("i", "we", "they"):
        return None  # the owner's, or no one's to name
    if subj.lower() in ("he", "she"):
        return _SOMEONE  # an answer's "she" is completed before ("my mum"): one left is someone the turn does not name
    who = resolve(subj, ctx)
    return None if who is None or who == ctx.owner else who


_FIRST_PERSON = re.compile(r"(?i)\b(?:I|I['’]m|me|my|we|our|us)\b")


def rebound(facts: list[Fact], text: str, ctx: TurnContext) -> list[Fact]:
    """The owner's routine cards read from a sentence that is only a time ("every morning except sunday"),
    given to whoever the sentence before it told a doing of; the others as they were."""
    said = re.split(r"(?<=[a-z0-9])[.!?]+\s+", text.strip())
    whose: list[tuple[set[str], str]] = []
    for before, sentence in zip(said, said[1:]):
        if _FIRST_PERSON.search(sentence) or (who := whose_time(before, ctx)) is None:
            continue
        whose.append((content_words(sentence), who))
    if not whose:
        return facts
    out = []
    for f in facts:
        words = content_words(f.value)
        who = next((w for s, w in whose if words and words <= s), None) \
            if f.type == "routine" and f.subject == ctx.owner else None
        if who == _SOMEONE:
            continue  # "she weaves on the loom. every day": not the owner's habit, and whose is not said
        out.append(f if who is None else replace(f, subject=who, text=re.sub(rf"^{re.escape(ctx.owner)}\b", who, f.text)))
    return out


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)")
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# a sentence that is only one day's (or one year's) date: "on monday.", "last week.", "the 3rd.", "in 2019.", "3 June."
_ONE_DATE = re.compile(rf"(?i)(?P<before>[a-z][^.!?]*[a-z])[.!]+\s+(?P<date>(?:on\s+)?{_WEEKDAY}|yesterday|last\s+(?:night|week|"
                       rf"weekend|month|year|{_WEEKDAY})|(?:on\s+)?the\s+\d{{1,2}}(?:st|nd|rd|th)(?:\s+of\s+{_MONTH})?|"
                       rf"in\s+(?:(?:19|20)\d\d|{_MONTH})|(?:on\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
                       rf"(?:a|one|two|three|four|five|six|\d{{1,2}})\s+(?:days?|weeks?|months?|years?)\s+ago)"
                       r"(?P<end>[.!]+(?=\s|$)|$)")
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
    return _ONE_DATE.sub(join, text)


__all__ = ["date_joined", "rebound", "whose_time"]
