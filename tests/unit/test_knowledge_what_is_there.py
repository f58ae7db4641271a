"""What there is in a place of the owner's world, said with "there is/are" (issue 35): what_is_there.there_is.
Sentences written for these tests in several voices, with places from many countries, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Lerato"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[], account_org=None)


@pytest.mark.parametrize("text, place, what", [
    ("there are 28 kids in my class", "Lerato's class", "28 kids"),
    ("I think there are about 40 children in my class", "Lerato's class", "about 40 children"),
    ("there's a pool at our school", "Lerato's school", "a pool"),
    ("There are lots of baboons in Magaliesberg.", "Magaliesberg", "lots of baboons"),
    ("there are frogs in the pond behind our house", "the pond", "frogs"),
    ("there were 150 runners in our club last year", "Lerato's club", "150 runners last year"),
])
def test_what_there_is_is_the_place_s(text, place, what):
    got = cards(text)
    assert any(f.subject == place and f.value == what for f in got), got


def test_a_place_s_habit_keeps_its_day():
    got = cards("there's a night market in our village every friday")
    assert any(f.type == "routine" and "night market" in f.value and "friday" in f.value for f in got), got


@pytest.mark.parametrize("text", [
    "there's a spider in my room",  # the moment's
    "there's a problem with my laptop",
    "there's no bread in the cupboard",
    "there was a hedgehog in the garden",  # something that happened, without when
    "is there a pool at your school?",  # a question
    "if there are seats on the train I'll sit down",  # a condition
    "there's a lot of traffic in town today",
    "there are so many questions in my head",  # no count, no place one lives in
    "there are loads of people at the park today",  # the day's
    "there are two options in the menu you gave me",  # the chat's own things
])
def test_no_fact_of_what_is_there_for_the_moment(text):
    assert not any(f.predicate in ("has", "had") for f in cards(text))
