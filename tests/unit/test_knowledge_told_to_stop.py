"""What one is told to stop doing is what one must avoid (issue 35, turn_cards.stopped), and a minimum or a maximum
said as a plain fact is a rule (turn_cards.limit_set): a rule "to stop
X-ing" is the ban on X-ing, its line as said. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.turn_cards import limit_set, stopped

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Casimir"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytest.mark.parametrize(("text", "what"), [
    ("my osteopath reckons I should stop cycling to work", "cycling"),
    ("the dentist says I have to stop drinking fizzy pop", "fizzy pop"),
])
def test_a_rule_to_stop_doing_something_is_a_ban_on_it(text, what):
    got = [f for f in learn(text, None, at=AT, owner=ME, role="owner", speaker=ME) if f.type == "safety"]
    assert got and all(f.predicate == "must_avoid" and what in f.value and not f.value.startswith(("should", "have", "stop"))
                       for f in got), got


def test_only_a_rule_to_stop_an_activity_is_turned_round():
    kept = Fact(ME, "rule", "stop at the kerb", "safety", 0.9, "Casimir must stop at the kerb")
    assert stopped(kept) is kept
    liking = Fact(ME, "likes", "stop motion films", "preference", 0.8, "Casimir likes stop motion films")
    assert stopped(liking) is liking


@pytest.mark.parametrize("value", ["4 volunteers minimum", "minimum of 2 nights", "10 kids max"])
def test_a_plain_fact_that_says_a_minimum_or_a_maximum_is_a_rule(value):
    f = limit_set(Fact("each crew", "is", value, "semantic", 0.8, f"Each crew is {value}"))
    assert (f.type, f.predicate, f.value) == ("safety", "rule", value)


def test_a_minute_or_a_plain_number_is_no_limit():
    for value in ("15 min late", "12 boats"):
        f = Fact("the ferry", "is", value, "semantic", 0.8, f"The ferry is {value}")
        assert limit_set(f) is f
