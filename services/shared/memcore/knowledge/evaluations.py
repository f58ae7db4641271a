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
from .parse import Sentence, Tok
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


# a verdict said after a clause about what it did: ", its the best", ", they're amazing"
_AFTER = re.compile(rf"^(?:(?:it['’]?s|its|it\s+is|they['’]re|they\s+are|that['’]?s|thats)\s+|(?:honestly|literally|just)\s+)"
                    rf"(?:(?i:so+|really|super|honestly|literally)\s+)*(?:{_GOOD})[\s!.]*$", re.I)  # ", honestly the best thing ever"


# what someone makes for others to eat or enjoy: praised, it is the owner's liking ("my nana makes the best scones")
_MAKING = frozenset("make cook bake brew fry grill roast knit sew".split())
# what praises a made thing as said before it: "the best", "amazing", "the yummiest" ("terrible coffee" is no liking)
_PRAISE = frozenset("best amazing incredible delicious yummy yummiest tastiest fantastic wonderful awesome perfect "
                    "gorgeous lush".split())


def _named(s: Sentence, thing: Tok) -> str:
    return " ".join([t.text for t in s[:thing.i] if t.head == thing.i and t.dep in ("compound", "amod")
                     and t.tag != "JJS" and t.lower not in _PRAISE] + [thing.text])


def praised_objects(s: Sentence, owner: str) -> list[Fact]:
    """What the owner did that a verdict after a comma praises ("we go to nani's and eat nihari, its the best":
    Mia likes nihari): the last thing done before the comma, when "I" or "we" did it, or made when someone else
    did ("my nana made panipopo, its the best"); and what someone else makes "the best" of ("my grandad makes the
    best pancakes": Mia likes pancakes)."""
    out = []
    for made in s:
        by = s[made.head]
        if made.dep == "dobj" and made.pos in ("NOUN", "PROPN") and by.lemma in _MAKING and any(
                k.head == made.i and k.lower in _PRAISE and k.dep == "amod" for k in s):
            maker = next((k for k in s if k.head == by.i and k.dep == "nsubj"), None)
            if maker is not None and maker.lower not in ("i", "we", "you"):
                out.append(Fact(owner, "likes", _named(s, made), "preference", 0.8, f"{owner} likes {_named(s, made)}"))
    for c in [t for t in s if t.text == ","]:
        after = " ".join(t.text for t in s[c.i + 1:]).replace(" 's", "'s").replace(" 're", "'re")
        thing = next((t for t in reversed(s[:c.i]) if t.dep == "dobj" and t.pos in ("NOUN", "PROPN")), None)
        if thing is None or not _AFTER.match(after.strip()):
            continue
        verb = s[thing.head]
        doer = next((k for k in s if k.head in (verb.i, verb.head) and k.dep == "nsubj"), None)
        if doer is not None and (doer.lower in ("i", "we") or verb.lemma in _MAKING and doer.lower != "you"):
            out.append(Fact(owner, "likes", _named(s, thing), "preference", 0.8, f"{owner} likes {_named(s, thing)}"))
    return out


__all__ = ["evaluations", "praised_objects"]
