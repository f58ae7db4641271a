"""A school year said with or without the school, with "I'm in", in an introduction's pieces or alone (issue 35,
school_years.py): "in 8th grade at the lyceum", "year 3 at Meadowbank Primary." Sentences written for these tests,
not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.school_years import school_year

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Tomas", org: str | None = None) -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)}


@pytest.mark.parametrize("text, year, school", [
    ("Tomas, I'm 12, in 8th grade at the lyceum in Varna", "8th grade", "lyceum in Varna"),  # an introduction's piece
    ("year 3 at Meadowbank Primary. my teacher is Mrs Hale", "year 3", "Meadowbank Primary"),  # a child's answer, no verb
    ("I'm in 7th grade at Riverside Middle School", "7th grade", "Riverside Middle School"),
])
def test_a_school_year_and_its_school(text, year, school):
    got = _facts(text)
    assert ("identity", "Tomas", "school_year", year) in got
    assert ("identity", "Tomas", "school", school) in got


@pytest.mark.parametrize("text", ["year 3?", "what year are you in?", "I'm in my first year at Leeds studying law"])
def test_no_school_year_from_a_question_or_a_students_year(text):
    assert not any(f[2] == "school_year" for f in _facts(text))


def test_a_teams_year_group_is_no_ones_school_year():
    assert not any(f[2] == "school_year" for f in _facts("year 6 at Meadowbank.", org="Meadowbank Tutors"))


def test_the_pattern():
    assert school_year("in 9th grade at the gymnasium") == ("9th grade", "gymnasium")
    assert school_year("grade 3") == ("grade 3", None)
    assert school_year("year 3 and I love it") is None
