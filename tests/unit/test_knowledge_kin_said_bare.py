"""A relative named by a kin word said without "my" (issue 35, kin_said_bare.py): a kin word of another tongue,
or one the conversation glossed as kin, as the subject of what the person does. Sentences written for these
tests, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.kin_said_bare import kin_marked

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, previous: tuple[str, ...] = ()) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman", previous=previous)}


def _subjects(text: str, previous: tuple[str, ...] = ()) -> set[str]:
    return {s for s, _, _ in _facts(text, previous)}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, word", [
    ("abuela bakes bread for the market", "abuela"),
    ("nonna lives in Naples with her sister", "nonna"),
    ("chacha works at the sugar mill, he has early shifts", "chacha"),
    ("opa repairs clocks in his shed", "opa"),
])
def test_a_kin_word_of_another_tongue_doing_something_is_the_owners_relative(text, word):
    assert f"Arman's {word}" in _subjects(text)
    assert word not in _subjects(text) and word.capitalize() not in _subjects(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("previous, text, word", [
    (("my bibi and babu - grandmother and grandfather - live with us",), "bibi sews dresses for the whole street",
     "bibi"),
    (("Arman: my ama (mother) is a teacher",), "ama works at the village school", "ama"),
    (("tatay is my father",), "tatay drives a jeepney in the city", "tatay"),
])
def test_a_word_the_conversation_glossed_as_kin_is_the_owners_relative(previous, text, word):
    assert f"Arman's {word}" in _subjects(text, previous)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("previous, text, word", [
    ((), "baba is sweet and sticky", "baba"),  # a cake spelt as a kin word: what something is, no one doing
    ((), "bibi sews dresses for the whole street", "bibi"),  # no line says bibi is kin
    (("my ama (mother) is a teacher",), "the ama works at the village school", "ama"),  # a determiner: not bare
])
def test_a_word_nothing_marks_as_kin_stays_no_relative(previous, text, word):
    assert f"Arman's {word}" not in _subjects(text, previous)


@pytest.mark.parametrize("lines, words", [
    (["my bibi and babu - grandmother and grandfather"], {"bibi", "babu"}),
    (["my ama (mother), my tatay (my father)"], {"ama", "tatay"}),
    (["lolo is my grandpa"], {"lolo"}),
    (["my dog (a beagle) and my cat"], set()),  # no tie in the brackets
    (["my dad (father) and my mum"], set()),  # an English tie is no family word
])
def test_kin_marked(lines, words):
    assert kin_marked(lines) == words


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, place", [
    ("my uncle works at the big car wash", "Arman's uncle", "the big car wash"),
    ("my aunt works at the old paper mill, she likes it", "Arman's aunt", "the old paper mill"),
    ("my cousin works at the fish market near the port", "Arman's cousin", "the fish market"),
    ("chacha works at the sugar mill, he has early shifts", "Arman's chacha", "the sugar mill"),
])
def test_a_workplace_of_a_few_lower_case_words_is_said_whole(text, who, place):
    assert (who, "works_for", place) in _facts(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, place", [
    ("my sister works at the hospital on fridays", "Arman's sister", "the hospital"),  # the days are no part of it
    ("my brother works at the garage", "Arman's brother", "the garage"),
])
def test_a_workplace_stops_where_the_clause_goes_on(text, who, place):
    assert (who, "works_for", place) in _facts(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "my uncle sings there too", "my gran works there as well", "my dad drums there too maybe"])
def test_there_said_of_a_relative_says_nothing_by_itself(text):
    assert not any(v.lower().startswith(("there", "here")) for _, _, v in _facts(text))


@pytest.mark.usefixtures("parser_installed")
def test_what_a_relative_does_somewhere_named_stays():
    assert ("Arman's dad", "drums", "in a band") in _facts("my dad drums in a band")


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, word, gloss", [
    ("my abba (father) works at the tile factory", "abba", "father"),
    ("my appa (father) works at the shipyard", "appa", "father"),
    ("my baba (father) works at the brick works", "baba", "father"),
    ("my nonno (grandfather) keeps bees", "nonno", "grandfather"),
])
def test_a_family_words_english_gloss_is_no_ones_name(text, word, gloss):
    assert ("Arman", word, gloss) not in _facts(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, word, name", [
    ("my nonna Rosa keeps bees", "nonna", "Rosa"),  # a name after the family word stays its name
    ("my tio Marco drives a bus", "tio", "Marco"),
])
def test_a_family_word_with_a_name_stays_a_tie(text, word, name):
    assert ("Arman", word, name) in _facts(text)
