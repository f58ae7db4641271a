"""Where a team's member works, in the team's own account, goes without saying when the turn says what
they do there (issue 35, docs/formation-spec.md: the note-taker writes what is worth knowing). Pure.

In an organisation's own account the organisation is who "we" is: "I'm Odile, I run the front desk at
Larkspur Dental" tells the owner's post ("Odile runs the front desk"), not that Odile works at Larkspur
Dental, which the account already is. team.introduction drops that card when the introduction itself
names a post ("Odile, receptionist at Larkspur Dental"); the same holds when the post is said in another
clause of the turn ("hi, Odile from Larkspur Dental, I do the front desk"). A turn that says only where
one works ("Odile from Larkspur Dental.") keeps it: it is all the turn tells of her.
"""
from __future__ import annotations

from .models import Fact
from .vocabulary import WORKPLACES

# what one does at the team: a post, a job, what one runs or manages
_POSTS = frozenset("role job runs manages leads handles coordinates".split())


def without_own_workplace(cards: list[Fact], owner: str, team: str | None) -> list[Fact]:
    """The turn's cards without the owner's card of working at `team` (the account's organisation) when
    another card of the turn gives the owner a post there."""
    if not team:
        return cards
    if not any(f.subject == owner and f.predicate in _POSTS for f in cards):
        return cards
    return [f for f in cards if not (f.subject == owner and f.predicate in WORKPLACES
                                     and f.value.strip().lower() == team.strip().lower())]


__all__ = ["without_own_workplace"]
