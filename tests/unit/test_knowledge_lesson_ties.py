"""A teacher said as whom one has lessons with (issue 35, lesson_ties.py). Sentences written for these
tests in three voices (a child, an adult, a team), not taken from any labelled set of the formation
benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def ties(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


@pytest.mark.parametrize("text, learner, name", [
    ("I have swimming lessons with Mrs Hughes on Saturdays.", "Tova", "Mrs Hughes"),  # child
    ("I play the harp. lessons every Tuesday with kyrios Manolis", "Tova", "Manolis"),  # child, a title of her own
    ("Cai has piano lessons with Mr Reid.", "Cai", "Mr Reid"),  # adult, of her son
    ("I had a driving lesson with Gary yesterday.", "Tova", "Gary"),  # adult
])
def test_whom_one_has_lessons_with_is_ones_teacher(text, learner, name):
    assert (learner, "teacher", name) in ties(text)


@pytest.mark.parametrize("text", ["I do yoga classes with Priya twice a week.",  # a classmate as likely
                                  "We run first-aid courses with Dunmore Council."])  # team
def test_a_class_with_an_untitled_name_names_no_teacher(text):
    assert not {t for t in ties(text, org="Hafod Leisure" if text.startswith("We") else None) if t[1] == "teacher"}
