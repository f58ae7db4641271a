"""A kin title said in lower case before a name ("and papa Jorge is a baker") is part of the name, as "judge Hadzic"
is: read "Papa Jorge", so the parser does not take "papa" for a verb and give the clause to the person named
before the "and"; only where a clause starts, an object is left as typed (a helper's session, worktree filter41). Sentences written for these tests, with names of their
own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def jobs(text, owner="Sam"):
    return {(f.subject, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user")
            if f.predicate == "job"}


@pytest.mark.parametrize("text, first, second", [
    ("mama Ines is a nurse and papa Jorge is a baker", ("Ines", "nurse"), ("Jorge", "baker")),
    ("my mum is a nurse and papa Sven is a pilot", ("Sam's mum", "nurse"), ("Sven", "pilot")),
    ("mama Ada is a cook and papa Emeka is a farmer", ("Ada", "cook"), ("Emeka", "farmer")),
])
def test_the_second_clause_is_its_own_persons(text, first, second):
    got = jobs(text)
    assert first in got and second in got
    assert (first[0], second[1]) not in got  # not the first person's


@pytest.mark.parametrize("text", [
    "my papa Jorge is a baker",  # a tie said with "my": the tie, left as typed
    "the uncle Vanya play is on tonight",
    "papa said no",
    "we went to see nana Rose",  # after a verb: an object, left as typed
])
def test_a_title_not_before_a_name_or_after_my_is_left(text):
    assert respelt(text) == text


@pytest.mark.parametrize("text, read", [
    ("nana Rose lives in Cork and papa Jorge is a baker", "Nana Rose lives in Cork and Papa Jorge is a baker"),
    ("i think maman Efua saw it", "i think Maman Efua saw it"),
    ("my dads. pappa Lars fishes, papa Ole teaches", "my dads. pappa Lars fishes, Papa Ole teaches"),
])
def test_a_title_that_opens_a_clause_before_a_name_is_capitalised(text, read):
    assert respelt(text) == read
