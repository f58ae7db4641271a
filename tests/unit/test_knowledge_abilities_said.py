"""What one can and cannot do, in the ways people say it (issue 35): pursuits.cannot and what it reads.
Sentences written for these tests in three voices (a child, an adult, a team), not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Ines", org=None, previous=()):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, who, missing", [
    ("i cant do a cartwheel at all", "Ines", "do a cartwheel"),  # child
    ("I can't read music at all, I play by ear", "Ines", "read music"),  # adult, an ability verb
    ("Honestly, I can't follow the cricket rules at all.", "Ines", "follow the cricket rules"),  # adult, any verb
    ("Still a beginner, I can't hold a tune at all", "Ines", "hold a tune"),  # a remark set off before the subject
    ("Our new runner Jakub can't use the till at all", "Jakub", "use the till"),  # team
])
def test_an_ability_said_missing_with_at_all_is_a_cannot(text, who, missing):
    got = slots(text, org="Corner Deli" if "Our" in text else None)
    assert ("skill", who, "cannot", missing) in got


@pytest.mark.parametrize("text", [
    "I can't come at all this week",  # a plan, not an ability
    "I can't sleep at all lately",  # a state
    "I can't find it at all",
    "we can't park at all on Fridays",
    "I can't make it on Friday at all",
    "I don't like it at all",
    "Tomorrow, I can't drive at all",  # when, not what one can't do
    "On Friday, I can't drive at all",
    "On Friday, I can't drive",
])
def test_at_all_beside_a_plan_or_a_state_says_no_ability(text):
    assert not {s for s in slots(text) if s[0] == "skill"}


@pytest.mark.parametrize("text, owner, org, who, played, group", [
    ("i play the trumpet in a brass band", "Ines", None, "Ines", "trumpet", "brass band"),  # child
    ("I play the viola with the Northern Chamber Orchestra", "Rami", None, "Rami", "viola", "Northern Chamber Orchestra"),  # adult
    ("I play rugby for the county team", "Rami", None, "Rami", "rugby", "county team"),  # adult, a sport
    ("Our head chef Bea plays the fiddle in a folk band", "Nia", "Salt Yard", "Bea", "fiddle", "folk band"),  # team
])
def test_what_one_plays_in_a_group_is_two_facts(text, owner, org, who, played, group):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    plays = [f for f in got if f.predicate == "plays" and f.subject == who]
    assert [(f.type, f.value) for f in plays] == [("skill", played)]
    assert group not in plays[0].text  # the group is a fact of its own, not part of the instrument's line
    member = [f for f in got if f.predicate == "member_of" and f.subject == who]
    assert [(f.type, f.value) for f in member] == [("identity", group)]
    assert played not in member[0].text and "play" not in member[0].text  # nor the group's line the instrument


@pytest.mark.parametrize("text", ["I play chess with my grandad", "I play football in the park",
                                  "I play the piano in the mornings"])
def test_whom_when_or_where_one_plays_is_no_group(text):
    assert not {s for s in slots(text, owner="Rami") if s[2] == "member_of"}


def test_a_group_one_played_in_is_no_membership_now():
    got = slots("My old friend Gethin, who played drums in our band, lives in Cardiff now.", org="Tidewater Books")
    assert not [f for f in got if f[2] == "member_of"], got
