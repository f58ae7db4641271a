"""What one can or cannot do, said with the thing first (issue 35): "the fast part I can't do yet", "that trick she
can do already", "those high notes I still can't reach". The object said before the subject, a verb of ability after
"can"/"can't" and nothing after it but a word of time or degree: the same card as "I can't do the fast part yet".
"That song I can't stand" is a dislike, said the same way. A time said first ("this week I can't do") is no thing one
does. Pure regex work on one clause, as the other families (rules.py).
"""
from __future__ import annotations

import re

from ..extraction.lexicon import TIME_WORDS
from .models import Fact
from .person import about
from .rule_basics import _NAME_SUBJ, TurnContext, resolve
from .verb_classes import ABILITY_VERBS

# verbs one does a thing with, as an ability: the verb classes' own, and a few said of a part of a piece or a move
_DOING = ABILITY_VERBS | frozenset("reach hit land manage hold lift carry fix solve finish pronounce".split())
_TIMES = TIME_WORDS | frozenset("day days week weeks weekend month year term time season morning afternoon evening night".split())
_FRONTED = re.compile(
    rf"^(?P<obj>(?i:the|that|this|those|these)\s+(?:[a-z'-]+\s+){{0,4}}?[a-z'-]+)\s*,?\s+"
    rf"(?P<subj>(?i:I|he|she|we)|{_NAME_SUBJ})\s+(?:(?i:still|just|only|really|already|now)\s+)?"
    r"(?P<modal>(?i:can['’]?t|cannot|can\s+not|can))\s+(?:(?i:still|just|really|already|now|easily)\s+)?"
    r"(?P<verb>[a-z]+)(?P<tail>(?:\s+(?i:yet|at\s+all|anymore|any\s+more|properly|now|already|too|easily|well|"
    r"all\s+the\s+way|on\s+my\s+own|by\s+myself))*)\s*[.!]*$")


def fronted_objects(clause: str, ctx: TurnContext) -> list[Fact]:
    """One skill card (can / cannot), or a dislike for "can't stand", when the thing done is said first."""
    m = _FRONTED.match(clause.strip())
    if not m:
        return []
    obj, verb = m.group("obj"), m.group("verb").lower()
    obj = obj[:1].lower() + obj[1:]  # "The fast part" as the sentence began it: "the fast part"
    if obj.split()[-1].lower() in _TIMES or not (who := resolve(m.group("subj"), ctx)):
        return []  # "this week I can't do": when, not what
    negative = not re.fullmatch(r"(?i)can", m.group("modal"))
    said = about(f"{m.group('subj')} {m.group('modal')} {verb} {obj}{m.group('tail')}".strip(), ctx.owner, team=ctx.org)
    said = said if who == ctx.owner else re.sub(r"^(?i:he|she)\b", who, said)
    if verb in ("stand", "bear") and negative:
        return [Fact(who, "dislikes", obj, "preference", 0.8, said)]  # "that song I can't stand"
    if verb not in _DOING:
        return []  # "that one I can't afford", "this I can't believe": no ability
    return [Fact(who, "cannot" if negative else "can", f"{verb} {obj}", "skill", 0.8, said)]


__all__ = ["fronted_objects"]
