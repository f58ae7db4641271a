"""A tie said after a name, between commas ("Ilse, my neighbour, keeps bees"): the name's own clause, as when the
tie comes first (a helper's session, worktree who45). Sentences written for these tests, with names of their own,
not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.ties_after_names import ties_first

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def cards(text, owner="Sam"):
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[])}


@pytest.mark.parametrize("said, read", [
    ("Ilse, my neighbour, keeps bees.", "My neighbour Ilse keeps bees."),
    ("Hamid, my brother-in-law, works at the airport.", "My brother-in-law Hamid works at the airport."),
    ("Sven, my dad's friend, has a boat", "My dad's friend Sven has a boat"),
    ("I had lunch with Tomás, my cousin.", "I had lunch with my cousin Tomás."),
    ("We saw Oksana, her older sister, at the market", "We saw her older sister Oksana at the market"),
    ("Yesterday I met Jun-ho, my old teacher, in town", "Yesterday I met my old teacher Jun-ho in town"),
])
def test_a_tie_after_a_name_is_said_first(said, read):
    assert ties_first(said) == read


@pytest.mark.parametrize("said", [
    "Honestly, my friend, it was a long day.",  # an opening word, not a name
    "Monday, my boss, was away",
    "Ilse, my neighbour, who keeps bees, is 80.",  # the relative clause's own reading
    "my friend Ana, my cousin, and me",  # a list of two
    "Ilse, my neighbour and friend, keeps bees",  # not one tie
    "Kwabena, our baker, starts at 4",  # no tie word: the team's readers of posts
    "Thanks, my dear, that helps",
])
def test_what_is_no_name_then_tie_is_left_as_said(said):
    assert ties_first(said) == said


def test_the_named_person_gets_the_clause():
    got = cards("Ilse, my neighbour, keeps bees.", owner="Marta")
    assert ("Marta", "neighbour", "Ilse") in got
    assert ("Ilse", "keeps", "bees") in got


def test_the_tie_phrase_is_kept_whole():
    got = cards("Hamid, my brother-in-law, works at the airport.", owner="Marta")
    assert ("Marta", "brother_in_law", "Hamid") in got
    assert not any(p == "brother" for _, p, _ in got)
