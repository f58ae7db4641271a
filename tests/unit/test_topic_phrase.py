"""The topic a turn moves the conversation to (memcore.entities.tracking.topic_phrase, issue 37)."""
import pytest

from memcore.entities.tracking import topic_phrase


@pytest.mark.parametrize("text,want", [
    ("Let's get to the harbour podcast.", "harbour podcast"),
    ("Moving on to the spring fair", "spring fair"),
    ("Okay, back to the website redesign, did she send it?", "website redesign"),
    ("Can we move on to the Anderson order?", "Anderson order"),
    ("Let's talk about WOBS", "WOBS"),
    ("Switching to our garden shed project and its budget", "garden shed project"),
])
def test_a_turn_that_moves_to_a_topic(text, want):
    assert topic_phrase(text) == want


@pytest.mark.parametrize("text", [
    "How's Peter doing?",
    "I drove on to Leeds.",  # going somewhere is not turning the conversation
    "We went to the harbour.",
    "Did he upload the final cut?",
    "Let's get to",
])
def test_no_change_of_topic(text):
    assert topic_phrase(text) is None
