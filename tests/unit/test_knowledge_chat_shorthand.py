"""Chat shorthand read as the words it stands for (issue 35): a "+" between words is "and" (chat_text.for_reading),
a day said short in a list or after "on"/"every" is the day (spelling.respelt). Sentences written for these
tests in three voices, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, read", [
    ("i like swimming + drawing", "I like swimming and drawing"),
    ("Keiko runs the kitchen + does the ordering", "Keiko runs the kitchen and does the ordering"),
])
def test_a_plus_between_words_is_and(text, read):
    assert for_reading(text) == read


@pytest.mark.parametrize("text", ["I got an A+ in history", "2 + 2 is 4", "ring +44 20 7946 0000", "C++ is hard"])
def test_a_plus_of_a_grade_a_sum_or_a_number_stays(text):
    assert "and" not in for_reading(text)


@pytest.mark.usefixtures("parser_installed")
def test_two_likings_joined_by_a_plus_are_two_cards():
    got = learn("I love mangoes + lychees", None, at=AT, owner="Devi", role="owner", speaker="Devi")
    liked = {f.value for f in got if f.type == "preference"}
    assert {"mangoes", "lychees"} <= liked, liked


@pytest.mark.parametrize("text, read", [
    ("we swim mon and thu", "we swim Monday and Thursday"),
    ("open tues-sat", "open Tuesday-Saturday"),
    ("every fri we have pizza", "every Friday we have pizza"),
    ("on sun grandad comes", "on Sunday grandad comes"),
])
def test_days_said_short_in_chat_are_days(text, read):
    assert respelt(text) == read


@pytest.mark.parametrize("text", ["I sat on the bench", "they got wed in May", "the sun is out", "tues to fri. mondays"])
def test_a_short_day_that_is_a_word_of_its_own_stays(text):
    assert "Saturday" not in respelt(text) and "Wednesday" not in respelt(text) and "Sunday" not in respelt(text)
    assert "." not in text or "." in respelt(text)  # a sentence's full stop is kept


@pytest.mark.parametrize("text, read", [
    ("apparently judge Okoro used to be a nurse", "apparently Judge Okoro used to be a nurse"),
    ("mr Lindqvist teaches us woodwork", "Mr Lindqvist teaches us woodwork"),
    ("coach Dee says we can play", "Coach Dee says we can play"),
])
def test_a_title_typed_in_lower_case_before_a_name_is_a_title(text, read):
    assert respelt(text) == read


@pytest.mark.parametrize("text", ["my coach Dee is strict", "the judge Okoro spoke", "we judge Bake Off every week"])
def test_a_title_word_that_is_no_title_stays(text):
    assert respelt(text) == text


@pytest.mark.usefixtures("parser_installed")
def test_hearsay_about_someone_named_with_a_lower_case_title_is_learned():
    got = learn("apparently judge Okoro used to be a nurse", None, at=AT, owner="Femi", role="owner", speaker="Femi")
    assert any(f.predicate == "used_to_be" and f.value == "nurse" and "Okoro" in f.subject for f in got), got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, name", [
    ("My teacher is Mrs. Okoro.", "Mrs Okoro"),
    ("Dr. Haddad is my GP.", "Dr Haddad"),
    ("My boss is Mr. Lindqvist, he's fair.", "Mr Lindqvist"),
])
def test_a_title_with_its_point_stays_with_the_name(text, name):
    got = learn(text, None, at=datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc), owner="Ines", role="owner", speaker="Ines")
    ties = [f for f in got if f.type == "relationship"]
    assert ties and all(f.value == name for f in ties), got
