"""Who one is, said in an introduction's pieces (issue 35, fragments.py, identity_rules.py): a header
before it ("Quick intro: ..."), how many children one has said as "mum of two", and a second "a ..."
after "and" said of the owner too ("I'm 29 and a paramedic"). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Aoife"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    return {(f.predicate, f.value) for f in got}


def test_an_introduction_after_a_header_is_read_like_one_without():
    got = slots("About me: Aoife, 29, midwife at the Rotunda, one kid")
    assert {("name", "Aoife"), ("age", "29"), ("works_at", "the Rotunda"), ("has_child", "one kid")} <= got


@pytest.mark.parametrize(("text", "kids"), [("I'm a dad of three girls", "three girls"), ("proud mum to twins", "twins"),
                                            ("Aoife here, mum of four, living in Galway", "four kids")])
def test_a_parent_of_a_count_has_that_many_children(text, kids):
    assert any(p.startswith("has_") and v == kids for p, v in slots(text))


@pytest.mark.parametrize("text", ["I'm 29 and a paramedic", "Aoife here, 29 and a paramedic",
                                  "I'm a mum of two and a paramedic"])
def test_a_second_a_after_and_is_said_of_the_owner_too(text):
    got = slots(text)
    assert any(p in ("job", "occupation") and v == "paramedic" for p, v in got)
    assert not any(v.startswith(("29 and", "mum")) for _, v in got)
