"""Where someone the owner knows is, said with "is in" and a town: where they live, work or study (issue 35,
where_they_are.py). Sentences written for these tests in several voices with names from many languages;
none is taken from a labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Rahel"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=(), account_org=None)
    return {(f.subject, f.predicate, f.value) for f in got}


@needs_parser
@pytest.mark.parametrize("text, owner, card", [
    ("my sister is in Toronto", "Rahel", ("Rahel's sister", "lives_in", "Toronto")),  # adult
    ("my parents are in Lagos", "Chidi", ("Chidi's parents", "lives_in", "Lagos")),
    ("my brother Yonas is in Addis now, he works at a bank", "Rahel", ("Yonas", "lives_in", "Addis")),
    ("dad is in Dubai for work", "Farida", ("Farida's dad", "works_in", "Dubai")),  # child
    ("my son is in Berlin for university", "Ilse", ("Ilse's son", "studies_in", "Berlin")),  # older
])
def test_where_someone_is_is_where_they_live_work_or_study(text, owner, card):
    assert card in cards(text, owner)


@needs_parser
@pytest.mark.parametrize("text", [
    "she's in Rome till Friday",  # a stay with its end
    "Dad is in Lagos this week",  # a stay this week
    "my cousin Ana is in Lisbon on holiday",  # a trip
    "my sister isn't in Toronto anymore",  # denied
    "my brother was in Toronto",  # was
    "Paris is in France",  # a place, no one's tie
    "my daughter Mare is in Year 6",  # a school year, no town
    "I'm in Leeds this week",  # the owner, today
])
def test_a_stay_a_thing_or_a_class_is_no_home(text):
    assert not [c for c in cards(text) if c[1] in ("lives_in", "works_in", "studies_in")]
