"""Where someone lives, said by how near it is (issue 35): near_homes.near_home as who_one_is reads it.
Sentences written for these tests in a child's and an adult's voice, with names from many languages, not
taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def homes(text, owner="Kofi", previous=()):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=list(previous), account_org=None)
    return {(f.subject, f.value) for f in got if f.predicate == "lives_in"}


@pytest.mark.parametrize("text, who, where", [
    ("Tomasz lives next door", "Tomasz", "next door"),
    ("my best friend is Aroha, she lives next door", "Aroha", "next door"),
    ("my best friend is Aroha. she lives over the road", "Aroha", "over the road"),
    ("my grandma lives across the road", "Kofi's grandma", "across the road"),
    ("My aunt lives down the street from us.", "Kofi's aunt", "down the street from us"),
    ("my gran lives round the corner", "Kofi's gran", "round the corner"),
    ("My cousins live nearby.", "Kofi's cousins", "nearby"),
    ("my uncle Farid lives just up the hill", "Farid", "just up the hill"),
    ("Oskar lives opposite", "Oskar", "opposite"),
    ("my friend Aiko lives two doors down", "Aiko", "two doors down"),
])
def test_a_home_said_by_how_near_it_is(text, who, where):
    assert (who, where) in homes(text)


def test_the_home_of_whom_the_answer_names():
    got = homes("Mirela! everyone calls her Miri. she lives across the road",
                previous=["assistant: who is your best friend?"])
    assert ("Mirela", "across the road") in got


@pytest.mark.parametrize("text", [
    "she lives with her mum",  # whom, not where
    "I live for football",  # a liking
    "the new film lives up to the hype",  # no home
    "Soo-ah lives with her grandparents",
])
def test_no_home_said_by_nearness(text):
    got = homes(text)
    assert not any(v in ("up to the hype", "with her mum") or "grandparents" in v for _, v in got)


def test_a_named_place_is_still_the_place():
    assert ("Mateus", "Porto") in homes("Mateus lives in Porto")
    assert ("Kofi's brother", "Accra") in homes("my brother lives just outside Accra") or any(
        v.endswith("Accra") for _, v in homes("my brother lives just outside Accra"))
