"""A time said on its own after a sentence about someone's doing is that person's habit (issue 35,
times_after.py): "my uncle fixes boats at the harbour. every saturday" is the uncle's routine, not the
owner's. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Halvard"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def routines(text, previous=()):
    return [(f.subject, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER,
                                                  previous=list(previous)) if f.type == "routine"]


@pytest.mark.parametrize(("text", "who", "when"), [
    ("my uncle fixes boats at the harbour. every saturday", "Halvard's uncle", "every saturday"),
    ("Ingrid teaches yoga in the village hall. tuesdays and thursdays", "Ingrid", "tuesdays and thursdays"),
    ("my nan plays bingo at the club. twice a week", "Halvard's nan", "twice a week"),
    ("my sister is a nurse at the infirmary. mon to thu", "Halvard's sister", "Monday to Thursday"),
])
def test_a_time_after_someones_doing_is_their_routine(text, who, when):
    got = routines(text)
    assert (who, when) in got, got
    assert not any(s == OWNER for s, _ in got), got


def test_an_answers_she_is_whom_the_question_asked_about():
    got = routines("she bakes bread for the cafe. every morning except monday", ["Nice! What does your mum do?"])
    assert ("Halvard's mum", "every morning except monday") in got, got


@pytest.mark.parametrize("text", [
    "I walk the dog by the river. every morning before work",  # the owner's own doing
    "My brother says I cook badly. every sunday",  # what someone says is no doing of theirs
    "my aunt lives in Tromsø. I ring her every sunday",  # the time has its own verb and subject
])
def test_the_owners_time_stays_the_owners(text):
    got = routines(text)
    assert got and all(s == OWNER for s, _ in got), got
