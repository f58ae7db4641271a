"""What is no knowledge (docs/formation-spec.md, "What is not knowledge"): the weather of the moment
("the fog hasn't lifted all day") and news passed on with a shrug ("heard the pool's shutting, but who
knows"). A season one likes, the weather of a place that recurs, and a rumour said plainly (hearsay, a
fact with its certainty) stay. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Tamsin"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=[])


@pytest.mark.parametrize("text", [
    "Spring arrived really late this year.",
    "the frost has killed off everything on the balcony",
    "It snowed all night, the road's like glass",
    "The storm knocked the power out for an hour",
])
def test_the_weather_of_the_moment_is_no_knowledge(text):
    assert facts(text) == []


def test_a_season_one_likes_is_still_a_liking():
    got = facts("Autumn is my favourite season")
    assert [f for f in got if f.type == "preference" and f.value.lower() == "autumn"]


@pytest.mark.parametrize("text", [
    "heard the festival's moving to Galway next summer, but who knows",
    "heard the leisure centre is closing in June, but who knows",
    "Apparently they're doubling the parking fees. We'll see.",
    "word is the mill is being sold, not sure if that's true",
])
def test_news_passed_on_with_a_shrug_is_no_knowledge(text):
    assert facts(text) == []


def test_news_of_ones_own_people_without_a_shrug_is_kept():
    got = facts("Apparently my nephew Osei is moving to Lagos next year")
    assert [f for f in got if f.subject == "Osei" and "Lagos" in f.value]
