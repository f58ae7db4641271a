"""The days someone can be there are a routine, not a skill (availability.py). Sentences written for these tests."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _cards(text: str, team: str | None = None) -> list:
    return learn(text, None, at=AT, owner="Ilse", role="owner", speaker="Ilse", previous=["assistant: Who is on the rota?"],
                 account_org=team)


@pytest.mark.parametrize(("text", "team", "who", "day"), [
    ("Aldwin can only do Fridays. Marcus is new", "Turtle Watch", "Aldwin", "Fridays"),
    ("my brother can only do Saturdays, he works the rest of the week", None, "Ilse's brother", "Saturdays"),
    ("I can only make Tuesdays this term", None, "Ilse", "Tuesdays"),
])
def test_the_days_one_can_do_are_a_routine(text: str, team: str | None, who: str, day: str) -> None:
    cards = [f for f in _cards(text, team) if day in f.value]
    assert [(f.type, f.subject) for f in cards] == [("routine", who)], cards


@pytest.mark.parametrize("text", ["I can do the Sunday crossword in ten minutes", "Femi can do 50 push-ups",
                                  "my sister can work the till on her own now"])
def test_what_one_can_do_is_still_a_skill(text: str) -> None:
    cards = _cards(text)
    assert cards and all(f.type == "skill" for f in cards), cards
