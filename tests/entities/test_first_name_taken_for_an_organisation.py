"""A first name the small NER model took for an organisation, said after the person's full name was taken
for one too, is that person when they were introduced with who they are to the speaker (issue 37, business
voice: "Nicola" and "Gemma" kept as organisations beside the person, holding what was said of them, and a
query for them asked between the two). An organisation called by the first word of its name stays one.
Sentences written for these tests."""
from uuid import uuid4

from memcore.entities import identity, misread
from memcore.entities.profiles import Facets
from tests.entities.turns_kit import entities_named, post_turn


def test_a_first_name_taken_for_an_organisation_after_an_introduction_names_that_person(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Our joiner Nicola Thwaite phoned while I was driving.")  # an organisation
    post_turn(c, "2024-05-01T09:05:00Z", "Don't forget Nicola has the van keys.")  # an organisation again
    found = {(e["type"], e["name"]) for e in entities_named(c, "Nicola")}
    assert found == {("person", "Nicola Thwaite")}, found


def test_an_organisation_called_by_its_first_word_stays_an_organisation(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "I work at Goldman Sachs.")
    post_turn(c, "2024-05-01T09:05:00Z", "Don't forget Goldman has the contract.")
    found = {e["type"] for e in entities_named(c, "Goldman")}
    assert "person" not in found, found


def _candidate(name: str, type_: str) -> identity.Candidate:
    return identity.Candidate(uuid4(), name, type_, (), (name.lower(),), Facets())


def test_only_an_entity_said_with_who_they_are_is_named_by_its_first_word():
    nicola, goldman = _candidate("Nicola Thwaite", "org"), _candidate("Goldman Sachs", "org")
    texts = {nicola.entity_id: ["Our joiner Nicola Thwaite phoned while I was driving."],
             goldman.entity_id: ["I work at Goldman Sachs."]}
    assert misread.introduced_as_a_person("Nicola", [nicola, goldman], texts) == nicola
    assert misread.introduced_as_a_person("Goldman", [nicola, goldman], texts) is None
    assert misread.introduced_as_a_person("Nicola", [nicola], {}) is None  # nothing said of them: not guessed
