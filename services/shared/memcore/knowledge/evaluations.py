"""Likes and dislikes said as a verdict on the thing (issue 35): children judge more than they say
"I like". "broccoli is yucky", "Minecraft is the best game ever", "maths is sooo boring", "my nan's
curry is the best" give the owner's preference for the thing judged.

Only a thing is judged here: a person ("my teacher is the best", "Ruby is so annoying"), a pronoun
("it's the best", "they're gross") or something pointed at ("this story is amazing": talk about the
chat itself) gives nothing, nor does a verdict in the past ("lunch was yucky": how one day went).
Pure regex work on one clause.
"""
from __future__ import annotations

import re

from .models import Fact
from .vocabulary import RELATIONS

_GOOD = (r"yummy|delicious|tasty|the\s+best(?:\s+[a-z]+)?(?:\s+ever)?|my\s+favou?rite(?:\s+[a-z]+)?|awesome|amazing|"
         r"brilliant|epic|so\s+much\s+fun|really\s+fun|super\s+fun|the\s+coolest(?:\s+[a-z]+)?")
_BAD = (r"yucky|yuck|disgusting|gross|horrible|horrid|the\s+worst(?:\s+[a-z]+)?(?:\s+ever)?|boring|so\s+boring|"
        r"rubbish|nasty|icky|revolting")
# the thing judged: up to four words ending on a common noun (lower case: "Ruby is the best" names a person)
_VERDICT = re.compile(rf"^(?P<thing>(?:[A-Za-z][\w'’-]*\s+){{0,3}}[a-z][a-z'’-]*)\s+"
                      rf"(?i:is|are)\s+(?:(?i:so+|really|super|well|just|the\s+most)\s+)*"
                      rf"(?:(?P<good>(?i:{_GOOD}))|(?P<bad>(?i:{_BAD})))\s*[!.]*$")
_NOT_A_THING = re.compile(r"(?i)^(?:it|that|this|these|those|he|she|they|you|we|i|everything|everyone|nothing|life|"
                          r"today|tomorrow|yesterday|school\s+today|(?:this|that|these|those|your|his|her|their|the)\s+.+)$")
# whose the thing is ("my nan's curry", "auntie Chioma's puff puff") is not what is liked
_POSSESSOR = re.compile(r"^(?:(?i:my|our)\s+)?(?:[A-Za-z]+\s+)?[A-Za-z]+['’]s\s+|^(?i:my|our)\s+")


def evaluations(clause: str, owner: str) -> list[Fact]:
    """The owner's like or dislike of the thing a clause judges, if it judges a thing."""
    m = _VERDICT.match(clause.strip())
    if not m or _NOT_A_THING.match(m.group("thing")):
        return []
    value = _POSSESSOR.sub("", m.group("thing").strip())
    if not value or value.split()[-1].lower() in RELATIONS:
        return []  # "my teacher is the best": a person, not a taste
    if m.group("good"):
        return [Fact(owner, "likes", value, "preference", 0.8, f"{owner} likes {value}")]
    return [Fact(owner, "dislikes", value, "preference", 0.8, f"{owner} doesn't like {value}")]


__all__ = ["evaluations"]
