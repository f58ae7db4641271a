"""A tie asked about with where it is ("Who is your best friend at school?", "Who's your boss at work?", "Who is your
best friend there?"): the answer names the tie, as it does without the place (a helper's session, worktree filter41).
Sentences written for these tests, with names of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.answer_frames import frame

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text, question, owner="Sam"):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user",
                           previous=[f"assistant: {question}"])}


@pytest.mark.parametrize("question, text, tie, name", [
    ("Who is your best friend at school?", "Tomasz. he is 9 and he is funny", "best_friend", "Tomasz"),
    ("Who is your best friend there?", "Ngozi. she lives next door to me", "best_friend", "Ngozi"),
    ("Who's your boss at work?", "Hanne, she's strict but fair", "boss", "Hanne"),
    ("Who is your teacher at nursery?", "Miss Achterberg", "teacher", "Miss Achterberg"),
])
def test_a_tie_asked_with_its_place_is_named(question, text, tie, name):
    got = cards(text, question)
    assert ("relationship", "Sam", tie, name) in got


@pytest.mark.parametrize("question", [
    "Who's your team playing on Saturday?",  # a doing asked, no tie
    "Who is your dad at work with?",
    "Who is your best friend's mum?",
])
def test_a_question_that_is_no_tie_with_a_place_has_no_frame(question):
    assert frame(question) is None
