"""A confidence's lead-in ("don't tell anyone but ...", "between you and me, ...") sets no standing rule, and what
follows it is what the turn teaches (issue 35; memcore/extraction/confiding.py). "dont tell anyone but im scared of
the dark" gave the safety card "must_avoid: tell anyone but I'm scared of the dark" and lost the fear. Near misses
keep their rule: a request not to tell someone a thing it names ("don't tell Leo about the surprise party"), a
story not to be told ("Don't tell scary stories, she gets nightmares").

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.extraction.classify import classify_statement
from memcore.extraction.confiding import confided, without_confiding
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, owner: str = "Amaru") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)


@pytest.mark.parametrize("text, predicate, words", [
    ("dont tell anyone but im scared of the dark", "fears", "dark"),
    ("don't tell mum but I broke her favourite mug", "event", "broke"),
    ("Dont tell Chidi but I ate his chocolate", "event", "chocolate"),
    ("don't tell the others but I'm moving to Porto in June", "moving_to", "porto"),
    ("please don't tell my dad but I'm scared of horses", "fears", "horses"),
    ("I'm scared of spiders, don't tell anyone", "fears", "spiders"),
    ("i still sleep with a nightlight (dont tell my sister)", "sleep_with", "nightlight"),
    ("I'm terrified of geese but don't tell Fatou lol", "fears", "geese"),
])
def test_what_follows_the_lead_in_is_read_and_no_rule_is_kept(text: str, predicate: str, words: str) -> None:
    got = cards(text)
    assert not [f for f in got if f.type == "safety"], got
    assert [f for f in got if f.predicate == predicate and words in f.value.lower()], got


@pytest.mark.parametrize("text, ban", [
    ("Don't tell scary stories, she gets nightmares", "scary stories"),
    ("don't tell Wiremu about the surprise party", "surprise party"),
    ("never tell him the ending", "ending"),
    ("Don't tell jokes about her weight, ever", "weight"),
])
def test_a_request_not_to_tell_a_named_thing_stays_a_rule(text: str, ban: str) -> None:
    got = cards(text)
    assert [f for f in got if f.predicate == "must_avoid" and ban in f.value], got


@pytest.mark.parametrize("text, rest", [
    ("dont tell anyone but im scared of the dark", "im scared of the dark"),
    ("between you and me, I'm thinking of quitting", "I'm thinking of quitting"),
    ("promise you won't tell? I have a crush on Tomasz", "I have a crush on Tomasz"),
    ("ok so don't laugh but I still sleep with a nightlight", "I still sleep with a nightlight"),
    ("I've never told anyone this but I'm afraid of clowns", "I'm afraid of clowns"),
    ("it's a secret but Dagny is getting a puppy", "Dagny is getting a puppy"),
    ("don't tell scary stories", None), ("don't tell Leo.", None), ("never tell him the ending", None),
    ("Don't tell jokes, she hates them", None),  # "jokes" is no one to tell: a story not to be told
])
def test_the_lead_in(text: str, rest: str | None) -> None:
    assert confided(text) == rest


def test_the_older_pipeline_keeps_no_rule_from_a_confidence() -> None:
    for said in ("don't tell mum but I'm allergic to peanuts", "I'm scared of spiders, don't tell anyone"):
        told = classify_statement(said).triples
        assert not [t for t in told if t.predicate == "must_avoid"], (said, told)
    assert [t for t in classify_statement("Don't tell scary stories before bed").triples if t.predicate == "must_avoid"]


@pytest.mark.parametrize("text, read", [
    ("I'm scared of spiders, don't tell anyone", "I'm scared of spiders."),
    ("Geese, a bit, but don't tell anyone.", "Geese, a bit."),
    ("I have a crush on Anouk but don't tell her ok?", "I have a crush on Anouk."),
    ("i sleep with a nightlight (dont tell my sister)", "i sleep with a nightlight."),
    ("dont tell anyone but im scared of the dark", "im scared of the dark"),
    ("please don't tell Leo", "please don't tell Leo"),  # nothing else said: as it was
    ("Don't tell scary stories", "Don't tell scary stories"),
    ("We tell the kids a story and don't tell them the ending", "We tell the kids a story and don't tell them the ending"),
])
def test_the_turn_read_without_confiding(text: str, read: str) -> None:
    assert without_confiding(text) == read
