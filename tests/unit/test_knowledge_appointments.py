"""Dated occasions (issue 35, appointments.py): "X is on <when>" as an episodic card of whose occasion it
is, and a request to be reminded of one carries it (formation spec: a request that carries a fact is
labelled with that fact). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Wendell"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


def events(text):
    return [(f.subject, f.value) for f in facts(text) if f.type == "episodic"]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("My knee scan at the Royal is on the 14th of April.", OWNER, ("knee scan", "14th of April")),
    ("Mum's cataract op is next Thursday at 9.", "Mum", ("cataract op", "Thursday")),
    ("Ola's driving test is Friday at 2:30.", "Ola", ("driving test", "2:30")),
    ("our Lisbon flight's on 3 June", OWNER, ("Lisbon flight", "3 June")),
])
def test_an_occasion_said_with_its_day_is_an_event_of_whose_it_is(text, who, words):
    got = events(text)
    assert any(s == who and all(w in v for w in words) for s, v in got), got


@pytest.mark.parametrize(("text", "who", "words"), [
    ("Could you remind me about my sister's hen do on the 21st of May?", "Wendell's sister", ("hen do", "21st of May")),
    ("yes, and set a reminder for Ola's parents evening, Wednesday at 6.", "Ola", ("parents evening", "Wednesday")),
    ("Can you put the boiler service in the calendar for Monday the 9th please", OWNER, ("boiler service", "9th")),
    ("Don't let me forget about my flu jab tomorrow at 10", OWNER, ("flu jab", "tomorrow")),
])
def test_a_request_to_be_reminded_carries_the_occasion(text, who, words):
    got = events(text)
    assert any(s == who and all(w in v for w in words) for s, v in got), got


@pytest.mark.parametrize("text", [
    "Bin day is Tuesday.",
    "Can you remind me what day bin day is?",
    "Remind me to call the garage.",
    "The shop is on the high street.",
    "Can you write me a poem for Ola's birthday?",
])
def test_a_habit_a_place_or_a_request_without_a_dated_occasion_is_no_event(text):
    assert events(text) == []


def test_a_birthday_is_no_occasion_but_a_birthday_party_is():
    assert not any(f.predicate == "occasion" for f in facts("My nephew's birthday is on the 8th of October."))
    assert events("My nephew's birthday party is on the 8th of October.")


def test_a_word_that_only_begins_like_a_month_is_no_time():
    from memcore.knowledge.appointments import occasion
    from memcore.knowledge.rule_basics import TurnContext

    ctx = TurnContext(owner=OWNER)
    assert occasion("My piano lesson is on Tuesday at the market", ctx) == []  # "mar-ket" is no March
    assert occasion("My piano lesson is on Tuesday at 4", ctx)
