"""A plan someone has decided for the owner, passed on (issue 35): decided_plans.decided as the event readers
use it, and decided_deed as the statement check does (a decision relayed is told; a forecast relayed is small
talk, docs/formation-spec.md). Sentences written for these tests in several voices, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Thandeka"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[], account_org=None)


@pytest.mark.parametrize("text, words, relayed", [
    ("my boss says the company will give me a new laptop in March", ("laptop", "March"), True),
    ("apparently they're giving me a second van next year", ("second van",), True),
    ("Gogo says the council will resurface our road in June", ("resurface", "road", "June"), True),
    ("My manager Oyelaran will send me on a first aid course in May.", ("first aid course", "May"), False),
    ("the hospital is going to pay for my training", ("pay", "training"), False),
])
def test_a_plan_decided_for_the_owner_is_kept(text, words, relayed):
    got = [f for f in cards(text) if f.type == "episodic"]
    assert got, text
    assert all(f.subject == "Thandeka" for f in got)
    assert any(all(w.lower() in (f.value + " " + f.text).lower() for w in words) for f in got)
    assert all((f.certainty < 0.8) == relayed for f in got)  # passed on: a hearsay card's lower confidence


def test_a_body_s_dated_decision_for_nobody_of_the_owner_s_is_the_body_s():
    got = [f for f in cards("the harbour board says they'll buy a new tug in 2027") if f.type == "episodic"]
    assert any(f.subject.lower() == "the harbour board" and "tug" in f.value and "2027" in f.value for f in got)
    assert not any(f.subject == "Thandeka" for f in got)


def test_a_person_named_decides_their_own_plan():
    got = [f for f in cards("Ingrid will open a salon in Bergen in May") if f.type == "episodic"]
    assert any(f.subject == "Ingrid" and "salon" in f.value for f in got)


@pytest.mark.parametrize("text", [
    "my aunt says it'll be a cold winter",  # a forecast, nobody decided it
    "my cousin says Arsenal will win the league",
    "rumour is the grant will be cut",  # passive, a rumour of what is coming
    "Sipho says the price of bread will go up",  # no deed one decides
    "they'll fix it",  # what is fixed was said before
    "they're building flats by the station",  # no one's plan, no date
    "I think she'll cry when I leave",  # the owner's guess
    "will they give me a refund?",  # a question
    "if the company gives me a bonus I'll buy a bike",  # a hypothetical
])
def test_a_forecast_a_guess_or_a_question_is_no_decided_plan(text):
    assert not any(f.predicate == "plan" for f in cards(text))
