"""An event one "had" said without its date ("My neighbour, Mrs Patel, just had a hip operation"): an operation, a
birth, an illness's attack, an accident is a one-off event of the person named, beside the tie of the aside (issue
35, one_off_events._HAD_HAPPENING); a meal or a chat one had is none. A title opening a name is no name of its own
("my uncle, Dr Mensah"). Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")

OWNER = "Ilse"


def cards(text):
    return {(f.subject, f.predicate, f.value) for f in owner_cards(text, OWNER)}


@pytest.mark.parametrize("text, tie, event", [
    ("My neighbour, Mrs Patel, just had a hip operation.", (OWNER, "neighbour", "Mrs Patel"),
     ("Mrs Patel", "event", "had a hip operation")),
    ("My teacher, Ms Ortiz, just had twins.", (OWNER, "teacher", "Ms Ortiz"), ("Ms Ortiz", "event", "had twins")),
    ("My cousin, Dariusz, had a bad fall at work.", (OWNER, "cousin", "Dariusz"),
     ("Dariusz", "event", "had a bad fall at work")),
])
def test_an_event_had_by_someone_named_in_an_aside(text, tie, event):
    got = cards(text)
    assert tie in got and event in got


def test_the_owners_own_event_had():
    assert (OWNER, "event", "had a hip operation") in cards("I just had a hip operation.")


@pytest.mark.parametrize("text", ["I just had lunch.", "We had a chat about it.", "I had a coffee with Jun."])
def test_a_meal_or_a_chat_had_is_no_event(text):
    assert not [c for c in cards(text) if c[1] == "event"]


def test_a_title_opening_a_name_is_no_name():
    got = cards("My uncle, Dr Mensah, had a heart attack last week.")
    assert (OWNER, "uncle", "Dr Mensah") in got
    assert (OWNER, "uncle", "Dr") not in got
