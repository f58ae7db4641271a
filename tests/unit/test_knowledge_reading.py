"""Facts are drawn from a turn read as ordinary English, and a short answer with its question
(memcore.knowledge.reading, chat_text, answers; issue 35). Sentences written for these tests."""
import pytest

from memcore.knowledge.answers import complete, previous_line
from memcore.knowledge.chat_text import for_reading, sentence_case
from memcore.knowledge.reading import as_read


@pytest.mark.parametrize("typed, read", [
    ("im Jonas and ive got two rabbits", "I'm Jonas and I've got two rabbits"),
    ("i dont like olives tbh", "I don't like olives"),
    ("ill be at my nans house", "I'll be at my nan's house"),
    ("my dads car is blue 🚗🚗", "my dad's car is blue"),
    ("we went swimming!!! it was great", "we went swimming! it was great"),
])
def test_chat_style_is_read_as_english(typed, read):
    assert for_reading(typed) == read


@pytest.mark.parametrize("text", ["I feel ill today", "my id card expired", "My sisters are twins",
                                  "My uncles and aunts live in Cork", "The Iliad is long"])
def test_words_that_only_look_like_chat_are_left_alone(text):
    assert for_reading(text) == text


def test_ordinary_english_is_unchanged():
    text = "My grandmother Ilse lives in Graz, and I visit her every August."
    assert for_reading(text) == text and as_read(text) == text


def test_sentence_case_makes_no_names():
    assert sentence_case("ok. he plays chess. ohh nice") == "ok. He plays chess. ohh nice"


@pytest.mark.parametrize("question, answer, statement", [
    ("What sport do you play?", "hockey. we train on tuesdays", "I play hockey. We train on tuesdays"),
    ("Who is your best friend?", "Aziz. he sits next to me", "My best friend is Aziz. He sits next to me"),
    ("What's your favourite colour?", "green", "My favourite colour is green."),
    ("Nice! What's your dog called?", "Pickle", "My dog is called Pickle."),
    ("How old are you?", "nine and a half", "I am nine and a half."),
    ("Where do you live?", "Galway", "I live in Galway."),
])
def test_a_short_answer_is_read_with_its_question(question, answer, statement):
    assert as_read(answer, [f"helper: {question}"], "Ana") == statement


@pytest.mark.parametrize("question, answer", [
    ("What sport do you play?", "I play hockey on tuesdays"),  # a statement of its own
    ("Do you like living there?", "yes"),  # a yes is small talk, and never turns the question into a fact
    ("Can you ride a bike?", "nope, I'm not sure"),  # a hedge ("nope" alone carries the question's fact:
    # formation-spec, "Relayed plans, settled"; tests/unit/test_knowledge_carried_facts.py)
    ("What do you mean?", "the blue one"),  # not a question about the owner's world
    ("I like your drawing.", "thanks"),  # no question
])
def test_what_is_not_completed(question, answer):
    assert complete(question, answer) == answer


def test_only_someone_elses_previous_turn_frames_an_answer():
    assert previous_line(["Ana: What do you draw? (05 May 2026)"], "Ana") is None
    assert previous_line(["coach: What do you draw? (05 May 2026)"], "Ana") == "What do you draw?"
    assert previous_line([], "Ana") is None
