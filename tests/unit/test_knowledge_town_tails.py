"""memcore.knowledge.town_tails: a town said at the end of a work or a team's card is a card of its own
("I run the shop side of X in Sheki": the role, and X is in Sheki). Sentences written for these tests,
with names and towns from many languages; near misses (a month, a language, a school year, a place that is
the whole value, where a team sells) that must not change."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.town_tails import town_card, towns_apart

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner, org=None):
    return {(f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner",
                                                             speaker=owner, account_org=org)}


def card(subject, predicate, value, text, type_="identity"):
    return Fact(subject, predicate, value, type_, 0.8, text)


@pytest.mark.parametrize("f, team, want", [
    (card("Günay", "role", "bakery side of Halva Evi in Şəki", "Günay runs the bakery side of Halva Evi in Şəki"), "Halva Evi",
     (("bakery side of Halva Evi", "Günay runs the bakery side of Halva Evi"),
      ("Halva Evi", "located_in", "Şəki"))),
    (card("Maitén", "runs", "drip irrigation", "Maitén runs the drip irrigation at a winery in Luján de Cuyo, Mendoza"), None,
     (("drip irrigation", "Maitén runs the drip irrigation at a winery"), ("Maitén", "works_in", "Luján de Cuyo, Mendoza"))),
    (card("Sokha Rice Mill", "makes", "rice flour", "Sokha Rice Mill makes rice flour in Kampot for the bakeries", "semantic"),
     "Sokha Rice Mill",
     (("rice flour", "Sokha Rice Mill makes rice flour for the bakeries"), ("Sokha Rice Mill", "located_in", "Kampot"))),
])
def test_the_town_leaves_the_card_for_a_card_of_its_own(f, team, want):
    got = town_card(f, team)
    assert got is not None
    kept, place = got
    assert (kept.value, kept.text) == want[0]
    assert (place.subject, place.predicate, place.value) == want[1]


@pytest.mark.parametrize("f, team", [
    (card("Ngozi", "role", "head of maths in Year 9", "Ngozi is head of maths in Year 9"), None),
    (card("Ngozi", "role", "teacher", "Ngozi started as a teacher in March"), None),
    (card("Ngozi", "teach", "biology", "Ngozi teaches biology in French"), None),
    (card("Ngozi", "lives_in", "Enugu", "Ngozi lives in Enugu"), None),
    (card("Ngozi", "event", "conference in Lagos", "Ngozi has a conference in Lagos", "episodic"), None),
    (card("Ngozi", "likes", "jollof in Accra", "Ngozi loves the jollof in Accra", "preference"), None),
    (card("Ngozi", "has", "a flat in Abuja", "Ngozi has a flat in Abuja", "semantic"), None),  # no work, no team
    (card("Tanoa Weaving", "sells", "mats", "Tanoa Weaving sells mats in Suva", "semantic"), "Tanoa Weaving"),
    (card("Tanoa Weaving", "roasts", "in Suva", "Tanoa Weaving roasts in Suva", "semantic"), "Tanoa Weaving"),
    (card("Tanoa Weaving", "rule", "no shoes in Suva", "No shoes in Suva", "safety"), "Tanoa Weaving"),
    (card("Tanoa Weaving", "biggest_customer", "Bula Resort", "Tanoa Weaving's biggest customer is Bula Resort in Nadi",
          "semantic"), "Tanoa Weaving"),  # the customer's town
    (card("Losaline", "works_for", "company in Nuku'alofa from home", "Losaline works for a company in Nuku'alofa from home"),
     None),  # a workplace: sibling_phrases.town_apart's
])
def test_no_town_of_work_or_a_team_is_left_as_said(f, team):
    assert town_card(f, team) is None
    assert towns_apart([f], team) == [f]


def test_a_town_the_turn_gave_a_card_already_gets_no_second():
    role = card("Dagny", "role", "piano teacher", "Dagny is the piano teacher in Tromsø")
    there = card("Dagny", "works_in", "Tromsø", "Dagny works in Tromsø")
    got = towns_apart([role, there], None)
    assert [(f.predicate, f.value) for f in got] == [("role", "piano teacher"), ("works_in", "Tromsø")]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, org, text, want", [
    ("Oluwaseun", None, "I manage the front desk at a clinic in Kraków.", ("Oluwaseun", "works_in", "Kraków")),
    ("Esther", "Kivu Coffee Collective", "I'm Esther, I coordinate the growers of Kivu Coffee Collective in Goma.",
     ("Kivu Coffee Collective", "located_in", "Goma")),
    ("Sokunthea", "Bopha Noodle House", "we make fresh rice noodles in Battambang for the markets.",
     ("Bopha Noodle House", "located_in", "Battambang")),
])
def test_a_turn_gives_the_town_its_own_card(owner, org, text, want):
    got = cards(text, owner, org)
    assert want in got
    assert not [c for c in got if c[2] != want[2] and want[2] in c[2]]  # no other card says the town


@pytest.mark.parametrize("text", [
    "Tanoa Weaving's dye comes from Mataqali Supplies in Lautoka",
    "Tanoa Weaving's thread comes from a mill in Nadi",
    "Tanoa Weaving keeps a stall at the market in Savusavu",
])
def test_the_town_of_another_place_a_team_names_is_not_the_teams(text):
    value = text.split(" in ")[0].split(" ", 3)[-1]
    f = card("Tanoa Weaving", "supplier", f"{value} in {text.rsplit(' in ', 1)[1]}", text, "semantic")
    assert town_card(f, "Tanoa Weaving") is None


def test_a_card_whose_value_is_the_town_gets_no_second():
    f = card("Ossa Lettings", "branch", "Whitby", "Ossa Lettings has a second branch in Whitby", "semantic")
    assert town_card(f, "Ossa Lettings") is None
