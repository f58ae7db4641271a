"""A plan said with a hedge is told when it is said with its date (issue 35, statement_check.act_of): "I'll
probably go to Spain in August" is a plan (hedged); "we'll probably look at new software" without a date
stays an uncertain plan, no knowledge. A date may be said as a span from now ("in a few months").
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ilario"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


@pytest.mark.parametrize(("text", "words"), [
    ("I'll probably sell the flat in September.", ("sell", "flat", "September")),
    ("We'll probably move to Sligo next spring.", ("Sligo",)),
    ("I'm probably going to retire in a couple of years.", ("retire",)),
])
def test_a_hedged_plan_with_its_date_is_a_hedged_event(text, words):
    got = [f for f in facts(text) if all(w in f.text for w in words)]
    assert got and all(f.type == "episodic" and f.certainty < 0.8 for f in got), got


@pytest.mark.parametrize("text", ["I'll probably sell the flat at some point.", "We'll probably get a dog eventually.",
                                  "Maybe I'll try pottery."])
def test_a_hedged_plan_without_a_date_is_no_knowledge(text):
    assert facts(text) == []


@pytest.mark.parametrize(("text", "who", "words"), [
    ("I think I'll enter the county show in August, if my pony stays sound.", OWNER, ("county", "show", "August")),
    ("We'll probably open a second café in 2027, if the loan comes through.", OWNER, ("second", "café", "2027")),
    ("Benedikt will probably sit his driving test in May, if he passes the theory.", "Benedikt", ("driving", "test", "May")),
    ("Fenna is going to start her apprenticeship in September.", "Fenna", ("apprenticeship", "September")),
    ("My sister will run the Dublin marathon in October.", "Ilario's sister", ("Dublin", "marathon", "October")),
    ("I'm probably going to emigrate in a few years, maybe sooner if the job in Perth comes up.", OWNER, ("emigrate",)),
])
def test_a_plan_with_its_date_is_an_event_of_whoever_plans_it(text, who, words):
    """Said of a named person or of the owner, and with a condition after it that is not the plan."""
    got = [f for f in facts(text) if f.type == "episodic" and f.subject == who and all(w in f.text for w in words)]
    assert got, facts(text)
    assert not any(w in f.value for f in got for w in ("if ", "unless"))


def test_a_one_off_said_in_three_words_and_a_date_is_an_event():
    got = facts("I'm retiring in a couple of years.")
    assert [f for f in got if f.type == "episodic" and "retiring" in f.text], got


@pytest.mark.parametrize("text", ["The council will close the bridge in March.", "Rumour is the council will shut the pool next year.",
                                  "I'll think about it in March."])
def test_what_someone_else_or_nobody_plans_is_no_plan_of_the_owner(text):
    assert not [f for f in facts(text) if f.type == "episodic" and f.subject == OWNER], facts(text)
