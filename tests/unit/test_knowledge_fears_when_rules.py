"""A fear of a happening said with "have to" ("I feel nervous when I have to read out loud") is the owner's fear,
never a rule to do the happening (issue 35, fears_when.py). Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text):
    return {(f.subject, f.predicate, f.value, f.type) for f in owner_cards(text, "Thandeka")}


@pytest.mark.parametrize("text, value", [
    ("I feel nervous when I have to read out loud.", "having to read out loud"),
    ("I get anxious when I have to speak in meetings.", "having to speak in meetings"),
    ("I get worried when I need to drive on the motorway.", "having to drive on the motorway"),
    ("I'm always jumpy when the phone rings late at night.", "the phone rings late at night"),
])
def test_a_fear_of_a_happening_is_no_rule(text, value):
    got = cards(text)
    assert ("Thandeka", "fears", value, "preference") in got
    assert not [c for c in got if c[3] in ("safety", "routine")]


@pytest.mark.parametrize("text, kind", [
    ("I have to read out loud on Fridays.", "safety"),  # an obligation said alone stays what it was
])
def test_an_obligation_without_a_feeling_is_left_alone(text, kind):
    got = cards(text)
    assert any(c[3] == kind for c in got) and not any(c[1] == "fears" for c in got)


@pytest.mark.parametrize("text", [
    "I feel nervous.",
    "Do you feel nervous when you fly?",
])
def test_no_fear_without_a_happening_said_by_the_owner(text):
    assert not [c for c in cards(text) if c[1] == "fears"]
