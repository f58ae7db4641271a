"""Cards that hold no fact (issue 35, precision): times said of someone else's doing are not the owner's
routine; a clause said after a liked or hated thing ("..., everything is brown") is no further item; a
reason or a when said as a team's figure ("..., because by noon it's too hot") names no thing of the
team's. Sentences written for these tests, in the three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.rule_basics import items_of
from memcore.knowledge.whose_times import doer

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ottilie"
TEAM = "Kestrel Bikes"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=None, previous=()):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, account_org=org, previous=previous)


def owners_when_only(text, previous=()):
    return [f for f in facts(text, previous=previous) if f.type == "routine" and f.subject == OWNER]


@pytest.mark.parametrize("text", [
    "she knits jumpers at the kitchen table. every evening after tea",
    "No, he plays darts at the Red Lion, Friday nights.",
    "my uncle drives the school bus. every weekday morning",
    "they sell honey at the farmers market. every other saturday",
])
def test_times_said_of_someone_elses_doing_are_not_the_owners_routine(text):
    assert not owners_when_only(text), facts(text)


@pytest.mark.parametrize(("text", "words"), [
    ("I swim at the lido. every morning before work", ("morning",)),
    ("she drives me to judo. every tuesday after school", ("tuesday",)),
    ("8 to 4, Monday to Friday. Saturdays only when it's busy", ("Monday",)),
])
def test_the_owners_own_times_stay(text, words):
    got = [f for f in owners_when_only(text) if all(w in f.text for w in words)]
    assert got, facts(text)


@pytest.mark.parametrize(("clause", "theirs"), [
    ("she weaves baskets at home", True),
    ("my gran bakes bread for the whole street", True),
    ("he's there late, so I cook", False),
    ("I help her on the stall", False),
    ("No,", False),
])
def test_whose_doing_a_clause_is(clause, theirs):
    assert (doer(clause, "Kiri") not in (None, "Kiri")) is theirs  # someone else's doing, the owner taking no part


@pytest.mark.parametrize(("text", "kept", "not_kept"), [
    ("I hate the wet snow in March, everything is grey and muddy.", "wet snow in March", ("grey", "muddy")),
    ("i love the lake, the water is so clear", "lake", ("water", "clear")),
    ("I can't stand the city in August, the streets are packed and sticky.", None, ("packed", "sticky")),
])
def test_a_clause_after_a_liked_thing_is_no_further_item(text, kept, not_kept):
    got = facts(text)
    values = [f.value for f in got if f.type == "preference"]
    assert not [v for v in values if any(w in v for w in not_kept)], got
    if kept:
        assert kept in values, got


@pytest.mark.parametrize(("obj", "items"), [
    ("swimming, rugby and chess", ["swimming", "rugby", "chess"]),
    ("the beach, Porthcurno is my favourite", ["beach", "Porthcurno is my favourite"]),
    ("olives, capers and anchovies", ["olives", "capers", "anchovies"]),
])
def test_a_plain_list_keeps_its_items(obj, items):
    assert items_of(obj) == items


@pytest.mark.parametrize("text", [
    "June to September, evenings only, 6 till 9, because by day it's too hot in the shed.",
    "October to March, weekends only, 10 till 4, since the trails are muddy after that.",
    "Spring and autumn, mornings only, 8 till 12, because the light is better then.",
])
def test_a_reason_or_a_when_names_no_thing_of_the_team(text):
    got = facts(text, org=TEAM, previous=["assistant: When do you run the rides?"])
    subjects = {f.subject.lower() for f in got}
    assert not subjects & {"because", "since", "evenings only,", "weekends only,", "mornings only,"}, got
    assert not [f for f in got if f.value.lower().startswith(("by day", "the trails", "the light"))], got


@pytest.mark.parametrize(("text", "thing"), [
    ("breakfast 7-10 in the Lorne Room", "breakfast"),
    ("check in is from 3pm, check out by 11", "check in"),
])
def test_a_things_hours_still_name_the_thing(text, thing):
    got = facts(text, org=TEAM)
    assert [f for f in got if f.subject.lower() == thing], got


@pytest.mark.parametrize(("question", "answer"), [
    ("assistant: What do you like doing?", "ok my top 3 rn:"),
    ("assistant: What food do you like?", "right, here goes:"),
    ("assistant: Which bands do you listen to?", "ok so my faves:"),
    ("assistant: What sports do you like?", "hmm ok, my favourites:"),
])
def test_an_answer_that_only_announces_a_list_gives_no_card(question, answer):
    assert not facts(answer, previous=[question]), facts(answer, previous=[question])


@pytest.mark.parametrize(("question", "answer", "word"), [
    ("assistant: What do you like doing?", "drawing and football", "drawing"),
    ("assistant: What food do you like?", "pancakes: with lemon", "pancakes"),
])
def test_an_answer_that_says_its_things_is_still_completed(question, answer, word):
    got = facts(answer, previous=[question])
    assert [f for f in got if f.type == "preference" and word in f.value], got
