"""What is happening as the owner types is no card (issue 35, docs/formation-spec.md "What is not knowledge": small
talk), and a verb after a tie in a turn typed in lower case is no pet's or person's name.

- a doing that lasts a moment, said in the present progressive, with or without "now": "my dog is barking at the
  postman", "the baby is crying again", "it's pouring"; near misses that keep their card: a pursuit or a course under
  way ("I'm learning the drums", "my brother is studying law"), a habit ("the baby sleeps in our room every
  night") and a change of these days ("my son is sleeping through the night these days" is no moment's news);
- "our dog howls when it thunders", "my cat purrs all night": "howls" and "purrs" are verbs, not a dog called Howls;
  "my dog rex barks at the postman", "my sister ines is 9" keep their names.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.lowercase_names import with_names

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, owner: str = "Wairimu") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)


@pytest.mark.parametrize("text", [
    "my dog is barking at the postman",
    "The baby is crying again",
    "my twin brothers are fighting over the remote",
    "Grandad is snoring in his chair",
    "our puppy Mochi is chewing my slipper",
    "it's pouring here",
])
def test_a_moment_said_as_it_happens_is_no_card(text: str) -> None:
    assert cards(text) == [] or all(f.type == "relationship" and f.predicate != "is" for f in cards(text)), cards(text)


def test_the_named_pet_of_a_moment_is_still_kept() -> None:
    kept = cards("our puppy Mochi is chewing my slipper")
    assert not [f for f in kept if "chew" in f.text.lower()], kept


@pytest.mark.parametrize("text, words", [
    ("I'm learning to play the drums", "drums"),
    ("my brother Tupac is studying law in Cusco", "law"),
    ("my daughter Naledi is studying to be a vet", "vet"),
])
def test_a_pursuit_a_habit_or_a_change_keeps_its_card(text: str, words: str) -> None:
    assert any(words in (f.value + " " + f.text).lower() for f in cards(text)), cards(text)


@pytest.mark.parametrize("text, moment", [
    ("my dog is barking at the postman", True),
    ("the twins are fighting again", True),
    ("my son is sleeping through the night these days", False),
    ("she's sleeping better lately", False),
    ("my brother is studying law", False),
])
def test_what_is_a_moment(text: str, moment: bool) -> None:
    from memcore.knowledge.parse import parse
    from memcore.knowledge.statement_check import act_of

    toks = list((parse([text]) or [()])[0])
    assert (act_of(text, toks) == "small_talk") is moment


@pytest.mark.parametrize("text, verb", [
    ("our dog howls when it thunders", "howls"),
    ("my cat purrs all night lol", "purrs"),
    ("my hamster squeaks at the door", "squeaks"),
])
def test_a_verb_after_a_tie_is_no_name(text: str, verb: str) -> None:
    assert verb.capitalize() not in with_names(text)
    assert not [f for f in cards(text) if f.value.lower() == verb], cards(text)


@pytest.mark.parametrize("text, name", [
    ("my dog rex barks at the postman", "Rex"),
    ("my sister ines is 9", "Ines"),
    ("my cat misty is 12", "Misty"),
    ("my best friend zaid plays fortnite with me", "Zaid"),
])
def test_a_name_after_a_tie_keeps_its_capital(text: str, name: str) -> None:
    assert name in with_names(text)
