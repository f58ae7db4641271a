"""What someone did, said with who they are and their name set off by commas (issue 35): "Our youngest, Aiyana,
just started nursery" kept only "Aiyana is Sam's youngest child" (the event reader's subject pattern stopped at
the comma); the same line without the aside gave the event. Now the named one is the event's subject.
Near misses: the tie card stays; a line with no aside reads as before. Sentences written for this test."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


@pytest.mark.parametrize("text,who,did,tie", [
    ("Our youngest, Aiyana, just started nursery.", "Aiyana", "started nursery", "child"),
    ("My youngest, Tevita, just started school.", "Tevita", "started school", "child"),
])
def test_the_named_one_did_it(text, who, did, tie):
    cards = owner_cards(text, "Sam")
    assert [c.value for c in cards if c.type == "episodic" and c.subject == who] == [did], cards
    assert ("Sam", tie, who) in {(c.subject, c.predicate, c.value) for c in cards if c.type == "relationship"}, cards


def test_without_the_aside_nothing_changes():
    cards = owner_cards("Aiyana just started nursery.", "Sam")
    assert [(c.subject, c.value) for c in cards if c.type == "episodic"] == [("Aiyana", "started nursery")], cards
