"""Rules said with the limit or the condition they hold under, or named a rule after them (issue 35,
limits_set.py), in a household and in a team; and what looks like one but is chat. Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ORG, ME = "Tidewater Paddle Club", "Oriel"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def rules(text, org=None):
    got = learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, previous=[], account_org=org)
    return [f for f in got if f.type == "safety"]


@pytest.mark.parametrize(("text", "words"), [
    ("no trampoline when it's been raining", {"trampoline", "raining"}),
    ("No bikes on the path unless a grown-up is with you.", {"bikes", "unless"}),
    ("over 28 degrees we don't take the dog out", {"dog", "28"}),
    ("nothing heavier than 5 kilos goes on the top shelf", {"5", "shelf"}),
    ("only tap water in the fish tank, that's the rule", {"tap", "water"}),
    ("plastic plates on the patio, this is our rule", {"plastic", "patio"}),
])
def test_a_rule_with_its_limit_or_named_so_is_a_safety_card(text, words):
    got = rules(text)
    assert len(got) == 1 and got[0].subject == ME, got
    assert words <= set(got[0].value.replace("'", " ").split()) | set(got[0].text.replace("'", " ").split()), got


@pytest.mark.parametrize("text", ["nobody under 16 on the safety boat", "nothing over 20 kilos goes in a kayak hatch",
                                  "above force 5 we never launch the dinghies"])
def test_a_teams_limit_is_the_teams_rule(text):
    got = rules(text, ORG)
    assert got and all(f.subject == ORG for f in got), got


@pytest.mark.parametrize("text", ["no they just fall over when it's windy", "I think that's the rule",
                                  "nothing much happens over the summer"])
def test_chat_that_looks_like_a_limit_sets_no_rule(text):
    assert rules(text) == []
