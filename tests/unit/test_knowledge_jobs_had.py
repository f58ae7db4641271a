"""Who one is and was, said the ways people say it (issue 35, docs/formation-spec.md: identity holds a job,
a past job too): a job one had said with the years spent in it or with retiring from it; work said as what one does, with
its town; a person named with where they work ("Dylan at Greenway Garage"). Sentences written
for these tests, with names and wording of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text, owner="Rhiannon"):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[])}


@pytest.mark.parametrize("text, who, job", [
    ("I retired in March after thirty years as a district nurse.", "Rhiannon", "district nurse"),  # adult
    ("I retired last spring after twenty-two years as a bus mechanic.", "Rhiannon", "bus mechanic"),
    ("My grandad did twenty years as a postman before his back went.", "Rhiannon's grandad", "postman"),  # child
    ("Mum spent a decade as a midwife.", "Mum", "midwife"),
    ("Our cook Tomas did six years as a sous chef before joining us.", "Tomas", "sous chef"),  # team
])
def test_a_job_one_had_said_with_its_years_is_who_one_was(text, who, job):
    assert ("identity", who, "used_to_be", job) in slots(text)


def test_retiring_from_a_job_is_the_past_job_beside_the_dated_retirement():
    got = slots("I retired last year after forty years as a harbour pilot.")
    assert ("identity", "Rhiannon", "used_to_be", "harbour pilot") in got
    assert any(t == "episodic" and "retired" in v for t, _, _, v in got)  # when it ended stays an event


@pytest.mark.parametrize("text", [
    "I spent two years as a kid in Leeds.",  # no job: where one was a child
    "I never spent a day as a waiter.",  # said not to be
])
def test_years_as_what_is_no_job_give_no_past_job(text):
    assert not any(p == "used_to_be" for _, _, p, _ in slots(text))


@pytest.mark.parametrize("text, town", [
    ("I'm Rhiannon, I restore old clocks in Ruthin.", "Ruthin"),  # adult
    ("Hi, I'm Rhiannon and I repair bikes in Aberystwyth.", "Aberystwyth"),
    ("hiya im rhiannon, i paint murals in Cardiff", "Cardiff"),  # typed as a teenager would
])
def test_work_said_as_what_one_does_keeps_the_town_as_where_one_works(text, town):
    got = slots(text)
    assert ("identity", "Rhiannon", "works_in", town) in got
    assert any(p == "job" and town not in v for _, _, p, v in got)  # the job's card holds no town


def test_work_said_without_a_town_gives_no_workplace():
    assert not any(p == "works_in" for _, _, p, _ in slots("I'm Rhiannon and I repair old bikes for friends."))


# A person named with where they work: "<name> at <a named body>", the "at" hung on the name.
@pytest.mark.parametrize("text, who, body", [
    ("Dylan at Greenway Garage sorted my brakes.", "Dylan", "Greenway Garage"),  # adult
    ("My physio, Anwen at Core Clinic, says to rest it.", "Anwen", "Core Clinic"),
    ("yeah, Priya at Lantern Dental, she reckons it's my wisdom tooth", "Priya", "Lantern Dental"),
    ("Our accountant, Farid at Moss Partners, files it every January.", "Farid", "Moss Partners"),  # team
])
def test_a_person_named_with_a_body_works_there(text, who, body):
    assert ("identity", who, "works_at", body) in slots(text)


@pytest.mark.parametrize("text", [
    "I saw Mia at Tesco yesterday.",  # where it happened: "at" on the verb
    "Tom at Christmas is the best.",  # a time
    "Gran at Nan's house was funny.",  # a home
    "we met Ollie at the park",  # a place said in lower case
])
def test_at_said_of_a_time_a_home_or_the_verb_is_no_workplace(text):
    assert not any(p == "works_at" for _, _, p, _ in slots(text))



def test_a_post_said_for_a_tie_in_an_introduction_names_no_workplace():
    got = slots("Hi I'm Rhiannon, full-time carer for my dad.")
    assert ("identity", "Rhiannon", "job", "full-time carer") in got
    assert not any(p in ("works_at", "works_for") for _, _, p, _ in got)  # "my dad" is whom, not an employer


@pytest.mark.parametrize("text", [
    "I used to drive buses in Swansea.",  # adult
    "I used to drive a taxi before the kids came along.",
])
def test_a_vehicle_one_used_to_drive_is_a_past_job(text):
    assert any(t == "identity" and p == "used_to" and "drive" in v for t, _, p, v in slots(text))


def test_a_pastime_one_used_to_have_stays_a_skill():
    assert not any(t == "identity" for t, _, p, _ in slots("I used to play the violin.") if p == "used_to")


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, value", [
    ("I used to have a hamster called Nibbles.", "hamster"),
    ("I used to sing in a gospel choir, years ago.", "gospel choir"),
    ("I used to run a market stall.", "market stall"),
])
def test_what_the_owner_used_to_do_or_have_is_a_fact_of_the_past_not_a_skill(text, value):
    got = [f for f in learn(text, None, at=datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc), owner="Kofi", role="owner",
                            speaker="Kofi") if value in f.value]
    assert got and all(f.type == "semantic" for f in got), got
