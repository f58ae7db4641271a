"""Whom a turn's facts are about when a person is said in full, then by a title and a first name ("Ilario Mendes, we
say Tio Ilario. He is 79"), and a second statement of theirs said without its subject after a comma ("He is 79,
lives in Dili"). Sentences written for these tests, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.carried_subjects import carried_subjects
from memcore.knowledge.mentions import last_mention

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _cards(text, owner="Joana"):
    return [(f.subject, f.predicate, f.value) for f in
            learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[])]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, age, place", [
    ("Ilario Mendes, we say Tio Ilario. He is 79, lives in Dili with his son Rui.", "Ilario Mendes", "79", "Dili"),
    ("Halina Nowak, everyone says Babcia Halina. She is 84, lives in Gdansk.", "Halina Nowak", "84", "Gdansk"),
    ("Tomasz Lis, the kids say Dziadek Tomasz. He is 90, lives in Gisborne.", "Tomasz Lis", "90", "Gisborne"),
])
def test_the_full_name_is_whom_he_means(text, who, age, place):
    got = _cards(text)
    assert (who, "age", age) in got
    assert (who, "lives_in", place) in got
    assert not any(p in ("tio", "babcia", "dziadek") for _, p, _ in got)  # a way of addressing him, no tie of the owner's


@pytest.mark.parametrize("text, said", [
    ("He is 79, lives in Dili", "He is 79. He lives in Dili"),
    ("she is a nurse, works nights", "she is a nurse. She works nights"),
    ("she is 8, nearly 9", "she is 8, nearly 9"),  # no verb after the comma
    ("he is tall, like his dad", "he is tall, like his dad"),
    ("I am 40, live in Leeds", "I am 40, live in Leeds"),  # only he and she
])
def test_a_subject_carried_over_a_comma(text, said):
    assert carried_subjects(text) == said


@pytest.mark.parametrize("text, who", [
    ("Ilario Mendes, we say Tio Ilario.", "Ilario Mendes"),
    ("my brother Kai is here", "Kai"),  # no full name said
    ("Tomas Monday and Tuesday", "Tomas"),
])
def test_a_first_name_said_in_full(text, who):
    assert last_mention(text, "Joana") in (who, None)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, fact", [
    ("Ilario Mendes, we say Tio Ilario. He is 79, lives in Dili with his son Rui. He has asthma.", "Ilario Mendes",
     ("Ilario Mendes", "condition", "asthma")),
    ("My gran Edith is 88. She lives with her cat Tibbles. She lives in Hove.", "Edith", ("Edith", "lives_in", "Hove")),
    ("My uncle Bram is 61. He works with his son Joost. He has diabetes.", "Bram", ("Bram", "condition", "diabetes")),
])
def test_a_sentence_opening_on_the_same_pronoun_goes_on_about_the_same_person(text, who, fact):
    got = _cards(text)
    assert fact in got
    assert not any(s in ("Rui", "Tibbles", "Joost") and p in ("condition", "lives_in", "age") for s, p, _ in got)


@pytest.mark.usefixtures("parser_installed")
def test_a_pronoun_after_a_name_said_as_subject_is_that_name():
    got = _cards("My brother Tiago lives with his wife Ana. She is a vet. She works in Porto.")
    assert ("Ana", "job", "vet") in got and ("Ana", "works_in", "Porto") in got  # "she" agrees with the wife
