"""A word of degree typed in capitals ("SO annoying", "TOTALLY fearless") is said loudly, not a name (issue 35): read in
lower case, the sentence's age is an age card. Sentences written for these tests (a child, an adult), not
taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, who, age", [
    ("my aunt Lesieli is 30 and SO pretty", None, "Lesieli", "30"),  # child
    ("my cousin Malia is 9 and SO funny", None, "Malia", "9"),  # child
    ("my son Iosefa is 6 and TOTALLY fearless", None, "Iosefa", "6"),  # adult
])
def test_an_age_before_a_shouted_word_of_degree(text, org, who, age):
    got = learn(text, None, at=AT, owner="Ana", role="owner", speaker="Ana", account_org=org)
    assert [(f.subject, f.value) for f in got if f.predicate == "age"] == [(who, age)]
    assert not [f for f in got if f.predicate == "is"]


@pytest.mark.parametrize("text", [
    "we went to SOAS last year",  # capitals that are a name's
    "I did my SOP for the SUPERBOWL party",
    "Ramon is OK and VERYWELL is a site",
])
def test_capitals_that_are_no_word_of_degree_stay(text):
    assert for_reading(text) == text


def test_a_shouted_word_of_degree_is_read_in_lower_case():
    assert for_reading("she is REALLY kind and SO funny") == "she is really kind and so funny"
