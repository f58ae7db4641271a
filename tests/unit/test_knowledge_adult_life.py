"""What an adult tells an assistant about their life (issue 35): jobs and workplaces, ages, ties said
beside a name, named pets, health, habits. Sentences written for these tests from the spec's wording
(docs/formation-spec.md), with names and wording of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, owner="Nadia", previous=()):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=list(previous))


def slots(text, **kw):
    return {(f.type, f.subject, f.predicate, f.value) for f in facts(text, **kw)}


def test_a_job_and_its_workplace_are_two_cards_each_without_the_other():
    got = facts("I'm a radiographer at Ninewells Hospital.")
    job = [f for f in got if "radiographer" in f.value]
    place = [f for f in got if "Ninewells" in f.value]
    assert [f.type for f in job] == ["identity"] and [f.type for f in place] == ["identity"]
    assert "Ninewells" not in job[0].text and "radiographer" not in place[0].text


def test_a_named_persons_job_is_identity_not_a_plain_is():
    got = slots("My cousin Ruth is a solicitor.")
    assert ("identity", "Ruth", "job", "solicitor") in got
    assert not any(p == "is" for _, _, p, _ in got)


def test_a_job_one_had_is_one_card_with_its_place():
    got = facts("I was a porter at King's Cross for years.")
    assert [(f.type, f.predicate) for f in got] == [("identity", "used_to_be")]
    assert "porter" in got[0].value and "King's Cross" in got[0].value


@pytest.mark.parametrize("text", ["My brother is a legend.", "I'm a keen runner.", "Honestly I'm a morning person."])
def test_a_noun_of_praise_or_a_pastime_is_no_job(text):
    assert not any(f.predicate in ("job", "works_at", "works_for") for f in facts(text))


def test_an_age_said_of_a_tie_is_an_age_not_a_plain_is():
    got = slots("My aunt lives nearby, she's 91.")
    assert ("identity", "Nadia's aunt", "age", "91") in got
    assert not any(p == "is" for _, _, p, _ in got)


def test_a_tie_set_beside_a_name_with_commas_is_a_relationship():
    assert ("relationship", "Nadia", "sister", "Marta") in slots("Marta, my sister, works in Oslo.")


def test_a_tie_of_someone_else_belongs_to_them():
    got = slots("My neighbour Colin is moving, his wife Rosa got a job in Cardiff.")
    assert ("relationship", "Nadia", "neighbour", "Colin") in got
    assert ("relationship", "Colin", "wife", "Rosa") in got


def test_an_in_law_is_a_tie_with_its_whole_name():
    assert ("relationship", "Nadia", "son_in_law", "Gareth") in slots("My son-in-law Gareth fixed the fence.")


def test_pets_named_after_the_noun_give_one_card_a_pet():
    got = facts("We have two dogs, Pickle and Bramble.")
    pets = sorted((f.predicate, f.value) for f in got if f.type == "relationship")
    assert pets == [("has_dog", "Bramble"), ("has_dog", "Pickle")]
    assert all(("Pickle" in f.text) != ("Bramble" in f.text) for f in got)


@pytest.mark.parametrize("text, who, value", [
    ("I've got arthritis in both hands.", "Nadia", "arthritis"),
    ("My husband has sleep apnoea syndrome.", "Nadia's husband", "syndrome"),
    ("I've got a dodgy knee so no running for me.", "Nadia", "knee"),
])
def test_a_condition_one_has_is_a_safety_card(text, who, value):
    got = [f for f in facts(text) if f.predicate == "condition"]
    assert got and got[0].type == "safety" and got[0].subject == who and value in got[0].value


@pytest.mark.parametrize("text, who, value", [
    ("I take atorvastatin.", "Nadia", "atorvastatin"),
    ("My dad is on insulin.", "Nadia's dad", "insulin"),
])
def test_a_medicine_one_takes_is_a_safety_card(text, who, value):
    assert ("safety", who, "takes", value) in slots(text)


@pytest.mark.parametrize("text", ["I have a diploma in graphic design.", "I have two kids and a cat.",
                                  "I took the bins out."])
def test_things_one_has_or_took_are_no_condition_or_medicine(text):
    assert not any(f.predicate in ("condition", "takes") for f in facts(text))


def test_most_days_is_a_habit():
    got = [f for f in facts("I walk the dog most mornings.") if f.type == "routine"]
    assert got and "walk" in got[0].value


def test_good_at_with_a_hedge_word_before_it_is_a_skill():
    assert ("skill", "Nadia", "good_at", "sudoku") in slots("I'm fairly good at sudoku.")


def test_the_reason_after_a_comma_is_not_an_item_of_what_one_cannot_eat():
    got = facts("I can't eat gluten, I'm coeliac.")
    assert any(f.predicate == "must_avoid" and f.value == "gluten" for f in got)
    assert not any("coeliac" in f.value and f.predicate == "must_avoid" for f in got)


def test_where_one_used_to_live_is_identity():
    got = [f for f in facts("I used to live in Valencia.") if "Valencia" in f.value]
    assert got and got[0].type == "identity"


def test_a_plural_tie_with_names_gives_one_tie_a_name():
    got = slots("My two sons, Ezra and Jonah, both swim for the county.")
    assert {("relationship", "Nadia", "son", "Ezra"), ("relationship", "Nadia", "son", "Jonah")} <= got


def test_an_ex_is_a_tie_and_what_is_said_of_them_is_theirs():
    got = slots("My ex-husband lives in Perth now.")
    assert ("identity", "Nadia's ex-husband", "lives_in", "Perth") in got


def test_how_well_a_language_is_spoken_is_not_part_of_it():
    got = slots("I speak fluent Welsh and a little Spanish.")
    assert {("skill", "Nadia", "language", "Welsh"), ("skill", "Nadia", "language", "Spanish")} <= got


def test_getting_better_at_is_progress_not_an_event():
    got = facts("I'm getting better at knitting socks.")
    assert [(f.type, f.predicate) for f in got] == [("skill", "good_at")]


def test_not_a_big_fan_of_is_a_dislike():
    assert ("preference", "Nadia", "dislikes", "musicals") in slots("I'm not a big fan of musicals.")


@pytest.mark.parametrize("text, can", [("I can't skate.", "skate"),
                                       ("I can't drive yet.", "drive"), ("I can't wait!", None),
                                       ("I can't come on Friday.", None), ("I can't remember.", None)])
def test_a_missing_ability_is_a_skill_card_and_a_plan_or_an_idiom_is_none(text, can):
    got = [f.value for f in facts(text) if f.predicate == "cannot"]
    assert got == ([can] if can else [])


def test_works_as_names_the_job_whatever_its_word():
    assert ("identity", "Nadia", "job", "lollipop lady") in slots("I work as a lollipop lady.")


def test_weekday_evenings_are_a_habit():
    assert any(f.type == "routine" for f in facts("On Tuesday evenings I help at the scout hut."))


def test_apparently_is_not_part_of_who_did_it():
    got = [f for f in facts("My cousin apparently won the pub quiz last night.") if f.type == "episodic"]
    assert got and got[0].subject == "Nadia's cousin" and got[0].certainty < 0.8


def test_an_event_of_a_grandparent_is_theirs_not_the_owners():
    got = [f for f in facts("My grandad sailed to Canada in 1962.") if f.type == "episodic"]
    assert got and got[0].subject == "Nadia's grandad"


def test_a_condition_on_a_side_remark_does_not_void_the_facts_before_it():
    got = slots("I'm on lithium, so nothing with grapefruit or liquorice if you ever plan meals for me.")
    assert {("safety", "Nadia", "takes", "lithium"), ("safety", "Nadia", "must_avoid", "grapefruit"),
            ("safety", "Nadia", "must_avoid", "liquorice")} <= got


def test_a_hypothetical_still_teaches_nothing():
    assert facts("If I were a pilot I would fly to Fiji.") == []


def test_a_job_the_parser_reads_as_an_adjective_is_still_a_job():
    assert ("identity", "Omar", "job", "paramedic") in slots("my husband Omar is a paramedic so we hardly meet")


def test_an_age_said_as_a_word_with_a_liking_beside_it_gives_both():
    previous = ["user: Our granddaughter Elsie arrives on Friday. (02 March 2026)",
                "assistant: How old is Elsie? (02 March 2026)"]
    got = slots("She's nine, crazy about horses.", previous=previous)
    assert {("identity", "Elsie", "age", "nine"), ("preference", "Elsie", "likes", "horses")} <= got


def test_one_of_a_group_is_no_age():
    assert not any(p == "age" for _, _, p, _ in slots("Imogen is one of our neighbours."))


def test_an_allergy_said_of_he_belongs_to_the_person_named_before():
    previous = ["user: My nephew Arlo is visiting next week. (02 March 2026)"]
    got = facts("His dad told me he's allergic to eggs.", previous=previous)
    assert got and all(f.subject == "Arlo" for f in got if f.type == "safety")


def test_a_past_dislike_is_a_dislike():
    assert ("preference", "Nadia", "dislikes", "open plan office") in slots(
        "I worked at a bank for years but I hated the open plan office.")


def test_taking_up_a_pastime_is_learning_it():
    got = [f for f in facts("I've taken up pottery.") if f.predicate == "learning"]
    assert got and "pottery" in got[0].value and got[0].type == "skill"


@pytest.mark.parametrize("text, rel, name", [("My personal trainer Kelvin.", "personal_trainer", "Kelvin"),
                                             ("My accountant Ruth is retiring.", "accountant", "Ruth")])
def test_someone_who_works_for_the_owner_named_beside_the_word_is_a_tie(text, rel, name):
    assert ("relationship", "Nadia", rel, name) in slots(text)


@pytest.mark.parametrize("text, who, word", [("I'm widowed.", "Nadia", "widowed"), ("I'm retired now.", "Nadia", "retired"),
                                             ("My brother is self-employed.", "Nadia's brother", "self-employed")])
def test_a_standing_said_with_an_adjective_is_identity(text, who, word):
    assert ("identity", who, "status", word) in slots(text)


@pytest.mark.parametrize("text", ["I'm exhausted.", "I'm not married.", "I'm so bored."])
def test_a_mood_or_a_denied_standing_is_no_card(text):
    assert not any(p in ("status", "condition") for _, _, p, _ in slots(text))


def test_a_condition_said_with_an_adjective_is_identity():
    assert ("identity", "Nadia's daughter", "condition", "deaf") in slots("My daughter is deaf.")


def test_fluent_in_a_language_is_a_language_skill():
    assert ("skill", "Nadia", "language", "Korean") in slots("I'm fluent in Korean.")


def test_a_tie_of_a_tie_names_both():
    # the owner's own tie where English has one (kin_through.py), with the way it was said beside it
    got = [f for f in facts("My husband's brother Idris is coming over.") if f.value == "Idris"]
    assert [(f.type, f.subject, f.predicate) for f in got] == [("relationship", "Nadia", "brother_in_law")]
    assert "husband's brother" in got[0].text


@pytest.mark.parametrize("text, value", [("I support Celtic.", "Celtic"), ("I'm a massive Spurs fan.", "Spurs")])
def test_a_team_one_follows_is_a_preference(text, value):
    assert any(t == "preference" and v == value for t, _, _, v in slots(text))


def test_what_someone_plays_is_a_skill():
    assert ("skill", "Bo", "plays", "cello") in slots("My son Bo plays cello.")
    assert ("skill", "Nadia", "plays", "darts") in slots("I play darts.")


def test_what_one_studied_is_identity_and_what_one_studies_is_learning():
    assert any(t == "identity" and p == "studied" for t, _, p, _ in slots("I studied geology at Aberdeen."))
    assert any(t == "skill" and p == "learning" for t, _, p, _ in slots("I'm studying geology."))


def test_a_dated_plan_of_a_tie_is_an_event_not_a_lasting_fact():
    got = facts("My son starts nursery in January.")
    assert [(f.type, f.subject) for f in got] == [("episodic", "Nadia's son")]


def test_a_ties_children_named_after_the_noun_are_their_ties_one_card_each():
    # each said as the owner's own tie (kin_through.py; the spec: a relationship card is the relation to the owner)
    got = facts("My brother has two girls, Esme and Wren.")
    assert sorted((f.subject, f.predicate, f.value) for f in got) == [
        ("Nadia", "niece", "Esme"), ("Nadia", "niece", "Wren")]


def test_where_a_tie_of_a_tie_is_from_is_identity():
    assert any(t == "identity" and s == "Nadia's sister's husband" and p == "from"
               for t, s, p, _ in slots("My sister's husband is from Ghana."))


def test_an_in_laws_event_is_theirs():
    got = [f for f in facts("My mother-in-law had a fall in March.") if f.type == "episodic"]
    assert got and got[0].subject == "Nadia's mother-in-law"


def test_a_quoted_title_is_not_read_as_a_clause():
    got = facts("I'm reading 'The Girl Who Loved Tom Gordon' at the moment.")
    assert not any(f.predicate in ("likes", "wants") for f in got)


def test_a_deadline_with_a_short_month_is_an_event():
    got = [f for f in facts("my dissertation is due 3 Apr") if f.type == "episodic"]
    assert got and "3 Apr" in got[0].value


def test_so_no_x_after_a_condition_is_a_rule():
    got = slots("I'm vegan so no honey for me.")
    assert any(t == "safety" and p == "must_avoid" and v.startswith("honey") for t, _, p, v in got)


def test_a_time_is_no_age():
    assert not any(p == "age" for _, _, p, _ in slots("My best time is 1:45."))


def test_working_somewhere_on_set_days_is_a_habit_and_a_workplace_each_its_own():
    got = facts("I work at a garden centre on Sundays.")
    place = [f for f in got if f.predicate == "works_at"]
    assert any(f.type == "routine" for f in got)
    assert place and place[0].value == "garden centre" and "Sunday" not in place[0].text


def test_a_part_of_the_day_with_a_plain_present_verb_is_a_habit_and_a_plan_is_not():
    assert any(t == "routine" for t, _, _, _ in slots("I swim in the mornings."))
    assert not any(t == "routine" for t, _, _, _ in slots("I'll phone the garage in the morning."))


def test_family_said_as_a_count_is_a_card_an_item_and_other_people_are_not():
    got = slots("I've got two sons and a daughter.")
    assert ("relationship", "Nadia", "has_son", "two sons") in got and ("relationship", "Nadia", "has_daughter", "a daughter") in got
    assert not any(p.startswith("has_") for _, _, p, _ in slots("I have a friend who sings."))


def test_what_it_is_said_elsewhere_gives_no_fact_of_its_own():
    assert not any("it" in v.split() for _, _, _, v in slots("My brother Rhys fixed my bike, he takes it to work now."))


def test_no_x_recipes_is_a_request_about_answers_and_no_x_is_a_rule():
    assert not any(t == "safety" for t, _, _, _ in slots("I'm pescatarian so no chicken recipes."))
    assert any(t == "safety" for t, _, _, _ in slots("I'm on warfarin, so nothing with grapefruit if you plan recipes."))


@pytest.mark.parametrize("text, value", [("I was born and raised in Dundee.", "Dundee"),
                                         ("I grew up on a croft in Lewis.", "a croft in Lewis"),
                                         ("We moved here from Eritrea when I was six.", "Eritrea")])
def test_where_one_grew_up_or_came_from_is_identity(text, value):
    assert any(t == "identity" and v == value for t, _, _, v in slots(text))


@pytest.mark.parametrize("text", ["I'm a night owl.", "My friend reckons I'd make a good chef.", "Maybe I'll take up darts."])
def test_a_trait_an_opinion_or_a_maybe_is_no_card(text):
    assert slots(text) == set()


def test_an_animal_one_has_and_names_is_a_card_whatever_its_breed():
    assert ("relationship", "Nadia", "has_spaniel", "Pudding") in slots("I have a spaniel called Pudding.")


def test_what_one_gave_up_is_a_preference_and_what_one_saves_for_a_fact():
    assert ("preference", "Nadia", "gave_up", "sugar") in slots("I've given up sugar.")
    assert ("semantic", "Nadia", "saving_for", "campervan") in slots("We're saving up for a campervan.")


def test_a_job_in_a_town_gives_no_employer():
    """"a nurse in Leeds" names a town, not whom she works for: the job, and the town as where one works
    (its own card), never as an employer."""
    got = facts("My uncle Rashid is a teacher in Bristol.")
    assert ("job", "teacher") in [(f.predicate, f.value) for f in got]
    assert not [f for f in got if f.predicate in ("works_for", "works_at")]
    assert [(f.subject, f.value) for f in got if f.predicate == "works_in"] == [("Rashid", "Bristol")]


def test_a_place_said_with_its_days_is_no_kind_of_business():
    assert not [f for f in facts("Gym is Tuesday, Thursday, Saturday at 7am.") if f.predicate == "business_kind"]
