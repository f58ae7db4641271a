"""A name the small model tags as a common noun or a verb (issue 35, subjects._a_name_misread): a bare
capitalised subject that is no common English word, of a verb only a person does, is someone. Sentences
written for these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Arman") -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, fact", [
    ("Tej isn't walking yet.", ("skill", "Tej", "cannot", "walk")),  # adult, of a baby
    ("Chidi can't crawl yet", ("skill", "Chidi", "cannot", "crawl")),  # child, of a little brother
    ("Ruo hopes to become a nurse.", ("preference", "Ruo", "wants_to_be", "nurse")),  # team, of a volunteer
    ("Ines is 7.", ("identity", "Ines", "age", "7")),  # a name in -s the model read as a plural ("ine"s)
    ("Ines can't swim yet", ("skill", "Ines", "cannot", "swim")),
    ("Ines wants to be a vet.", ("preference", "Ines", "wants_to_be", "vet")),
])
def test_a_name_the_model_misreads_is_someone(text, fact):
    assert fact in _facts(text)


@pytest.mark.parametrize("text, word", [
    ("Sushi is great.", "Sushi"),  # no person's verb
    ("Kimchi makes me happy", "Kimchi"),
    ("Hope wants nothing from us", "Hope"),  # a common word keeps its reading
])
def test_a_thing_said_first_stays_a_thing(text, word):
    assert not any(f[1] == word and f[0] in ("skill", "preference", "identity", "relationship") for f in _facts(text))


def test_a_subject_the_parser_took_for_one_more_item_is_the_second_clauses():
    # "Mrs Ngata" parsed as a conjunct of "chef": her "is" had no subject and gave Mr Ngata the second job
    got = _facts("Mr Ngata is a chef and Mrs Ngata is a dentist")
    assert ("identity", "Mrs Ngata", "job", "dentist") in got
    assert ("identity", "Mr Ngata", "job", "dentist") not in got
