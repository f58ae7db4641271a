"""What one is learning, without where, when and with whom one learns it (issue 35: skills and progress):
"I'm learning to row at the boat club on Sundays with my aunt" is the skill "row" (the habit's card keeps
the club, the day and the aunt), "learning Greek on the side" is "Greek"; how a skill is done stays in it
("to knit with circular needles", "to sing in Italian"). Sentences written for these tests, three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def learning(text, owner="Ines", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, speaker_org=org, account_org=org)
    return [(f.subject, f.value, f.text) for f in got if f.type == "skill" and f.predicate == "learning"]


@pytest.mark.parametrize(("text", "owner", "org", "who", "skill", "not_in"), [
    ("i'm learning to row at the boat club on sundays with my aunt", "Ines", None, "Ines", "row", "aunt"),
    ("I'm learning Greek on the side, mostly for holidays.", "Colm", None, "Colm", "Greek", "side"),
    ("I'm learning Polish at evening classes with my husband", "Colm", None, "Colm", "Polish", "classes"),
    ("Marta is learning to weld with Piotr on Thursdays.", "Dev", "Nowak Fabrication", "Marta", "weld", "Piotr"),
])
def test_the_skill_learnt_is_said_without_where_when_and_with_whom(text, owner, org, who, skill, not_in):
    got = [(v, line) for s, v, line in learning(text, owner, org) if s == who]
    assert any(v.endswith(skill) for v, _ in got), got
    assert not any(not_in in v or not_in in line for v, line in got), got


@pytest.mark.parametrize(("text", "skill"), [
    ("I'm learning to knit with circular needles", "knit with circular needles"),
    ("I'm learning to sing in Italian", "sing in Italian"),
])
def test_how_a_skill_is_done_stays_in_it(text, skill):
    assert [v for _, v, _ in learning(text)] == [skill]
