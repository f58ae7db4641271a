"""What looks like a habit or a rule and is neither (issue 35, precision): a length of time is no rate
("we'll lose a month" is no routine, "twice a month" is one). Sentences written for these tests, in the
three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ottilie"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=None):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, account_org=org)


@pytest.mark.parametrize("text", [
    "the pool shuts for repairs so we'll lose a month",
    "We spent a week at my auntie's caravan.",
    "My cousin is staying with us for a fortnight, well a week really.",
    "The van was off the road so we lost a day.",
    "Ilse is taking a year off after her exams.",
])
def test_a_length_of_time_is_no_routine(text):
    assert not [f for f in facts(text) if f.type == "routine"], facts(text)


@pytest.mark.parametrize(("text", "words"), [
    ("We visit my grandad in Leith once a month.", ("grandad", "month")),
    ("I pay twenty pounds a month for climbing.", ("twenty", "month")),
    ("The boiler gets serviced twice a year.", ("serviced", "year")),
])
def test_a_rate_is_still_a_routine(text, words):
    got = [f for f in facts(text) if f.type == "routine" and all(w in f.text for w in words)]
    assert got, facts(text)


@pytest.mark.parametrize("text", [
    "ok byeee i have to walk the dog",
    "night night! I need to brush my teeth now",
    "right, gotta run, I have to collect the twins from nursery",
    "Anyway, must dash, I've got to catch the 6 o'clock ferry.",
    "that's all for now, I have to get the van back to the depot",
    "bye, dad says I have to tidy my room",
])
def test_a_farewell_with_its_reason_is_no_rule(text):
    """What the owner has to go and do is why the chat ends (docs/formation-spec.md: small talk)."""
    assert facts(text) == []


@pytest.mark.parametrize(("text", "words"), [
    ("bye! I have to be home by 7 on school nights", ("home", "school nights")),
    ("gotta go, drivers must always walk round the van before they set off", ("walk round",)),
    ("ok bye, I have to take my inhaler every morning", ("inhaler",)),
])
def test_a_farewell_keeps_a_rule_or_habit_said_with_it(text, words):
    got = [f for f in facts(text) if f.type in ("safety", "routine") and all(w in f.text for w in words)]
    assert got, facts(text)


def test_an_obligation_without_a_farewell_is_still_a_rule():
    assert [f for f in facts("Mummy says I have to wear my helmet on my scooter") if f.type == "safety"]


@pytest.mark.parametrize(("text", "item", "thing"), [
    ("I'm allergic to egg so I can't have the cake at Priya's party", "egg", "cake"),
    ("I'm allergic to dairy so I can't have the cheese scones they sell at work", "dairy", "scones"),
    ("I'm allergic to peanuts, so I can't eat the satay at the staff barbecue", "peanuts", "satay"),
])
def test_the_owner_allergy_s_consequence_for_one_thing_is_no_rule_of_its_own(text, item, thing):
    """The allergy is the card; what it rules out at one party or meal follows from it."""
    got = facts(text)
    assert [f for f in got if f.predicate == "allergic_to" and item in f.value], got
    assert not [f for f in got if thing in f.value], got


def test_a_ban_said_of_kinds_of_food_after_an_allergy_stays():
    got = facts("I'm allergic to sesame so I can't eat hummus or tahini")
    assert {f.value for f in got if f.predicate == "must_avoid"} >= {"hummus", "tahini"}, got


@pytest.mark.parametrize(("text", "org", "words"), [
    ("I think Marek's going on maternity cover in June, but don't quote me.", "Brightside Dental", ("June",)),
    ("Pretty sure my cousin moves to Perth in August, don't hold me to it though.", None, ("Perth",)),
    ("Our lease on the track ends in October, don't quote me on that.", "Hillcrest Karting", ("October",)),
])
def test_don_t_quote_me_hedges_what_was_said_and_bans_nothing(text, org, words):
    got = facts(text, org)
    assert not [f for f in got if "quote" in f.text or "hold" in f.text], got
    kept = [f for f in got if all(w in f.text for w in words)]
    assert kept and all(f.certainty < 0.8 for f in kept), got


@pytest.mark.parametrize(("text", "org"), [
    ("Our caretaker does nights at the hospital, so he's never free before 4.", "Meadowbank Scouts"),
    ("The big studio is never warm in February.", "Fenwick Dance"),
    ("my grandad is never grumpy", None),
    ("Dad's never cheerful on Mondays, honestly.", None),
])
def test_how_someone_or_something_is_said_with_never_is_no_ban(text, org):
    assert not [f for f in facts(text, org) if f.type == "safety"], facts(text, org)


@pytest.mark.parametrize(("text", "org", "words"), [
    ("The fire door is never propped open.", "Fenwick Dance", ("propped",)),
    ("Children are never alone in the changing rooms.", "Fenwick Dance", ("alone",)),
    ("I'm never allowed on the quad bike", None, ("quad",)),
])
def test_a_ban_said_with_never_stays(text, org, words):
    got = [f for f in facts(text, org) if f.type == "safety" and all(w in f.text for w in words)]
    assert got, facts(text, org)


@pytest.mark.parametrize(("text", "org"), [
    ("Rumour is the landlord's selling the building next spring.", "Quayside Pottery"),
    ("word is they'll close the youth club after summer", None),
    ("The rumour is head office is merging us with the Bicester branch.", "Quayside Pottery"),
])
def test_a_rumour_of_what_is_coming_is_small_talk(text, org):
    """docs/formation-spec.md: relayed rumours about the future are unlabelled."""
    assert facts(text, org) == []


@pytest.mark.parametrize(("text", "org"), [
    ("my business partner says we should open a stall at the Christmas market", "Quayside Pottery"),
    ("Carys reckons we should get a second kiln.", "Quayside Pottery"),
    ("my sister says we should get a hamster", None),
])
def test_someone_s_suggestion_of_what_we_should_do_is_no_rule(text, org):
    assert not [f for f in facts(text, org) if f.type == "safety"], facts(text, org)


@pytest.mark.parametrize(("text", "words"), [
    ("Dad says we should always hold hands crossing the big road", ("hold hands",)),
    ("Mum says we should brush our teeth every morning and every night", ("brush",)),
])
def test_a_rule_relayed_with_its_force_or_time_stays(text, words):
    got = [f for f in facts(text) if f.type in ("safety", "routine") and all(w in f.text for w in words)]
    assert got, facts(text)


@pytest.mark.parametrize("text", [
    "my cousin Aled says hes getting a jet ski next summer but i bet hes lying",
    "I'm doing my grade 3 piano now, my teacher thinks I'll be ready for grade 4 by Christmas",
])
def test_someone_s_forecast_or_a_boast_doubted_is_no_event(text):
    assert not [f for f in facts(text) if f.type == "episodic"], facts(text)


@pytest.mark.parametrize(("text", "org"), [
    ("A dragon. Always the dragon. Ok, ready.", "Fenwick Dance"),
    ("Always the same excuse with that supplier.", "Quayside Pottery"),
    ("always the blue one!!", None),
])
def test_always_and_a_thing_is_no_habit_or_rule(text, org):
    assert facts(text, org) == [], facts(text, org)


def test_always_and_a_doing_is_still_a_team_rule():
    got = facts("Always lock the fire exit after the last class.", "Fenwick Dance")
    assert [f for f in got if f.type == "safety" and "fire exit" in f.text], got


def test_a_rule_s_condition_after_a_comma_stays_with_its_rule():
    got = facts("Collection rule: only the named driver takes the van out, with their licence if we haven't seen it.",
                "Quayside Pottery")
    rules = [f for f in got if f.type == "safety"]
    assert len(rules) == 1 and "licence" in rules[0].value and "named driver" in rules[0].value, got


@pytest.mark.parametrize("text", ["No exceptions, not even for the coaches.", "no excuses, not even on your birthday!"])
def test_an_emphatic_tail_alone_is_no_rule(text):
    assert facts(text, "Fenwick Dance") == [], facts(text, "Fenwick Dance")


def test_a_team_s_rules_under_a_rules_heading_are_rules():
    got = facts("Uniform rules: navy polo shirt, steel toe caps, no loose scarves", "Quayside Pottery")
    assert len([f for f in got if f.type == "safety"]) == 3, got
    assert not [f for f in got if f.type != "safety"], got


@pytest.mark.parametrize("text", [
    "my little sister never listens",
    "honestly I never know what to wear to these things",
    "I can never find my swimming goggles",
    "we'll never finish this jigsaw lol",
    "the dishwasher never cleans the glasses properly",
    "Grandpa never remembers my friends' names",
])
def test_never_said_of_one_person_or_thing_is_no_ban(text):
    assert not [f for f in facts(text) if f.type == "safety"], facts(text)


@pytest.mark.parametrize(("text", "org", "words"), [
    ("We never take bookings over the phone.", "Fenwick Dance", ("bookings",)),
    ("Costumes never leave the building without Priya's say-so.", "Fenwick Dance", ("Costumes",)),
    ("Dad says I can never go on the quad bike without a helmet", None, ("quad",)),
    ("the new people never use the kiln alone in their first week", "Fenwick Pottery", ("kiln",)),  # a plural said
    ("the children never swim without a lifeguard", "Fenwick Pool", ("lifeguard",)),  # without an -s is a group
])
def test_a_ban_said_with_never_of_a_team_or_relayed_stays(text, org, words):
    got = [f for f in facts(text, org) if f.type == "safety" and all(w in f.text for w in words)]
    assert got, facts(text, org)


@pytest.mark.parametrize(("text", "words"), [
    ("Dad says we should always hold hands crossing the big road", ("hold hands",)),
    ("Mum says we have to be home by dark", ("home by dark",)),
])
def test_a_rule_relayed_for_us_is_a_rule(text, words):
    got = [f for f in facts(text) if f.type == "safety" and all(w in f.text for w in words)]
    assert got, facts(text)


@pytest.mark.parametrize(("text", "org"), [
    ("ugh I must have left my lunchbox on the bus", None),
    ("The parcel must have gone to our old address.", "Quayside Pottery"),
    ("Tomasz must have locked the side gate by mistake.", "Quayside Pottery"),
])
def test_a_guess_said_with_must_have_is_no_rule(text, org):
    assert not [f for f in facts(text, org) if f.type == "safety"], facts(text, org)


@pytest.mark.parametrize("text", ["Volunteers must have done the safeguarding course before they start.",
                                  "Drivers must have a clean licence."])
def test_a_group_s_prerequisite_is_still_a_rule(text):
    assert [f for f in facts(text, "Quayside Pottery") if f.type == "safety"], facts(text, "Quayside Pottery")
