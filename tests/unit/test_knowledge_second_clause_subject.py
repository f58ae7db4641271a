"""The second clause of "A does X and my cousin Mia is 9" is about the person named after "and", however the
parser attached it (memcore.knowledge.subjects.subject_of, dependency.predicates): it may make the first verb
the subject of "is", take "is" for what the first verb says, or join the first clause's object and the new
person as the subject of a verb in the singular."""
from __future__ import annotations

import pytest

from tests.unit.owner_voice import owner_cards as _cards


@pytest.mark.parametrize("text, first, does, second, age", [
    ("My uncle Bo fixes boats and my cousin Mia is 9.", "Bo", "boats", "Mia", "9"),  # "fixes": the subject of "is"
    ("my uncle Bo fixes boats in Hull and my cousin Mia is 9", "Bo", "boats", "Mia", "9"),
    ("My aunt Lin sells flowers and my nephew Kofi is 11.", "Lin", "flowers", "Kofi", "11"),  # "is": what "sells" says
    ("My sister Dana teaches maths and my son Rafi is 4.", "Dana", "maths", "Rafi", "4"),  # "maths and my son Rafi is"
])
def test_the_age_is_the_second_persons(text: str, first: str, does: str, second: str, age: str) -> None:
    cards = _cards(text)
    assert any(c.subject == second and c.predicate == "age" and c.value == age for c in cards), cards
    assert not any(c.subject == first and c.predicate == "age" for c in cards)
    # the first person's own clause is still read, without the second person in it
    assert any(c.subject == first and does in c.text and second not in c.text for c in cards), cards


def test_subjects_joined_by_and_before_a_plural_verb_stay_joined() -> None:
    cards = _cards("My dad and my cousin Mia are 9.")
    assert {c.subject for c in cards if c.predicate == "age"} == {"Priya's dad", "Mia"}


def test_a_clause_after_and_about_a_thing_gives_no_persons_fact() -> None:
    cards = _cards("My aunt Lin sells flowers and the shop is busy.")
    assert not any(c.predicate == "age" for c in cards)
    assert not any("busy" in c.text and c.subject == "Lin" for c in cards)


@pytest.mark.parametrize("text", [
    "I'm lucky to have my friends and family helping with the move.",
    "It's nice to have my sister and her kids staying over.",
])
def test_a_clause_whose_subject_is_joined_by_and_is_not_split(text: str) -> None:
    """Nouns joined by "and" as the subject of a verb hung under another: one subject, no clause of the last noun's."""
    cards = _cards(text)
    assert not any(c.subject.split()[-1] in ("family", "kids") for c in cards), cards
