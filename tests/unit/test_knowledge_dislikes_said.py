"""A dislike said with a negated liking ("not really into", "not much of a fan of") or as food someone else
keeps off ("my gran never eats garlic", "he won't touch olives") is a preference card (issue 35); a negated
fear says no fear. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Ottilie"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def prefs(text):
    return [(f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=ME, role="owner", speaker=ME)
            if f.type == "preference"]


@pytest.mark.parametrize(("text", "who", "what"), [
    ("I'm not really into board games.", ME, "board games"),
    ("my husband is not really into opera", "Ottilie's husband", "opera"),
    ("I'm not honestly a fan of camping.", ME, "camping"),
])
def test_a_negated_liking_is_a_dislike(text, who, what):
    assert (who, "dislikes", what) in prefs(text)


@pytest.mark.parametrize(("text", "who", "what"), [
    ("my gran never eats garlic", "Ottilie's gran", "garlic"),
    ("My brother won't touch olives.", "Ottilie's brother", "olives"),
    ("Nadia never drinks coffee.", "Nadia", "coffee"),
])
def test_food_someone_keeps_off_is_what_they_avoid(text, who, what):
    assert (who, "avoids", what) in prefs(text)


def test_a_negated_fear_is_no_fear_and_no_dislike():
    got = prefs("I'm not really scared of the dark.")
    assert not any(p in ("fears", "dislikes") for _, p, _ in got)
