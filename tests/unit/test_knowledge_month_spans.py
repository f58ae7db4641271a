"""A doing said over a span of months in the present is a season's routine (month_spans.py)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _cards(text: str, team: str | None = None) -> list:
    return learn(text, None, at=AT, owner="Halvard", role="owner", account_org=team)


@pytest.mark.parametrize(("text", "team", "words"), [
    ("from December to March we close the terrace because of the wind", "Fjordside Kiosk", "december"),
    ("in June and July we open the roof bar for the tourists", "Fjordside Kiosk", "june"),
    ("in October and November my uncle starts early for the olive picking", None, "october"),
])
def test_a_span_of_months_in_the_present_is_a_routine(text: str, team: str | None, words: str) -> None:
    cards = [f for f in _cards(text, team) if words in f.text.lower()]
    assert cards and all(f.type == "routine" for f in cards), cards


@pytest.mark.parametrize(("text", "team"), [
    ("next June to August we start the new building at the harbour", "Fjordside Kiosk"),
    ("in May and June 2019 we started the renovation of the old barn", "Fjordside Kiosk"),
    ("I'll be starting in Lisbon from June to August with my cousin", None),
])
def test_a_span_that_is_dated_or_past_or_planned_stays_as_it_was(text: str, team: str | None) -> None:
    assert not [f for f in _cards(text, team) if f.type == "routine"]


@pytest.mark.parametrize(("text", "team", "kept", "left"), [
    ("April to June for lambing, then shearing goes on till about August", "Hillside Farm", "lambing", "August"),
    ("from May to July we pick strawberries, then the raspberries come in from August", "Hillside Farm", "strawberries",
     "raspberries"),
])
def test_a_seasons_routine_ends_where_the_next_stage_with_its_own_month_begins(text, team, kept, left) -> None:
    cards = [f for f in _cards(text, team) if f.type == "routine" and kept in f.text]
    assert cards and all(left not in f.text for f in cards), cards
