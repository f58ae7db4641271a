"""Likings said in other shapes (issue 35, docs/formation-spec.md: likes, dislikes, fears are
preferences): "I live for ...", one thing chosen over another, "my guilty pleasure is ...", a liking of
the moment said without its subject ("loving crochet lately"), and a liking said with "right now" or
"at the moment" (when is no part of what is liked). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Petra"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=[])


@pytest.mark.parametrize(("text", "liked"), [
    ("honestly I live for karaoke nights", "karaoke nights"),
    ("I'd take the mountains over the seaside any day", "mountains"),
    ("My guilty pleasure is cheesy eighties power ballads", "cheesy eighties power ballads"),
    ("my comfort food is dal and rice", "dal and rice"),
    ("my go-to snack is a cheese toastie", "a cheese toastie"),
    ("loving pottery lately", "pottery"),
    ("totally obsessed with Wordle at the moment", "Wordle"),
    ("I'm really into sea swimming right now", "sea swimming"),
])
def test_a_liking_said_otherwise_is_a_preference_of_what_is_liked(text, liked):
    got = facts(text)
    assert (OWNER, liked) in {(f.subject, f.value) for f in got if f.type == "preference"}
    assert not [f for f in got if f.predicate == "lives_in"]


def test_a_liked_thing_of_ones_own_keeps_the_owners_name_as_said():
    got = [f.value for f in facts("I am really enjoying my new allotment") if f.type == "preference"]
    assert got == ["Petra's new allotment"]


def test_choosing_without_over_is_no_liking():
    assert not [f for f in facts("I'd pick you up at six but the car's in the garage") if f.type == "preference"]
