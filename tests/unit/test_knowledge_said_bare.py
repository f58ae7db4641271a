"""Who one is, said bare (issue 35, docs/formation-spec.md): an answer of a few words to "How old is
Elias?" or "Where are you writing from?", a note ("Age: 48", "Name's Dov"), a fragment that opens a
turn ("Retired bus mechanic, 71, ..."), an age said with "at" ("At 70 I ..."), and the town a job is
done in. Each is the owner's (or the named person's) identity, as if said whole. Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Hanne"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, asked=None, before=None):
    previous = ([f"{OWNER}: {before}"] if before else []) + ([f"assistant: {asked}"] if asked else [])
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=previous)


def slots(text, asked=None, before=None):
    return {(f.subject, f.predicate, f.value) for f in facts(text, asked, before)}


@pytest.mark.parametrize(("asked", "answer", "who", "age"), [
    ("How old is Elias?", "Nine. He turns ten in June.", "Elias", "nine"),
    ("Oh lovely! How old is Marit?", "6", "Marit", "6"),
    ("How old is your daughter?", "Fourteen months.", "Hanne's daughter", "fourteen months"),
    ("How old are you?", "nearly 40", OWNER, "nearly 40"),
])
def test_an_age_answered_bare_is_the_age_of_whom_the_question_named(asked, answer, who, age):
    got = facts(answer, asked)
    assert [(f.subject, f.value, f.type) for f in got if f.predicate == "age"] == [(who, age, "identity")]
    assert not [f for f in got if f.type == "relationship"]  # "Fourteen" is no one's name


def test_an_age_in_months_is_no_age_of_a_thing():
    assert not [f for f in facts("about three weeks", "How old is your sourdough starter?") if f.predicate == "age"]


@pytest.mark.parametrize(("asked", "answer", "predicate", "value"), [
    ("Where are you writing from?", "Stavanger. Raining, as usual.", "lives_in", "Stavanger"),
    ("Where are you based?", "Limerick", "lives_in", "Limerick"),
    ("Where are you from?", "Kraków originally", "from", "Kraków"),
])
def test_where_one_writes_from_or_is_based_is_where_one_lives(asked, answer, predicate, value):
    assert (OWNER, predicate, value) in slots(answer, asked)


def test_what_one_does_answered_bare_is_ones_job():
    assert (OWNER, "job", "midwife") in slots("Midwife, at the Royal.", "And what do you do?")


def test_he_in_an_answer_is_the_one_person_the_question_named():
    assert ("Elias", "job", "welder") in slots("he's a welder", "What does Elias do?")


def test_a_name_given_to_who_am_i_talking_to_is_the_owners():
    assert (OWNER, "name", OWNER) in slots("Hanne, hi", "Who am I talking to?")


@pytest.mark.parametrize(("text", "expected"), [
    ("Job: bus driver. Age: 48.", {(OWNER, "age", "48")}),
    ("Name's Hanne. Long day.", {(OWNER, "name", OWNER)}),
    ("Been living in Rotterdam since 2019.", {(OWNER, "lives_in", "Rotterdam")}),
    ("At 70 I finally learned to swim.", {(OWNER, "age", "70")}),
    ("Retired bus mechanic, 71, living with my sister in Hull.",
     {(OWNER, "job", "retired bus mechanic"), (OWNER, "age", "71"), (OWNER, "lives_in", "Hull"),
      ("Hanne's sister", "lives_in", "Hull")}),
])
def test_who_one_is_said_as_a_note_or_a_fragment_is_the_owners(text, expected):
    assert expected <= slots(text)


@pytest.mark.parametrize("text", [
    "Dinner was great. Project manager, that's Dana, she sorted it.",
    "My physio, Dev Rao, comes every other Tuesday.",
    "Supervisor at the depot is Gareth.",
])
def test_a_job_said_bare_of_someone_else_is_not_the_owners(text):
    assert not [f for f in facts(text) if f.subject == OWNER and f.predicate in ("job", "role", "occupation")]


@pytest.mark.parametrize(("text", "who", "town"), [
    ("I'm a firefighter with the county brigade in Leicester.", OWNER, "Leicester"),
    ("My brother Kasper is a chef in New York.", "Kasper", "New York"),
])
def test_the_town_a_job_is_done_in_is_kept_as_where_one_works(text, who, town):
    got = slots(text)
    assert (who, "works_in", town) in got
    assert not [s for s in got if s[1] in ("works_for", "works_at") and town in s[2]]


@pytest.mark.parametrize(("text", "thing"), [
    ("We keep four hens. I feed them every morning before school.", "hens"),
    ("We bought two kayaks last year. We take them out every Sunday in summer.", "kayaks"),
])
def test_them_in_a_routine_is_the_things_a_sentence_before_said(text, thing):
    [routine] = [f for f in facts(text) if f.type == "routine"]
    assert thing in routine.value and "them" not in routine.value.split()


@pytest.mark.parametrize(("text", "activity", "when"), [
    ("I started pottery classes! Wednesdays at 7, at the community centre.", "pottery", "Wednesdays"),
    ("I've finally taken up fencing. Tuesdays and Fridays, 7 am, at the sports hall.", "fencing", "Fridays"),
])
def test_a_routine_said_only_as_when_is_the_turns_one_activity_at_those_times(text, activity, when):
    [routine] = [f for f in facts(text) if f.type == "routine"]
    assert activity in routine.value and when in routine.value


def test_when_said_after_two_activities_joins_neither():
    routines = [f for f in facts("I love chess and I've started judo. Saturdays at 10.") if f.type == "routine"]
    assert routines and not [f for f in routines if "chess" in f.value or "judo" in f.value]


@pytest.mark.parametrize("text", ["kia ora!! im hanne and im 9", "hey its hanne lol", "Hej! Hanne here, first time using this"])
def test_the_owners_own_name_however_typed_or_greeted_is_their_name(text):
    assert (OWNER, "name", OWNER) in slots(text)


@pytest.mark.parametrize("text", ["I'm Hanne's mum, she asked me to set this up.", "it's hanne again"])
def test_a_name_said_of_someone_else_or_on_coming_back_is_no_introduction(text):
    assert (OWNER, "name", OWNER) not in slots(text)


@pytest.mark.parametrize(("text", "liked"), [
    ("my favrit is lasagne", "lasagne"),
    ("My favourite is Biscuit, she's the fluffy one", "Biscuit"),
    ("Rugby is my life", "Rugby"),
    ("nothing beats a proper Sunday roast", "a proper Sunday roast"),
    ("can't get enough of audiobooks", "audiobooks"),
    ("best thing ever is sledging", "sledging"),
    ("I could eat pierogi every single day", "pierogi"),
])
def test_a_liking_said_the_chat_way_is_a_preference(text, liked):
    got = facts(text)
    assert [(f.subject, f.value) for f in got if f.type == "preference"] == [(OWNER, liked)]
    assert not [f for f in got if f.type in ("routine", "skill")]  # "could eat ... every day" is no habit, no ability


@pytest.mark.parametrize("text", ["Married to Jorge for 20 years.", "I've been married to Jorge since 2004."])
def test_whom_one_is_married_to_is_a_tie(text):
    got = facts(text)
    assert [(f.value, f.type) for f in got if f.predicate == "spouse"] == [("Jorge", "relationship")]
    assert (OWNER, "status", "married") in {(f.subject, f.predicate, f.value) for f in got}


def test_children_said_as_a_note_are_the_owners():
    assert {("child", "Ava"), ("child", "Leo")} <= {(f.predicate, f.value) for f in facts("Two kids: Ava and Leo.")}


def test_a_title_typed_in_lower_case_still_names_the_person():
    got = slots("i'm in year 3 and my teacher is mrs okafor")
    assert (OWNER, "teacher", "Mrs Okafor") in got
    assert not [s for s in got if s[1] == "my_teacher"]  # the tie said once, without "my" in its name


def test_the_coach_that_leaves_is_no_name():
    assert not [s for s in slots("the coach leaves at 8 on Saturdays") if "Coach" in s[2]]


def test_an_allergy_list_ends_where_a_clause_starts():
    assert [f.value for f in facts("Allergic to shellfish, carry an EpiPen.") if f.predicate == "allergic_to"] == ["shellfish"]


def test_learning_something_every_day_is_the_skill_and_the_habit():
    got = facts("I'm learning Welsh on an app, about 20 minutes a day.")
    assert (OWNER, "learning", "Welsh") in {(f.subject, f.predicate, f.value) for f in got}
    assert [f for f in got if f.type == "routine"]


@pytest.mark.parametrize(("asked", "answer", "expected"), [
    ("Who do you live with?", "mum, dad and my little brother", (OWNER, "lives_with", "mum and dad and little brother")),
    ("Any allergies I should know about?", "sesame", (OWNER, "allergic_to", "sesame")),
    ("Do you have any allergies?", "yes, penicillin", (OWNER, "allergic_to", "penicillin")),
    ("Is there anything you're scared of?", "thunder", (OWNER, "fears", "thunder")),
    ("What do you like to eat?", "pasta and sushi", (OWNER, "likes", "sushi")),
    ("Any brothers or sisters?", "one sister, Ana", (OWNER, "sister", "Ana")),
])
def test_an_answer_to_a_first_chats_question_is_the_owners(asked, answer, expected):
    assert expected in slots(answer, asked)


def test_a_count_answered_with_more_after_it_is_the_count():
    got = facts("three, all girls", "How many kids do you have?")
    assert [f.value for f in got if f.type == "relationship"] == ["three kids"]


def test_ones_role_there_is_ones_role():
    assert [(f.predicate, f.value, f.type) for f in facts("deputy manager", "What's your role there?")] == [
        ("role", "deputy manager", "identity")]


@pytest.mark.parametrize(("text", "job"), [("My partner's a teacher at the local primary.", "teacher"), ("Dad's a plumber.", "plumber")])
def test_a_ties_s_before_a_job_is_is(text, job):
    assert [f.value for f in facts(text) if f.predicate == "job"] == [job]


def test_what_one_cannot_have_said_bare_is_the_owners_to_avoid():
    assert (OWNER, "must_avoid", "dairy") in slots("Can't have dairy, it makes me ill.")


@pytest.mark.parametrize("text", ["Dentist at 3.30.", "Physio on Tuesday, then work."])
def test_an_appointment_said_bare_is_no_job(text):
    assert not [f for f in facts(text) if f.predicate in ("job", "role", "occupation")]


@pytest.mark.parametrize(("text", "when"), [("Bedtime is 7:30 for the little one.", "7:30"),
                                            ("Dinner at 6, bath at 7, bed by 7:30.", "7:30")])
def test_a_days_fixed_points_with_their_times_are_routines(text, when):
    assert any(when in f.value for f in facts(text) if f.type == "routine")


@pytest.mark.parametrize(("asked", "answer", "liked"), [
    ("Do you have any favourite birds?", "robins! they follow me round the garden", "robins"),
    ("Brilliant. And what do you like most?", "lego. I build spaceships", "lego"),
    ("What do you enjoy best of all?", "Baking bread", "Baking bread"),
])
def test_what_one_likes_most_answered_bare_is_a_liking(asked, answer, liked):
    got = facts(answer, asked)
    assert (OWNER, liked) in {(f.subject, f.value) for f in got if f.type == "preference"}


@pytest.mark.parametrize(("text", "asked", "slot"), [
    ("yes. tromsø, up north", "Where do you live?", ("Hanne", "lives_in", "tromsø")),
    ("a cat Pebbles shes ginger and she bites", "Do you have any pets?", ("Hanne", "has_cat", "Pebbles")),
    ("We have a rabbit, Tilly.", None, ("Hanne", "has_rabbit", "Tilly")),
])
def test_a_pet_said_with_its_name_beside_it_and_a_yes_before_a_wh_answer(text, asked, slot):
    got = slots(text, asked)
    assert any(s == slot[0] and p == slot[1] and v.lower().startswith(slot[2].lower()) for s, p, v in got), got
