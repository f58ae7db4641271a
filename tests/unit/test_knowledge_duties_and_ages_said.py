"""A team member who checks or inspects something as their duty ("Pavel inspects the ladders": roles._DUTY), and a
learner's age said with "have" ("I have 9 years": learner_english). Sentences written for these tests, not from any
labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, owner: str = "Noor", org: str | None = None) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)}


@pytest.mark.parametrize("text, who, post", [
    ("Mirela checks every invoice", "Mirela", "checks every invoice"),
    ("my aunt Dora checks the stock", "Dora", "checks the stock"),
    ("Pavel inspects the ladders", "Pavel", "inspects the ladders"),
])
def test_a_member_who_checks_something_holds_that_duty(text, who, post):
    assert (who, "role", post, "identity") in said(text, org="Kestrel Tannery")


@pytest.mark.parametrize("text", [
    "Mirela checks her email every morning",  # a habit
    "I check the fridges at 9",  # a habit at an hour
])
def test_checking_at_a_time_is_no_post(text):
    assert not [f for f in said(text, org="Kestrel Tannery") if f[1] == "role"]


@pytest.mark.parametrize("text, age", [
    ("i am Sanjar and i have 9 years", "9"),
    ("I have 12 years old and I live in Quito", "12"),
    ("hello, I have eleven years, I like football", "11"),
])
def test_an_age_said_with_have_is_the_age(text, age):
    assert ("Noor", "age", age, "identity") in said(text)


@pytest.mark.parametrize("text", [
    "I have 10 years experience in sales",
    "I have 2 years left on my visa",
    "I have 30 years in the trade",
])
def test_years_one_has_of_something_are_no_age(text):
    assert not [f for f in said(text) if f[1] == "age"]
