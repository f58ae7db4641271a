"""Who one is, said in an introduction's pieces (issue 35, fragments.py, identity_rules.py): a header
before it ("Quick intro: ..."), how many children one has said as "mum of two", and a second "a ..."
after "and" said of the owner too ("I'm 29 and a paramedic"). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Aoife"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    return {(f.predicate, f.value) for f in got}


def test_an_introduction_after_a_header_is_read_like_one_without():
    got = slots("About me: Aoife, 29, midwife at the Rotunda, one kid")
    assert {("name", "Aoife"), ("age", "29"), ("works_at", "the Rotunda"), ("has_child", "one kid")} <= got


@pytest.mark.parametrize(("text", "kids"), [("I'm a dad of three girls", "three girls"), ("proud mum to twins", "twins"),
                                            ("Aoife here, mum of four, living in Galway", "four kids")])
def test_a_parent_of_a_count_has_that_many_children(text, kids):
    assert any(p.startswith("has_") and v == kids for p, v in slots(text))


@pytest.mark.parametrize("text", ["I'm 29 and a paramedic", "Aoife here, 29 and a paramedic",
                                  "I'm a mum of two and a paramedic"])
def test_a_second_a_after_and_is_said_of_the_owner_too(text):
    got = slots(text)
    assert any(p in ("job", "occupation") and v == "paramedic" for p, v in got)
    assert not any(v.startswith(("29 and", "mum")) for _, v in got)


def test_a_full_name_is_one_name_card_not_one_for_each_of_its_words():
    got = learn("I am Aoife Brennan, semi-retired chemistry lecturer, thirty years at Trinity.", None, at=AT,
                owner=OWNER, role="owner", speaker=OWNER)
    names = [f.value for f in got if f.predicate == "name"]
    assert names == ["Aoife Brennan"]


@pytest.mark.parametrize("text", ["My name is Aoife, I am 52, retired librarian.", "Aoife here, I'm 52, retired librarian"])
def test_an_age_said_with_its_verb_inside_an_introduction_lets_the_pieces_after_it_be_read(text):
    got = slots(text)
    assert ("age", "52") in got
    assert any(p in ("job", "occupation") and "librarian" in v for p, v in got)


@pytest.mark.parametrize("greeting", ["Dia dhuit.", "Kia ora!", "Buongiorno,", "Namaste everyone."])
def test_a_greeting_in_any_language_before_the_name_still_opens_an_introduction(greeting):
    got = slots(f"{greeting} I'm Aoife, head gardener at Kilruddery, mother of three.")
    assert ("name", "Aoife") in got
    assert any(p in ("job", "occupation") and v == "head gardener" for p, v in got)


@pytest.mark.parametrize(("text", "employer"), [("I'm a midwife with the Coombe trust.", "Coombe"),
                                                ("My sister's a vet with the PDSA in Cork.", "PDSA"),
                                                ("I'm an electrician with Bord Gais.", "Bord Gais")])
def test_a_job_said_with_an_employer_after_with_keeps_the_employer(text, employer):
    got = slots(text)
    assert any(p in ("works_for", "works_at") and employer in v for p, v in got)


def test_with_and_a_person_or_a_tie_is_not_an_employer():
    got = slots("I'm a nurse with two kids, and my husband is a driver with his brother's firm.")
    assert not any(p in ("works_for", "works_at") and ("kids" in v or "brother" in v) for p, v in got)


def test_an_introduction_after_a_header_sentence_with_a_colon_is_read():
    got = slots("Right, a bit of context before we start: I'm Aoife, 37, hospital pharmacist in Limerick.")
    assert {("name", "Aoife"), ("age", "37")} <= got and any(p == "job" and "pharmacist" in v for p, v in got), got


def test_an_age_said_as_one_after_a_piece_with_a_verb_is_still_the_introductions():
    got = slots("I'm Aoife, stonemason in Kilkenny. Steinmetz, as my teacher said. 48 years old, most of them dusty.")
    assert ("age", "48") in got and any(p == "job" and v == "stonemason" for p, v in got), got


def test_a_bare_number_after_a_piece_with_a_verb_is_no_age():
    got = slots("Aoife here, I run the bakery with my sister, 3")
    assert not any(p == "age" for p, _ in got), got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, job", [
    ("I'm Dana, I repair clocks in Whitby.", "repair clocks"),
    ("Hi, Dana here. I teach yoga to pensioners.", "teach yoga"),
    ("Evening! My name's Dana. I do the weather on Radio Ness.", "do weather"),
])
def test_the_work_one_says_one_does_in_an_introduction_is_ones_job(text, job):
    got = learn(text, None, at=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), owner="Dana", role="owner", speaker="Dana",
                previous=[])
    assert ("Dana", "job", job, "identity") in [(f.subject, f.predicate, f.value, f.type) for f in got]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", ["I'm Dana and I love baking.", "I'm Dana, I have two cats.", "I fix bikes."])
def test_a_liking_a_having_or_a_doing_said_outside_an_introduction_is_no_job(text):
    got = learn(text, None, at=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), owner="Dana", role="owner", speaker="Dana",
                previous=[])
    assert not [f for f in got if f.predicate == "job"], got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, job", [
    ("I'm Dana, head brewer, been here since 2019.", "Ferncliff Brewing", "head brewer"),   # a rank before an -er noun
    ("Dana - ops manager. Quick one about our suppliers.", "Ferncliff Brewing", "ops manager"),  # a dash after the name
    ("Hi, I'm Dana, senior planner at Arup.", None, "senior planner"),
])
def test_a_post_in_an_introduction_with_a_rank_or_after_a_dash_is_the_job(text, org, job):
    got = learn(text, None, at=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), owner="Dana", role="owner", speaker="Dana",
                previous=[], account_org=org)
    assert ("Dana", "job", job) in [(f.subject, f.predicate, f.value) for f in got], got


@pytest.mark.usefixtures("parser_installed")
def test_an_agent_noun_of_a_pastime_in_an_introduction_is_no_job():
    got = learn("Dana - keen climber, 34", None, at=datetime(2026, 3, 2, 9, tzinfo=timezone.utc), owner="Dana",
                role="owner", speaker="Dana", previous=[])
    assert not [f for f in got if f.predicate == "job"], got


@pytest.mark.parametrize(("text", "standing"), [
    ("I'm a stay-at-home dad.", "stay-at-home dad"),
    ("Honestly I'm a single mum, it's hard work.", "single mum"),
    ("I'm a widow now.", "widow"),
])
def test_what_one_is_in_ones_family_said_as_a_noun_is_ones_standing(text, standing):
    assert ("status", standing) in slots(text)


def test_whose_parent_one_is_is_no_standing():
    assert not [v for p, v in slots("I'm Leo's mum.") if p == "status"]


@pytest.mark.parametrize("text", ["Aoife, I'm 15, in fifth year", "Aoife! I am 9 and I like otters", "aoife. im 12"])
def test_a_turn_that_opens_on_the_owners_own_name_is_an_introduction(text):
    # the name before "I'm" is the owner's, not a greeting word to someone else
    assert ("name", "Aoife") in slots(text)


@pytest.mark.parametrize("text", ["yes at 38 I'm finally learning to swim", "At 38 I still play five-a-side",
                                  "well, at 38 I can still do the splits"])
def test_an_age_said_as_at_what_age_one_does_something_is_ones_age(text):
    got = slots(text)
    assert ("age", "38") in got
    assert not any(v.lower().startswith("at 38") for _, v in got)  # and what one does is said without it


@pytest.mark.parametrize("text", ["Aoife. im 9 and a half", "I'm 6 and a quarter!", "I'm 10 and a bit"])
def test_an_age_and_a_half_is_one_age_and_no_second_thing_one_is(text):
    got = slots(text)
    assert not any("half" in v or "quarter" in v or v.endswith("bit") for p, v in got if p != "age"), got
