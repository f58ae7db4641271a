"""Events told in short sentences (issue 35): "Pickle died. on monday." is one event with its date
(times_after.date_joined), a life's event in two words is one however short (one_off_events._LIFE_EVENT),
"Dad buried him in the garden" is the owner's dad's doing to whom the turn just named (_DONE_TO), and a
name the question just said is a name in an answer typed in lower case (names_asked.py). Sentences
written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.names_asked import names_asked
from memcore.knowledge.reading import learn
from memcore.knowledge.times_after import date_joined

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Halvard"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def events(text, previous=()):
    return [(f.subject, f.text) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER,
                                                 previous=list(previous)) if f.type == "episodic"]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("Pickle died on monday", "Pickle", {"died", "monday"}),
    ("Biscuit died. on tuesday.", "Biscuit", {"died", "tuesday"}),
    ("my hamster Nugget died. last week", "Nugget", {"died", "week"}),
    ("Oskar retired. in 2019", "Oskar", {"retired", "2019"}),
])
def test_a_short_event_keeps_its_date(text, who, words):
    got = events(text)
    assert any(s == who and words <= set(t.lower().split()) for s, t in got), got


def test_a_name_the_question_said_is_the_answers_subject():
    got = events("juniper died. on sunday. she was old", ["Oh no. How is Juniper?"])
    assert any(s == "Juniper" and "sunday" in t.lower() for s, t in got), got


@pytest.mark.parametrize(("text", "who", "whom"), [
    ("Our dog Rolo died last night. Dad buried him in the garden", "Halvard's dad", "Rolo"),
    ("Our cat Tilly died on monday. mum buried her under the apple tree", "Halvard's mum", "Tilly"),
    ("my rabbit Clover got sick. grandad took her to the vet", "Halvard's grandad", "Clover"),
])
def test_what_was_done_to_whom_the_turn_named(text, who, whom):
    got = events(text)
    assert any(s == who and whom in t for s, t in got), got


@pytest.mark.parametrize(("text", "kept"), [
    ("I love cats. on monday I go swimming", "I love cats. on monday I go swimming"),  # no event before the date
    ("I play chess. on monday", "I play chess. on monday"),  # a habit, not what happened
    ("we went to the zoo on saturday. on sunday.", "we went to the zoo on saturday. on sunday."),  # dated already
])
def test_a_date_joins_only_an_undated_event(text, kept):
    assert date_joined(text) == kept


def test_a_possessive_her_is_not_whom_it_was_done_to():
    got = events("My sister Ana came round. mum sold her car last week")
    assert not any("Ana car" in t or "sold Ana" in t for _, t in got), got


def test_a_common_word_the_question_capitalised_stays_as_typed():
    assert names_asked("we went to the park", "Did you go to the Park with Nibbles?") == "we went to the park"
    assert names_asked("i saw nibbles", "Did you go to the Park with Nibbles?") == "i saw Nibbles"
