"""What someone else said, as the owner relays it (issue 35), put where the readers look for it.

- A report said after what it reports ("Leo plays the cello, his mum says") is read as said first
  ("His mum says Leo plays the cello."): the readers take what a reporting verb reports, and the hearsay
  it is (memcore.knowledge.certainty) from the words before it, as they do when it is said first.
- In a report by someone said as another person's tie ("Leo's mum says he plays the cello"), a "he" or
  "she" opening what is reported that cannot be the reporter (a mum is no "he") is that other person:
  "Leo's mum says Leo plays the cello". One that can be the reporter stays as said.
Pure string work, on the text the extractor reads (reading.as_read), never on the turn's record.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .certainty import REPORTER as _REPORTER, REPORTING as _REPORTING
from .mentions import FEMALE_TIES, MALE_TIES

_SAID_AFTER = re.compile(rf"^(?P<what>\S.*?[\w)’'])\s*,\s*(?P<who>{_REPORTER})\s+(?P<verb>(?i:{_REPORTING}))\s*"
                         r"(?P<end>[.!]*)$")
# "I love it, Mum said": the reporter's own words, quoted without marks; no statement of the owner's
_DIRECT = re.compile(r"(?i)^(?:i|i['’](?:m|ve|ll|d)|im|me|my|we|we['’](?:re|ve|ll)|our|us|you|your)\b")
_SENTENCES = re.compile(r"[^.!?]+(?:[.!?]+|$)")
# what may start a sentence and is no name ("The library ...", "My dog ..."): lower-cased once it follows a report
_OPENER = re.compile(r"^(?:The|A|An|My|Our|His|Her|Their|Its|It|This|That|These|Those|There|He|She|They|We|You)\b")
_SEXED = "|".join(sorted(FEMALE_TIES | MALE_TIES, key=len, reverse=True))
_TIED_REPORT = re.compile(rf"\b(?P<whose>{NAME_WORD})['’]s\s+(?P<tie>(?i:{_SEXED}))\s+(?P<verb>(?i:{_REPORTING}))"
                          r"\s+(?:that\s+)?(?P<pron>(?i:he|she))(?P<be>['’]s)?\b(?P<next>\s+\w+)?")


def _report_first(sentence: str) -> str:
    lead = sentence[:len(sentence) - len(sentence.lstrip())]
    m = _SAID_AFTER.match(sentence.strip())
    if not m or len(m.group("what").split()) < 3 or _DIRECT.match(m.group("what")):
        return sentence
    what = m.group("what")
    if _OPENER.match(what):
        what = what[0].lower() + what[1:]
    who = m.group("who")
    return f"{lead}{who[0].upper()}{who[1:]} {m.group('verb')} {what}{m.group('end') or '.'}"


def _not_the_reporter(m: re.Match[str]) -> str:
    pron, tie = m.group("pron").lower(), m.group("tie").lower()
    if ("she" if tie in FEMALE_TIES else "he") == pron:
        return m.group(0)  # "Leo's mum says she's tired": she may well be the mum
    who = m.group("whose")
    after = m.group("next") or ""
    if m.group("be"):  # "he's been", "she's got": has; else is
        verb = "has" if after.strip().lower() in ("been", "got", "gotten") else "is"
        said = f"{who} {verb}{after}"
    else:
        said = f"{who}{after}"
    return m.group(0)[:m.start("pron") - m.start()] + said


def reports_read(text: str) -> str:
    """`text` with each report said after what it reports moved before it, and a pronoun in a tied
    person's report that cannot be the reporter named."""
    if not re.search(r"(?i)\b(?:say|said|reckon|think|swear|claim|told|tell)s?\b", text):
        return text  # most turns report nothing: one cheap look
    out = "".join(_report_first(s) for s in _SENTENCES.findall(text))
    return _TIED_REPORT.sub(_not_the_reporter, out)


__all__ = ["reports_read"]
