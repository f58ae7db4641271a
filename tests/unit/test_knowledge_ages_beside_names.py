"""An age set beside a tie and its name with commas (issue 35, ties._age_beside): "our son Theo, 8, wants a
puppy" says Theo is 8. Sentences written for these tests in three voices (a child, an adult, a team), not taken
from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Wiremu") -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, who, age", [
    ("our son Theo, 8, wants a puppy", "Theo", "8"),  # adult
    ("my brother Sami, 19, works at a garage", "Sami", "19"),  # child
    ("my grandad Ken, 88, still drives", "Ken", "88"),  # the name heading its tie
    ("my niece Lila, seven, loves ponies", "Lila", "7"),  # said in words
    ("my dog Rolo, 3, sleeps on my bed", "Rolo", "3"),  # a pet
    ("We have two girls, Esme, 7, and Rose, 4.", "Esme", "7"),  # a list of children
    ("our apprentice Dom, 17, starts on Monday", "Dom", "17"),  # team
])
def test_an_age_beside_a_named_tie(text, who, age):
    assert ("identity", who, "age", age) in _facts(text)


@pytest.mark.parametrize("text", [
    "my sister Ana, 2 kids and a dog, lives in Bath",  # a count of something, not an age
    "my manager Priya, 2 years in the job, is fair",
    "We moved to Leeds, 2, years ago",  # no tie: a place
])
def test_a_count_beside_a_name_that_is_no_age(text):
    assert not any(f[2] == "age" for f in _facts(text))
