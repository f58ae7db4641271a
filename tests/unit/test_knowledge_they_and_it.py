"""Whom a "they" for two people or an "it" for a named pet means (a helper's session, worktree who45): said in the
turn, in the question just asked, or in the owner's turn before. Sentences written for these tests, with names
of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.parse import parse
from memcore.knowledge.they_and_it import they_and_it

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def read(text, asked=None, before=None):
    previous = ([f"Efua: {before}"] if before else []) + ([f"assistant: {asked}"] if asked else [])
    return they_and_it(text, asked, previous, "Efua", parse)


def cards(text, asked=None, before=None, owner="Efua"):
    previous = ([f"{owner}: {before}"] if before else []) + ([f"assistant: {asked}"] if asked else [])
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous)}


@pytest.mark.parametrize("text, asked, before, said", [
    ("My cousins Yaw and Esi came. They live in Tema.", None, None, "My cousins Yaw and Esi came. Yaw and Esi live in Tema."),
    ("they moved to Oslo in May", "How are Ingrid and Lars?", None, "Ingrid and Lars moved to Oslo in May"),
    ("Marie-Claire and Jean-Luc came. They're engaged", None, None, "Marie-Claire and Jean-Luc came. Marie-Claire and Jean-Luc are engaged"),
    ("they're both retired", "Tell me about your parents.", None, "my parents are both retired"),
    ("it likes cucumber", "What does Tofu eat?", "we have a tortoise called Tofu", "Tofu likes cucumber"),
    ("it's 12 now", "How old is Zorba?", "our dog Zorba is deaf", "Zorba is 12 now"),
    ("My nephew Bongani and his wife Thandi live in Durban. they sell shoes", None, None,
     "My nephew Bongani and his wife Thandi live in Durban. Bongani and Thandi sell shoes"),
])
def test_the_pronoun_is_said_as_whom_it_means(text, asked, before, said):
    assert read(text, asked, before) == said


@pytest.mark.parametrize("text, asked, before", [
    ("Ana and Luz bought three goats. They are noisy.", None, None),  # the goats
    ("they said it would rain", "How are Ingrid and Lars?", None),  # a report
    ("it's raining again", "How old is Zorba?", "our dog Zorba is deaf"),  # no pet
    ("it makes sense", "What does Tofu eat?", "we have a tortoise called Tofu"),
    ("it likes cucumber", "What does Tofu eat?", None),  # nobody said Tofu is a pet
    ("they are lovely", "What do your kids' teachers say?", None),  # the teachers, not the kids
    ("we got a puppy, Bolt, and a new sofa. it sleeps all day", None, None),  # a noun between
    ("we sell mostly in Peru and Chile. a shop in Lima is the biggest. they buy half", None, None),  # places; a shop
    ("Mariam and Idris joined the choir. they meet on Mondays", None, None),  # the choir may meet
    ("My nephew Bongani and his wife Thandi run a shop. they sell shoes", None, None),  # the shop may sell
    ("My cousins are called Anwar and Siti, they both live in Ipoh.", None, None),  # in one sentence: the readers'
])
def test_a_pronoun_that_may_mean_something_else_is_left(text, asked, before):
    assert read(text, asked, before) == text


def test_each_of_the_two_gets_the_card():
    got = cards("they moved to Oslo in May", asked="How are Ingrid and Lars?")
    assert {s for s, p, v in got if "Oslo" in v} == {"Ingrid", "Lars"}


def test_a_pets_food_is_the_pets():
    got = cards("it likes cucumber", asked="What does Tofu eat?", before="we have a tortoise called Tofu")
    assert ("Tofu", "likes", "cucumber") in got
