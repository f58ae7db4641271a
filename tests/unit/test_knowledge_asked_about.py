"""The person a question just asked about is whom the answer's "he"/"she" means, and a tie said alone to "Who's
NAME?" is that person's tie (a helper's session, worktree who45). Sentences written for these tests, with names of
their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.asked_about import person_asked_about, tie_answered

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text, asked, owner="Ingrid"):
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner,
                           previous=[f"assistant: {asked}"])}


@pytest.mark.parametrize("question, name", [
    ("Who's Nadia?", "Nadia"),
    ("Tell me about Mrs Osei.", "Mrs Osei"),
    ("What about your brother Rafael?", "Rafael"),
    ("Hi Ingrid, how's Tomás?", "Tomás"),  # the owner is no one asked about
    ("And Praline?", "Praline"),
    ("Is Chen Wei coming?", "Chen Wei"),
])
def test_the_one_name_a_question_says(question, name):
    assert person_asked_about(question, "Ingrid") == name


@pytest.mark.parametrize("question", [
    "How was Lisbon with Ana and Rui?",  # two
    "What do you do on Mondays?",  # a day
    "What does your sister do?",  # a tie, no name
    "That sounds lovely.",  # no question
])
def test_no_one_name_no_person(question):
    assert person_asked_about(question, "Ingrid") is None


def test_a_tie_said_alone_to_who_is():
    assert tie_answered("Who's Nadia?", "my cousin, she lives in Rabat") == "Nadia is my cousin, she lives in Rabat"
    assert tie_answered("Who's your boss?", "my cousin") == "my cousin"  # no name asked
    assert tie_answered("Who's Nadia?", "she moved away") == "she moved away"  # no tie


@pytest.mark.parametrize("asked, text, fact", [
    ("Who's Nadia?", "my cousin, she lives in Rabat", ("Ingrid", "cousin", "Nadia")),
    ("Who's Nadia?", "my cousin, she lives in Rabat", ("Nadia", "lives_in", "Rabat")),
    ("Who's Olek?", "our lodger. he's from Gdańsk", ("Olek", "from", "Gdańsk")),
    ("Tell me about Mrs Osei.", "She's my piano teacher, she's 60", ("Mrs Osei", "age", "60")),
    ("What about your brother Rafael?", "he's a chef in Lisbon", ("Rafael", "job", "chef")),
])
def test_the_answer_is_about_whom_the_question_named(asked, text, fact):
    assert fact in cards(text, asked)


def test_an_answer_that_names_someone_itself_keeps_them():
    got = cards("My neighbour Tavita is 70. He fixes bikes.", "Who's Nadia?")
    assert ("Tavita", "age", "70") in got


def test_a_pronoun_of_the_other_sex_is_not_the_one_asked_about():
    got = cards("she's a chef in Lisbon", "What about your brother Rafael?")
    assert not any(s == "Rafael" for s, _, _ in got)
