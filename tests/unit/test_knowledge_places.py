"""Where someone lives, said beside something else (memcore/knowledge/places.py), and two general
readings of a statement's shape: a consequence after ", so" and a fact carried by "remind me".
Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.clauses import clauses

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def homes(text: str, owner: str = "Lowri") -> set[tuple[str, str]]:
    return {(f.subject, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
            if f.predicate == "lives_in" and f.type == "identity"}


@needs_parser
@pytest.mark.parametrize("text, place", [
    ("I'm a ferry engineer with the council, here in Stornoway.", "Stornoway"),
    ("I'm a locum pharmacist, based in Aberystwyth.", "Aberystwyth"),
    ("I run kayak tours out of Kenmare most summers.", "Kenmare"),
])
def test_a_place_said_beside_a_job_is_where_the_speaker_is(text, place):
    assert ("Lowri", place) in homes(text)


@needs_parser
def test_living_with_ties_in_a_town_is_living_in_that_town_and_so_do_they():
    got = homes("I live with my auntie and uncle in Tralee.")
    assert ("Lowri", "Tralee") in got
    assert ("Lowri's uncle", "Tralee") in got


@needs_parser
def test_a_tie_said_with_a_town_lives_there():
    assert ("Lowri's sister", "Cardigan") in homes("The kids stay with my sister in Cardigan on Fridays.")


@needs_parser
@pytest.mark.parametrize("text", [
    "I met Gwenllian in Lisbon.",              # where they met, not where she lives
    "I saw my brother in the garden.",          # not a town
    "I'm a ferry engineer with the council.",   # no place at all
])
def test_a_meeting_a_room_or_no_town_says_nothing_of_a_home(text):
    assert homes(text) == set()


def test_a_consequence_after_so_that_bans_or_asks_is_its_own_clause():
    assert clauses("I'm coeliac, so no bread rolls for me please") == ["I am coeliac", "no bread rolls for me please"]
    assert clauses("it rained all day, so the match was off") == ["it rained all day, so the match was off"]


@needs_parser
def test_a_condition_said_before_a_request_is_kept():
    got = {(f.predicate, f.value) for f in learn("I'm gluten intolerant, so no pasta in anything you plan, please.",
                                                 None, at=AT, owner="Lowri", role="owner", speaker="Lowri")}
    assert any("gluten" in v for _, v in got), got


@needs_parser
def test_a_fact_carried_by_remind_me_is_told_and_a_chore_is_not():
    def told(text):
        return {(f.predicate, f.value) for f in learn(text, None, at=AT, owner="Lowri", role="owner", speaker="Lowri")}
    assert ("allergic_to", "ibuprofen") in told("Remind me I'm allergic to ibuprofen if I ever ask for painkillers.")
    assert not told("Can you remind me to ring the garage on Monday?")


@needs_parser
@pytest.mark.parametrize("text, words", [
    ("I repair church organs for a living, mostly around Devon.", {"repair", "organs", "living"}),
    ("My brother Tiago nurses at a children's hospital.", {"nurses", "hospital"}),
    ("I drive for a courier firm in Bristol.", {"drive", "courier", "firm"}),
])
def test_a_trade_said_with_a_verb_and_its_employer_is_a_job(text, words):
    jobs = [f for f in learn(text, None, at=AT, owner="Lowri", role="owner", speaker="Lowri")
            if f.predicate == "job" and f.type == "identity"]
    assert jobs and words <= set(jobs[0].value.lower().replace("'", " ").split()), jobs
    assert "devon" not in jobs[0].value.lower()  # what else the clause says stays out of the job


@needs_parser
@pytest.mark.parametrize("text", ["I cook for my kids every night.", "I shop at Lidl.", "We eat at the pub on Fridays."])
def test_a_habit_or_an_errand_is_no_job(text):
    assert not [f for f in learn(text, None, at=AT, owner="Lowri", role="owner", speaker="Lowri") if f.predicate == "job"]


def _said(text: str, previous=()) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner="Lowri", role="owner", speaker="Lowri", previous=previous)}


@needs_parser
def test_a_tie_between_two_named_people_is_theirs():
    assert ("Oisin", "brother", "Cathal", "relationship") in _said("Cathal is Oisin's brother.")
    assert not [f for f in _said("Cathal isn't Oisin's brother.") if f[3] == "relationship"]


@needs_parser
def test_the_best_at_something_is_a_skill():
    assert {(s, v) for s, p, v, t in _said("I'm the best at penalties on my team.") if p == "good_at" and t == "skill"} \
        == {("Lowri", "penalties on Lowri's team")}


@needs_parser
def test_having_started_doing_something_is_a_new_ability_and_starting_a_job_is_not():
    assert any(p == "can" and "crawling" in v and t == "skill" for s, p, v, t in _said("Gethin has started crawling."))
    assert not any(p == "can" for s, p, v, t in _said("Gethin has started working at the bakery."))


@needs_parser
def test_the_best_doer_is_good_at_the_doing_and_a_sucker_for_something_likes_it():
    assert ("Lowri", "good_at", "skating", "skill") in _said("I'm the best skater in my year.")
    assert not [f for f in _said("Dilys is the better runner by miles.") if f[1] == "is"]
    assert ("Lowri", "likes", "cheap horror films", "preference") in _said("I'm a sucker for cheap horror films.")


@needs_parser
@pytest.mark.parametrize("text, org", [
    ("If I pass my test I'm getting a campervan and touring Norway.", None),
    ("If I get the promotion, I'll move us all to Galway.", None),
    ("If we win the tender we'd love a second workshop, but that's a long way off.", "Tidewater Joinery"),
])
def test_a_plan_on_a_condition_of_ones_own_teaches_nothing(text, org):
    assert learn(text, None, at=AT, owner="Lowri", role="owner", speaker="Lowri", account_org=org) == []


@needs_parser
def test_a_condition_on_the_world_with_what_the_team_will_do_stays_how_it_works():
    from memcore.knowledge import statement_check
    from memcore.knowledge.parse import parse
    text = "If the river floods, we'll move the boats up to the top car park."
    assert [p.act for p in statement_check.parts(text, parse([text])[0])] == ["assertion", "assertion"]


def test_days_said_first_are_a_routine_and_a_mood_of_a_day_is_not():
    assert ("Lowri", "routine", "choir practice on Thursdays", "routine") in _said("Thursdays are choir practice.")
    assert not [f for f in _said("Thursdays are always hectic.") if f[3] == "routine"]


@needs_parser
def test_what_is_preferred_is_kept_without_what_it_is_preferred_to():
    assert ("Lowri", "prefers", "oat milk", "preference") in _said("I prefer oat milk to cow's milk.")
    assert any(v.startswith("walking to work") for s, p, v, t in _said("I prefer walking to work when it's dry."))


@needs_parser
def test_a_condition_someone_else_reports_keeps_the_tie_said_with_it():
    assert ("Lowri", "boss", "Ruaidhri", "relationship") in _said("my boss Ruaidhri says if I pass I'll get a pay rise")


@needs_parser
def test_who_would_know_better_is_a_part_of_its_own():
    from memcore.knowledge import statement_check
    from memcore.knowledge.parse import parse
    text = "I think the waiting list is about 40 families, Gwilym would know exactly"
    acts = [p.act for p in statement_check.parts(text, parse([text])[0])]
    assert acts[0] == "assertion" and len(acts) == 2, acts


@needs_parser
def test_a_sentences_framing_is_no_part_of_its_fact():
    got = learn("For the record, Teodor Vass runs the night shift.", None, at=AT, owner="Lowri", role="owner",
                speaker="Lowri", account_org="Harbour Bakery")
    assert got and not any("record" in f.text.lower() or "record" in f.value.lower() for f in got), got
