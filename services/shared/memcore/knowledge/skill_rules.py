"""The skills family of the fact rules (rules.FAMILIES): what one can do, is learning, is good at or
passed. Pure regex work on one clause."""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import _ADV, _SUBJ, TurnContext, _as_said, items_of, resolve
from .vocabulary import BECOMING_CONDITION, EMPTY_OBJECTS, HYPERBOLE

_CAN = re.compile(rf"^{_SUBJ}\s+(?i:can|could)\s+(?i:now\s+|finally\s+|already\s+|actually\s+)?(?P<v>(?!(?i:you|not|never)\b)"
                  r"[a-z][^,;]{2,60})$")
_LEARN = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:learned|learnt|am\s+trying\s+to\s+learn|is\s+trying\s+to\s+learn|am\s+learning|is\s+learning|have\s+been\s+learning|has\s+been\s+"
                    r"learning|started\s+learning|am\s+practising|am\s+practicing|taught\s+myself|(?:am|is|are)\s+(?:finally\s+|slowly\s+|really\s+)?getting\s+the\s+hang\s+of)\s+(?:(?i:how\s+)?(?i:to)\s+)?"
                    r"(?P<v>[A-Za-z][^,;]{1,60})$")
_WAY_BACK = frozenset("back home again around round".split())
_HANG_OF = re.compile(r"(?i)(\bgetting\s+the\s+hang\s+of\s+[^,;]+),.*$")
_GOOD_AT = re.compile(rf"^{_SUBJ}\s+(?i:am|is|are|got)\s+{_ADV}(?i:good|great|brilliant|better)\s+at\s+(?P<v>[^,;]{{2,60}})$")
# where, when and with whom a skill is learnt, not what is learnt: "to swim | at the leisure centre on Fridays
# with my dad", "Turkish | on the side", "Spanish | in the evenings" ("to read in French", "to decorate with fondant":
# what is learnt)
_LEARNT_WHERE = re.compile(r"\s+(?:(?i:at|on|from|every|each|twice|once|during|before|after)|(?i:in)\s+(?:(?i:the|a|an|my|our|his|her|their)|\d+)"
                           r"|(?i:with)\s+(?:(?i:my|our|his|her|their)|[A-Z]\w*))\b.*$")  # ("decorate with fondant": how)


def learnt(value: str) -> str:
    """What is learnt, without where, when and with whom (a habit's reader keeps those: rules_and_times.habit)."""
    return _LEARNT_WHERE.sub("", value) or value
_PASSED = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:passed|got|earned|won|achieved|finished)\s+(?i:my|her|his|a|the|our)\s+"
                     r"(?P<v>[^,;]{0,40}?(?i:test|exam|grade\s+\d+|badge|belt|certificate|award|level\s+\d+|stage\s+\d+))")


def skills(clause: str, ctx: TurnContext) -> list[Fact]:
    clause = _HANG_OF.sub(r"\1", clause)  # "I'm getting the hang of the clutch, took me ages": the remark is no part of it
    learned = re.match(rf"^{_SUBJ}\s+{_ADV}(?i:learned|learnt|taught\s+myself)\b", clause)
    for rx, pred, verb in ((_LEARN, "learned" if learned else "learning", "learned" if learned else "is learning"), (_GOOD_AT, "good_at", "is good at"),
                           (_PASSED, "achieved", "got"), (_CAN, "can", "can")):
        m = rx.match(clause)
        if not m or not (who := resolve(m.group("subj"), ctx)):
            continue
        if pred == "can" and HYPERBOLE.search(clause):
            continue  # "I could eat dumplings every day": a liking, no ability
        if pred == "can" and BECOMING_CONDITION.search(m.group("v")):
            continue  # "I can drive the quad bike when I'm 12": a promise, not an ability (clause_parts.awaits_becoming)
        # what is learnt, without why or when ("WhatsApp so I can see the grandchildren": two facts)
        v = re.split(r"\s+(?i:so|because|since|when|while|if|but|though|although|than)\s+", m.group("v"))[0].strip(" .!")
        v = re.sub(r"\s+(?i:now|already|too|as\s+well)$", "", v)
        if pred in ("learning", "learned"):
            v = learnt(v)
        words = v.lower().split()
        if words[0] in EMPTY_OBJECTS or (pred == "can" and words[0] in (
                "go", "come", "have", "get", "see", "be", "help", "try", "ask")) or (
                words[0] == "do" and (len(words) < 3 or words[1] in EMPTY_OBJECTS)):  # "I can do that"
            continue
        if pred == "achieved":
            return [Fact(who, pred, v, "skill", 0.8, f"{who} got {'their' if who == ctx.owner else 'their'} {v}")]
        to = pred in ("learning", "learned") and re.search(r"(?i)\blearn\w*\s+(?:how\s+)?to\b", clause)
        shown = f"{verb} to" if to else verb
        # "I can swim and ride a bike", "good at maths and science": one fact a skill
        out = []
        items = items_of(v) if not to and re.search(r",|\sand\s", v) else [v]
        if any(i.lower() in _WAY_BACK for i in items):
            items = [v]  # "row to the rock and back": one way there and back, not a second skill "back"
        for item in items:
            out.append(Fact(who, pred, item, "skill", 0.8, f"{who} {shown} {_as_said(item, ctx)}"))
        return out
    return []
