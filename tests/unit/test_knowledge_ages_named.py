"""An age said of a person named with their tie (issue 35): the age card's line names only the person,
as the tie is a card of its own ("my big sister Maya is 12": "Maya is Ines's big sister" and "Maya is
12"). Sentences written for these tests in three voices (a child, an adult, a team), not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


@pytest.mark.parametrize("text, owner, org, who, age", [
    ("my big sister Maya is 12 and she is in year 7", "Ines", None, "Maya", "12"),  # child
    ("My mother-in-law Siranush is 81 and still cooks every day", "Rami", None, "Siranush", "81"),  # adult
    ("Our bookkeeper Hal is 70 and still cycles in every day", "Nia", "Salt Yard", "Hal", "70"),  # team
    # an age set after what a named one is, with a comma: theirs, and no part of what they are
    ("Bella is my horse, 12 years old", "Ines", None, "Bella", "12"),  # child
    ("my son Leo is a cheeky boy, 4 years old", "Rami", None, "Leo", "4"),  # adult
    ("Pip is our oldest hen, 8 years old", "Nia", "Hillside Farm", "Pip", "8"),  # team
])
def test_an_age_card_names_only_the_person(text, owner, org, who, age):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    ages = [f for f in got if f.predicate == "age"]
    assert [(f.type, f.subject, f.value, f.text) for f in ages] == [("identity", who, age, f"{who} is {age}")]
    assert not any("years old" in f.value for f in got)


def test_old_said_of_what_one_is_is_no_age():
    got = learn("Bella is an old horse", None, at=AT, owner="Ines", role="owner", speaker="Ines")
    assert not [f for f in got if f.predicate == "age"]
