"""A ban on "it" or "them" is a ban on the thing the turn named before (issue 35, its_thing.py): the last thing
a clause was about before the pronoun, singular for "it", plural for "them". Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Tobiah"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def bans(text):
    return [f.value for f in learn(text, None, at=AT, owner=ME, role="owner", speaker=ME) if f.predicate == "must_avoid"]


@pytest.mark.parametrize(("text", "thing"), [
    ("Mum bought a new sewing machine. I'm not allowed to touch it.", "sewing machine"),
    ("There's a well at the end of the field, I'm not allowed near it.", "well"),
    ("my uncle keeps ferrets. I'm not allowed to feed them.", "ferrets"),
    ("Dad can ride the motorbike. i'm not allowed on it yet", "motorbike"),
])
def test_a_ban_on_it_is_a_ban_on_the_thing_named_before(text, thing):
    got = bans(text)
    assert got and any(thing in v and not v.endswith((" it", " them")) for v in got), got


def test_a_ban_on_it_with_no_thing_named_keeps_no_thing():
    assert not any("the" in v.split() for v in bans("I'm not allowed to do it."))
