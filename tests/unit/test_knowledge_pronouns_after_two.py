"""Whom "he"/"she" means after two people were named (a helper's session, worktree who45): the one whose tie or
title does not say the other sex ("my friend Olu and his sister Bisi came over. he is 9": Olu), and the one beside
the owner in "Kemal and I ..." (a "he" never means the owner). Sentences written for these tests, with names of
their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text, owner="Lina", org=None):
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[], account_org=org)}


@pytest.mark.parametrize("text, who, value", [
    ("my friend Olu and his sister Bisi came over. he is 9", "Olu", "9"),
    ("my friend Olu and his sister Bisi came over. she is 6", "Bisi", "6"),  # near miss: the tie agrees
    ("My neighbour Farida and her son Anvar came for tea. She is 70.", "Farida", "70"),
    ("My neighbour Farida and her son Anvar came for tea. He is 40.", "Anvar", "40"),
])
def test_he_or_she_is_the_one_the_ties_agree_with(text, who, value):
    got = cards(text)
    assert any(s == who and p == "age" and v == value for s, p, v in got), got


@pytest.mark.parametrize("text, who", [
    ("Kemal and I run the events. He is 30.", "Kemal"),
    ("My husband Jorge and I live in Cusco. He is 52.", "Jorge"),
])
def test_he_after_someone_and_i_is_that_someone(text, who):
    got = cards(text)
    assert any(s == who and p == "age" for s, p, _ in got), got
    assert not any(s == "Lina" and p == "age" for s, p, _ in got)


def test_he_after_one_name_is_unchanged():
    got = cards("Kemal runs the events. He is 30.")
    assert ("Kemal", "age", "30") in got


def test_the_owner_keeps_what_the_pair_does():
    got = cards("My husband Jorge and I live in Cusco. He is a guide.")
    assert ("Lina", "lives_in", "Cusco") in got
    assert ("Jorge", "job", "guide") in got
