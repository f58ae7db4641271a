"""What one wants to be (issue 35, aspirations.py): a wish, a hope or a plan to be or become someone of a kind,
said with "would" too. Sentences written for these tests in three voices, not taken from any labelled set of the
formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Nadia"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, job", [
    ("I'd love to be a zookeeper one day", "Nadia", "zookeeper"),  # child
    ("when i grow up i want to be an astronaut", "Nadia", "astronaut"),
    ("my cousin hopes to become a paramedic", "Nadia's cousin", "paramedic"),  # adult, "hopes" read as "hop" by the model
    ("I would really like to become a pharmacist", "Nadia", "pharmacist"),
])
def test_what_one_wants_to_be_is_a_preference(text, who, job):
    assert ("preference", who, "wants_to_be", job) in slots(text)


@pytest.mark.parametrize("text", ["I'd love to be home by six", "I'd like a pizza", "I don't want to be a dentist"])
def test_a_wish_that_is_no_one_to_be_is_no_aspiration(text):
    assert not any(p == "wants_to_be" for _, _, p, _ in slots(text))
