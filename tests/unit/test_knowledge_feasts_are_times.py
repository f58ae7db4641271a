"""A feast or a holiday said after "at" or "every" is when, not where one works or lives, nor whom a tie names
(issue 35): "we visit grandma at Diwali" gave "works at Diwali". Near misses that keep their card: a business that
holds a feast's word ("Christmas Tree Farm Ltd"), a pet called after one, a habit said with one.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.models import Fact
from memcore.knowledge.worth_keeping import worth_keeping

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, owner: str = "Siobhan") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)


@pytest.mark.parametrize("text", ["we visit grandma at Diwali", "we see my uncle Bashir at Eid",
                                  "I help my aunt Rosa at Christmas"])
def test_a_feast_is_no_workplace(text: str) -> None:
    assert not [f for f in cards(text) if f.predicate in ("works_at", "works_for", "lives_in")], cards(text)


@pytest.mark.parametrize("value, predicate, kept", [
    ("Diwali", "works_at", False), ("the Easter", "lives_in", False), ("Eid", "dad", False),
    ("Christmas Tree Farm Ltd", "works_for", True), ("Easter", "has_dog", True), ("Cork", "lives_in", True),
])
def test_the_last_look(value: str, predicate: str, kept: bool) -> None:
    kind = "relationship" if predicate in ("dad", "has_dog") else "identity"
    assert worth_keeping(Fact("Siobhan", predicate, value, kind, 0.8, f"Siobhan {predicate} {value}")) is kept


@pytest.mark.parametrize("text, words", [
    ("I work at Christmas Tree Farm Ltd", "christmas tree farm"),
    ("my dog is called Easter", "easter"),
    ("I visit my dad in Cork every Easter", "every easter"),
])
def test_near_misses_keep_their_card(text: str, words: str) -> None:
    assert any(words in (f.value + " " + f.text).lower() for f in cards(text)), cards(text)
