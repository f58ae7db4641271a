"""memcore.knowledge.kinds: processes, safety rules, one-off events and a team's "we" (issue 35,
docs/formation-spec.md "Types"), on sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn
from memcore.knowledge.kinds import process_head
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def facts(text, owner="Ravi", org=None):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner=owner, role="owner", speaker="user", speaker_org=org)


def of_type(text, kind, **kw):
    return [f for f in facts(text, **kw) if f.type == kind]


# Processes: a how-to with steps, by its shape


@pytest.mark.parametrize("text, goal", [
    ("opening up: unlock the shutters, switch on the ovens, then fill the counter", "opening up"),
    ("to book the minibus you fill in the form, ask Sue to sign it and leave it in the office tray",
     "book the minibus"),
    ("when the printer jams, the fix is open the side door, pull the sheet out and close it again",
     "the printer jams"),
])
def test_a_how_to_with_steps_is_one_process_fact_kept_whole(text, goal):
    got = of_type(text, "process", org="Oakfield Press")
    assert len(got) == 1
    assert got[0].value.lower() == goal and got[0].subject == "Oakfield Press"
    assert text.split()[-1] in got[0].text  # the last step is still there


def test_a_process_said_with_my_belongs_to_the_owner():
    got = of_type("my bread routine is: feed the starter, mix at noon, then bake at six", "process", org="Oakfield Press")
    assert [f.subject for f in got] == ["Ravi"]


@pytest.mark.parametrize("text", [
    "We have two cooks: Abby, Dan and Lou",  # a list of people after a colon is not a list of steps
    "If we had a van we would deliver, obviously",  # a hypothetical
    "to be honest I think the new menu is better",
])
def test_lists_and_hypotheticals_are_not_processes(text):
    assert process_head(text) is None


def test_what_a_third_party_does_after_the_steps_is_not_a_step():
    got = of_type("to get more cups you email Brewline by Monday and they deliver on Thursday", "process",
                  org="Oakfield Press")
    assert len(got) == 1 and "Thursday" not in got[0].text


# Safety rules and boundaries


@pytest.mark.parametrize("text, value", [
    ("Grandma says I'm not allowed fizzy drinks after school", "fizzy drinks after school"),
    ("my dad says no trampolining without a grown-up", "trampolining without a grown-up"),
    ("I'm not allowed to play online games with strangers", "play online games with strangers"),
])
def test_a_rule_relayed_by_the_child_is_a_rule_about_the_child(text, value):
    got = of_type(text, "safety", owner="Ivy")
    assert [(f.subject, f.value) for f in got] == [("Ivy", value)]
    assert got[0].certainty >= 0.8  # relayed from a parent, still stated
    assert "says" not in got[0].text and "Ivy" in got[0].text


def test_a_relayed_rule_keeps_who_relayed_it_and_a_recurring_rule_is_a_routine_too():
    got = facts("My aunt Bea says I must wear a helmet on my bike", owner="Ivy")
    assert {(f.type, f.predicate, f.value) for f in got} >= {("relationship", "aunt", "Bea"),
                                                            ("safety", "rule", "wear a helmet on my bike")}
    nightly = {f.type for f in facts("Mum says I have to read for ten minutes every night", owner="Ivy")}
    assert "safety" in nightly  # one card: the rule (who may store it is the write policy's decision)


def test_an_organisations_rules_belong_to_the_organisation():
    got = of_type("Customer card numbers must never be written down; nobody opens the safe alone", "safety",
                  org="Oakfield Press")
    assert [f.subject for f in got] == ["Oakfield Press", "Oakfield Press"]
    assert any("never" in f.text for f in got) and any(f.text.startswith("Nobody") for f in got)  # the word as said


def test_cannot_have_a_or_b_gives_one_rule_an_item():
    got = of_type("My sister Nell can't have gluten or dairy while she's on the trial", "safety")
    assert {(f.subject, f.value) for f in got} == {("Nell", "gluten"), ("Nell", "dairy")}
    assert all(("gluten" in f.text) != ("dairy" in f.text) for f in got)  # atomic


def test_an_exception_to_a_habit_is_a_rule_and_the_habit_stays_a_routine():
    got = facts("we restock every Monday morning, never on bank holidays", org="Oakfield Press")
    rules = [f for f in got if f.type == "safety"]
    assert [(f.subject, f.predicate) for f in rules] == [("Oakfield Press", "must_avoid")]
    assert "restock" in rules[0].text and "bank holidays" in rules[0].text
    assert all("bank holidays" not in f.text for f in got if f.type != "safety")


def test_someone_elses_allergy_is_a_safety_fact_and_its_consequence_is_not_another():
    got = facts("My son Alfie is allergic to sesame so he can't eat the bagels at school")
    assert [(f.type, f.subject) for f in got if f.type == "safety"] == [("safety", "Alfie")]
    assert all("bagels" not in f.text for f in got)


def test_the_speakers_own_allergy_is_a_safety_fact_about_them():
    # the spec: allergies are safety; whether a child's own may be stored at once is the write policy's call
    got = facts("I'm allergic to sesame")
    assert [(f.type, f.subject) for f in got if "sesame" in f.text] == [("safety", "Ravi")]


@pytest.mark.parametrize("text", ["I have to pick up the kids at three", "you must try the new cafe",
                                  "No worries at all", "no ham sandwiches this time please"])
def test_plans_advice_idioms_and_requests_are_not_rules(text):
    assert of_type(text, "safety") == []


# One-off events


@pytest.mark.parametrize("text, word", [
    ("I broke my wrist at football yesterday", "wrist"),
    ("my driving test is on the 3rd of May", "driving test"),
    ("I painted the garden shed with my cousin last weekend", "shed"),
    ("I'm moving to Bristol in the summer", "Bristol"),
])
def test_a_one_off_event_is_kept_as_episodic(text, word):
    got = of_type(text, "episodic")
    assert len(got) == 1 and got[0].subject == "Ravi" and word in got[0].text


def test_an_event_told_by_someone_is_theirs_and_stops_where_the_next_clause_starts():
    got = of_type("My sister Nell says she found a hedgehog in the shed", "episodic")
    assert [(f.subject, f.text) for f in got] == [("Nell", "Nell found a hedgehog in the shed")]
    cut = of_type("my uncle is moving to Cardiff next month, he's so excited", "episodic")
    assert len(cut) == 1 and "excited" not in cut[0].text


@pytest.mark.parametrize("text", ["my mum's birthday is on the 2nd of June", "we're open Tuesday and Friday mornings",
                                  "I'll send it tomorrow", "It's called The Nook"])
def test_birthdays_habits_promises_and_names_are_not_events(text):
    assert of_type(text, "episodic") == []


# Whom a team's "we" means


def test_a_team_names_its_organisation_and_later_turns_say_it():
    first = facts("I look after the stock at Pinecone Books, we're a small shop in Ludlow")
    assert ("Ravi", "works_for", "Pinecone Books") in {(f.subject, f.predicate, f.value) for f in first}
    named = facts("Bramble Robotics builds farm robots for orchards")
    assert ("Bramble Robotics", "business_kind") in {(f.subject, f.predicate) for f in named}


def test_a_teams_we_stays_we_when_the_organisation_is_unknown():
    got = of_type("we never store card numbers in the shared drive", "safety")
    assert got and "we" in got[0].text.lower().split()


def test_what_a_team_uses_is_one_fact_a_tool_said_of_the_organisation():
    got = of_type("we use Trello for planning and Miro for workshops", "semantic", org="Oakfield Press")
    assert {(f.subject, f.value) for f in got} == {("Oakfield Press", "Trello"), ("Oakfield Press", "Miro")}
    assert all(("Trello" in f.text) != ("Miro" in f.text) for f in got)
    unknown = of_type("We use Basecamp, not Asana", "semantic")
    assert [f.value for f in unknown] == ["Basecamp"] and unknown[0].text.startswith("We ")
    assert of_type("we bake the rolls every morning", "semantic", org="Oakfield Press") == []


def test_what_kind_of_organisation_and_where_are_two_facts():
    got = {(f.subject, f.predicate, f.value) for f in facts("I work at Tallow, a candle shop in Whitby")}
    assert {("Ravi", "works_for", "Tallow"), ("Tallow", "business_kind", "candle shop"),
            ("Tallow", "located_in", "Whitby")} <= got
    later = facts("we're a tiny bakery on Kiln Lane", org="Rye & Co")
    assert {(f.predicate, f.value) for f in later} == {("business_kind", "tiny bakery"), ("located_in", "Kiln Lane")}
    assert all(("bakery" in f.text) != ("Kiln Lane" in f.text) for f in later)


@pytest.mark.parametrize("text, goal, other", [
    ("she's fine now. to change the bedding first you lift the guinea pig out, then you tip the old sawdust in the bin "
     "and put fresh sawdust in", "change the bedding", "fine"),
    ("yes lots. to make a paper crane you fold the square in half, then you fold it again and open the corners",
     "make a paper crane", "lots"),
])
def test_a_how_to_in_one_sentence_of_several_is_that_sentence(text, goal, other):
    """Chat runs sentences together: the how-to is found in its own sentence, and kept without the others."""
    got = [f for f in of_type(text, "process") if f.value.lower() == goal]
    assert got and other not in got[0].text.lower(), facts(text)


def test_a_goal_then_first_and_its_steps_is_a_process():
    got = of_type("to wash the car first you rinse it with the hose, then you soap it and dry it with a chamois", "process")
    assert [f for f in got if f.value.lower() == "wash the car"], got


@pytest.mark.usefixtures("parser_installed")
def test_steps_opened_by_first_in_a_team_are_a_process():
    got = [f for f in learn("First you weigh the flour, then you rub in the butter, then you stir in the milk.", None, at=AT,
                            owner="Ravi", role="owner", speaker="Ravi", account_org="Crumb Bakery") if f.type == "process"]
    assert got and "stir in the milk" in got[0].text, got


def _team(text, org="Fernside College"):
    return learn(text, None, at=AT, owner="Ravi", role="owner", speaker="Ravi", account_org=org)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, goal", [
    ("Room booking: the tutor emails the office, the office checks the diary, then Bea sends the confirmation.", "Room booking"),
    ("New starters: HR sends the contract, IT sets up the laptop, the manager books a welcome lunch.", "New starters"),
    ("lost keys: whoever finds them hands them in, reception logs them, the owner signs them out", "Lost keys"),
])
def test_steps_under_a_heading_that_people_take_in_turn_are_one_process(text, goal):
    """Each step a clause with its own doer: one how-to kept whole, not a fact about each doer."""
    got = _team(text)
    assert [f.value for f in got if f.type == "process"] == [goal], got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", ["Last Friday: we packed the van, drove to Leeds, then unloaded everything at the venue.",
                                  "The team: Jo runs the tills, Sam does the ordering, Priya bakes."])
def test_a_day_told_or_who_does_what_under_a_heading_is_no_process(text):
    assert not [f for f in _team(text) if f.type == "process"], _team(text)
