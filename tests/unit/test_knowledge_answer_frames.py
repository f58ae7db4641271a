"""Short answers framed by the question before them (memcore/knowledge/answers.py, issue 35): a question
said after a lead-in and a dash, a part one sings or plays asked with "what part", the thing first and the
yes after it. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.answers import complete
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("question, answer, statement", [
    ("Lovely. And you - how do you unwind?", "gardening and crosswords", "I enjoy gardening and crosswords."),
    ("Ooh, a band! What part do you play?", "trumpet mostly", "I play trumpet mostly."),
    ("Do you like vegetables?", "sweetcorn yes. not sprouts", "I like sweetcorn. not sprouts"),
])
def test_an_answer_is_completed_by_its_question(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("Which one do you want?", "the red one"),  # a choice in the chat, not a taste
    ("Do you like your new school?", "not really yes"),  # no thing said before the yes
])
def test_a_choice_or_a_hedge_is_not_completed(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
def test_the_part_one_sings_is_a_skill():
    got = learn("tenor. first tenor", None, at=AT, owner="Ivo", role="owner", speaker="Ivo",
                previous=["helper: A choir! What part do you sing?"])
    assert ("Ivo", "sings", "tenor", "skill") in {(f.subject, f.predicate, f.value, f.type) for f in got}, got
