"""A condition one gets (issue 35, health.py, dependency._what_always_happens): "I get seasick when it's rough",
"she gets travel sick", and what always happens when a condition holds ("I get migraines if I skip lunch"), while
a plan or a wish with "if" still teaches nothing. Sentences written for these tests in three voices, not taken from
any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Yusuf"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, condition", [
    ("i get seasick on the ferry so i stay on deck", "Yusuf", "seasick"),  # child
    ("My daughter gets travel sick, she needs the front seat", "Yusuf's daughter", "travel sick"),  # adult
    ("I get migraines if I skip breakfast", "Yusuf", "migraines"),
    ("my brother gets nosebleeds if it's hot", "Yusuf's brother", "nosebleeds"),
])
def test_a_condition_one_gets_is_a_safety_card(text, who, condition):
    assert ("safety", who, "condition", condition) in slots(text)


@pytest.mark.parametrize("text", ["I'll get a migraine if this meeting runs over", "I'd feel sick if I ate all that",
                                  "If I get the job I'll buy a car"])
def test_a_plan_or_a_wish_with_if_teaches_nothing(text):
    assert not any(t == "safety" and p == "condition" for t, _, p, _ in slots(text))
