"""How well one does something, and what is said around a fact (issue 35), with near misses that must not change:

- a doer said with how well ("I'm a terrible singer", "a good cook", "the best baker in the family") is a skill,
  not a job; a trade said well ("I'm a good doctor") and a job at a place stay jobs;
- "I forgot to say, ..." / "oh I meant to tell you: ..." announces what follows, and is no event; "I forgot to
  say goodbye" is what was done;
- "scared to death of spiders" is a fear of spiders;
- "Mum's in Nairobi": the kin name's "'s" before where is "is".

Sentences written for this test, names from many places."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards


@pytest.mark.parametrize("text,pred,doing", [
    ("I'm a terrible singer", "weak_at", "singing"),
    ("honestly I'm the worst cook ever", "weak_at", "cooking"),
    ("I'm a rubbish driver", "weak_at", "driving"),
    ("I'm a good cook", "good_at", "cooking"),
    ("I'm the best baker in the family", "good_at", "baking"),
])
def test_a_doer_said_with_how_well_is_a_skill_not_a_job(text, pred, doing):
    cards = owner_cards(text)
    assert any(c.type == "skill" and c.predicate == pred and c.value == doing for c in cards), cards
    assert not [c for c in cards if c.predicate in ("job", "occupation")], cards


@pytest.mark.parametrize("text,job", [("I'm a good doctor", "doctor"), ("I'm a nurse at the Royal Free", "nurse"),
                                      ("I'm a baker", "baker")])
def test_a_trade_said_well_or_plainly_stays_a_job(text, job):
    assert any(c.predicate in ("job", "occupation") and job in c.value for c in owner_cards(text))


def test_someone_elses_skill_said_with_how_well_is_no_job():
    cards = owner_cards("my husband Kenji is a terrible dancer")
    assert any(c.subject == "Kenji" and c.predicate == "weak_at" and c.value == "dancing" for c in cards), cards
    assert not [c for c in cards if c.predicate == "job"], cards


@pytest.mark.parametrize("text,kept", [
    ("I forgot to say, my son is allergic to eggs", "eggs"),
    ("oh I meant to tell you: we have a cat called Mochi", "Mochi"),
    ("Sorry, I forgot to mention, Abuela lives with us", "Abuela"),
])
def test_announcing_what_follows_is_no_event(text, kept):
    cards = owner_cards(text)
    assert any(kept in c.value or kept in c.subject for c in cards), cards
    assert not [c for c in cards if "forgot" in c.value or "meant" in c.value], cards


def test_forgetting_to_do_something_is_still_what_was_done():
    cards = owner_cards("I forgot to say goodbye to Amara")
    assert any("goodbye" in c.value for c in cards), cards


def test_scared_to_death_of_is_a_fear_of_the_thing():
    cards = owner_cards("I'm scared to death of wasps")
    assert [(c.predicate, c.value) for c in cards if c.type == "preference"] == [("fears", "wasps")], cards


def test_a_kin_names_s_before_where_is_is():
    cards = owner_cards("Mum's in Nairobi")
    assert any(c.predicate == "lives_in" and c.value == "Nairobi" for c in cards), cards
    assert not owner_cards("Mum's car is red") or all(c.predicate != "lives_in" for c in owner_cards("Mum's car is red"))
