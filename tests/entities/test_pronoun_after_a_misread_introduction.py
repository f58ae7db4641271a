"""A pronoun right after a full name the small NER model took for something else means that person
(issue 37, business calibration 8282: "Heard from Gemma Nolan on the early bake first thing." was kept as
an organisation, and "Note: she is dealing with the insurance claim." was linked to no one, since the
conversation had named no person; her claim never reached her profile). In a turn that names no person,
a person-shaped full name kept under another type is taken for the person it names, and linking a
pronoun to it retypes it. A turn that names a person keeps its organisation one. Sentences written for
this test."""
import pytest

from tests.entities.turns_kit import entities_named, post_turn

pytestmark = pytest.mark.usefixtures("parser_installed")


def test_a_pronoun_after_a_misread_introduction_reaches_that_person(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Heard from Odette Marlow on the night crew first thing.")
    post_turn(c, "2024-05-01T09:01:00Z", "Note: she is handling the warranty claim.")
    found = [e for e in entities_named(c, "Odette") if e["name"] == "Odette Marlow"]
    assert [e["type"] for e in found] == ["person"], found
    r = c.get(f"/v1/entities/{found[0]['id']}")
    said = " ".join(m["text"] for m in r.json()["memories"])
    assert "warranty claim" in said, said


def test_a_pronoun_after_a_person_and_an_organisation_leaves_the_organisation_alone(new_tenant):
    c = new_tenant("user")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Priya got a call from Morgan Stanley yesterday.")
    post_turn(c, "2024-05-01T09:01:00Z", "She was pleased with the offer.")
    assert {(e["type"], e["name"]) for e in entities_named(c, "Morgan Stanley")} == {("org", "Morgan Stanley")}
