"""Which year of school, a course or an apprenticeship someone else is in (issue 35, years_in.py).
Sentences written for these tests in three voices (a child, an adult, a team), not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, value", [
    ("My apprentice Rhys is great, he's in his third year.", "Rhys", "third year"),  # team member's talk
    ("Ela is in her second year at Bangor uni.", "Ela", "second year at Bangor uni"),  # adult
    ("my big sister Nia is in her last year", None, None),  # no year said by number: nothing
])
def test_the_year_someone_else_is_in_is_theirs(text, who, value):
    got = {c for c in cards(text) if c[2] in ("year", "school_year")}
    assert got == ({("identity", who, "year", value)} if who else set())


def test_the_owners_own_year_stays_the_owners_reading():
    assert ("identity", "Tova", "school_year", "year 6") in cards("I'm in year 6 at Ysgol Glan.")
    assert not {c for c in cards("We are in year 2 of the project.", org="Hafod Builders") if c[2] == "year"}
