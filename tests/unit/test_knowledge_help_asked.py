"""What the owner wants, said as the answer to an offer of help, is a request, not a wish to keep (issue 35,
help_asked.py); what else the turn tells stays, and so does a wish said without that offer. Sentences written
for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.help_asked import offered_help
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Rosalind"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, asked=None):
    previous = [f"assistant: {asked}"] if asked else []
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, previous=previous)


@pytest.mark.parametrize(("asked", "text"), [
    ("Morning Rosalind! How can I help you today?", "I want to plan my allotment for the spring."),
    ("What can I do for you?", "I want to tidy up my photo folders"),
    ("Good to see you. What shall we try?", "I want to practise my German"),
])
def test_a_want_answering_an_offer_of_help_is_no_wish(asked, text):
    assert not [f for f in facts(text, asked) if f.predicate in ("wants", "needs")]


def test_what_else_the_answer_tells_stays():
    got = facts("I want to plan my meals, I'm allergic to shellfish.", "How can I help?")
    assert any(f.predicate == "allergic_to" and "shellfish" in f.value for f in got)


def test_a_wish_said_without_an_offer_of_help_stays():
    got = facts("I want to plan my allotment for the spring.", "What are you growing this year?")
    assert any(f.predicate == "wants" for f in got)


@pytest.mark.parametrize(("line", "offers"), [("How can I help today?", True), ("What can I help you with?", True),
                                               ("How was the weekend?", False), (None, False)])
def test_an_offer_of_help(line, offers):
    assert offered_help(line) is offers
