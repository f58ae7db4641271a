"""A person named after the post they hold, the way a note says it (issue 35): "Treasurer is Oluwaseun Adeyemi,
he's 64" is the treasurer's age, not an age of "Treasurer"; "Secretary is Fatima, she's my cousin" makes Fatima the
cousin. Sentences written for these tests in a team's and a household's voice, with names from several languages,
not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.post_holders import holder_named, holders, said_of_holders
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Hafenbäckerei Kiel"


def cards(text, owner="Ines", org=ORG):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, post, who", [
    ("Treasurer is Oluwaseun Adeyemi, he's 64.", "treasurer", "Oluwaseun Adeyemi"),
    ("chair is Mei-Ling Chou. She's my aunt.", "chair", "Mei-Ling Chou"),
    ("The head baker is Tomás, he starts at 4.", "head baker", "Tomás"),
    ("ok and Foreman is Kwabena Asante, he hates paperwork", "foreman", "Kwabena Asante"),
    ("Manager is Sigrún, she has two dogs.", "manager", "Sigrún"),
])
def test_the_post_and_who_holds_it(text, post, who):
    assert holder_named(text) == (post, who)


@pytest.mark.parametrize("text", [
    "My name is Ines and I'm 30.",  # a name, no post
    "Our supplier is Marsh Mill, they deliver Fridays.",  # a party the team deals with, no post
    "Tuesday is Ayşe's day off.",
    "The best one is Pixel, he's the fluffy cat.",
    "She is Dragana, my sister.",
])
def test_no_post_no_holder(text):
    assert holders(text) == []


pytestmark_parse = pytest.mark.usefixtures("parser_installed")


@pytestmark_parse
@pytest.mark.parametrize("text, who, pred, value", [
    ("Treasurer is Oluwaseun Adeyemi. He's 64.", "Oluwaseun Adeyemi", "age", "64"),
    ("treasurer is Oluwaseun Adeyemi, he's 64.", "Oluwaseun Adeyemi", "age", "64"),
    ("President is Dragana Kovač, she lives in Split.", "Dragana Kovač", "lives_in", "Split"),
    ("Foreman is Kwabena, he hates paperwork.", "Kwabena", "dislikes", "paperwork"),
])
def test_what_follows_the_post_is_the_persons(text, who, pred, value):
    got = cards(text)
    assert (who, pred, value) in got
    assert not {c for c in got if c[0].lower() in ("treasurer", "president", "foreman")}


@pytestmark_parse
def test_a_tie_said_after_the_post_is_the_persons():
    got = cards("Secretary is Fatima, she's my cousin.")
    assert ("Ines", "cousin", "Fatima") in got
    assert ("Fatima", "role", "secretary") in got
    assert not {c for c in got if "Secretary" in c}


@pytestmark_parse
def test_the_post_is_carded_once_for_the_person():
    got = cards("Treasurer is Oluwaseun Adeyemi. He's 64.")
    assert ("Oluwaseun Adeyemi", "role", "treasurer") in got


@pytestmark_parse
@pytest.mark.parametrize("text, card", [
    ("The head baker is Tomás, he starts at 4 every morning.", ("Tomás", "role", "head baker")),
    ("Our supplier is Marsh Mill, they deliver Fridays.", (ORG, "supplier", "Marsh Mill")),
])
def test_near_misses_keep_their_cards(text, card):
    assert card in cards(text)


@pytestmark_parse
def test_a_household_note_names_no_new_post():
    got = cards("Winner is Leyla, she got a medal.", owner="Kemal", org=None)
    assert not {c for c in got if c[1] == "role"}
    assert not {c for c in got if c[0] == "Winner"}


def test_cards_are_said_of_the_holder():
    given = [Fact("Treasurer", "age", "64", "identity", 0.8, "Treasurer is 64"),
             Fact("Ines", "cousin", "Treasurer", "relationship", 0.8, "Treasurer is Ines's cousin"),
             Fact("Ines", "likes", "rye bread", "preference", 0.8, "Ines likes rye bread")]
    got = said_of_holders(given, "Treasurer is Oluwaseun Adeyemi, he's 64, and my cousin. I like rye bread.", ORG)
    assert [(f.subject, f.predicate, f.value, f.text) for f in got] == [
        ("Oluwaseun Adeyemi", "age", "64", "Oluwaseun Adeyemi is 64"),
        ("Ines", "cousin", "Oluwaseun Adeyemi", "Oluwaseun Adeyemi is Ines's cousin"),
        ("Ines", "likes", "rye bread", "Ines likes rye bread"),
        ("Oluwaseun Adeyemi", "role", "treasurer", f"Oluwaseun Adeyemi is the treasurer at {ORG}"),
    ]


def test_cards_without_a_holder_are_left_alone():
    given = [Fact("Treasurer", "age", "64", "identity", 0.8, "Treasurer is 64")]
    assert said_of_holders(given, "The treasurer is 64.", ORG) == given


def test_a_post_held_by_kin():
    assert holder_named("The owner is my uncle Tariq, he opened the shop in 1995.") == ("owner", "Tariq")
    assert holder_named("Our cook is my big sister Amani.") == ("cook", "Amani")


@pytestmark_parse
def test_a_post_held_by_kin_is_carded():
    got = cards("The owner is my uncle Tariq, he opened the shop in 1995.")
    assert ("Ines", "uncle", "Tariq") in got
    assert ("Tariq", "role", "owner") in got


def test_a_post_without_its_modifier():
    assert holder_named("our new bookkeeper is Hamid") == ("bookkeeper", "Hamid")
    assert holder_named("Acting head chef is Nnamdi, he's 29.") == ("head chef", "Nnamdi")
