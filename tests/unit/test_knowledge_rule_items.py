"""memcore.knowledge.rule_items: a rule said as a list of prohibitions is one card per rule (issue 35,
docs/formation-spec.md "Matching", rule 5). Sentences written for these tests, in a child's, an
adult's and a team's voice, with names from many languages; near misses that must not be cut."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.rule_items import rule_items, rules_apart

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner, org=None):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)


def safety(facts):
    return sorted(f.value.lower() for f in facts if f.type == "safety")


@pytest.mark.parametrize("value, items", [
    ("no running and no stairs until the scan", ["no running until the scan", "no stairs until the scan"]),
    ("no screens after 8 and no fizzy drinks on school nights", ["no screens after 8", "no fizzy drinks on school nights"]),
    ("never lend the keys, never leave the gate open", ["never lend the keys", "never leave the gate open"]),
    ("no nuts or eggs", ["no nuts or eggs"]),  # one marker: one list of what is avoided
    ("salt and pepper squid", ["salt and pepper squid"]),
    ("no fish and chips on the bus", ["no fish and chips on the bus"]),
    ("between 9 and 5", ["between 9 and 5"]),
])
def test_a_value_lists_its_rules_where_the_marker_is_said_again(value, items):
    assert rule_items(value) == items


def test_a_marker_said_before_the_value_is_said_by_no_item():
    assert rule_items("heavy lifting and no baths for two weeks", marked_before=True) == [
        "heavy lifting for two weeks", "baths for two weeks"]


def test_a_card_that_is_no_rule_is_never_cut():
    f = Fact("Yuki", "likes", "no-fuss food and no frills", "preference", 0.8, "Yuki likes no-fuss food and no frills")
    assert rules_apart(f) == [f]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, text, want", [
    ("Keoni", "the physio says no running and no stairs until the scan",
     ["running until the scan", "stairs until the scan"]),
    ("Zofia", "my doctor says no alcohol and no driving for a week", ["alcohol for a week", "driving for a week"]),
    ("Amara", "my dad says no screens after 8 and no fizzy drinks on school nights",
     ["fizzy drinks on school nights", "screens after 8"]),
])
def test_a_listed_prohibition_gives_one_card_per_rule(owner, text, want):
    got = cards(text, owner)
    assert safety(got) == want
    assert all(f.subject == owner and f.predicate == "must_avoid" for f in got if f.type == "safety")


@pytest.mark.usefixtures("parser_installed")
def test_a_teams_rules_said_in_one_breath_are_cards_of_their_own():
    got = cards("guests must sign in at the desk, no visitors after 10pm and no glass on the terrace", "Siobhan",
                "Harbour Lights Hostel")
    assert safety(got) == ["no glass on the terrace", "no visitors after 10pm", "sign in at the desk"]
    lines = {f.value: f.text for f in got}
    assert lines["no visitors after 10pm"] == "No visitors after 10pm"  # not "Guests must no visitors ..."


@pytest.mark.usefixtures("parser_installed")
def test_never_said_twice_is_two_rules():
    got = cards("never leave the till open and never give change from the safe", "Tevita", "Kava Corner")
    assert safety(got) == ["give change from the safe", "leave the till open"]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, text, value", [
    ("Ngozi", "no nuts or sesame for me, I'm allergic", None),
    ("Bartholomew", "I'm not allowed to play football after dark", "play football after dark"),
])
def test_one_marker_is_one_rule(owner, text, value):
    got = [f for f in cards(text, owner) if f.type == "safety" and f.predicate == "must_avoid"]
    assert len(got) <= 1
    if value is not None:
        assert [f.value for f in got] == [value]


@pytest.mark.parametrize("value", [
    "Only the ripe mangoes, never green or yellow",  # one rule said twice: what to take, what not to
    "We pay Adaeze cash, never credit",
    "cash and never credit",
    "gloves in the cold room, always",  # a marker alone is no rule of its own
    "no phones in the kitchen and no exceptions",  # how firm, no rule of its own
])
def test_a_rule_said_again_in_other_words_stays_one(value):
    assert rule_items(value) == [value]
