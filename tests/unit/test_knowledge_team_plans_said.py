"""What a team's member says may happen, or what is not theirs to keep (issue 35, docs/formation-spec.md):
"if the council cuts the grant we'll go to the mayor, all of us" is a plan on a condition, no how-to, even
when no comma closes the condition. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER, ORG = "Ren", "Harbour Youth Choir"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def team(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, speaker_org=ORG, account_org=ORG)


@pytest.mark.parametrize("text", [
    "if they do that we'll march to the Town Hall, the whole street",
    "if he quits I'll have to teach the altos myself, wish me luck",
    "if they cut the funding we'll go to the Regional Council, every family",
    "if she moves away I'll need to find a new accompanist, help me",
])
def test_a_condition_run_on_into_what_will_happen_is_no_process(text):
    assert not [f for f in team(text) if f.type == "process"], team(text)


@pytest.mark.parametrize("text", [
    "if it rains, we move the rehearsal to the church hall",
    "if the coach is late, call Ruth on her mobile",
])
def test_a_condition_and_what_the_team_does_then_is_still_a_process(text):
    assert [f for f in team(text) if f.type == "process"], team(text)
