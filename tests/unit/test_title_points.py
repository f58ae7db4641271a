"""A person's title written with its point ("Mrs. Okafor", "Dr. Lee") is part of the name everywhere a name is read:
the name spans and rules of extraction, the knowledge readers, the names entities are keyed by, and the words a
fact is linked to its turn's people by. Before, the point ended the name: the record's person was "Mrs." (or "Mrs"
with the relation "Mrs neighbour_of ..."), the card said "Mrs is Mia's teacher", and a card naming "Mrs Okafor"
keyed another entity than the turn's "Mrs. Okafor"."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from memcore.extraction.entities import extract_entities
from memcore.extraction.models import EntityType
from memcore.extraction.names import find_name_spans
from memcore.extraction.patterns import NAME
from memcore.knowledge.reading import learn
from memcore.textnorm import norm_name, without_title_points

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("with_point, without", [
    ("Mrs. Okafor", "Mrs Okafor"), ("Dr. Lindqvist", "Dr Lindqvist"), ("Prof. Adeyemi-Clarke", "Prof Adeyemi-Clarke"),
    ("Mr. Tanaka's", "Mr Tanaka"), ("Capt. Ruiz", "Capt Ruiz"),
])
def test_a_title_keys_a_name_the_same_with_or_without_its_point(with_point, without):
    assert norm_name(with_point) == norm_name(without)


@pytest.mark.parametrize("name", ["J.R.R. Tolkien", "St. Ives", "Originality.ai"])
def test_other_points_in_a_name_stay(name):
    assert "." in norm_name(name)


@pytest.mark.parametrize("text, name", [
    ("Our new neighbour is Mrs. Okafor.", "Mrs. Okafor"),
    ("I waited an hour for Dr. Lindqvist at the clinic.", "Dr. Lindqvist"),
    ("Fr. Byrne and Mr. Tanaka ran the raffle.", "Fr. Byrne"),
])
def test_a_name_span_runs_over_a_titles_point(text, name):
    assert name in [s.text for s in find_name_spans(text)]


def test_a_title_alone_or_before_a_lower_case_word_is_no_name_with_it():
    assert [s.text for s in find_name_spans("Ask the Dr. about it")] == ["Dr"]
    assert "Mr. smith" not in [s.text for s in find_name_spans("I met Mr. smith")]


@pytest.mark.parametrize("text, name", [
    ("My neighbour Mrs. Abernathy grows huge pumpkins.", "Mrs. Abernathy"),
    ("My physio is Dr. Oyelaran and she is great.", "Dr. Oyelaran"),
])
def test_the_record_names_the_person_with_the_title(text, name):
    people = [m.name for m in extract_entities(text).mentions if m.type == EntityType.PERSON]
    assert name in people and not any(re.fullmatch(r"(?:Mrs|Dr)\.?", p) for p in people), people


def test_the_rules_name_pattern_takes_the_title_and_its_point():
    assert re.fullmatch(NAME, "Mrs. Okafor") and re.fullmatch(NAME, "Dr. Anne Lee")
    assert not re.fullmatch(NAME, "Mrs. okafor")


def test_the_readers_read_a_titles_point_away_and_nothing_else():
    assert without_title_points("Mrs. Okafor came. Mr. Lee too.") == "Mrs Okafor came. Mr Lee too."
    assert without_title_points("I met the Dr. then left.") == "I met the Dr. then left."


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, subject", [
    ("Mrs Vasquez-Obi gave me a gold star today.", "Mrs Vasquez-Obi"),
    ("Anne-Marie Duval lent me her bike yesterday.", "Anne-Marie Duval"),
])
def test_a_hyphenated_name_stays_as_written_in_a_cards_subject(text, subject):
    got = learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines")
    assert any(f.subject == subject for f in got), got
