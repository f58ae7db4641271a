"""The fact a turn teaches, in the seed's slot form."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    subject: str  # who or what it is about: the owner's name, a person, a pet, an organisation
    predicate: str  # snake_case: likes, fears, age, best_friend, routine, can, must_avoid ...
    value: str
    type: str  # preference, relationship, identity, routine, skill, safety, process, semantic, episodic
    certainty: float  # how it was said: hedged, hearsay, plain, emphatic
    text: str  # the canonical line: "Mia loves horses", "Noah is Mia's best friend"
