"""An item denied beside the one a verb affirms ("I like tea, not coffee") is a fact of its own with the
opposite polarity (issue 35, denied_items.py). Sentences written for these tests in several voices (a
child, a teenager, an adult, an older owner, a team), with names from many languages; none is taken from a
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.denied_items import denied_apart

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Wanjiru", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=(), account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("said, read", [
    ("I like tea, not coffee", "I like tea, but I don't like coffee"),
    ("i also like drawing but not hockey", "i also like drawing, but i don't like hockey"),
    ("we eat fish but not meat", "we eat fish, but we don't eat meat"),
    ("Kemal drinks chai but never coffee", "Kemal drinks chai, but Kemal never drinks coffee"),
    ("my nephew likes rugby, not cricket", "my nephew likes rugby. My nephew doesn't like cricket"),
    ("my grandma Aigul loves borscht, not olives", "my grandma Aigul loves borscht, but Aigul doesn't like olives"),
    ("She enjoys salsa but not reggaeton lol", "She enjoys salsa, but she doesn't like reggaeton lol"),
    ("I think I like tea, not coffee", "I think I like tea, but I think I don't like coffee"),
    ("I like volleyball, not tennis, and judo", "I like volleyball. I don't like tennis. I like judo"),
])
def test_the_denied_item_is_written_out_as_its_own_clause(said, read):
    assert denied_apart(said) == read


@pytest.mark.parametrize("said", [
    "I swim every day but not on Sundays",  # a time denied, not an item
    "I like it, but not that much",  # a degree
    "I like my job, not gonna lie",  # a tag
    "I like tea but not when it's cold",  # a clause of its own
    "everyone loves pizza, not salad",  # no one in particular
    "I don't like tea, not at all",  # already negated
    "Do you like tea, not coffee?",  # the assistant's taste asked about
    "I like Mondays, not Fridays",  # days: when, not what
    "I like tea not coffee",  # no comma and no "but": left as typed
    "I can swim but not far",  # an ability (spelling.py's own rule)
    "I play the oud, not the violin",  # a verb whose denial the readers do not take
])
def test_near_misses_stay_as_said(said):
    assert denied_apart(said) == said


@needs_parser
@pytest.mark.parametrize("text, owner, who, liked, denied, verb", [
    ("I like tea, not coffee", "Wanjiru", "Wanjiru", "tea", "coffee", "dislikes"),  # adult
    ("horses!! i also like drawing but not hockey", "Tupac", "Tupac", "drawing", "hockey", "dislikes"),  # child
    ("Papa likes rice, not pasta", "Lucía", "Papa", "rice", "pasta", "dislikes"),  # child, kin by title
    ("my grandma Aigul loves borscht, not olives", "Nurlan", "Aigul", "borscht", "olives", "dislikes"),  # teen
    ("Alejandra enjoys salsa but not reggaeton lol", "Mateo", "Alejandra", "salsa", "reggaeton", "dislikes"),
    ("I love Paris, not London because it is too big", "Ayesha", "Ayesha", "Paris", "London", "dislikes"),  # older
])
def test_the_denied_item_is_a_dislike(text, owner, who, liked, denied, verb):
    got = cards(text, owner)
    assert (who, "likes", liked) in got
    assert (who, verb, denied) in got
    assert (who, "dislikes", liked) not in got and (who, "likes", denied) not in got


@needs_parser
def test_a_list_that_goes_on_after_the_denied_item_stays_liked():
    got = cards("I like volleyball, not tennis, and judo", "Sione")
    assert {("Sione", "likes", "volleyball"), ("Sione", "dislikes", "tennis"), ("Sione", "likes", "judo")} <= got
    assert ("Sione", "likes", "tennis") not in got and ("Sione", "dislikes", "judo") not in got


@needs_parser
@pytest.mark.parametrize("text, owner, who, denied", [
    ("we eat fish but not meat", "Oyelaran", "Oyelaran", "meat"),
    ("Kemal drinks chai but never coffee", "Elif", "Kemal", "coffee"),
    ("my son Tariq eats everything but not mushrooms", "Samira", "Tariq", "mushrooms"),
])
def test_a_food_denied_is_one_not_taken(text, owner, who, denied):
    assert any(s == who and v == denied and p in ("avoids", "dislikes") for s, p, v in cards(text, owner))


@needs_parser
def test_a_doubt_covers_the_denied_item_too():
    got = learn("I think I like tea, not coffee", None, at=AT, owner="Bao", role="owner", speaker="Bao", previous=())
    denied = [f for f in got if f.predicate == "dislikes"]
    assert denied and denied[0].value == "coffee" and denied[0].certainty < 0.8
