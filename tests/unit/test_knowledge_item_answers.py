"""A yes/no question about several things, answered thing by thing ("eggs yes, dairy no") is the question's
verb said of each thing, yes or no (issue 35, item_answers.py). Questions and answers written for these tests
in several voices; none is taken from a labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.item_answers import item_by_item

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


@pytest.mark.parametrize("question, answer, said", [
    ("do you eat eggs and dairy", "eggs yes, dairy no", "I eat eggs. I don't eat dairy."),
    ("Do you drink tea or coffee", "tea yes, coffee never", "I drink tea. I don't drink coffee."),
    ("do you eat fish", "fish yes but I'm allergic to prawns", "I eat fish. I'm allergic to prawns"),
    ("do you speak Hindi or Tamil", "tamil yes", "I speak tamil."),
])
def test_each_thing_is_the_questions_verb_yes_or_no(question, answer, said):
    assert item_by_item(question, answer) == said


@pytest.mark.parametrize("question, answer", [
    ("do you eat fish", "yes"),  # a bare yes: answers.py's own reading
    ("do you like cats", "dogs yes"),  # a thing the question did not name
    ("is it raining", "rain yes"),  # no question about the owner
    ("do you want tea or coffee", "tea yes please"),  # an offer
    ("do you eat eggs", "I eat eggs, yes"),  # a statement of its own
])
def test_other_answers_are_left(question, answer):
    assert item_by_item(question, answer) is None


@needs_parser
@pytest.mark.parametrize("question, answer, owner, yes, no", [
    ("Do you eat eggs and dairy?", "eggs yes, dairy no", "Anjali", "eggs", "dairy"),  # adult
    ("Do you drink tea or coffee?", "tea yes, coffee never", "Bongani", "tea", "coffee"),  # older
])
def test_the_cards_of_an_answer_thing_by_thing(question, answer, owner, yes, no):
    got = learn(answer, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[f"assistant: {question}"])
    cards = {(f.subject, f.predicate, f.value) for f in got}
    assert any(s == owner and v == yes and p not in ("avoids", "dislikes") for s, p, v in cards)
    assert any(s == owner and v == no and p in ("avoids", "dislikes") for s, p, v in cards)
