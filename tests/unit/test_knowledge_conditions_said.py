"""A health condition said with "have"/"has got" in the words people use, whatever the parser makes of the
clause (issue 35, health.conditions): "type 2 diabetes", "early onset dementia", a relative's condition as
a safety card of that relative, not a tie. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Bronagh"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


@pytest.mark.parametrize(("text", "who", "condition"), [
    ("I have type 2 diabetes.", OWNER, "diabetes"),
    ("I've got type 1 diabetes, so go easy on the sugar.", OWNER, "diabetes"),
    ("My son has epilepsy.", "Bronagh's son", "epilepsy"),
    ("My dad's got early onset dementia.", "Bronagh's dad", "dementia"),
    ("Grandad has Parkinson's disease and a pacemaker.", "Grandad", "Parkinson's disease"),
])
def test_a_condition_said_with_have_is_a_safety_card_of_whom_it_is_said(text, who, condition):
    got = [f for f in facts(text) if condition.lower() in f.value.lower()]
    assert got, text
    assert all(f.type == "safety" and f.subject == who for f in got), got


def test_having_a_thing_that_is_no_condition_is_no_condition():
    got = facts("My son has a new bike and I have two tickets for the match.")
    assert not any(f.predicate == "condition" for f in got)


@pytest.mark.parametrize("text", ["Important: I'm allergic to latex.", "And note this: I'm allergic to latex. Remind me if I forget.",
                                  "One more thing: I am allergic to latex"])
def test_a_safety_fact_after_a_short_header_is_still_read(text):
    assert any(f.predicate == "allergic_to" and f.value == "latex" and f.type == "safety" for f in facts(text)), facts(text)


def test_a_header_before_steps_or_a_list_stays_theirs():
    from memcore.knowledge.reading import as_read

    assert as_read("Aftercare: wash it twice a day, no swimming for two weeks.").startswith("Aftercare:")
    assert as_read("Who's who: Tomas does the books.").startswith("Who's who:")


@pytest.mark.parametrize("text, card", [
    ("I'm lactose intolerant, soya milk only.", ("intolerant_to", "lactose")),     # it gave nothing
    ("I'm allergic to sesame, no tahini please", ("allergic_to", "sesame")),       # "no tahini please" was an allergen too
])
def test_an_allergy_with_a_ban_or_a_request_said_beside_it_is_one_card(text, card):
    got = [(f.predicate, f.value) for f in learn(text, None, at=AT, owner="Mia", role="owner", speaker="Mia") if f.type == "safety"]
    assert got == [card]


def test_a_boundary_asked_for_someone_named_is_theirs_and_keeps_why_in_its_line():
    got = [f for f in learn("Please never suggest sesame for Omar, he's anaphylactic", None, at=AT, owner="Mia", role="owner",
                            speaker="Mia") if f.predicate == "must_avoid"]
    assert [(f.subject, f.value) for f in got] == [("Omar", "suggest sesame for Omar")]
    assert "anaphylactic" in got[0].text


def test_anaphylactic_is_a_condition_of_whom_it_is_said():
    got = [(f.subject, f.predicate, f.value) for f in learn("My son Omar is anaphylactic.", None, at=AT, owner="Mia",
                                                           role="owner", speaker="Mia")]
    assert ("Omar", "condition", "anaphylactic") in got, got


@pytest.mark.parametrize("text, rule", [
    ("Helmet always on the bike.", "Helmet always on the bike"),
    ("Goggles in the workshop always.", "Goggles in the workshop always"),
    ("Ear defenders always, I work with chainsaws.", "Ear defenders always"),
])
def test_gear_said_with_always_is_a_standing_rule_not_a_habit(text, rule):
    got = learn(text, None, at=AT, owner="Mia", role="owner", speaker="Mia")
    assert ("Mia", "rule", rule, "safety") in [(f.subject, f.predicate, f.value, f.type) for f in got], got
    assert not [f for f in got if f.type == "routine"], got


@pytest.mark.parametrize(("text", "who", "avoid"), [
    ("I'm coeliac, so no toast please.", OWNER, "toast"),
    ("I went vegan in March so no honey please", OWNER, "honey"),
    ("I get bad dreams, so no zombie stories please.", OWNER, "zombie stories"),
    ("I've got type 1 diabetes, so in desserts no sugar please.", OWNER, "sugar in desserts"),
    ("My sister Nuala is allergic to egg, so no meringue for her please", "Nuala", "meringue"),
])
def test_a_request_said_as_its_reasons_consequence_is_a_standing_boundary(text, who, avoid):
    got = [f for f in facts(text) if f.predicate == "must_avoid"]
    assert [(f.subject, f.value, f.type) for f in got] == [(who, avoid, "safety")], got


@pytest.mark.parametrize("text", ["I'm in a hurry, so no rush please.", "I'm a bit tired so no more questions please"])
def test_an_idiom_after_so_is_no_boundary(text):
    assert not [f for f in facts(text) if f.type == "safety"]


def test_a_request_for_me_is_the_owners():
    assert [f.subject for f in facts("No fish recipes for me please.") if f.type == "safety"] == [OWNER]


@pytest.mark.parametrize(("text", "who", "aid"), [
    ("My husband uses a wheelchair since his stroke.", "Bronagh's husband", "wheelchair"),
    ("Grandad has hearing aids but he never wears them.", "Grandad", "hearing aids"),
    ("My mum is in a wheelchair.", "Bronagh's mum", "wheelchair"),
    ("I use a walking stick on bad days.", OWNER, "walking stick"),
    ("My daughter has an insulin pump.", "Bronagh's daughter", "insulin pump"),
])
def test_an_aid_one_lives_with_is_a_safety_card_of_whom_it_is_said(text, who, aid):
    got = [f for f in facts(text) if aid in f.value.lower()]
    assert got, text
    assert all(f.type == "safety" and f.subject == who for f in got), got


@pytest.mark.parametrize("text", [
    "My brother is in a band.",  # no aid
    "We use a big table for the jigsaws.",
    "I have a stick of rock from Blackpool.",
])
def test_what_is_no_aid_gives_no_aid_card(text):
    assert not [f for f in facts(text) if f.predicate == "uses" and f.type == "safety"], facts(text)
