"""A colleague's title said without "the" and how long they have been with the team (issue 35,
memcore/knowledge/roles.py, team_figures.py): "Bea is senior nurse", "..., 14 years here", "6 seasons".
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Larkspur Surgery"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner="Tamsin", role="owner", speaker="user", account_org=org)


@pytest.mark.parametrize("text,who,title", [
    ("Bea is senior nurse.", "Bea", "senior nurse"),
    ("Colm is lead physiotherapist.", "Colm", "lead physiotherapist"),
    ("Irene is deputy head teacher.", "Irene", "deputy head teacher"),
])
def test_a_title_said_without_the_is_the_colleagues_post(text, who, title):
    assert any(f.subject == who and f.predicate == "role" and f.value == title for f in facts(text))


def test_a_tie_said_bare_is_no_post():
    assert not any(f.predicate == "role" for f in facts("Ravi is brother."))


@pytest.mark.parametrize("text,who,how_long", [
    ("Bea is senior nurse, 14 years here.", "Bea", "14 years"),
    ("Our practice manager is Colm, 3 years with us.", "Colm", "3 years"),
    ("Irene has been with us 5 seasons.", "Irene", "5 seasons"),
    ("Tomek has been here for 2 terms.", "Tomek", "2 terms"),
])
def test_how_long_a_colleague_has_been_with_the_team(text, who, how_long):
    got = facts(text)
    tenure = [f for f in got if f.predicate == "tenure"]
    assert [(f.subject, f.value, f.type) for f in tenure] == [(who, how_long, "identity")]
    assert not any(how_long in f.value for f in got if f.predicate != "tenure")  # (not inside the post's card)


@pytest.mark.parametrize("text,tools", [
    ("Xero for the accounts, Slack for chat and Deputy for the rota.", ["Xero", "Slack", "Deputy"]),
    ("EMIS for records and PHPP for the sums.", ["EMIS", "PHPP"]),
])
def test_tools_named_for_their_use_without_a_verb_are_the_teams(text, tools):
    got = [f for f in facts(text) if f.predicate == "uses"]
    assert sorted(f.value for f in got) == sorted(tools) and all(f.subject == ORG for f in got)
    assert all(sum(t in f.text for t in tools) == 1 for f in got)  # a card a tool


def test_gifts_for_people_are_no_tools():
    assert not [f for f in facts("Flowers for Mum and Chocolates for Dad.") if f.predicate == "uses"]


def test_a_post_and_a_name_after_and_the_start_a_clause_of_their_own():
    got = facts("Repeat scripts come through the NHS app and Patches, and the practice manager, Uma Reyes, signs the rota on Mondays.")
    scripts = [f for f in got if "Patches" in f.value]
    assert len(scripts) == 1 and "Uma" not in scripts[0].text and "manager" not in scripts[0].text
    assert any(f.subject == "Uma Reyes" and f.value == "practice manager" for f in got)


@pytest.mark.parametrize("text,who,what", [
    ("Ines is the only one of us certified for the hoist.", ["Ines"], "the hoist"),
    ("Only Ines and Bo are trained in phlebotomy.", ["Ines", "Bo"], "phlebotomy"),
])
def test_who_alone_is_qualified_for_a_kind_of_work(text, who, what):
    got = [f for f in facts(text) if f.type == "skill"]
    assert sorted(f.subject for f in got) == sorted(who) and all(f.value == what for f in got)
