"""A learner's bare present of a named doer ("Ana do our photography", "Kofi do the accounts"): the name is the verb's
subject, and the card says the third person ("Ana does ..."); a plural's bare verb is its present (issue 35,
learner_verbs.py). Sentences written for these tests."""
import pytest

from memcore.knowledge.parse import parse
from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def lines(text):
    return [f.text for f in owner_cards(text, "Mireille")]


@pytest.mark.parametrize("text, line", [
    ("Ana do our photography.", "Ana does Mireille's photography"),
    ("Kofi do the accounts.", "Kofi does the accounts"),
    ("Ana do the photos and Kofi do the accounts.", "Kofi does the accounts"),
    ("Ana do the photos and Kofi do the accounts.", "Ana does the photos"),
])
def test_a_named_doers_bare_verb_is_said_in_the_third_person(text, line):
    assert line in lines(text)


def test_two_doers_each_get_the_doing():
    got = {(f.subject, f.value) for f in owner_cards("Bashir and Ana do our photography.", "Mireille")}
    assert ("Bashir", "our photography") in got and ("Ana", "our photography") in got


@pytest.mark.parametrize("text", [
    "Ana, do your homework!",  # a command to Ana
    "Ana do your homework.",
])
def test_a_command_to_someone_named_is_no_doing_of_theirs(text):
    assert not [f for f in owner_cards(text, "Mireille") if f.subject == "Ana"]


def test_the_plural_and_the_first_person_keep_their_verb():
    we, they = parse(["We do the accounts on Fridays.", "The twins do karate."])
    assert next(t for t in we if t.lemma == "do").text == "do"
    assert next(t for t in they if t.lemma == "do").text == "do"
