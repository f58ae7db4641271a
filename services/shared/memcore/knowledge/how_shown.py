"""A how-to the owner announces and tells in the same turn (issue 35, docs/formation-spec.md "process"):
"Do you want to know how to tie a bowline? You make a little loop, then the rabbit comes up through the
hole, then it goes round the tree", "Here's how we make kvass: you soak the bread, add sugar and yeast,
then leave it two days". The announcement names the thing ("how to / how you / how we VERB the thing");
the rest of the turn, told in the present as two steps or more, is its process: one card, the thing as
subject, the steps as said, the owner named in its text (it is the owner's own know-how). Pure regex
work (the turn is not parsed again); the steps are judged as how_asked.py judges an answer's.

Not read: an announcement with nothing after it ("Want to know how to make slime?": a question), steps
told in the past ("Here's how I fixed it: I took the back off, ..."), a single step, and a turn whose
readers made a process card already."""
from __future__ import annotations

import re

from ..extraction.lexicon import IRREGULAR_PAST
from .how_asked import in_place_of_steps, steps_only, told_as_steps
from .models import Fact
from .person import about
from .statement_basics import PROCESS_CERTAINTY
from .steps import handed_on

# "Do you want to know how to do X?", "Want to see how we make X?", "Here's how you tie X:", "This is how I cook X."
_ANNOUNCED = re.compile(
    r"(?i)^(?:(?:so|ok|okay|oh|well)\s*,?\s+)?(?:(?:do\s+you\s+)?(?:want|wanna)\s+(?:to\s+)?(?:know|see|hear)|here['’]?s|here\s+is|"
    r"this\s+is|that['’]?s|let\s+me\s+(?:tell|show)\s+you)\s+how\s+(?:to|you|we|i)\s+(?:usually\s+|always\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<thing>[^?:.!]{2,50}?)\s*(?P<end>[?:.!])\s*(?P<steps>\S.*)$", re.S)
_DETERMINERS = re.compile(r"(?i)^(?:(?:the|a|an|my|our|your|his|her|their|some)\s+)+")
_NOT_A_THING = frozenset("it this that them these those".split())
# past forms that are present forms too, or other words ("you put it in", "on the left")
_ALSO_PRESENT = frozenset("put cut hit set let shut hurt spread read cost quit split beat burst cast fit shed left found".split())


def _a_story(steps: str) -> bool:
    """"I put it on the roof, then drove off": a day told, no how-to (a past form, or "then ...ed")."""
    words = re.findall(r"[a-z]+", steps.lower())
    return any(w in IRREGULAR_PAST and w not in _ALSO_PRESENT for w in words) or bool(re.search(r"(?i)\bthen\s+[a-z]+ed\b", steps))


def shown(text: str, facts: list[Fact], owner: str, team: str | None = None) -> list[Fact]:
    """The turn's facts with the process card of a how-to the owner announces and tells in it (in place of
    the cards its steps were misread as); the facts as they are when the turn announces none."""
    if any(f.type == "process" for f in facts):
        return facts
    m = _ANNOUNCED.match(text.strip())
    if not m:
        return facts
    thing = _DETERMINERS.sub("", m.group("thing")).strip()
    answer = m.group("steps")
    if not thing or thing.lower() in _NOT_A_THING or len(thing.split()) > 5 or not told_as_steps(answer, True) \
            or _a_story(answer):
        return facts
    steps = handed_on(steps_only(answer))[0]
    said = about(steps, owner, team)
    how = f"{thing[:1].upper() + thing[1:]} ({team or owner}'s way)"
    if team:
        card = Fact(team, "process", thing, "process", PROCESS_CERTAINTY, f"{how}: {said}")
    else:
        card = Fact(thing, "process", said, "process", PROCESS_CERTAINTY, f"{how}: {said}")
    return in_place_of_steps(facts, card, steps)


__all__ = ["shown"]
