"""What there is in a place of the owner's world, said with "there is/are" (issue 35).

"There are 30 kids in my class", "there's a pool at our school", "there are newts in the pond behind our
house", "there were 212 nests on the beach last season": the same fact as "my class has 30 kids" (which the
readers know), said the other way round; no reader took "there" for a subject, so nothing was kept. `there_is`
gives it as the place's: "<place> has <what>".

Kept only when it lasts or is counted: what there is is counted ("30 kids", "about 200 members", "lots of
foxes"), or the place is a place one lives in, belongs to or goes to (a town, a village, a school, a street, a
pond; a name). "There are so many questions in my head" is neither. "There's a spider in my room", "there's a problem with my phone", "there's no milk in the
fridge" are the moment's, no fact. A past count is kept with its time ("last season") as an event of the place.
Pure regex work on one clause, a family of rules.FAMILIES.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import about
from .rule_basics import TurnContext
from .vocabulary import NUMBER_SAID

_COUNT = (rf"(?:(?:about|around|over|nearly|almost|only|just|roughly|more\s+than|at\s+least)\s+)?"
          rf"(?:{NUMBER_SAID}|[0-9][0-9,.]*|lots\s+of|loads\s+of|plenty\s+of|hundreds\s+of|thousands\s+of|dozens\s+of)")
_THERE = re.compile(r"(?i)^there\s*(?:['’]s|is|are|were|was|['’]re)\s+")
_WHAT_WHERE = re.compile(rf"(?i)^(?P<what>(?:(?P<count>{_COUNT})\s+|(?P<one>a|an)\s+)?(?P<noun>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,3}}?))"
                         r"(?:\s+(?:too|also|as\s+well))?\s+(?P<prep>in|at|on|near|behind|outside|around|by|across)\s+"
                         r"(?P<where>(?:my|our|his|her|their|the)\s+[a-z][\w'’-]*(?:\s+(?!(?:in|at|on|near|behind|by|of|every|each|last|this|"
                         r"next|too|also|and|but|so|with|from|for|to|you|me|i|we|they|he|she|it|that|which|who)\b)[a-z][\w'’-]*)?|"
                         r"(?-i:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*))(?P<rest>.*)$")
# places one lives in or belongs to: what there is in them lasts ("there's a pool at our school")
_HOMELY = frozenset("town village city street road area neighbourhood neighborhood island valley school class college "
                    "uni university building estate block farm garden house flat office club team church mosque "
                    "temple hospital ward park beach country region pond lake river sea forest wood woods field hills "
                    "mountains yard harbour port bay".split())
_NOT_A_THING = frozenset("problem issue thing lot bit way time nothing something anything one no".split())
_MOMENT = re.compile(r"(?i)\b(?:today|tonight|right\s+now|now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening))\b")
_PAST = re.compile(r"(?i)^there\s+(?:were|was)\b")
_WHEN = re.compile(r"(?i)\b(?:last|this|every|each)\s+(?:season|year|summer|winter|spring|autumn|term|month|week|[a-z]+day)\b|"
                   r"\bin\s+(?:19|20)\d\d\b|\bon\s+[a-z]+days\b")


def there_is(clause: str, ctx: TurnContext) -> list[Fact]:
    """"There are 30 kids in my class": the place's fact ("Ana's class has 30 kids"), or none."""
    said = clause.strip().rstrip(".!")
    there = _THERE.match(said)
    if not there:
        return []
    m = _WHAT_WHERE.match(said[there.end():])
    if not m:
        return []
    noun, where = m.group("noun"), m.group("where")
    place_word = where.split()[-1].lower()
    if noun.split()[0].lower() in _NOT_A_THING or noun.split()[-1].lower() in _NOT_A_THING:
        return []  # "there's a problem with ...", "there's nothing in ..."
    counted = m.group("count") is not None
    named = where[:1].isupper()
    if not (counted or named or place_word in _HOMELY):
        return []  # "there's a spider in my room": the moment's
    rest = m.group("rest").strip(" ,")
    if _MOMENT.search(rest):
        return []  # "there are loads of people at the park today": the day's
    if re.search(r"(?i)\b(?:you|your)\b", rest) or where.split()[0].lower() == "your":
        return []  # "there are two options in the menu you gave me": the chat's own things
    past = _PAST.match(said) is not None
    when = _WHEN.search(rest)
    if past and not when:
        return []  # "there was a fox in the garden": something that happened, said without when
    place = about(where, ctx.owner)
    place = place[:1].lower() + place[1:] if place.split()[0].lower() == "the" else place
    value = m.group("what") + (f" {when.group(0)}" if when else "")
    text = f"{place[:1].upper()}{place[1:]} {'had' if past else 'has'} {value}"
    kind = "episodic" if past else "routine" if when and re.match(r"(?i)every|each|on\s", when.group(0)) else "semantic"
    return [Fact(place, "had" if past else "has", value, kind, 0.8, text)]  # ("every Saturday": the place's habit)


__all__ = ["there_is"]
