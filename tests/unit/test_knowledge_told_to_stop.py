"""What one is told to stop doing is what one must avoid (issue 35, turn_cards.stopped): a rule "to stop
X-ing" is the ban on X-ing, its line as said. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.turn_cards import stopped

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
