"""A sentence that opens on "he" or "she" means the last person the turn named whose tie or title agrees, not the one
named last when that one's tie says the other sex ("My grandad lives with his daughter Rosa. He is 82." was "Rosa is
82"). Sentences of my own; the agreeing person is a name with a tie, a title of address, or the owner's unnamed kin."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _subjects(text: str, owner: str = "Thandi") -> dict[str, str]:
    return {f.value: f.subject for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, value, subject", [
    ("My grandad lives with his daughter Rosa. He is 82.", "82", "Thandi's grandad"),
    ("I look after Mr Okonjo, he lives with his daughter Ada. He loves gardening.", "gardening", "Mr Okonjo"),
    ("Our neighbour Mrs Dube lives with her son Tapiwa. She grows maize.", "maize", "Mrs Dube"),
    ("My aunt shares a flat with her nephew Bongani. She is 58.", "58", "Thandi's aunt"),
])
def test_the_pronoun_means_the_person_whose_tie_agrees(text, value, subject):
    got = _subjects(text)
    assert got.get(value) == subject, got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, value, subject", [
    ("My brother Tiago lives with his wife Ana. She is a vet.", "vet", "Ana"),  # the last one agrees already
    ("My dad lives with his brother Musa. He is 61.", "61", "Musa"),  # both agree: the one named last
])
def test_a_pronoun_the_last_person_agrees_with_stays_theirs(text, value, subject):
    got = _subjects(text)
    assert got.get(value) == subject, got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, subject, avoided", [
    ("I look after Mr Okonjo. He has a weak heart and he must not lift heavy boxes.", "Mr Okonjo", "lift heavy boxes"),
    ("My nan has a bad hip and she must never climb the ladder.", "Thandi's nan", "climb the ladder"),
])
def test_a_rule_said_after_and_he_or_she_is_that_persons(text, subject, avoided):
    """The rule's subject is the last clause's ("... and he must not ..."), not the words before it: the card was
    "Thandi's nan has a bad hip and she | must_avoid" or the owner's."""
    got = learn(text, None, at=AT, owner="Thandi", role="owner", speaker="Thandi")
    rules = [f for f in got if f.type == "safety" and avoided in f.value]
    assert rules and all(f.subject == subject for f in rules), got
