"""A family word with a capital, said alone as a name ("Dad drives a taxi", "Mum says ...", "Grandma says she was a
nurse"): the owner's dad, as "my dad" and "dad" are (the spec: kin without a name is "<owner>'s dad"); said beside a
name it is a title ("Nana Ama": Ama). A helper's session, worktree who45. Sentences written for these tests, with
names of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text, owner="Farhan"):
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[])}


@pytest.mark.parametrize("text, subject, value", [
    ("Mum's a teacher and Dad drives a taxi.", "Farhan's mum", "teacher"),
    ("Mum's a teacher and Dad drives a taxi.", "Farhan's dad", "drives a taxi"),
    ("Dad says he's 70 now.", "Farhan's dad", "70"),
    ("Grandma says she was a nurse.", "Farhan's grandma", "nurse"),
    ("Mum works at the post office.", "Farhan's mum", "the post office"),
    ("Dad is in Lagos.", "Farhan's dad", "Lagos"),
])
def test_a_capitalised_kin_word_alone_is_the_owners(text, subject, value):
    got = cards(text)
    assert any(s == subject and v == value for s, _, v in got), got


def test_a_kin_title_before_a_name_stays_a_title():
    got = cards("Nana Ama is 80. She lives in Kumasi.")
    assert ("Ama", "age", "80") in got
    assert ("Ama", "lives_in", "Kumasi") in got


def test_what_mum_says_of_the_owner_stays_the_owners():
    assert ("Farhan", "allergic_to", "kiwi") in cards("Mum says I'm allergic to kiwi.")
