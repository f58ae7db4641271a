"""Two ways of saying that are not rules or conditions: a wish said with "I'd love" is a preference (what one
wants), unless the statement makes it a condition or asks; and "has never done" tells what one has done so far,
no ban (memcore.knowledge.statement_check.WISHED, dependency, kinds._rule)."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards as _cards


@pytest.mark.parametrize("text, who, word", [
    ("I'd love to visit Japan one day.", "Priya", "Japan"),
    ("I would love to learn Italian.", "Priya", "Italian"),
    ("Honestly I'd love to retire early.", "Priya", "retire"),
    ("I'd love a trampoline for my birthday.", "Priya", "trampoline"),
    ("We'd really love a dog.", "Priya", "dog"),
])
def test_a_wish_said_with_love_is_what_one_wants(text: str, who: str, word: str) -> None:
    cards = _cards(text)
    assert any(c.subject == who and c.predicate == "wants" and c.type == "preference" and word in c.value
               for c in cards), cards


@pytest.mark.parametrize("text", [
    "If we win the grant I'd love to make a film.",  # a condition
    "I'd love to know how volcanoes work.",  # asks
    "I wouldn't love that.",
])
def test_a_conditioned_or_asking_love_is_no_wish(text: str) -> None:
    assert not any(c.predicate == "wants" for c in _cards(text))


@pytest.mark.parametrize("text", [
    "I've never been on a plane.",
    "I have never eaten sushi.",
    "My dad has never flown.",
    "Ezra has never had chickenpox.",
])
def test_what_one_has_never_done_is_no_ban(text: str) -> None:
    assert not any(c.type == "safety" for c in _cards(text))


@pytest.mark.parametrize("text", [
    "Mia has never been allowed sweets.",
    "Ezra must never eat peanuts, he's allergic.",
])
def test_a_ban_said_with_never_stays_a_ban(text: str) -> None:
    assert any(c.type == "safety" for c in _cards(text)), _cards(text)


@pytest.mark.parametrize("text", [
    "I'd love to see your new garden.",
    "I'd love to check them out.",
    "I'd love to try it sometime.",
])
def test_courtesy_to_the_one_spoken_to_is_no_wish(text: str) -> None:
    assert not any(c.predicate == "wants" for c in _cards(text))
