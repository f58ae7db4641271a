"""A post held in a named place or body, said "I'm the X of/at/for Y" (memcore/knowledge/who_one_is.py, issue 35):
the post, and where it is held (in a team's own chat, "the club" is the team said again). Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _cards(text, org=None):
    got = learn(text, None, at=AT, owner="Bryony", role="owner", speaker="Bryony", account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, post, body", [
    ("I'm the treasurer of Hebden Allotment Society.", "treasurer", "Hebden Allotment Society"),
    ("Hi, I'm Bryony, I'm the warden of Edale Youth Hostel.", "warden", "Edale Youth Hostel"),
    ("I'm the manager of a little bookshop in Ludlow.", "manager", "little bookshop"),
])
def test_a_post_of_a_body_is_the_post_and_where_it_is_held(text, post, body):
    cards = _cards(text)
    assert ("Bryony", "role", post) in cards, cards
    assert any(p == "works_for" and body in v for s, p, v in cards), cards


def test_the_team_said_again_is_no_workplace_of_its_own():
    cards = _cards("I'm the secretary of the society, have been for years.", org="Hebden Allotment Society")
    assert ("Bryony", "role", "secretary") in cards and not any(p == "works_for" for s, p, v in cards), cards


@pytest.mark.parametrize("text", ["I'm the owner of three rabbits.", "I'm the daughter of a miner.",
                                  "I'm the eldest of four."])
def test_kin_pets_and_counts_are_no_post(text):
    assert not any(p == "role" for s, p, v in _cards(text)), _cards(text)


@pytest.mark.parametrize("text, who, post", [
    ("chairwoman is Gwenda Pryce, her twins row with us.", "Gwenda Pryce", "chairwoman"),
    ("treasurer is Idris. secretary is me, sadly.", "Idris", "treasurer"),
])
def test_a_post_said_first_without_the_is_its_holders_role(text, who, post):
    cards = _cards(text, org="Hebden Allotment Society")
    assert (who, "role", post) in cards, cards


def test_a_post_said_with_the_alone_is_the_post_but_not_a_turn_of_duty():
    assert ("Bryony", "role", "postwoman") in _cards("I'm the postwoman on Skye."), _cards("I'm the postwoman on Skye.")
    assert not any(p == "role" for s, p, v in _cards("I'm the driver tonight."))
