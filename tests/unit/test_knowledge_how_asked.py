"""A how-to told because the assistant asked how ("How is the cheese made?" "you warm the milk, add the
rennet, then cut the curd"): one process card, the thing asked about as its subject, the steps as said; the
clauses of the steps are no facts of their own (issue 35, knowledge/how_asked.py). Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _learn(text, asked, owner="Ilse", org=None):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[f"assistant: {asked}"],
                 account_org=org)


def _process(got):
    processes = [f for f in got if f.type == "process"]
    assert len(processes) == 1, got
    return processes[0]


def test_asked_how_a_thing_is_made_the_steps_are_its_process():
    got = _learn("you warm the milk, add the rennet, then cut the curd and press it overnight",
                 "Wow, a cheesemaker! How is the gouda made?")
    card = _process(got)
    assert card.subject == "gouda" and "rennet" in card.text and "press it overnight" in card.text


def test_asked_how_someone_makes_it_the_thing_is_named_before_the_question():
    got = _learn("she soaks the reeds in the river, splits them with a knife, then weaves them in a spiral",
                 "Woven baskets! How does your aunt make them?", owner="Amara")
    card = _process(got)
    assert "woven baskets" in card.subject.lower() and "spiral" in card.text


def test_asked_how_a_game_works_steps_said_with_you_are_its_process():
    got = _learn("three players, you throw the stones in the air and you must catch them on the back of your hand",
                 "I've never heard of jackstones! How does it work?", owner="Tala")
    card = _process(got)
    assert card.subject == "jackstones" and "back of your hand" in card.text
    assert not [f for f in got if f.type == "safety"]  # "you must catch them": a step, no rule


def test_asked_what_happens_to_a_thing_the_answer_is_its_process():
    got = _learn("they salt the hides, stack them for a month, then send them to the tannery in town",
                 "What happens to the hides after the slaughter?", owner="Bolat")
    assert "hides" in _process(got).subject


def test_a_team_members_answer_is_the_teams_process_under_the_things_name():
    got = _learn("first the grapes are crushed, then the must ferments in the tanks for ten days, then we press it",
                 "How is the red wine made?", owner="Luca", org="Cantina Vela")
    card = _process(got)
    assert card.subject == "Cantina Vela" and "red wine" in card.text.lower() and "tanks" in card.text


def test_a_remark_after_the_last_step_is_left_out():
    card = _process(_learn("you boil the sap for hours, then pour it in moulds. it smells amazing",
                           "How is maple sugar made?", owner="Nadia"))
    assert "moulds" in card.text and "smells" not in card.text


def test_a_day_told_in_the_past_is_no_process():
    got = _learn("we bought the flour at the market, then went home and slept", "How do you make the bread?")
    assert not [f for f in got if f.type == "process"]


def test_how_something_works_told_without_anyone_doing_steps_is_no_process():
    got = _learn("two shifts a day, 6 to 2 and 2 to 10, then three days off", "How does the rota work?")
    assert not [f for f in got if f.type == "process"]


def test_a_question_to_the_owner_about_themselves_is_no_how_to():
    got = _learn("I take the bus to the station, then walk along the canal", "How do you get to work?")
    assert not [f for f in got if f.type == "process"]


def test_not_knowing_is_no_process():
    got = _learn("no idea really, my uncle does it, I just help carry the crates", "How is the honey made?")
    assert not [f for f in got if f.type == "process"]


def test_asked_in_a_team_how_its_people_go_about_something_the_steps_are_its_process():
    got = _learn("they fill in the waiver online, then Priya checks their ID at the desk and we hand over the wristband",
                 "How do new climbers sign up?", owner="Jonas", org="Granite Loft")
    card = _process(got)
    assert card.subject == "Granite Loft" and "new climbers sign up" in card.text.lower() and "wristband" in card.text


def test_a_colleagues_habit_with_its_own_time_after_the_steps_is_no_step():
    got = _learn("mostly email. I log each order in Shopify, then Tomek packs them every afternoon at 3",
                 "How do orders come in?", owner="Hana", org="Paper Kite")
    card = _process(got)
    assert "Shopify" in card.text and "Tomek" not in card.text


def test_outside_a_team_how_someone_goes_about_something_is_not_read_as_a_how_to():
    got = _learn("they text me first, then I pick them up from the station and we get a pizza", "How do your cousins visit?",
                 owner="Ola")
    assert not [f for f in got if f.type == "process"]


# In a team's chat, a question that asks how the work goes on, or for its steps, without naming a thing.

def _team(text, asked, org="Kauri Joinery"):
    return learn(text, None, at=AT, owner="Rewi", role="owner", speaker="Rewi",
                 previous=["Rewi: the timber comes in on Mondays.", f"assistant: {asked}"], account_org=org)


def test_asked_how_the_work_goes_on_the_steps_are_the_teams_process():
    got = _team("check the drawing, Hemi cuts the joints, it's glued overnight, then Aroha sands and oils it",
                "And from there?")
    card = _process(got)
    assert card.subject == "Kauri Joinery" and "glued overnight" in card.text


def test_asked_then_what_steps_told_on_are_the_teams_process():
    got = _team("the hides are salted for a week. then soaking in lime, then scraping by hand, then tanning in the pits",
                "Salted! Then what?", org="Ridge Tannery")
    card = _process(got)
    assert card.subject == "Ridge Tannery" and "scraping by hand" in card.text


def test_asked_for_the_process_of_a_thing_its_steps():
    got = _team("cut them to length, sand them, oil them twice, and wrap them before 4", "What about the process for the benches?")
    card = _process(got)
    assert card.subject == "Kauri Joinery" and "benches" in card.text.lower() and "oil them twice" in card.text


def test_asked_then_what_hours_are_no_steps():
    got = _team("we close at 6, and at 4 on Saturdays", "Then what?")
    assert not [f for f in got if f.type == "process"]


def test_asked_then_what_outside_a_team_is_no_process():
    got = learn("we plane the boards, Hemi cuts the joints, it is glued overnight, then Aroha sands and oils it", None,
                at=AT, owner="Rewi", role="owner", speaker="Rewi", previous=["assistant: And from there?"])
    assert not [f for f in got if f.type == "process"]


# Asked how the owner does a thing of any doing ("How do you clean the hives?"): the doing is the thing, and the
# steps must be said as someone doing them (how_asked._DOING). Sentences written for these tests.

def test_asked_how_one_does_any_doing_the_doing_is_the_processes_thing():
    card = _process(_learn("once a month we take the hives apart, scrape the frames, check for mites, then put it all back",
                           "Sounds busy. How do you clean the hives?", owner="Ivo"))
    assert card.subject == "cleaning the hives" and "mites" in card.text


def test_asked_how_one_washes_a_boat_the_steps_said_with_we():
    card = _process(_learn("we wet the hull, scrub it with a stiff brush, then rinse it twice with fresh water",
                           "How do you wash the boat?", owner="Maren"))
    assert card.subject == "washing the boat" and "stiff brush" in card.text


def test_asked_how_one_prunes_the_vines_the_steps_said_with_first_and_then():
    card = _process(_learn("first you cut back the old canes, then you tie the best two along the wire, then burn the rest",
                           "How do you prune the vines?", owner="Benedek"))
    assert card.subject == "pruning the vines" and "wire" in card.text


def test_asked_how_one_spends_or_finds_something_is_no_how_to():
    spent = _learn("we walk the dog, then we visit my parents, then cook a big lunch", "How do you spend your weekends?")
    found = _learn("the kitchen is small, then there is the noise from the bar below", "How do you find the new flat?")
    assert not [f for f in spent + found if f.type == "process"]


def test_asked_how_one_does_something_answered_without_steps_is_no_process():
    got = _learn("carefully, and never on a windy day, my father taught me", "How do you trim the hedge?")
    assert not [f for f in got if f.type == "process"]


@pytest.mark.parametrize(("answer", "asked", "where"), [
    ("first the frame is stripped, then every part is cleaned in the bath, then Jonas rebuilds it and tests it on the road",
     "How does a bike go through the workshop?", "workshop"),
    ("first washing in the river for a day, then drying on the racks, then carding by hand and spinning on the big wheel",
     "How does a fleece go through the mill?", "mill"),
    ("the orders are checked at the desk, then each parcel is weighed on the scale, then the courier takes them at 4",
     "How does an order get to the customer?", "customer"),
])
def test_asked_in_a_team_how_a_thing_goes_through_a_place_the_steps_are_its_process(answer, asked, where):
    card = _process(_learn(answer, asked, owner="Hana", org="Tarn Wool"))
    assert card.subject == "Tarn Wool" and where in card.text and answer.split(", then ")[1] in card.text


def test_in_a_team_how_a_pointed_thing_goes_through_a_place_names_no_thing():
    got = _learn("the papers are checked at the border, the lorry is weighed, then it waits a day or two",
                 "How does it go through customs?", owner="Hana", org="Tarn Wool")
    assert not [f for f in got if f.type == "process"]


def test_outside_a_team_how_a_thing_goes_through_a_place_is_not_read_as_a_how_to():
    got = _learn("the ferry brings it on Tuesdays, then the postman walks it up the hill to each house",
                 "How does the post get to the island?", owner="Ola")
    assert not [f for f in got if f.type == "process"]


# How often a how-to is done, said before its steps ("every Sunday we ..."): a routine of the thing, and the steps
# without it (how_asked._HOW_OFTEN). Sentences written for these tests.

@pytest.mark.parametrize(("answer", "asked", "thing", "when"), [
    ("every Sunday we warm the milk, add the rennet, then cut the curd and press it", "How do you make the cheese?",
     "cheese", "every Sunday"),
    ("once a year we take the whole loom apart, oil every joint, then put it back together", "How do you service the loom?",
     "servicing the loom", "once a year"),
    ("every two weeks you empty the tank, scrub the filter, then fill it with fresh water", "How do you clean the aquarium?",
     "cleaning the aquarium", "every two weeks"),
])
def test_how_often_a_how_to_is_done_is_a_routine_of_its_own(answer, asked, thing, when):
    got = _learn(answer, asked, owner="Rangi")
    card = _process(got)
    routines = [f for f in got if f.type == "routine"]
    assert card.subject == thing and when not in card.text
    assert [(f.subject, f.value) for f in routines] == [(thing, when)]


def test_a_how_to_said_without_how_often_gives_no_routine():
    got = _learn("we wet the hull, scrub it with a stiff brush, then rinse it twice with fresh water", "How do you wash the boat?")
    assert not [f for f in got if f.type == "routine"]
