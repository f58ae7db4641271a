"""What a team does, said with "we" and a verb and its object (issue 35, a team's knowledge): a fact of the
organisation holding the doing and what the verb's phrases say of it ("we share the yard with the
scaffolders"), one an item of a list; a wish, a feeling, a past, a habit, a count or a negation is none of
these. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Gull Rock Lifeboats"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def said(text):
    return learn(text, None, at=AT, owner="Tamsin", role="owner", speaker="Tamsin", speaker_org=ORG, account_org=ORG)


@pytest.mark.parametrize(("text", "words"), [
    ("we patrol the estuary for kitesurfers in trouble", ("patrol", "estuary", "kitesurfers")),
    ("We share the slipway with the sailing club.", ("share", "slipway", "sailing club")),
    ("mostly we tow yachts that have lost their engines", ("tow", "yachts")),
])
def test_what_the_team_does_is_a_fact_of_the_organisation(text, words):
    got = [f for f in said(text) if f.subject == ORG and f.type == "semantic"]
    assert any(all(w in f"{f.predicate} {f.value} {f.text}" for w in words) for f in got), got


def test_a_list_of_what_the_team_does_is_one_card_an_item():
    got = {f.value for f in said("We tow dinghies and broken-down yachts.") if f.subject == ORG}
    assert {"dinghies", "broken-down yachts"} <= got


@pytest.mark.parametrize("text", [
    "We need a second tractor for the boat.",   # a wish
    "We adore the new pagers.",                 # a feeling (a preference, not a doing)
    "We bought a new tractor.",                 # what happened
    "We don't launch the big boat.",            # a negation
])
def test_a_wish_a_feeling_a_past_or_a_negation_is_no_doing(text):
    assert not [f for f in said(text) if f.subject == ORG and f.type == "semantic"]


def test_a_habit_and_a_count_are_left_to_their_readers():
    habit = said("Every Sunday at 10 the crew exercises and we test the radios.")
    assert not [f for f in habit if f.type == "semantic" and "radios" in f.value]
    counts = said("We launch 4 boats from 2 stations.")
    assert not [f for f in counts if "4 boats" in f.value and "2 stations" in f.value]


def test_an_aside_after_a_comma_is_no_part_of_the_doing():
    got = [f for f in said("we tow yachts to the harbour, not the other way round") if f.subject == ORG]
    assert any(f.text.endswith("tows yachts to the harbour") for f in got), got
    assert not any("not" in f.value.split() or "round" in f.text for f in got), got
