"""Where one lives or works, said in passing in a self-introduction (issue 35): a place name alone among the
pieces of who one is ("I'm Aziz, 12, Samarkand"; intro_places.py), and the town the work one says as a doing
is done in, down a chain of places ("I fix bikes in a shop in Tamale"; work_said.py). Sentences written for
these tests in several voices with names from many languages; none is taken from a labelled set of the
formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.intro_places import place_piece

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def cards(text, owner, org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=(), account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("piece, owner, before, job_before, want", [
    ("Samarkand", "Aziz", 1, False, ("lives_in", "Samarkand")),
    ("Rønne on Bornholm", "Sofie", 1, False, ("lives_in", "Rønne on Bornholm")),
    ("Nuku'alofa", "Siosaia", 1, True, ("lives_in", "Nuku'alofa")),
    ("Rio de Janeiro", "Thiago", 2, False, ("lives_in", "Rio de Janeiro")),
    ("in Saint-Pierre", "Maëlle", 1, True, ("works_in", "Saint-Pierre")),  # after a job: where it is done
    ("in Tallinn", "Kaarel", 1, False, ("lives_in", "Tallinn")),  # after an age: where one lives
])
def test_a_place_alone_among_the_pieces_is_where_one_lives(piece, owner, before, job_before, want):
    got = place_piece(piece, owner, before, True, job_before)
    assert [(f.predicate, f.value) for f in got] == [want]


@pytest.mark.parametrize("piece, owner, before", [
    ("Karimov", "Aziz", 0),  # said straight after the name: a surname, maybe
    ("Maltese", "Nina", 1),  # a nationality
    ("Portuguese", "Ines", 1),  # a language
    ("Tuesdays", "Ines", 1),  # a day
    ("Thanks", "Ines", 1),  # chat
    ("Head of Ops", "Tom", 1),  # a post
    ("Anna's husband", "Tom", 1),  # a tie
    ("Priya Nair", "Priya", 1),  # the owner's own name again
])
def test_near_misses_are_no_place(piece, owner, before):
    assert place_piece(piece, owner, before, True) == []


def test_a_teams_chat_leaves_the_place_to_the_team():
    assert place_piece("Stavanger", "Sigrun", 1, False) == []


@needs_parser
@pytest.mark.parametrize("text, owner, place", [
    ("hi I'm Aziz, 12, Samarkand", "Aziz", "Samarkand"),  # child
    ("Ines here, 34, Braga", "Ines", "Braga"),  # adult
    ("I'm Siosaia, fisherman, Nuku'alofa", "Siosaia", "Nuku'alofa"),  # older
])
def test_an_introduction_keeps_where_one_lives(text, owner, place):
    assert (owner, "lives_in", place) in cards(text, owner)


@needs_parser
@pytest.mark.parametrize("text, owner", [
    ("I'm Aziz, Karimov", "Aziz"),
    ("I'm Ines, 34, Portuguese", "Ines"),
    ("Hi, I'm Ines, 34, Thanks!", "Ines"),
])
def test_an_introduction_without_a_place_keeps_none(text, owner):
    assert not [c for c in cards(text, owner) if c[1] in ("lives_in", "works_in")]


@needs_parser
@pytest.mark.parametrize("text, owner, town", [
    ("hi, Kofi here. I fix bikes in a shop in Tamale.", "Kofi", "Tamale"),  # down a chain of places
    ("Moien! Jos here. I drive the 21 tram in Esch-sur-Alzette, have done for six years.", "Jos", "Esch-sur-Alzette"),
    ("Hello! I'm Nayra, I guide treks out of Arequipa.", "Nayra", "Arequipa"),
    ("Kia orana, I'm Tavita. I farm black pearls in the lagoon on Penrhyn.", "Tavita", "Penrhyn"),
    ("Ciao, Chiara here! I make pasta by hand in a little shop near Bologna.", "Chiara", "Bologna"),
])
def test_the_town_the_work_is_done_in_is_kept(text, owner, town):
    got = cards(text, owner)
    assert (owner, "works_in", town) in got or any(s == owner and p == "job" and town in v for s, p, v in got)
    assert len([c for c in got if town in c[2]]) == 1  # said once, not twice


@needs_parser
@pytest.mark.parametrize("text, owner", [
    ("Hi I'm Ola, I work on Saturdays at a café.", "Ola"),  # a day, not a town
    ("Hi I'm Ola, I teach piano on Mondays in English.", "Ola"),  # a language
    ("I'm Chiara, I sell shoes online, mostly to Germany.", "Chiara"),  # whom to, not where
])
def test_no_town_is_made_up(text, owner):
    assert not [c for c in cards(text, owner) if c[1] == "works_in"]
