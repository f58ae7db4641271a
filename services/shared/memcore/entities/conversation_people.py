"""Who a conversation is about (pure): the people its previous turns were linked to, and the one
person it was last about.

The write path fetches the rows (memory_api.coreference.SessionPeople: the people linked to the
session's last turns, and whether a later turn named a known name without being linked); these
functions decide over them, so that any reader of a conversation's turns can reach the same answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Hashable, Iterable, Sequence, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Turn(Generic[K]):
    """A previous turn that named someone: its number and its people with their link role
    ("subject": the turn defines them; "mention": it names them in passing), subjects first."""

    seq: int
    people: tuple[tuple[K, str], ...]


def turns(rows: Iterable[tuple[int, K, str]]) -> list[Turn[K]]:
    """Group (turn number, person, link role) rows, fetched latest turn first and subjects first
    within a turn, into turns; a person linked twice in a turn counts once, with its first role."""
    grouped: list[tuple[int, list[tuple[K, str]]]] = []
    for seq, person, role in rows:
        if not grouped or grouped[-1][0] != seq:
            grouped.append((seq, []))
        if person not in [p for p, _ in grouped[-1][1]]:
            grouped[-1][1].append((person, role))
    return [Turn(seq, tuple(people)) for seq, people in grouped]


def active(previous: Sequence[Turn[K]]) -> frozenset[K]:
    """Everyone the previous turns named: context for a first name alone among namesakes (the
    namesake discussed lately gets a lead, matching.ACTIVE_BONUS)."""
    return frozenset(p for turn in previous for p, _ in turn.people)


def discussed(previous: Sequence[Turn[K]], moved_on: bool) -> K | None:
    """The person the conversation was last about: the one person of the latest turn that named
    someone, or that turn's one subject.

    None when that turn named several people with no single subject ("Tom and Sarah came round":
    "he" could be either), or when `moved_on`: a later turn named a known person's name without
    being linked to anyone, a namesake nobody could tell apart, so the conversation has moved on to
    someone unknown ("I saw Tom Baker. ... Then Tom, not that one, called." - a following "he" is
    not Tom Baker)."""
    if not previous or moved_on:
        return None
    people = previous[0].people
    if len(people) == 1:
        return people[0][0]
    subjects = [p for p, role in people if role == "subject"]
    return subjects[0] if len(subjects) == 1 else None
