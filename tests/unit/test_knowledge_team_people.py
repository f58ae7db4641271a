"""Who does what in a team, said in chat (issue 35, memcore/knowledge/roles.py): a colleague helped
and what a colleague is best at. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Tidewell Print"


def facts(text, org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner="Marek", role="owner", speaker="user", account_org=org)


def test_helping_a_colleague_is_a_duty_of_the_helper():
    got = facts("Imogen runs the presses, and Tobias helps her on big print runs")
    helps = [f for f in got if f.subject == "Tobias"]
    assert [(f.type, f.value) for f in helps] == [("identity", "big print runs")] and "Imogen" in helps[0].text


@pytest.mark.parametrize("text, who, what", [
    ("Priyam's the colour wizard and Lou does the binding", "Priyam", "colour"),
    ("Ada is our Excel whizz", "Ada", "Excel"),
])
def test_what_a_colleague_is_best_at_is_a_skill(text, who, what):
    got = [f for f in facts(text) if f.type == "skill"]
    assert [(f.subject, f.value) for f in got] == [(who, what)]


def test_no_skill_from_a_verdict_on_oneself_or_outside_a_team():
    assert not [f for f in facts("Ada is our Excel whizz", org=None) if f.type == "skill" and f.predicate == "good_at"]


def test_what_kind_of_place_and_where_when_the_turn_already_named_it():
    statements = extract("I'm Marek, I work at Tidewell Print, a print shop in Falmouth.", speaker="user", at=AT).statements
    got = facts_of_turn("I'm Marek, I work at Tidewell Print, a print shop in Falmouth.", statements, owner="Marek",
                        role="owner", speaker="user", speaker_org=ORG, account_org=ORG)
    assert {(f.predicate, f.value) for f in got if f.subject == ORG} >= {("business_kind", "print shop"), ("located_in", "Falmouth")}
