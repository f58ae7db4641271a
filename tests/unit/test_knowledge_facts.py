"""memcore.knowledge: the facts a turn teaches (issue 35), on sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn, speaker_role
from memcore.knowledge.person import about

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def facts(text, owner="Ravi", role="owner", org=None):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner=owner, role=role, speaker="user", speaker_org=org)


def slots(text, **kw):
    return {(f.type, f.subject, f.predicate, f.value) for f in facts(text, **kw)}


def test_one_turn_gives_each_fact_it_states():
    got = slots("I'm Ravi and I'm nine. I adore otters but I can't stand mushrooms.")
    assert {("identity", "Ravi", "age", "9"), ("preference", "Ravi", "likes", "otters"),
            ("preference", "Ravi", "dislikes", "mushrooms")} <= got


def test_a_list_gives_one_fact_an_item():
    got = slots("I'm afraid of thunder, wasps and the dark.")
    assert {f[3] for f in got if f[2] == "fears"} == {"thunder", "wasps", "dark"}


@pytest.mark.parametrize("text", ["ok cool", "thanks so much!", "Can you tell me a joke?", "What do owls eat?",
                                  "If I had a dragon I would call it Ember.", "Let's play a game."])
def test_small_talk_questions_requests_and_hypotheticals_teach_nothing(text):
    assert facts(text) == []


def test_the_assistants_lines_teach_nothing():
    assert speaker_role("Companion") == "assistant" and speaker_role("Ravi") == "owner"
    assert facts("I love dolphins, they are so clever!", role="assistant") == []


def test_ties_name_the_person_and_the_relation():
    got = {f.text for f in facts("My cousin Leila lives in Dundee. Mr Okafor is my football coach.")}
    assert "Leila is Ravi's cousin" in got and "Leila lives in Dundee" in got
    assert "Mr Okafor is Ravi's football coach" in got or "Okafor is Ravi's football coach" in got


def test_routines_and_skills():
    got = slots("We go swimming every Saturday morning. I can ride a bike without stabilisers now!")
    assert any(t == "routine" and "swimming every Saturday morning" in v for t, _, _, v in got)
    assert any(t == "skill" and "ride a bike" in v for t, _, _, v in got)


def test_certainty_follows_the_wording():
    [plain] = facts("I like cucumber.")
    [hedged] = facts("I think I like cucumber.")
    [heard] = facts("Apparently Zoe likes cucumber.")
    assert hedged.certainty < plain.certainty and heard.certainty < plain.certainty


def test_a_job_and_a_workplace_are_two_facts():
    got = slots("My husband Omar is an engineer at Rolls Royce.")
    assert ("identity", "Omar", "job", "engineer") in got and ("identity", "Omar", "works_for", "Rolls Royce") in got


def test_a_team_speaks_for_its_organisation():
    got = slots("Kestrel Design is a small design studio, we do branding and packaging.")
    assert ("semantic", "Kestrel Design", "does", "branding") in got
    assert ("semantic", "Kestrel Design", "does", "packaging") in got
    assert any(s == "Kestrel Design" and v == "Trello" for _, s, _, v in slots("We use Trello for everything.",
                                                                                  org="Kestrel Design"))


def test_first_person_becomes_the_owner():
    assert about("I walk my dog before school", "Ravi") == "Ravi walks Ravi's dog before school"
    assert about("we use Slack", "Ravi", team="Kestrel Design") == "Kestrel Design uses Slack"
