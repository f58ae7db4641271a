"""How many of something one had, made or did over a time (issue 35): counts_done.count_done. Sentences written
for these tests in several voices, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.counts_done import count_done
from memcore.knowledge.rule_basics import TurnContext

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("clause, who, verb, value", [
    ("we had 212 nests last season", "Talia", "had", "212 nests last season"),
    ("I've done about 300 hearings this year", "Talia", "done", "about 300 hearings this year"),
    ("we sold about 900 tickets over six nights", "Talia", "sold", "about 900 tickets over six nights"),
    ("my grandad caught 40 kilos of cod in March", "Talia's grandad", "caught", "40 kilos of cod in March"),
    ("um we've rescued over 120 dogs since 2019", "Talia", "rescued", "over 120 dogs since 2019"),
    ("I've run three marathons", "Talia", "run", "three marathons"),
])
def test_a_count_of_what_was_done(clause, who, verb, value):
    got = count_done(clause, TurnContext(owner="Talia"))
    assert [(f.subject, f.predicate, f.value, f.type) for f in got] == [(who, verb, value, "episodic")]


def test_a_team_s_count_is_the_team_s():
    got = count_done("we planted 3000 trees last winter", TurnContext(owner="Talia", org="Greenway Trust"))
    assert got and got[0].subject == "Greenway Trust"


@pytest.mark.parametrize("clause", [
    "we had a great time",  # no count
    "I did loads",
    "we sold it last week",
    "I had 2 coffees this morning",  # the day's
    "I had 3 brothers",  # "had" without the time it was over
    "I've done it 5 times",  # how often, no thing counted
    "we had 3 goals in the first half",  # "had" without the time it was over
])
def test_no_count_of_work_said(clause):
    assert count_done(clause, TurnContext(owner="Talia")) == []


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", ["did you sell 900 tickets?", "I wish we had sold 900 tickets last year",
                                  "if we sell 900 tickets this year we'll break even"])
def test_a_question_a_wish_or_a_condition_teaches_no_count(text):
    got = learn(text, None, at=AT, owner="Talia", role="owner", speaker="Talia", previous=[], account_org=None)
    assert not any(f.predicate in ("sold", "sell") for f in got)
