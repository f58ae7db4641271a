"""A liking or a dislike said with an idiom of taste (issue 35): "karaoke isn't really my thing" is a dislike of
the owner, "board games are my thing" a liking, "opera is not his cup of tea" a dislike of the person named before.
Sentences written for these tests in several voices, with names from several languages, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.taste_idioms import taste_idioms

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def read(clause, last=None, org=None):
    return [(f.subject, f.predicate, f.value) for f in taste_idioms(clause, TurnContext(owner="Tariq", last_person=last, org=org))]


@pytest.mark.parametrize("clause, want", [
    ("Karaoke isn't really my thing.", ("Tariq", "dislikes", "Karaoke")),
    ("golf is not my thing at all", ("Tariq", "dislikes", "golf")),
    ("Board games are my thing.", ("Tariq", "likes", "Board games")),
    ("camping isn't for me tbh", ("Tariq", "dislikes", "camping")),
    ("Tidying up is just not my thing lol", ("Tariq", "dislikes", "Tidying up")),
    ("ngl crochet is totally my jam", ("Tariq", "likes", "crochet")),
])
def test_the_owners_taste(clause, want):
    assert read(clause) == [want]


@pytest.mark.parametrize("clause, want", [
    ("Opera is not his cup of tea.", ("Mbali", "dislikes", "Opera")),
    ("Surfing is really her thing.", ("Mbali", "likes", "Surfing")),
])
def test_the_named_persons_taste(clause, want):
    assert read(clause, last="Mbali") == [want]


def test_the_teams_taste():
    assert read("Sourdough is really our thing.", org="Brotzeit Kiel") == [("Brotzeit Kiel", "likes", "Sourdough")]


@pytest.mark.parametrize("clause, last", [
    ("That's not my thing.", None),  # no thing named
    ("camping is for me", None),  # not said as a taste
    ("Is karaoke your thing?", None),  # a question, and the assistant's taste
    ("Hiking is really his thing.", None),  # nobody named for "his"
    ("The beach is my happy place.", None),
    ("Their thing is salsa.", None),
    ("My thing is that I never learned to swim.", None),
])
def test_near_misses_say_no_taste(clause, last):
    assert read(clause, last=last) == []


@pytest.mark.usefixtures("parser_installed")
def test_a_turn_keeps_the_dislike_not_the_plain_line():
    got = {(f.type, f.subject, f.predicate, f.value) for f in
           learn("Karaoke isn't really my thing, I prefer chess.", None, at=AT, owner="Tariq", role="owner", speaker="Tariq")}
    assert ("preference", "Tariq", "dislikes", "Karaoke") in got
    assert ("preference", "Tariq", "prefers", "chess") in got
    assert not {c for c in got if c[2] == "is"}


@pytest.mark.usefixtures("parser_installed")
def test_a_question_about_taste_teaches_nothing():
    assert learn("Is karaoke my thing, do you think?", None, at=AT, owner="Tariq", role="owner", speaker="Tariq") == []
