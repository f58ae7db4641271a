"""Where someone lives when how far is said before the town (issue 35, places.town_beside): "lives two
streets away in Redcar". Sentences written for these tests, not taken from any labelled set of the
formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner="Ilse", role="owner", speaker="Ilse")}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, town", [
    ("my nan, she lives two streets away in Redcar", "Ilse's nan", "Redcar"),
    ("My uncle lives just down the road in Hexham.", "Ilse's uncle", "Hexham"),
    ("my godmother lives like ten minutes away in Zwolle", "Ilse's godmother", "Zwolle"),
])
def test_the_town_after_how_far_is_where_they_live(text, who, town):
    assert ("identity", who, "lives_in", town) in _facts(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, town", [
    ("my dad lives for football in Madrid", "Madrid"),  # a liking, no home
    ("my brother lives with his girlfriend near the station", "station"),  # no town said
])
def test_no_town_from_a_liking_or_a_place_that_is_no_town(text, town):
    assert not any(p == "lives_in" and v == town for _, _, p, v in _facts(text))
