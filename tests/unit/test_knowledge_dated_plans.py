"""A plan said with a hedge is told when it is said with its date (issue 35, statement_check.act_of): "I'll
probably go to Spain in August" is a plan (hedged); "we'll probably look at new software" without a date
stays an uncertain plan, no knowledge. A date may be said as a span from now ("in a few months").
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ilario"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


@pytest.mark.parametrize(("text", "words"), [
    ("I'll probably sell the flat in September.", ("sell", "flat", "September")),
    ("We'll probably move to Sligo next spring.", ("Sligo",)),
    ("I'm probably going to retire in a couple of years.", ("retire",)),
])
def test_a_hedged_plan_with_its_date_is_a_hedged_event(text, words):
    got = [f for f in facts(text) if all(w in f.text for w in words)]
    assert got and all(f.type == "episodic" and f.certainty < 0.8 for f in got), got


@pytest.mark.parametrize("text", ["I'll probably sell the flat at some point.", "We'll probably get a dog eventually.",
                                  "Maybe I'll try pottery."])
def test_a_hedged_plan_without_a_date_is_no_knowledge(text):
    assert facts(text) == []
