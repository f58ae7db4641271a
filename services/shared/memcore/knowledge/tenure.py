"""How long someone has been where they are (issue 35): a tenure said as a duration or a start, an
identity fact of the person. Pure regex over one clause, a family of rules.FAMILIES' kind (called by
identity_rules.identity).

The shapes, each a way people say it:
- "been" and where, then how long: "she's been with us 9 seasons", "I've been here for six years";
- "been" where since a year or a month: "Been there since 2019", "Ana has been here since March" (a bare "I'm the
  chaplain there, have been since 2019" dates the post just said, not a stay of its own);
- what was just said, "done" for how long: "I play the harp with the orchestra, have done for 22 years";
- what one has been doing, then how long: "I've done this round for 14 years", "she's been teaching piano for
  twenty years";
- how long and where, set after a clause with a comma: "Vicenta is head cook, 22 years here",
  "retired maths teacher, 34 years at St. Teresa's".
A wait or an illness has no tenure ("I've been waiting for 20 minutes", "she's been ill for a week"): only
years, months, seasons and decades, and only with where one is, is with, or what one has been doing.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT
from ..extraction.patterns import NAME_WORD
from .models import Fact
from .person import about
from .rule_basics import TurnContext, resolve
from .vocabulary import NUMBER_SAID

_HOW_LONG = (rf"(?:(?:over|nearly|almost|about|around|more\s+than)\s+)?(?:{NUMBER_SAID}|a|an)\s+"
             r"(?:years?|yrs|months?|seasons?|decades?|terms?|summers?|winters?)")
_PLACE = r"(?-i:[A-Z][\w'’.&-]*(?:\s+(?:[A-Z][\w'’.&-]*|of|the|and))*)"
_WITH = (rf"(?:here|there|with\s+(?:us|them)|(?:with|at)\s+(?:(?:the|my|our|his|her)\s+)?{_PLACE}|(?:with|at)\s+(?:the|my|our|his|her)\s+(?:(?-i:(?!for\b|since\b)[a-z]+(?:\s+(?!for\b|since\b)[a-z]+)?))"
         rf"|in\s+{_PLACE}|doing\s+(?:it|this|that))")  # "at the club", "with the council", "in Leeds" (a town only; "at home" is a state)
_SINCE = rf"(?:\d{{4}}|(?i:{MONTH_ALT}))"
_BEEN_FOR = re.compile(rf"(?i)\bbeen\s+(?P<where>{_WITH})\s+(?:for\s+)?(?P<long>{_HOW_LONG})\b")
_BEEN_SINCE = re.compile(rf"(?i)\bbeen\s+(?P<where>{_WITH})\s+since\s+(?P<since>{_SINCE})\b")
_DONE_FOR = re.compile(rf"(?i)(?:\bhave|\bhas|['’]ve)\s+done\s+(?:it\s+|so\s+|that\s+)?(?:for\s+)?(?P<long>{_HOW_LONG})\b")
# what one has been doing, then how long: "I've done this round for 14 years", "she's been teaching piano for
# twenty years", "he has driven taxis for a decade" (years and the like only: "I've been waiting for 20 minutes" none)
_DOING_FOR = re.compile(rf"(?i)(?:\bhave|\bhas|['’]ve|['’]s)\s+(?:(?:been|just|now|actually)\s+)*(?P<what>(?!been\b|had\b|got\b|learning\b)"
                        rf"(?:[a-z]{{2,}}ing|done|worked|driven|taught|run|played|coached|managed|owned|kept|led|sung|farmed|"
                        rf"fished|nursed|cooked|baked|flown|sailed|trained|volunteered|studied|practised|practiced)"
                        rf"(?:\s+(?!for\b)[\w'’-]+){{0,4}}?)\s+(?:for\s+)?(?P<long>{_HOW_LONG})\b")
_SET_AFTER = re.compile(rf"(?i),\s*(?P<long>{_HOW_LONG})\s+(?P<where>here|there|with\s+(?:us|them)|(?:at|with)\s+{_PLACE})")
# "Our practice manager is Colm, 3 years with us": the name the post was said of is whose
_POST_IS_NAME = re.compile(rf"^(?:[Tt]he|[Oo]ur|[Mm]y)\s+[a-z-]+(?:\s+[a-z-]+)?\s+is\s+(?P<s>{NAME_WORD}(?:\s+{NAME_WORD})?)\s*,")
# whose tenure: the clause's subject, said first
_SUBJECT = re.compile(rf"^(?:(?:and|but|so|oh|well)\s+)?(?P<s>I|[Hh]e|[Ss]he|(?:[Mm]y|[Oo]ur)\s+[a-z-]+(?:\s+[a-z-]+)?"
                      rf"(?:\s+(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?{NAME_WORD})?|"
                      rf"{NAME_WORD}(?:\s+{NAME_WORD})?)(?=\s|,|['’])")
_NO_SUBJECT = re.compile(r"(?i)^(?:been|have\s+done|done|\d|a\s|an\s)")
_ABBREVIATED = re.compile(r"\b((?:St|Mt|Dr|Ft)\.),\s+(?=[A-Z])")
_IN_A_TOWN = re.compile(r"\s+in\s+[A-Z].*$")  # "at St. Teresa's in Ernakulam": the town is a fact of its own


def _whose(clause: str, ctx: TurnContext) -> str | None:
    said = clause.strip()
    if _NO_SUBJECT.match(said):
        return ctx.owner  # "Been there since 2019": the owner's, said without "I"
    m = _POST_IS_NAME.match(said) or _SUBJECT.match(said)
    if not m:
        return None
    who = resolve(m.group("s"), ctx)
    return None if who is None or who.lower() in ("it", "this", "that", "there") else who


def tenure(clause: str, ctx: TurnContext) -> list[Fact]:
    """The tenure a clause says, as one identity fact of whom it is about."""
    low = clause.lower()
    if "been" not in low and "done" not in low and "year" not in low and "season" not in low and "month" not in low:
        return []  # (the cheap look first: most clauses say none)
    clause = _ABBREVIATED.sub(r"\1 ", clause)  # "at St., Teresa's": a comma the reading put after an abbreviation
    found = _BEEN_FOR.search(clause) or _BEEN_SINCE.search(clause) or _DONE_FOR.search(clause) or _SET_AFTER.search(clause)
    doing = None if found else _DOING_FOR.search(clause)
    if not (found or doing) or not (who := _whose(clause[:doing.start()].rstrip() + "," if doing else clause, ctx)):
        return []  # (whose: the words before "has" or "'ve", "my mum has taught ...": my mum)
    if doing is not None:  # "I've done this round for 14 years": how long, with what one has been doing
        what = about(doing.group("what"), ctx.owner)
        what = what[:1].lower() + what[1:]
        return [Fact(who, "tenure", f"{doing.group('long')} {what}", "identity", 0.8,
                     f"{who} has {'been ' if what.endswith('ing') or ' ' in what and what.split()[0].endswith('ing') else ''}{what} for {doing.group('long')}")]
    if found is None:
        return []
    where = _IN_A_TOWN.sub("", found.groupdict().get("where") or "")
    if re.search(r"\s[A-Z][a-z]{0,3}\.$", where):
        return []  # "34 years at St." : the statement was cut at an abbreviation, where is not said whole
    at = re.sub(r"(?i)^doing\s+\w+$", "", where).strip()
    here = at.lower() in ("here", "there", "with us", "with them")
    if here and ctx.org and at.lower() in ("here", "with us"):
        at = f"at {ctx.org}"  # "Joe has been here 12 years", said in a team: at the team
    if found.re is _BEEN_SINCE:
        year = found.group("since")
        return [Fact(who, "tenure", f"since {year}", "identity", 0.8, f"{who} has been {at + ' ' if at else ''}since {year}")]
    value = found.group("long") + (f" {at}" if at and not here else "")
    return [Fact(who, "tenure", value, "identity", 0.8,
                 f"{who} has been {at + ' ' if at else 'doing it '}for {found.group('long')}")]


__all__ = ["tenure"]
