"""What wild animals do around the owner or the team, taken for their routine (issue 35, precision): "the pigeons sit
on the roof every morning", "the foxes get into the bins every night", "the gulls follow the boat every trip". The
readers give such a line to whoever speaks ("the team: the gulls follow the boat every trip"); it is neither the
team's habit nor the owner's, and a note-taker keeps it as chat (docs/formation-spec.md: small talk).

A card is dropped when it is given to the owner or the team but its line's subject is wild animals or pests (a
plural of birds, vermin or insects no one keeps: "the herons", "the wasps", "rats"). What the team does with its own
animals stays ("the cows go out to the field at 6", "we feed the hens at 7"), and so does a pest rule or a fact said
of the team ("we call the council when the rats come back"). Pure: the turn's cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact

# birds, vermin and insects no one keeps, said as a group
# (not a word that is also a verb or a thing a team keeps: "flies", "swallows", "bats" for a cricket club)
_WILD = ("pigeons|gulls|seagulls|herons|crows|rooks|ravens|magpies|jackdaws|starlings|sparrows|geese|"
         "foxes|rats|mice|squirrels|badgers|deer|boars|monkeys|baboons|macaques|wasps|hornets|mosquitoes|midges|"
         "ants|cockroaches|slugs|snails|moths|termites|possums|raccoons|coyotes|jackals|hyenas|crocodiles")
_SUBJECT = re.compile(rf"(?i)^(?:[^:]{{1,80}}:\s+)?(?:the\s+|those\s+|these\s+|some\s+|local\s+|wild\s+)*"
                      rf"(?-i:[a-z-]+\s+)?(?:{_WILD})\b(?!\s*(?:'s|’s|,|\band\b))")
_LOOSE = frozenset("routine semantic episodic preference".split())


def wild_doing(card: Fact, owner: str, org: str | None) -> bool:
    """Whether a card given to the owner or the team says what wild animals do."""
    return card.type in _LOOSE and card.subject in (owner, org) and bool(_SUBJECT.match(card.text))


def without_wild_doings(cards: list[Fact], owner: str, org: str | None) -> list[Fact]:
    """The turn's cards without wild animals' doings given to the owner or the team."""
    return [c for c in cards if not wild_doing(c, owner, org)]


__all__ = ["wild_doing", "without_wild_doings"]
