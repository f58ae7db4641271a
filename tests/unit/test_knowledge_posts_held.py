"""A post held toward a person or a body, said with a possessive (issue 35, posts_held.py, ties.py): a tie between
two people, or who one is in a body; not a plain "is". Sentences written for these tests."""
import pytest

from memcore.knowledge.reading import learn
from owner_voice import AT, owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text):
    return {(f.subject, f.predicate, f.value, f.type) for f in owner_cards(text, "Wanjiru")}


@pytest.mark.parametrize("text, card", [
    ("Sven is Astrid's deputy.", ("Astrid", "deputy", "Sven", "relationship")),
    ("Chiara is Paolo's understudy.", ("Paolo", "understudy", "Chiara", "relationship")),
    ("Mehmet is Dilnoza's apprentice.", ("Dilnoza", "apprentice", "Mehmet", "relationship")),
    ("Lucía is the team's treasurer.", ("Lucía", "role", "team's treasurer", "identity")),
    ("Tomasz is the club's secretary.", ("Tomasz", "role", "club's secretary", "identity")),
    ("Ravi is the choir's conductor.", ("Ravi", "role", "choir's conductor", "identity")),
])
def test_a_post_said_with_a_possessive_is_a_tie_or_a_post(text, card):
    got = cards(text)
    assert card in got
    assert not [c for c in got if c[1] == "is"]


@pytest.mark.parametrize("text", [
    "Sven is Astrid's age.",
    "Sven is Astrid's type.",
    "Sven is Astrid's favourite.",
    "That's Astrid's problem.",
    "Sven is not Astrid's deputy.",
    "Is Sven Astrid's deputy?",
])
def test_no_post_where_none_is_said(text):
    assert not [c for c in cards(text) if c[0] == "Astrid" or c[1] == "role"]


def test_a_teams_post_is_a_tie_of_the_team():
    got = learn("Lucía is the team's treasurer.", None, at=AT, owner="Wanjiru", role="owner", speaker="user",
                previous=[], account_org="Harbour Rowing Club")
    assert ("Harbour Rowing Club", "treasurer", "Lucía") in {(f.subject, f.predicate, f.value) for f in got}
