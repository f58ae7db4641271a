"""A post, a tie, a workplace or a home said to have ended is kept as the past, never as now (issue 35,
states_ended_said.py, ended_states.py). Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Nilufar"):
    return {(f.subject, f.predicate, f.value) for f in owner_cards(text, owner)}


@pytest.mark.parametrize("text, card", [
    ("I'm not a student any more.", ("Nilufar", "used_to", "student")),
    ("I'm not a vegetarian anymore.", ("Nilufar", "used_to", "vegetarian")),
    ("Dmitri is no longer my landlord.", ("Nilufar", "former_landlord", "Dmitri")),
    ("Yuki isn't my flatmate any more.", ("Nilufar", "former_flatmate", "Yuki")),
    ("I don't work at the bank anymore.", ("Nilufar", "used_to", "the bank")),
    ("Kemal doesn't work at the pharmacy anymore.", ("Kemal", "used_to", "the pharmacy")),
    ("Olusegun no longer lives in Lyon.", ("Olusegun", "used_to", "Lyon")),
])
def test_an_ended_state_is_a_card_of_the_past(text, card):
    got = cards(text)
    assert card in got
    assert not any(p in ("job", "works_for", "works_at", "lives_in", "landlord", "flatmate") for _, p, _ in got)


def test_the_past_card_says_the_end_in_its_line():
    lines = [f.text for f in owner_cards("I'm no longer a nurse.", "Nilufar")]
    assert lines == ["Nilufar is no longer a nurse"]


def test_a_new_state_beside_the_ended_one_is_current():
    got = cards("I'm no longer a nurse, I'm a midwife now.")
    assert ("Nilufar", "used_to", "nurse") in got and ("Nilufar", "job", "midwife") in got


@pytest.mark.parametrize("text", [
    "I'm not a student.",  # no end said
    "Are you not a student anymore?",  # a question
    "she's no longer my boss.",  # nobody named
    "I'm not a big fan of it any more.",  # a liking, not a post
    "Yuki isn't coming any more.",  # a plan
])
def test_no_past_card_without_an_ended_state_of_someone_named(text):
    assert not [c for c in cards(text) if c[1] == "used_to" or c[1].startswith("former_")]
