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


@pytest.mark.parametrize("text", [
    "the fee is 40 pounds a month since May",
    "membership is 25 euros a year since April",
    "fee is 30 dollars a month since September",
])
def test_an_amount_per_period_said_with_be_is_no_routine(text):
    got = team(text)
    assert got and not [f for f in got if "routine" in (f.type, f.predicate)], got


@pytest.mark.parametrize(("text", "who"), [
    ("practice is every tuesday at 6", ORG),
    ("I spend 50 pounds a month on bus fares", "Dara"),
])
def test_a_habit_with_its_rate_or_day_is_still_a_routine(text, who):
    got = team(text) if who == ORG else learn(text, None, at=AT, owner=who, role="owner", speaker=who)
    assert [f for f in got if f.type == "routine"], got


@pytest.mark.parametrize("text", [
    "good morning! well, afternoon now, rehearsal starts soon",
    "ok, the bus leaves soon, talk later",
    "the ferry leaves shortly, back in a bit",
])
def test_what_is_about_to_happen_to_a_thing_is_the_moments_chat(text):
    assert team(text) == []


def test_a_person_starting_something_soon_is_still_read():
    got = learn("my sister starts school soon", None, at=AT, owner="Dara", role="owner", speaker="Dara")
    assert got, got


def test_why_a_team_rule_holds_is_no_rule_of_its_own():
    got = team("nobody goes in the kiln room without Pavel, the kilns are hot and some glazes are toxic")
    bans = [f.value for f in got if f.type == "safety"]
    assert bans and all("kiln room" in v for v in bans), got
