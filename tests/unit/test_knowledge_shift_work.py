"""Which shifts someone works is a routine of theirs (issue 35, shift_work.py): "works nights", "does lates",
"is on earlies", and the answer "no, days." to a question about nights. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.shift_work import shifts

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Keren"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def routines(text, previous=()):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=list(previous))
    return [(f.subject, f.value) for f in got if f.type == "routine"]


@pytest.mark.parametrize(("text", "who", "shift"), [
    ("My brother Tobias works nights at the depot.", "Tobias", "nights"),
    ("Tamsin does lates.", "Tamsin", "lates"),
    ("my daughter is on earlies, so she is up at five.", "Keren's daughter", "earlies"),
    ("my husband works evenings, which is hard on the kids.", "Keren's husband", "evenings"),
    ("Anwen works weekends mostly.", "Anwen", "weekends"),
])
def test_a_shift_worked_is_whose_routine(text, who, shift):
    got = routines(text)
    assert any(s == who and shift in v.split() for s, v in got), got


def test_an_answer_about_shifts_is_the_asked_persons_routine():
    got = routines("no, days.", previous=["assistant: Does Tobias work nights too?"])
    assert got == [("Tobias", "works days")]


@pytest.mark.parametrize("clause", [
    "I'm on nights this week",  # one week's shift, no habit
    "he worked nights last year",  # a past shift
    "I don't work weekends",  # what does not happen
    "I work days at a time without a break",  # a span, no shift
])
def test_no_shift_habit(clause):
    assert shifts(clause, TurnContext(owner=OWNER, last_person="Tobias")) == []
