"""A level said beside something being learnt (issue 35, docs/formation-spec.md "skill": abilities and
progress): "I'm learning Korean for work. Still B1, the grammar is hard", "I've been learning the cello
since spring. Grade 3 now", "I'm learning to swim. I'm on level 4 already". The level is a skill card of
the owner's, with what is being learnt beside it ("Korean B1"). Pure regex work on the turn's reading
and on the cards its readers drew (the turn is not parsed again).

The level is a closed class: a CEFR band (A1 to C2), "grade/level/stage N", a coloured belt, "N kyu/dan".
It is read only where the sentence says it of the owner: a sentence that opens on it ("Still A2", "Grade 3
now") or "I'm (at/on) ...", "I've (got/reached/passed) ...". What is learnt comes from the turn's learning
card or from "in X" after the level ("level 4 in swimming"); with neither the level is left unread:
"She's in 9th grade", "we need a teacher with C1", "I'm on level 3 of the car park" are no one's progress."""
from __future__ import annotations

import re

from .certainty import certainty
from .models import Fact

_LEVEL = (r"(?:[ABC][12]|(?i:grade|level|stage)\s+\d{1,2}|(?i:white|yellow|orange|green|blue|purple|brown|red|black)\s+belt|"
          r"\d{1,2}(?:st|nd|rd|th)?\s+(?i:kyu|dan))")
_STILL = r"(?:(?:still|now|already|only|just|finally|nearly|almost)\s+)?"
# the sentence opens on the level, or the owner says they are at it or got to it
_SAID = re.compile(rf"(?:^|(?<=[.!?;]\s))(?:(?i:{_STILL})(?i:an?\s+)?(?P<bare>{_LEVEL})|"
                   rf"(?i:i\s*['’]?\s*(?:am|m)\s+{_STILL}(?:at|on)?\s*|i\s*(?:['’]ve|\s+have)\s+{_STILL}(?:got(?:\s+to)?|reached|passed)\s+)"
                   rf"(?i:an?\s+)?(?P<said>{_LEVEL}))(?:\s+(?i:in|at|for)\s+(?P<thing>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?))?")
_LEARNING = frozenset(("learning", "learns", "studying", "studies", "practising", "practicing", "taking"))
_LEARNING_WORDS = re.compile(r"(?i)^(?:(?:learning|studying|how)\s+(?:to\s+)?|to\s+|the\s+)+")
_CARDS_OF_THE_LEVEL = frozenset(("episodic", "semantic"))  # "Grade 3 now the exam is in June" read as an event


def _learnt(facts: list[Fact], owner: str) -> str | None:
    for f in facts:
        if f.type == "skill" and f.subject == owner and f.predicate in _LEARNING:
            thing = _LEARNING_WORDS.sub("", f.value.strip()).strip()
            return thing.split(" for ")[0].strip() or None
    return None


def levels_said(text: str, facts: list[Fact], owner: str) -> list[Fact]:
    """The turn's facts with a skill card for each level the owner says of themselves beside what they learn
    (in place of an event or fact card the level's sentence was misread as); the facts as they are when no
    level is said, or nothing being learnt goes with it."""
    out = list(facts)
    for m in _SAID.finditer(text):
        level = (m.group("bare") or m.group("said")).strip()
        thing = re.sub(r"(?i)\s+(?:now|already|too|again|though|lol)$", "", m.group("thing") or "") or _learnt(facts, owner)
        if not thing or any(f.predicate == "level" and level.lower() in f.value.lower() for f in out):
            continue
        out = [f for f in out if not (f.type in _CARDS_OF_THE_LEVEL and level.lower() in f.value.lower())]
        said = re.split(r"[.!?;]", text[m.start():], maxsplit=1)[0]
        out.append(Fact(owner, "level", f"{thing} {level}", "skill", certainty(said), f"{owner} is at {level} in {thing}"))
    return out


__all__ = ["levels_said"]
