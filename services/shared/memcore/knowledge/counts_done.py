"""How many of something one had, made or did over a time (issue 35): "we had 212 nests last season", "I've done
about 300 hearings this year", "we sold 900 tickets over six nights", "my grandad caught 40 kilos of cod in
March".

A count of a season's or a year's work is worth a card (the note-taker keeps "212 nests last season" for the
turtle watch, "300 hearings this year" for the interpreter), but no reader took a count after a verb of doing:
the event readers want a date and a verb they know, the possession readers "have" in the present. `count_done`
reads the subject, a past or perfect verb of doing or getting, the count with its noun, and the time said with
it, as an episodic fact of whoever did it (the team for a team's "we").

Only a number counts ("212", "about 300", "forty"), with a noun after it: "we had a great time", "I did loads",
"we sold it" say nothing countable; the day's count ("I had 2 coffees this morning") is no card, and "had" or
"got" counts only with the time it was over ("last season"). "have/has" in the present ("I have 3 kids") is the possession readers';
a wish, a question or a plan never reaches this family (statement_check). Pure regex work on one clause.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import about
from .rule_basics import TurnContext, resolve
from .vocabulary import NUMBER_SAID

_DONE = ("had|sold|made|served|caught|planted|picked|raised|collected|hatched|did|done|ran|run|read|won|delivered|grew|"
         "grown|harvested|counted|got|built|baked|fixed|repaired|treated|seen|saw|rescued|taught|trained|recorded|"
         "produced|shipped|published|released|wrote|written|cooked|sewn|knitted|climbed|swum|cycled|walked|flew|flown|"
         "drove|driven|visited|welcomed|hosted|fed|housed|adopted|rehomed|tagged|ringed|released")
_COUNT = (rf"(?:(?:about|around|over|nearly|almost|only|just|roughly|more\s+than|at\s+least|like)\s+)?"
          rf"(?:{NUMBER_SAID}|[0-9][0-9,.]*)(?:\s*(?:-|to|or)\s*(?:{NUMBER_SAID}|[0-9][0-9,.]*))?")
_SUBJECT = (r"(?P<subj>(?i:I|we)|(?i:my|our)\s+[a-z-]+(?:\s+[A-Z][\w'’-]+)?|(?-i:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?))")
_COUNTED = re.compile(rf"^{_SUBJECT}(?:\s+(?i:have|has)|['’]ve|['’]s)?(?:\s+(?i:already|just|probably|also|now))?\s+"
                      rf"(?P<verb>(?i:{_DONE}))\s+(?P<count>{_COUNT})\s+(?P<noun>(?!(?:times?|of\s+them|of\s+it)\b)[a-z][\w'’-]*"
                      r"(?:\s+(?:of\s+)?[a-z][\w'’-]*){0,3}?)(?P<when>(?:\s+(?:this|last|in|over|during|since|so\s+far)\b.*)?)$",
                      re.I)
_A_TIME = re.compile(r"(?i)^\s*(?:(?:this|last)\s+(?:year|season|month|week|summer|winter|spring|autumn|term)|"
                     r"in\s+(?:19|20)\d\d|in\s+(?-i:[A-Z][a-z]+)|over\s+[\w\s]{3,30}|during\s+[\w\s]{3,30}|since\s+[\w\s]{3,30}|"
                     r"so\s+far(?:\s+this\s+\w+)?)")


_MOMENT = re.compile(r"(?i)\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening)|last\s+night|earlier|just\s+now)\b")


def count_done(clause: str, ctx: TurnContext) -> list[Fact]:
    """"We had 212 nests last season": an episodic fact of whoever had them, with the count and its time."""
    said = re.sub(r"(?i)^(?:um+|uh+|so|and|well|oh)\s*,?\s+", "", clause.strip().rstrip(".!"))
    m = _COUNTED.match(said)
    if not m:
        return []
    subj = m.group("subj")
    if subj.lower() == "i":
        who = ctx.owner
    elif subj.lower() == "we":
        who = ctx.org or ctx.owner
    else:
        who = resolve(subj, ctx) or ""
    if not who or who.lower() in ("it", "there", "this", "that"):
        return []
    when = _A_TIME.match(m.group("when") or "")
    if _MOMENT.search(m.group("when") or "") or m.group("verb").lower() in ("had", "got") and not when:
        return []  # "I had 2 coffees this morning": the day's; "I had 3 brothers": no count of a time's work
    value = f"{m.group('count')} {m.group('noun')}" + (f" {when.group(0).strip()}" if when else "")
    line = about(said if not when else said[:m.start("when")] + " " + when.group(0).strip(), ctx.owner, team=ctx.org) \
        if ctx.org else about(said if not when else said[:m.start("when")] + " " + when.group(0).strip(), ctx.owner)
    return [Fact(who, m.group("verb").lower(), value, "episodic", 0.8, line)]


__all__ = ["count_done"]
