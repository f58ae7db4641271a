"""Read-time resolution picks the namesake described as the text describes them (issue 37, child
calibration half: "My big cousin Noah is poorly." asked which Noah, as the little cousin was stored
as "cousin" as well as "little cousin")."""

from memcore.entities import beside_name
from memory_api.entity_resolver import described_as


def _row(eid: str, kin: list[str]) -> dict:
    return {"entity_id": eid, "facets": {"kin": kin, "orgs": [], "roles": [], "nicknames": []}}


def test_the_namesake_described_in_the_same_words_is_meant():
    rows = [_row("big", ["cousin", "big cousin"]), _row("little", ["cousin", "little cousin"])]
    assert described_as("My big cousin Noah is poorly.", "Noah", rows) == {"big"}
    assert described_as("My cousin Noah is poorly.", "Noah", rows) == {"big", "little"}


def test_who_someone_is_in_a_relative_clause_is_read_in_a_question_too():
    """The write path keeps "who lives by the level crossing" as who someone is (beside_name); a
    question that says it again ("Is Ada who lives by the level crossing coming?") weighed none of it
    and asked which Ada (child calibration half 2671: three such relation queries)."""
    rows = [_row("crossing", ["lives by the level crossing"]), _row("choir", ["choir"])]
    assert described_as("Is Ada who lives by the level crossing coming?", "Ada", rows) == {"crossing"}
    assert described_as("I baked a cake for Ada, who lives by the level crossing.", "Ada", rows) == {"crossing"}
    assert described_as("Ada who lived by the level crossing moved.", "Ada", rows) == set()  # what she did
    assert described_as("Did Ada at the level crossing wave?", "Ada", rows) == set()  # where, in a question


def test_the_group_someone_is_in_is_read_in_a_question_too():
    """The write path keeps "in my class" and "in Year 6" after a name as who someone is
    (beside_name.after); a question that says it again ("Is Otis in my class coming?") weighed none
    of it and asked which Otis (child calibration halves 9182, 6655: three relation queries)."""
    rows = [_row("class", ["class"]), _row("year", ["year 4"]), _row("orchestra", ["orchestra"])]
    assert described_as("Is Otis in my class coming to the fair?", "Otis", rows) == {"class"}
    assert described_as("I made a badge for Otis in Year 4.", "Otis", rows) == {"year"}
    assert described_as("Otis in our orchestra broke a string.", "Otis", rows) == {"orchestra"}
    # where something happened, not which group they are in
    assert described_as("Did Otis in the orchestra pit wave?", "Otis", rows) == set()
    assert described_as("I saw Otis at the fair.", "Otis", rows) == set()


def test_a_relative_clause_in_a_question_ends_where_the_main_verb_begins():
    """In a question whose auxiliary comes before the name the relative clause runs on into the main
    verb, bare and unmarked ("Can Barnaby who lives by the lighthouse stay over?" read "lives by the
    lighthouse stay"), and matched no one told so (issue 37, fresh child calibration halves 7788,
    1357, 8642: three relation queries asked which one). Its shorter readings are tried too, the one
    said word for word first (beside_name.who_clauses)."""
    rows = [_row("lighthouse", ["lives by the lighthouse"]), _row("sits", ["sits behind me"])]
    assert described_as("Can Barnaby who lives by the lighthouse stay over?", "Barnaby", rows) == {"lighthouse"}
    assert described_as("Does Barnaby who sits behind me like tennis?", "Barnaby", rows) == {"sits"}
    assert described_as("Will Barnaby who sits behind me bring the ball?", "Barnaby", rows) == {"sits"}
    # a statement's clause ends at its verb as before, and is read once
    assert beside_name.who_clauses("Barnaby who lives by the lighthouse waved at me.", "Barnaby") == (
        "lives by the lighthouse",)
