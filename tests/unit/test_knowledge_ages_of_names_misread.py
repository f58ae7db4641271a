"""An age said of a name the small model tags as a common noun (issue 35, subjects._an_age): "Tane is 12"
with "Tane" a NOUN is someone's age, and so is the second of two ages joined by "and". Sentences written for
these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Hemi") -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, ages", [
    ("Tane is 12 and Aroha is 9.", {("Tane", "12"), ("Aroha", "9")}),  # adult, of two children
    ("Tane is twelve and Aroha is nine", {("Tane", "twelve"), ("Aroha", "nine")}),  # child, of cousins
    ("Tane is 12.", {("Tane", "12")}),
])
def test_an_age_said_of_a_name_misread_as_a_noun(text, ages):
    got = {(f[1], f[3]) for f in _facts(text) if f[0] == "identity" and f[2] == "age"}
    assert ages <= got


@pytest.mark.parametrize("text", ["Sushi is 12 quid.", "Pepsi is 2 pounds."])
def test_a_price_of_a_thing_is_no_age(text):
    assert not any(f[2] == "age" for f in _facts(text))
