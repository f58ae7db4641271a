"""Who someone was said to be while the small NER model kept their name as a thing stays theirs once
they are known a person (issue 37, business voice: "Our subbie ... phoned" typed an organisation kept no
"subbie", so "our subbie <first name>" said later matched no namesake and made a second person).

A person-shaped entity of another type is retyped a person when their full name is said as a person, or
their first name alone next (test_person_introduced_as_other.py); the descriptors said beside their name
in the turns linked to it before (beside_name.said_before) are kept then, as a person's mention keeps
them. Sentences written for these tests."""
import pytest

from memcore.entities import beside_name
from tests.entities.turns_kit import entities_named, post_turn


def test_descriptors_said_before_are_read_from_every_text():
    texts = ["Our glazier Isolde Farraday left a message.", "I rang Isolde Farraday about the conservatory.",
             "Bumped into Isolde Farraday at the glazing firm."]
    assert beside_name.said_before(texts, "Isolde Farraday") == ("glazier", "glazing firm")
    assert beside_name.said_before([], "Isolde Farraday") == ()


@pytest.mark.usefixtures("parser_installed")
def test_a_full_name_said_as_a_person_keeps_who_they_were_said_to_be_before(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Our glazier Isolde Farraday left a message.")  # a concept
    post_turn(c, "2024-05-01T10:00:00Z", "Met Isolde Farraday this morning.")  # a person: retyped
    post_turn(c, "2024-05-02T09:00:00Z", "My cousin Isolde Penhaligon came round.", session="s2")
    post_turn(c, "2024-05-03T09:00:00Z", "Our glazier Isolde wants paying.", session="s3")
    found = {(e["type"], e["name"]) for e in entities_named(c, "Isolde")}
    assert found == {("person", "Isolde Farraday"), ("person", "Isolde Penhaligon")}, found


@pytest.mark.usefixtures("parser_installed")
def test_a_first_name_that_retypes_the_person_keeps_who_they_were_said_to_be_before(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Our glazier Isolde Farraday left a message.")  # a concept
    post_turn(c, "2024-05-01T09:05:00Z", "Isolde measured up the back window.")  # the first name alone: retyped
    post_turn(c, "2024-05-02T09:00:00Z", "My cousin Isolde Penhaligon came round.", session="s2")
    post_turn(c, "2024-05-03T09:00:00Z", "Our glazier Isolde wants paying.", session="s3")
    found = {(e["type"], e["name"]) for e in entities_named(c, "Isolde")}
    assert found == {("person", "Isolde Farraday"), ("person", "Isolde Penhaligon")}, found


@pytest.mark.usefixtures("parser_installed")
def test_a_first_name_said_as_a_namesake_kept_under_another_type_was_said_to_be_is_that_namesake(new_tenant):
    """Another Isolde is known as a person, so the first name alone finds her; "our glazier Isolde" is
    still the glazier kept as a concept (her descriptor read from the turn that named her), not the
    cousin, nor a third Isolde made in passing."""
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Our glazier Isolde Farraday left a message.")  # a concept
    post_turn(c, "2024-05-02T09:00:00Z", "My cousin Isolde Penhaligon came round.", session="s2")
    post_turn(c, "2024-05-03T09:00:00Z", "Our glazier Isolde wants paying.", session="s3")
    found = {(e["type"], e["name"]) for e in entities_named(c, "Isolde")}
    assert found == {("person", "Isolde Farraday"), ("person", "Isolde Penhaligon")}, found


def test_only_a_namesake_said_to_be_so_is_taken_for_the_first_name():
    from uuid import uuid4

    from memcore.entities import misread
    from memcore.entities.identity import Candidate
    from memcore.entities.profiles import Facets

    glazier = Candidate(uuid4(), "Isolde Farraday", "concept", (), ("isolde farraday",), Facets())
    roofer = Candidate(uuid4(), "Isolde Marr", "org", (), ("isolde marr",), Facets())
    texts = {glazier.entity_id: ["Our glazier Isolde Farraday left a message."],
             roofer.entity_id: ["Isolde Marr sent the quote over."]}
    assert misread.described_as_other("Isolde", ("glazier",), [glazier, roofer], texts) == glazier
    assert misread.described_as_other("Isolde", ("plumber",), [glazier, roofer], texts) is None
    assert misread.described_as_other("Isolde", (), [glazier, roofer], texts) is None
