"""A person named after someone and a tie of theirs ("my wife Gwen, her daughter Ela is 16, she is my
stepdaughter", issue 35): what the clause says, and the "she" after it, are of the person named nearest,
Ela, not Gwen. Sentences written for these tests in three voices (a child, an adult, a team), not taken
from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.mentions import last_mention

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, first, second, age, tie", [
    ("my wife Gwen, her daughter Ela is 16, she is my stepdaughter.", "Gwen", "Ela", "16", "stepdaughter"),  # adult
    ("my partner Owain, his son Deio is 15, he is my stepson.", "Owain", "Deio", "15", "stepson"),
])
def test_the_clause_and_the_pronoun_after_it_are_of_the_person_named_nearest(text, first, second, age, tie):
    got = cards(text)
    assert (second, "age", age) in got and (first, "age", age) not in got
    assert ("Tova", tie, second) in got and ("Tova", tie, first) not in got


@pytest.mark.parametrize("text, who", [("my mate Alys, her brother Ifan", "Ifan"),  # child
                                       ("Our manager Siân and his assistant Rob", "Rob")])  # team
def test_a_tie_of_theirs_with_a_name_is_a_mention(text, who):
    assert last_mention(text, "Tova") == who
