"""A "NAME, who is X," aside in a turn typed without a final stop stays out of the main sentence's card
(memcore.knowledge.relative_clauses): the main sentence ends before the aside is said after it."""
from __future__ import annotations

import pytest

from memcore.knowledge.relative_clauses import relatives_apart
from tests.unit.owner_voice import owner_cards as _cards


@pytest.mark.parametrize("text, main, aside", [
    ("my son Leo, who is nine, plays the violin", "plays the violin.", "Leo is nine."),
    ("Kemal, who's my neighbour, walks the dog", "walks the dog.", "Kemal is my neighbour."),
    ("my aunt Rosa, who was a teacher, paints watercolours", "paints watercolours.", "Rosa was a teacher."),
])
def test_the_main_sentence_ends_before_the_aside(text: str, main: str, aside: str) -> None:
    read = relatives_apart(text)
    assert main in read and read.endswith(aside)


@pytest.mark.parametrize("text, name, kept_out", [
    ("my son Leo, who is nine, plays the violin", "Leo", "nine"),
    ("my niece Efua, who is fourteen, loves netball", "Efua", "fourteen"),
])
def test_no_card_holds_both(text: str, name: str, kept_out: str) -> None:
    cards = _cards(text)
    assert any(c.subject == name and c.predicate == "age" for c in cards)
    assert not any(kept_out in c.text and c.predicate != "age" for c in cards)


def test_a_stop_already_there_is_not_doubled() -> None:
    assert ".." not in relatives_apart("my son Leo, who is nine, plays the violin.")
