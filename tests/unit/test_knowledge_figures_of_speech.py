"""Figures of speech taken for facts (memcore/knowledge/figures_of_speech.py): "my dad is going to kill me", "my
sister drives me crazy", "my inbox is a nightmare" give no card; a fact said beside one, and a plain fact in the same
words ("my son drives a bus", "my cat killed a mouse yesterday", "never leave the gas on, it'll kill us all"), stay.
Sentences written for these tests in many voices, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.figures_of_speech import figure_of_speech
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def said(text: str, owner: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


def card(type_: str, subject: str, predicate: str, value: str) -> Fact:
    return Fact(subject, predicate, value, type_, 0.8, f"{subject} {predicate} {value}")


@pytest.mark.parametrize("made", [
    card("episodic", "Ayesha's dad", "event", "Is going to kill Ayesha"),
    card("semantic", "Noor", "drives", "me crazy"),
    card("relationship", "Ayesha's little sister", "drives", "Ayesha up the wall"),
    card("semantic", "Ayesha", "inbox", "a nightmare"),
    card("semantic", "Ayesha", "life", "chaos"),
    card("semantic", "Ayesha", "brain", "fried"),
    card("episodic", "Ayesha", "event", "Am so done with this week"),
    card("semantic", "Ayesha's mum", "is", "the best mum in the world"),
    card("semantic", "Ayesha", "exams", "are killing me"),
])
def test_a_figure_of_speech_is_no_card(made):
    assert figure_of_speech(made, "Ayesha")


@pytest.mark.parametrize("made", [
    card("identity", "Bilal", "job", "drives a bus"),
    card("routine", "Ayesha's daughter", "routine", "drives Ayesha to the shops every Friday"),
    card("episodic", "Ayesha's cat", "event", "killed a mouse yesterday"),
    card("episodic", "Ayesha", "event", "Had a disaster recovery drill on Monday"),
    card("identity", "Ayesha", "works_for", "Nightmare Escape Room"),
    card("identity", "Sirkka", "business_kind", "circus school"),
    card("safety", "Ayesha", "must_avoid", "leave the gas on, it'll kill us all"),
    card("episodic", "Tavita's nana", "event", "made panipopo yesterday, the best thing ever"),
])
def test_a_plain_fact_in_the_same_words_stays(made):
    assert not figure_of_speech(made, "Ayesha")


pytestmark_parser = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytestmark_parser
@pytest.mark.parametrize("owner, text", [
    ("Ayesha", "my dad is going to kill me when he sees this"),  # a teenager
    ("Ayesha", "my inbox is a nightmare"),  # an office worker
    ("Ayesha", "my brain is fried"),
    ("Ayesha", "I'm so done with this week"),
    ("Gunnhild", "the shop is chaos this week"),  # a shop owner
])
def test_a_feeling_said_in_a_figure_gives_no_card(owner, text):
    assert said(text, owner) == set()


@pytestmark_parser
def test_a_fact_said_beside_a_figure_stays():
    assert said("my sister Noor is 12 and she drives me crazy", "Ayesha") == {
        ("Ayesha", "sister", "relationship"), ("Noor", "age", "identity")}
    assert ("Ayesha", "has_dog", "relationship") in said("my dog Tofu is such a mess after the beach", "Ayesha")
    assert ("Ayesha", "son", "relationship") in said("my son Bilal drives a bus", "Ayesha")
