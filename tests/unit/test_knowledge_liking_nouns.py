"""A liking said with a noun one has ("I have a crush on Tomasz", "I've got a soft spot for old Volvos") or with
an adjective of keenness ("I'm hooked on Korean dramas", "I'm not keen on the new rota") is a preference (issue 35;
preference_rules._HAVE_A_LIKING, vocabulary.COPULAR_PREFERENCES). They gave nothing, "has | crush", or "works for
old Volvos". Near misses: "a thing for" an engagement ("I've got a thing for work tomorrow") is no liking.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def cards(text: str, owner: str = "Oluwaseun") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)


@pytest.mark.parametrize("text, predicate, value", [
    ("I have a crush on Kaito", "has_crush_on", "Kaito"),
    ("I've got a soft spot for old Ladas", "likes", "old Ladas"),
    ("I have a real weakness for custard tarts", "likes", "custard tarts"),
    ("I've got a thing for spicy ramen", "likes", "spicy ramen"),
    ("my husband has a passion for vintage radios", "likes", "vintage radios"),
    ("I'm hooked on Turkish soap operas", "likes", "Turkish soap operas"),
    ("my gran is passionate about orchids", "likes", "orchids"),
    ("I'm really keen on Ethiopian food", "likes", "Ethiopian food"),
    ("I'm not keen on long meetings", "dislikes", "long meetings"),
    ("I'm not fond of crowds", "dislikes", "crowds"),
])
def test_a_liking_said_with_a_noun_or_a_keenness(text: str, predicate: str, value: str) -> None:
    got = cards(text)
    assert [f for f in got if f.type == "preference" and f.predicate == predicate and f.value == value], got
    assert not [f for f in got if f.predicate.startswith("works")], got


@pytest.mark.parametrize("text", [
    "I've got a thing for work tomorrow so I can't come",
    "I have a thing for my sister's wedding on Saturday",
    "I'm fond of it",
])
def test_no_liking(text: str) -> None:
    assert not [f for f in cards(text) if f.type == "preference"], cards(text)
