"""An age said before a doing is the owner's age now only when the doing is now (issue 35; subjectless._AT_AGE):
"at 44 I'm finally learning to drive" says the owner is 44, but "at 15 I left school" and "at 5 I broke my arm" say
when something happened, and gave "is 15 years old", a wrong age on a child's or an adult's profile; "at 60 I'll
retire" is a plan.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def ages(text: str, owner: str = "Nomvula") -> list[str]:
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                account_org=None)
    return [f.value for f in got if f.predicate == "age" and f.subject == owner]


@pytest.mark.parametrize("text", ["at 15 I left school", "at 5 I broke my arm", "at 19 I moved to Durban",
                                  "at 60 I'll retire", "at 12 I won the county spelling bee",
                                  "at 7 I got my first bike", "at 30 I would like to have a farm"])
def test_an_age_then_is_no_age_now(text: str) -> None:
    assert ages(text) == []


@pytest.mark.parametrize("text, age", [("yes at 44 I'm finally learning to drive", "44"),
                                       ("at 52 I still run every morning", "52"),
                                       ("at 70 I am still working", "70"),
                                       ("at 61 I finally learned to ride a bike", "61"),
                                       ("at 48 I just passed my driving test", "48")])
def test_an_age_now(text: str, age: str) -> None:
    assert ages(text) == [age]
