"""A team's knowledge typed as notes (memcore/knowledge: team_lists, opening_hours, kinds, extraction
statements): a post and who holds it, who does what under a heading, a schedule or a rule under a
heading, hours with their name, a break in the day, an "X-free" place, and a sentence that ends on a
time. Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.statements import split_sentences
from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
TEAM = "Ferncliff Brewing"
pytestmark = pytest.mark.usefixtures("parser_installed")


def noted(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner="Odile", role="owner", speaker="Odile", account_org=TEAM)}


def test_a_post_and_who_holds_it():
    got = noted("Head brewer: Tamsin Ocampo. Cellar lead: Jarrah Finn.")
    assert {("Tamsin Ocampo", "role", "head brewer", "identity"), ("Jarrah Finn", "role", "cellar lead", "identity")} <= got, got


def test_who_does_what_under_a_heading_is_each_ones_post():
    got = noted("Crew: Bram bottles, Ines does the labels, Caleb does deliveries in the van.")
    assert {("Bram", "role", "bottles", "identity"), ("Ines", "role", "the labels", "identity"),
            ("Caleb", "role", "deliveries in the van", "identity")} <= got, got


def test_a_schedule_under_a_heading_is_one_routine_and_a_rule_under_one_is_a_rule():
    assert any(t == "routine" and "every Tuesday" in v for s, p, v, t in noted("Tastings: every Tuesday 18:00 in the taproom."))
    assert any(t == "safety" and "goggles" in v for s, p, v, t in noted("Bottling line: goggles on, always."))


def test_hours_with_their_name_and_a_break_in_the_day():
    got = noted("Opening hours 11:00-22:30. Closed Monday 14h-16h for cleaning.")
    assert any(p == "hours" and "11:00-22:30" in v for s, p, v, t in got), got
    assert (TEAM, "closed", "Monday 14h-16h", "routine") in got, got


def test_a_place_free_of_something_bans_it():
    assert (TEAM, "must_avoid", "gluten", "safety") in noted("Gluten-free kitchen.")


def test_a_sentence_that_ends_on_a_time_ends_there():
    text = "We open at 7:00-18:30. Late orders cost extra."
    assert len(split_sentences(text)) == 2
    assert len(split_sentences("Steps: 1. weigh the malt 2. mill it")) == 1


def test_what_a_team_grows_or_brews_is_one_card_a_thing_and_where_it_is_another():
    got = noted("we grow garlic and shallots near Wexford, Ireland")
    assert {(TEAM, "grows", "garlic", "semantic"), (TEAM, "grows", "shallots", "semantic")} <= got, got
    assert any(p == "located_in" and v.startswith("Wexford") for s, p, v, t in got), got


def test_who_does_what_may_include_the_speaker():
    got = noted("Who's who: Bram does the mash and the boil, I do sales and the books.")
    assert ("Bram", "role", "the mash and the boil", "identity") in got and ("Odile", "role", "sales and the books", "identity") in got, got


def test_an_introduction_with_what_the_team_is_after_the():
    got = noted("Hola. Odile, secretary of Ferncliff Brewing, the cooperative brewery in Castlebar.")
    assert (TEAM, "located_in", "Castlebar", "identity") in got and any(p == "business_kind" for s, p, v, t in got), got
