"""A change told as "switched/changed/went from X to Y": Y kept as what holds now, X as the past, each card with its
own value alone (issue 35, switches.py). Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Aroha"):
    return {(f.subject, f.predicate, f.value) for f in owner_cards(text, owner)}


@pytest.mark.parametrize("text, now, was", [
    ("I switched from nights to days.", ("Aroha", "switched_to", "days"), ("Aroha", "used_to", "nights")),
    ("Joon changed from violin to cello.", ("Joon", "switched_to", "cello"), ("Joon", "used_to", "violin")),
    ("We've switched from Slack to Teams.", ("Aroha", "switched_to", "Teams"), ("Aroha", "used_to", "Slack")),
    ("Fatima went from part-time to full-time in January.", ("Fatima", "switched_to", "full-time"),
     ("Fatima", "used_to", "part-time")),
    ("My son switched from football to rugby.", ("Aroha's son", "switched_to", "rugby"),
     ("Aroha's son", "used_to", "football")),
])
def test_a_change_is_the_present_and_the_past(text, now, was):
    got = cards(text)
    assert now in got and was in got


def test_the_present_card_does_not_name_the_past():
    now = [f for f in owner_cards("Bongani changed from the morning shift to the late shift.", "Aroha")
           if f.predicate == "switched_to"]
    assert [f.text for f in now] == ["Bongani changed to the late shift"]


@pytest.mark.parametrize("text", [
    "Should I switch from coffee to tea?",
    "If I switched from nights to days I'd see the kids more.",
    "I might switch from iPhone to Android.",
    "The meeting changed from Monday to Tuesday.",
])
def test_no_change_told_as_done_by_someone_named(text):
    assert not [c for c in cards(text) if c[1] in ("switched_to", "used_to")]


def test_a_move_of_home_stays_the_movers_reader():
    got = cards("We moved from Lyon to Nantes in May.")
    assert ("Aroha", "lives_in", "Nantes") in got
    assert not [c for c in got if c[1] == "switched_to"]
