"""Where someone is just now, which a note-taker does not keep (issue 35): "Mum's at the shops", "Dad is at
work till 6", "my husband is at the gym", "the boss is off today", "Kalani is working from home today",
"I'm at my nan's". Pure: facts and their lines in, facts out.

Where a person happens to be this hour is no lasting fact (not where they live, work or study), no habit (no
"every"), no event worth next week: the readers that keep "X is <anything>" as a plain fact kept it as one.
What is kept:
- a stay said with a span beyond today, or a stay worth knowing later ("Dad is in Lagos this week", "she's on
  holiday until Friday", "Grandpa is in hospital"): an episodic card, as the event readers write one; a card
  that kept such a stay ("in hospital", "in Osaka till Thursday") as a plain fact, a habit or a tie's line
  becomes that episodic card;
- where someone studies or works, said with a name ("she's at Leeds Uni", "he's at Hillside Primary"), and a
  habit said with "every" or a weekday ("Dad is at work every Saturday"): not a passing state.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .models import Fact

# Places one goes to and comes back from within a day, said after "at" ("at the shops", "at work", "at
# my nan's", "at Ayo's", "at a meeting"); a capitalised name after "at" is an institution, not an errand.
_ERRANDS = (r"(?!(?:uni|university|college|sea|war|peace|risk|odds|ease|fault|large|least|best|heart|first|last|all|it|"
            r"times|once|the|a|an|my|his|her|their|our|your|this|that|some|one)\b)[a-z]+\b|"  # a bare noun: "at work", "at school", "at football", "at church"
            r"the\s+(?:shops?|supermarket|market|gym|pool|pub|office|park|library|doctor['’]?s|dentist['’]?s|hairdresser['’]?s|"
            r"barber['’]?s|hospital|clinic|vet['’]?s|beach|cinema|station|airport|match|game|bank|post\s+office|allotment|"
            r"club|cafe|café|shop|site|depot|yard|farm)|an?\s+(?:meeting|appointment|party|sleepover|match|game|conference|"
            r"course|wedding|funeral)|(?:(?:my|his|her|their|our|your)\s+[a-z]+|(?:[A-Z][a-z]+\s+)?[A-Z][a-z]+)['’]s(?!\s+[a-z])")
# (someone's home, "at my nan's", "at Auntie Efua's"; not a thing's place, "at Miss Patsy's shop")
# A time within today: "till 6", "today", "right now", "this afternoon", "for the day".
_TODAY = (r"today|tonight|now|right\s+now|just\s+now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening)|still|"
          r"for\s+(?:the\s+day|now|an\s+hour|a\s+bit|a\s+while)|all\s+day|(?:till|until)\s+(?:\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?|"
          r"late|lunch(?:time)?|tonight|later|noon|midday|the\s+evening|teatime)")
# Within today for certain (not "now", which also says what has changed: "she's at a new school now").
_NOW = r"today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening)|(?:till|until)\s+\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?"
_BE = r"(?:is|are|am|was|['’]s|['’]re|['’]m)"
# "at the shops", "at work till 6", "off today", "out right now", "working from home today", "in a meeting" (said
# alone too: "my boss is in a meeting", "she's on the phone" are this hour's)
_PASSING = re.compile(
    rf"(?:^|\b{_BE}\s+)(?:(?:still|just|only|now|currently|probably)\s+)*(?:"
    rf"(?:(?:out|down|over|round|up)\s+)?at\s+(?:{_ERRANDS})(?:\s+(?!(?:every|on\s+[A-Z]|on\s+\w+days)\b)\S.*)?$"
    rf"|(?:off(?:\s+sick)?|out|away|in\s+bed|in\s+the\s+(?:bath|shower|garden)|in\s+an?\s+(?:meeting|lesson|class)|"
    rf"on\s+(?:a\s+)?(?:break|call|shift|duty|the\s+phone|the\s+way\s+\w+))\s+(?:{_TODAY})\b[\s.!]*$"
    rf"|(?:in\s+bed|in\s+the\s+(?:bath|shower)|in\s+an?\s+(?:meeting|lesson)|on\s+(?:a\s+)?(?:break|call|the\s+phone))[\s.!]*$"
    rf"|working\s+from\s+home(?:\s+(?:{_TODAY}))?[\s.!]*$"
    rf"|at\s+(?!(?:uni|university|college)\b)[a-z][\w'’ ]*?\s+(?:{_NOW})[\s.!]*$"
    rf"|in\s+(?:a\s+)?[A-Z][a-z]+\s+(?:{_TODAY})\b[\s.!]*$)")
_HABIT = re.compile(r"(?i)\b(?:every|each|usually|always|often|sometimes|weekends?|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|"
                    r"sun)days)\b")
_IN_HOSPITAL = re.compile(r"(?i)^(?:in|at)\s+(?:the\s+)?hospital\b")
# A stay said with a span beyond today: "in Osaka till Thursday", "away next week", "off until the 14th".
_A_STAY = re.compile(r"(?i)^(?:in|at|on|away|off|out)\b.*\b(?:this\s+(?:week|weekend|month)|next\s+(?:week|weekend|month)|"
                     r"(?:till|until)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d|\d{1,2}(?:st|nd|rd|th)\b|"
                     r"next|the\s+end|[A-Z][a-z]+\s+\d)|for\s+(?:a|two|three|\d+)\s+(?:weeks?|days|months?))\b")
# The readers whose card says where someone is: a plain "is", a tie's line, where one works (read from "at").
_WHERE_PREDICATES = frozenset("is works_for works_at works_in routine".split())


def passing(line: str) -> bool:
    """Whether a line (or the part after "is") says only where someone is within today ("Dad is at work till 6",
    "at the shops", "off sick today", "is working from home today")."""
    said = line.strip(" .!")
    return bool(_PASSING.search(said)) and not _HABIT.search(said) and not _IN_HOSPITAL.match(said)


def without_passing(facts: list[Fact]) -> list[Fact]:
    """The facts without those that keep where someone is just now; "X is in hospital" kept as a plain fact or a
    tie's line becomes an episodic card (a stay worth knowing later)."""
    out = []
    for f in facts:
        if f.type in ("episodic", "safety", "process", "preference", "skill"):
            out.append(f)
            continue
        if f.predicate == "is" and (_IN_HOSPITAL.match(f.value) or _A_STAY.search(f.value)):
            out.append(replace(f, predicate="event", type="episodic"))  # a stay worth knowing next week
            continue
        if f.predicate in _WHERE_PREDICATES and (passing(f.value) and f.predicate == "is" or passing(f.text)):
            continue
        out.append(f)
    return out


__all__ = ["passing", "without_passing"]
