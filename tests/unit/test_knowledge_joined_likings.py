"""memcore.knowledge on two likings joined under one subject (issue 35): "my brother loves football and hates
rugby" is a liking and a dislike, each its own card, whoever the subject is. Sentences written for these
tests (not from any labelled set of the formation benchmark)."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.clauses import clauses

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Nadia"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


def test_a_relative_said_with_my_shares_the_subject_not_the_verb_with_the_joined_verb():
    assert clauses("My uncle plays darts and hates losing") == ["My uncle plays darts", "My uncle hates losing"]
    assert clauses("my cousin Pavel likes vans and loves trains") == ["my cousin Pavel likes vans", "my cousin Pavel loves trains"]


@needs_parser
@pytest.mark.parametrize("text, subject, liked, disliked", [
    ("My sister loves maths and hates PE.", "Nadia's sister", "maths", "PE"),             # a child
    ("my hamster loves carrots and hates the hoover", "Nadia's hamster", "carrots", "hoover"),
    ("My husband likes long walks and hates shopping.", "Nadia's husband", "long walks", "shopping"),  # an adult
    ("Our drivers love the new vans and hate the sat navs.", "Nadia's drivers", "new vans", "sat navs"),  # a team
])
def test_a_liking_and_a_dislike_joined_under_one_subject_are_two_cards(text, subject, liked, disliked):
    got = slots(text)
    assert ("preference", subject, "likes", liked) in got
    assert ("preference", subject, "dislikes", disliked) in got
    assert not any(v.startswith(("hates", "hate ")) for _, _, _, v in got)


@needs_parser
def test_a_dislike_said_second_with_a_named_subject_is_a_dislike_not_a_fact():
    got = slots("Priya adores jazz and hates opera.")
    assert ("preference", "Priya", "dislikes", "opera") in got
    assert not any("hates" in v for _, _, _, v in got)


@needs_parser
@pytest.mark.parametrize("text, subject, pred, value", [
    ("My brother plays the trumpet.", "Nadia's brother", "plays", "trumpet"),   # a child
    ("My grandad plays the piano.", "Nadia's grandad", "plays", "piano"),
    ("Ravi speaks Urdu.", "Ravi", "language", "Urdu"),                           # an adult
    ("Our manager Dana speaks German.", "Dana", "language", "German"),           # a team
])
def test_an_instrument_or_a_language_said_of_another_is_their_skill(text, subject, pred, value):
    assert ("skill", subject, pred, value) in slots(text)


@needs_parser
def test_playing_with_or_for_someone_is_no_skill():
    assert not any(t == "skill" for t, _, _, _ in slots("Grandpa plays with his trains."))
