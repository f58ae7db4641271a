"""What is true now, said against what used to be (issue 35: change over time).

People set the present against the past in one sentence, and the present is said with a pronoun or
with nothing at all, so the readers, which read one clause at a time, lose it:

- "I used to hate mushrooms but now I love them": the liking now is of mushrooms;
- "My best friend used to be Kwame but now it's Leila", "the standup used to be at 9, now it's at 9:30":
  what is so now is "my best friend is Leila", "the standup is at 9:30";
- "I used to be scared of the sea but not now", "I used to love football but I don't anymore": the
  fear or the liking is over, which the spec keeps as a negative card ("I'm not scared of the sea
  anymore").

The reading is written out whole ("... but now I love mushrooms", "... but now my best friend is
Leila", "... but I'm not scared of the sea anymore") so the readers read the present as they read any
statement, and ended_states.py keeps the past as past. The "used to" clause is left as it was said.
A sentence with no "used to" (or "no longer") does not change: "I still love horses", "I never used to
like olives" (a past without a present said) are read as before. Pure string work on the reading.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY_ALT
from ..extraction.lexicon import IRREGULAR_PAST
from .verb_classes import FEAR_ADJ

_SUBJECT = r"(?P<subj>\b(?:I|we|he|she|they|[Mm]y\s+[\w' -]{1,40}?|[Oo]ur\s+[\w' -]{1,40}?|[Tt]he\s+[\w' -]{1,40}?|" \
           r"[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))"
_NOW = r"(?:,\s*|\s+)(?:but\s+|and\s+)?(?:now|these\s+days|nowadays)\s*,?\s+"
# "... used to be red but now it's green": what the subject is now
_NOW_IT_IS = re.compile(
    rf"(?P<head>{_SUBJECT}\s+used\s+to\s+be\s+(?P<old>[^,.;!?]{{1,60}}?)){_NOW}"
    r"(?P<pron>it|he|she|they)(?:['’]?s|['’]re|\s+is|\s+are)\s+(?P<new>[^,.;!?]{1,60})")
# "the boathouse used to open at 6 but now it opens at 5:30": what the subject does now
_NOW_IT_DOES = re.compile(
    rf"(?P<head>{_SUBJECT}\s+used\s+to\s+(?!be\b)[a-z]+[^,.;!?]{{0,60}}?){_NOW}"
    r"(?P<pron>it|he|she|they)\s+(?P<new>(?!(?:is|are|was|were|isn['’]?t|doesn['’]?t|don['’]?t|does|do|did)\b)[a-z]+s\b[^,.;!?]{0,60})")
_NOW_IT_IS_AFTER = re.compile(
    rf"(?P<head>{_SUBJECT}\s+used\s+to\s+be\s+(?P<old>[^,.;!?]{{1,60}}?))(?:,\s*|\s+)but\s+"
    r"(?P<pron>it|he|she|they)(?:['’]?s|['’]re|\s+is|\s+are)\s+(?P<new>[^,.;!?]{1,60}?)\s+now\b")
# "I used to hate mushrooms but now I love them": the pronoun stands for what the "used to" clause named
_THING = r"(?P<thing>(?:(?:the|a|an|my|our|his|her)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?)"
_USED_TO_DO = re.compile(
    rf"\bused\s+to\s+(?:(?:really|totally|actually|so|kind\s+of)\s+)?(?:be\s+(?:\w+\s+)?(?:of|about|on|with|by)\s+|(?!be\b)[a-z]+\s+){_THING}"
    rf"(?={_NOW}(?:I|we|he|she|they)\s+(?:really\s+|totally\s+|actually\s+|kind\s+of\s+)?[a-z]+\s+(?:them|it)\b)")
_PRONOUN_AFTER_NOW = re.compile(
    rf"{_NOW}(?P<lead>(?:I|we|he|she|they)\s+(?:really\s+|totally\s+|actually\s+|kind\s+of\s+)?[a-z]+\s+)(?:them|it)\b")
# "I used to be scared of the sea but not now", "... but I'm not anymore", "I used to love football but I don't anymore"
_FEAR_OR_LIKING = "|".join(sorted(FEAR_ADJ)) + "|love|like|enjoy"
_OVER = re.compile(
    rf"\b(?P<who>I|we|he|she|they|(?-i:[A-Z][a-z'’-]+))\s+used\s+to\s+(?P<what>(?:be\s+(?:really\s+|so\s+|very\s+)?(?:{_FEAR_OR_LIKING})\s+"
    rf"(?:of|by)\s+|(?:{_FEAR_OR_LIKING})\s+){_THING})"
    r"(?:,\s*|\s+)but\s+(?:not\s+(?:now|anymore|any\s+more)|(?:now\s+)?(?:I|we|he|she|they)\s*(?:['’]m|['’]re|['’]s|am|"
    r"are|is|don['’]t|doesn['’]t|do\s+not|does\s+not)(?:\s*not)?(?:\s+(?:anymore|any\s+more|now))?)(?=\s*(?:[.,;!?]|$))",
    re.I)
# "we moved the standup from Monday to Tuesday", "Mum moved my swimming lesson to Thursday": a time changed, and
# what is so now is when the thing is ("the standup is on Tuesday now"), never a move of home to "Tuesday"
_WHEN = (rf"(?:(?:the\s+)?(?:(?:first|second|third|fourth|last)\s+)?(?:{WEEKDAY_ALT})s?(?:\s+of\s+(?:the|each|every)\s+month)?(?:\s+(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?))?|"
         r"(?:mornings|afternoons|evenings|nights|weekends|lunchtime)|"
         r"\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|o['’]clock)?|noon|midday)")
_MOVED = re.compile(
    r"(?i)\b(?:we|I|they|he|she|(?-i:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}))\s+(?:['’]ve\s+|have\s+|has\s+)?(?:moved|changed|switched|shifted|"
    r"pushed|put)\s+(?P<thing>(?:the|our|my|his|her|their)\s+[a-z][\w'’ -]{1,30}?)\s+(?:from\s+(?P<old>[\w:.' ]{1,25}?)\s+)?"
    rf"(?:to|back\s+to)\s+(?P<new>{_WHEN}(?:\s+(?:at|from)\s+{_WHEN})?)(?=\s*(?:[.,;!?]|$|\s+(?:now|because|cos|since|so|as|and|but)\b))")
# "Since we moved to Pécs I swim in the lake every morning": the change, then what is so since ("We moved to
# Pécs. I swim in the lake every morning now"), not a subject "Since"
_SINCE = re.compile(r"(?:^|(?<=[.!?]\s))(?:[Ee]ver\s+)?[Ss]ince\s+(?P<who>I|we|he|she|they|my\s+\w+|our\s+\w+)\s+"
                    r"(?P<verb>[a-z]+)(?P<rest>(?:\s+[\w'’-]+){0,5}?)\s*,?\s+(?P<then>(?:I|we|he|she|they)\s+(?!(?:have|has|had|'ve)\b))")
_BE = {"I": "I'm", "we": "we're", "he": "he's", "she": "she's", "they": "they're"}
_DO = {"I": "I don't", "we": "we don't", "he": "he doesn't", "she": "she doesn't", "they": "they don't"}


def _is(pron: str, subject: str) -> str:
    return "are" if pron.lower() == "they" or subject.lower() in ("we", "they") else "is"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _now_it_is(m: re.Match[str]) -> str:
    subject = m.group("subj")
    if subject.lower() in ("i", "we", "he", "she", "they"):
        return m.group(0)  # "I used to be shy but now I'm ...": the present is said in full already
    return f"{m.group('head')}. {_cap(subject)} {_is(m.group('pron'), subject)} {m.group('new')}"


def _now_it_does(m: re.Match[str]) -> str:
    subject = m.group("subj")
    if subject.lower() in ("i", "we", "he", "she", "they"):
        return m.group(0)
    return f"{m.group('head')}. {_cap(subject)} {m.group('new')}"


def _over(m: re.Match[str]) -> str:
    who = m.group("who")
    key = who if who == "I" else who.lower()
    be, do = _BE.get(key, f"{who} is"), _DO.get(key, f"{who} doesn't")  # "Kemal used to ...": "Kemal is not ..."
    what = m.group("what")
    said = m.group(0)[:m.start("what") - m.start()]
    if what.lower().startswith("be "):
        return f"{said}{what}. {_cap(be)} not {what[3:]} anymore"
    return f"{said}{what}. {_cap(do)} {what} anymore"


def _moved(m: re.Match[str]) -> str:
    new = m.group("new")
    at = "at" if re.match(r"(?i)\d|noon|midday", new) else "on"
    return f"{_cap(m.group('thing'))} is {at} {new} now"


def _since(m: re.Match[str]) -> str:
    verb = m.group("verb")
    if not (verb.endswith("ed") or verb in IRREGULAR_PAST):
        return m.group(0)  # "since I was little": how long, no change told
    return f"{_cap(m.group('who'))} {verb}{m.group('rest')}. {_cap(m.group('then'))}"


def now_said(text: str) -> str:
    """The reading with what is so now written out where a "used to" sentence said it with a pronoun or
    said only that it is over."""
    text = _SINCE.sub(_since, _MOVED.sub(_moved, text))
    if not re.search(r"(?i)\bused\s+to\b", text):
        return text
    out = _NOW_IT_IS.sub(_now_it_is, text)
    out = _NOW_IT_IS_AFTER.sub(_now_it_is, out)
    out = _NOW_IT_DOES.sub(_now_it_does, out)
    m = _USED_TO_DO.search(out)
    if m:
        thing = m.group("thing")
        out = out[:m.end()] + _PRONOUN_AFTER_NOW.sub(lambda n: ". " + _cap(n.group("lead")) + thing, out[m.end():], count=1)
    return _OVER.sub(_over, out)


__all__ = ["now_said"]
