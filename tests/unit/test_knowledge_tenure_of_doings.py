"""How long one has been doing something (issue 35): tenure._DOING_FOR, "I've done this round for 14 years",
"she's been teaching piano for twenty years". Sentences written for these tests in several voices, not taken
from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def tenures(text, owner="Mele"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[], account_org=None)
    return {(f.subject, f.value) for f in got if f.predicate == "tenure"}


@pytest.mark.parametrize("text, who, long, what", [
    ("I've done this job for 14 years", "Mele", "14 years", "this job"),
    ("um I think I've done this route for eleven years now", "Mele", "eleven years", "this route"),
    ("I've been driving buses for twenty years", "Mele", "twenty years", "driving buses"),
    ("my mum has taught maths for 12 years", "Mele's mum", "12 years", "taught maths"),
    ("Sione's been coaching rugby for two decades", "Sione", "two decades", "coaching rugby"),
])
def test_how_long_one_has_been_doing_something(text, who, long, what):
    got = tenures(text)
    assert any(s == who and v.startswith(long) and what in v for s, v in got), got


@pytest.mark.parametrize("text", [
    "I've been waiting for 20 minutes",  # a wait
    "she's been ill for a week",  # an illness
    "I've been learning Tongan for two years",  # a skill, its own reader's
    "I've had my van for ten years",
    "have you done this job for long?",  # a question
])
def test_no_tenure_of_a_doing(text):
    assert not tenures(text)
