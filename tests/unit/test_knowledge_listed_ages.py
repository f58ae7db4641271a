"""Names listed each with an age, in a turn that speaks of kin (issue 35, ages_said.listed_ages). Sentences
written for these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.ages_said import listed_ages

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, ages", [
    ("I have two girls, Amara 6 and Zola 3.", {("Amara", "6"), ("Zola", "3")}),  # adult
    ("2 kids. Tane 12 and Aroha 9", {("Tane", "12"), ("Aroha", "9")}),  # adult, the names in a statement of their own
    ("my cousins are Oyuna 11, Temuulen 8 and the baby Saran, 1", {("Oyuna", "11"), ("Temuulen", "8"), ("Saran", "1")}),  # child
])
def test_each_name_listed_with_an_age_has_that_age(text, ages):
    got = {(f.subject, f.value) for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman")
           if f.predicate == "age"}
    assert ages <= got


@pytest.mark.parametrize("text", [
    "Room 12 and Room 14 are free on Friday",  # team: rooms, no people
    "we beat Rovers 3 and drew with Saints 2",
    "Amara 6 years and Zola 3 years at the club",  # a span, no bare age
])
def test_numbered_things_are_no_ages(text):
    assert listed_ages(text) == []
