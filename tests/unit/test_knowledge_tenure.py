"""How long someone has been where they are (issue 35, tenure.py): a duration or a start said of a
person is an identity fact of theirs. Sentences written for these tests in three voices (a child, an
adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.tenure import tenure

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("clause, who, predicate, value", [
    ("my swimming coach Mr Dale has been at the club for 20 years", "Mr Dale", "tenure", "20 years at the club"),  # child
    ("Nana has been in Leeds since 1990", "Nana", "tenure", "since 1990"),  # child
    ("I sing in the choir, have done for ten years", "Nia", "tenure", "ten years"),  # adult: what was just said
    ("I am a baker at Crust, been there since 2016", "Nia", "tenure", "since 2016"),  # adult, no "I" before "been"
    ("Pia is our head chef, 12 years here", "Pia", "tenure", "12 years"),  # team: set after the post
    ("Our porter Dev has been with us for six years", "Dev", "tenure", "six years"),  # team
    ("She's been with us 9 seasons", "Marta", "tenure", "9 seasons"),  # "she": the person named last
    ("I'm a retired nurse, 30 years at St., Luke's in Hull", "Nia", "tenure", "30 years at St. Luke's"),  # a comma after "St."
])
def test_a_tenure_is_an_identity_fact(clause, who, predicate, value):
    got = tenure(clause, TurnContext(owner="Nia", last_person="Marta"))
    assert [(f.type, f.subject, f.predicate, f.value) for f in got] == [("identity", who, predicate, value)]


@pytest.mark.parametrize("clause", [
    "I've been waiting for 20 minutes",  # a wait
    "she has been ill for two years",  # an illness: no where
    "I have been at home for a month",  # a state, not a place of one's own
    "I'm the chaplain at the hospice, have been since 2019",  # the date of the post just said
    "I have been there for ages",  # no count
])
def test_a_wait_a_state_or_a_post_dated_is_no_tenure(clause):
    assert tenure(clause, TurnContext(owner="Nia")) == []


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, who, value", [
    ("I've been at Tesco for six years", None, "Nia", "six years at Tesco"),
    ("Pia is our head chef, 12 years here.", "Salt Yard", "Pia", "12 years"),
])
def test_a_turn_gives_the_tenure(text, org, who, value):
    got = learn(text, None, at=AT, owner="Nia", role="owner", speaker="Nia", account_org=org)
    assert ("identity", who, value) in {(f.type, f.subject, f.value) for f in got if f.predicate == "tenure"}
