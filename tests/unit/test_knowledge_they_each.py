"""What "they" is said of after two people named with "and" (issue 35): one card each, never one twice.
Sentences written for these tests, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def test_an_age_said_of_two_named_people_as_they_is_one_card_each():
    got = learn("I've got two brothers, Emrys and Taliesin, they're both 12.", None, at=AT, owner="Rhiannon",
                role="owner", speaker="user", previous=[])
    ages = sorted((f.subject, f.value) for f in got if f.predicate == "age")
    assert ages == [("Emrys", "12"), ("Taliesin", "12")]
