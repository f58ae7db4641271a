"""A qualification one holds is a skill (issue 35, skills and progress): "Dave has a first aid certificate",
"I have an HGV licence" say what one is able and allowed to do; a thing one has is a plain fact.
Sentences written for these tests, in an adult's and a team's voice."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def said(text, org=None):
    return learn(text, None, at=AT, owner="Nadia", role="owner", speaker="Nadia", speaker_org=org, account_org=org)


@pytest.mark.parametrize(("text", "org", "who", "what"), [
    ("I have an HGV licence.", None, "Nadia", "HGV licence"),
    ("Tomasz has a food safety certificate.", None, "Tomasz", "food safety certificate"),
    ("Leila has her pool lifeguard certificate.", "Westgate Leisure", "Leila", "pool lifeguard certificate"),
])
def test_a_qualification_held_is_a_skill(text, org, who, what):
    got = [f for f in said(text, org) if f.subject == who and what in f.value]
    assert got and all(f.type == "skill" for f in got), got


def test_a_thing_one_has_stays_a_plain_fact():
    got = [f for f in said("Tomasz has a red campervan.") if "campervan" in f.value]
    assert got and all(f.type == "semantic" for f in got), got
