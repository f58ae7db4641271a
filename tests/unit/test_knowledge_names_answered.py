"""A name given in a sentence of its own, answering "What's your X called?" or "What's the X called?", is the
owner's X's name (issue 35; answers._NAMED_SO, answer_frames): "It's called Rossi & Daughters Tiling" gave
nothing, though the bare name did. Near misses: the same sentence after another question, or with no question,
names nothing of the owner's.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, question: str | None, owner: str = "Tupac") -> list:
    previous = [f"assistant: {question}"] if question else []
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=previous,
                 account_org=None)


@pytest.mark.parametrize("question, text, name", [
    ("Twelve years! What's the business called?", "It's called Mamani Roofing.", "Mamani Roofing"),
    ("What's your band called?", "we're called The Salt Flats", "The Salt Flats"),
    ("What's your podcast called?", "it is called Night Buses", "Night Buses"),
    ("Oh lovely, what's your dog called?", "his name is Chaski", "Chaski"),
    ("What's your bakery called?", "It's called Pan de Casa", "Pan de Casa"),
])
def test_a_name_said_in_a_sentence_answers_what_it_is_called(question: str, text: str, name: str) -> None:
    got = cards(text, question)
    assert [f for f in got if f.subject == "Tupac" and name in f.value], got


@pytest.mark.parametrize("question, text", [
    (None, "It's called Mamani Roofing."),
    ("How was your day?", "It's called a hangover"),
    ("Do you know that song?", "it's called Bailando, everyone knows it"),
])
def test_no_name_of_the_owners(question: str | None, text: str) -> None:
    assert not [f for f in cards(text, question) if "called" in f.text.lower()], cards(text, question)


@pytest.mark.parametrize("text, question, words", [
    ("My café is called Kahawa Tamu", None, "kahawa tamu"),
    ("Kahawa Tamu", "What's your café called?", "kahawa tamu"),
    ("our crêperie is on Rue Verte", None, "rue verte"),
])
def test_a_thing_of_ones_own_with_an_accent(text: str, question: str | None, words: str) -> None:
    """A lower-case word with an accent ("café", "crêperie") is a thing of the owner's as any other: it gave nothing."""
    got = cards(text, question)
    assert [f for f in got if f.subject == "Tupac" and words in f.value.lower()], got
