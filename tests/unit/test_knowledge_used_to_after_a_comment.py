"""A past job said after a comment on it (issue 35, docs/formation-spec.md: identity holds a past job): "funny thing
is I used to be a plumber", "which is odd given my dad used to be a baker". The parser hangs the "used to" clause on
the comment's verb; it is a clause of its own. "I'm used to it" (accustomed) is no past. Sentences written for
these tests, with names and wording of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text, owner="Rhiannon"):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[])}


@pytest.mark.parametrize("text, who, job", [
    ("I'm diabetic, which is funny given I used to be a baker in Leeds.", "Rhiannon", "baker"),
    ("Funny thing is I used to be a plumber myself.", "Rhiannon", "plumber"),
    ("The irony is my dad used to be a dentist and he has awful teeth.", "Rhiannon's dad", "dentist"),
    ("The funny part is my uncle used to be a chef.", "Rhiannon's uncle", "chef"),
    ("Thing is, I used to be a lifeguard.", "Rhiannon", "lifeguard"),  # (read before too, by the statement rules)
])
def test_a_past_job_said_after_a_comment_is_who_one_was(text, who, job):
    got = slots(text)
    assert ("identity", who, "used_to_be", job) in got or ("identity", who, "used_to", job) in got


@pytest.mark.parametrize("text", [
    "I'm used to being a night nurse.",  # accustomed, no past job
    "I'm not used to it yet.",
    "The thing is I used to love it.",  # a past liking said of "it": no job
])
def test_used_to_as_accustomed_or_without_a_job_gives_no_past_job(text):
    assert not any(p in ("used_to_be", "used_to") for _, _, p, _ in slots(text))


def test_the_comment_s_own_fact_stays():
    got = slots("I'm diabetic, which is funny given I used to be a baker in Leeds.")
    assert ("identity", "Rhiannon", "condition", "diabetic") in got
