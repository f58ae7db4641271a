"""A person named with where they work (issue 35): "<name> at <a named body>", the "at" hung on the name.
Sentences written for these tests, with names and wording of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text, owner="Rhiannon"):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[])}


@pytest.mark.parametrize("text, who, body", [
    ("Dylan at Greenway Garage sorted my brakes.", "Dylan", "Greenway Garage"),  # adult
    ("My physio, Anwen at Core Clinic, says to rest it.", "Anwen", "Core Clinic"),
    ("yeah, Priya at Lantern Dental, she reckons it's my wisdom tooth", "Priya", "Lantern Dental"),
    ("Our accountant, Farid at Moss Partners, files it every January.", "Farid", "Moss Partners"),  # team
])
def test_a_person_named_with_a_body_works_there(text, who, body):
    assert ("identity", who, "works_at", body) in slots(text)


@pytest.mark.parametrize("text", [
    "I saw Mia at Tesco yesterday.",  # where it happened: "at" on the verb
    "Tom at Christmas is the best.",  # a time
    "Gran at Nan's house was funny.",  # a home
    "we met Ollie at the park",  # a place said in lower case
])
def test_at_said_of_a_time_a_home_or_the_verb_is_no_workplace(text):
    assert not any(p == "works_at" for _, _, p, _ in slots(text))

