"""memcore.knowledge.gapped_clauses: a clause that leaves its verb out for a second doer ("Ingrid has the van
and Sadia the car") is two cards, one per doer (issue 35, docs/formation-spec.md "Matching", rule 5).
Sentences written for these tests, with names from many languages; near misses that must stay whole."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.gapped_clauses import gaps_filled
from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner, org=None):
    return {(f.subject, f.value.lower()) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner,
                                                       account_org=org)}


def card(subject, predicate, value, text, type_="semantic"):
    return Fact(subject, predicate, value, type_, 0.8, text)


@pytest.mark.parametrize("f, want", [
    (card("Ingrid", "has", "the van and Sadia the car", "Ingrid has the van and Sadia the car"),
     [("Ingrid", "the van", "Ingrid has the van"), ("Sadia", "the car", "Sadia has the car")]),
    (card("Mateus", "teaches", "the juniors, Ayumi the seniors", "Mateus teaches the juniors, Ayumi the seniors"),
     [("Mateus", "the juniors", "Mateus teaches the juniors"), ("Ayumi", "the seniors", "Ayumi teaches the seniors")]),
    (card("Bongani", "job", "drives the minibus and Farida the truck", "Bongani drives the minibus and Farida the truck",
          "identity"),
     [("Bongani", "drives the minibus", "Bongani drives the minibus"),
      ("Farida", "drives the truck", "Farida drives the truck")]),
    (card("Pita's brother", "plays", "drums and my sister the violin", "Pita's brother plays the drums and Pita's sister the violin",
          "skill"),
     [("Pita's brother", "drums", "Pita's brother plays the drums"),
      ("Pita's sister", "violin", "Pita's sister plays the violin")]),
    (card("Heron", "coach", "coached by Tomasz Wójcik; the younger crew, the Kingfishers, by Aroha Ngata",
          "Lakeside Rowing: The Heron is coached by Tomasz Wójcik; the younger crew, the Kingfishers, by Aroha Ngata"),
     [("Heron", "coached by Tomasz Wójcik", "Lakeside Rowing: The Heron is coached by Tomasz Wójcik"),
      ("Kingfishers", "coached by Aroha Ngata", "Lakeside Rowing: The Kingfishers is coached by Aroha Ngata")]),
])
def test_a_gapped_second_doer_is_a_card_of_its_own(f, want):
    got = gaps_filled([f], "Pita")
    assert [(g.subject, g.value, g.text) for g in got] == want
    assert all(g.predicate == f.predicate and g.type == f.type for g in got)


@pytest.mark.parametrize("value", [
    "fish and chips", "Romeo and Juliet", "salt and pepper squid", "between 9 and 5", "Marks and Spencer",
    "Ana and Pedro the plumber",  # a name and a name with its job: no gap
    "Samarkand with Aziz and Jonas the next day",  # a time after a name: no object
    "the market on Monday and Friday the stalls",  # a weekday is no doer
    "mostly come from Mostar and Tuzla, a few from Bihać",  # towns listed, then how many: no gap
])
def test_no_doer_before_an_object_stays_whole(value):
    f = card("Oyelaran", "likes", value, f"Oyelaran likes {value}", "preference")
    assert gaps_filled([f], "Oyelaran") == [f]


def test_processes_and_rules_are_never_cut_for_a_gap():
    for type_ in ("process", "safety"):
        f = card("Kava Corner", "rule", "the till by Sione and the safe by Mele", "the till by Sione and the safe by Mele", type_)
        assert gaps_filled([f], "Sione") == [f]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, org, text, want", [
    ("Dilnoza", None, "Kentrell has the key and Desroy the spare", {("Kentrell", "the key"), ("Desroy", "the spare")}),
    ("Aroha", None, "Pita looks after the goats and Mere the chickens", {("Pita", "the goats"), ("Mere", "the chickens")}),
    ("Chiara", "Trattoria Sole", "Bilal runs the bar and Chiara the kitchen.", {("Bilal", "the bar"), ("Chiara", "the kitchen")}),
])
def test_a_turn_with_a_gapped_clause_gives_a_card_per_doer(owner, org, text, want):
    got = cards(text, owner, org)
    assert want <= got
    assert not any(" and " in v for _, v in got)


@pytest.mark.usefixtures("parser_installed")
def test_two_people_and_their_ties_are_no_gap():
    got = cards("Nilufar is my best friend and Kamola my cousin", "Dilnoza")
    assert {("Dilnoza", "nilufar"), ("Dilnoza", "kamola")} <= got
