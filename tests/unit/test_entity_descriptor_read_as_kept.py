"""A question names someone with the very phrase they were kept by (issue 37): what the write path
reads beside a name as who someone is (beside_name.beside: an employer after "at", a group whose name
has a capitalised day in it) is read the same way at question time, and a phrase that may be only
where something happened counts when a namesake was described in exactly those words."""

from memory_api.entity_resolver import described_as


def _row(eid: str, kin: list[str]) -> dict:
    return {"entity_id": eid, "facets": {"kin": kin, "orgs": [], "roles": [], "nicknames": []}}


def test_an_employer_after_at_names_the_namesake_who_works_there():
    rows = [_row("insurer", ["insurance company"]), _row("cousin", ["cousin"])]
    assert described_as("Priya at the insurance company needs the forms back.", "Priya", rows) == {"insurer"}
    assert described_as("Has Priya at the insurance company sent the forms?", "Priya", rows) == {"insurer"}
    assert described_as("Priya needs the forms back.", "Priya", rows) == set()


def test_a_crew_named_by_its_day_is_who_they_are():
    rows = [_row("friday", ["friday crew"]), _row("office", ["office"])]
    assert described_as("Ask Dev on the Friday crew about the van.", "Dev", rows) == {"friday"}
    assert described_as("Ask Dev about the van on Friday.", "Dev", rows) == set()


def test_a_place_phrase_counts_only_when_a_namesake_was_described_by_it_word_for_word():
    rows = [_row("cheese", ["cheese counter"]), _row("butcher", ["butcher"])]
    assert described_as("Email Rosa on the cheese counter this afternoon.", "Rosa", rows) == {"cheese"}
    nearer = [_row("counter", ["counter"]), _row("butcher", ["butcher"])]
    assert described_as("Email Rosa on the cheese counter this afternoon.", "Rosa", nearer) == set()
    assert described_as("I saw Rosa at the bus stop.", "Rosa", rows) == set()


def test_a_group_named_by_a_number_or_letter_ends_before_the_verb_of_a_question():
    """ "Can Nell in Class 2B come ...": the bare verb after the group is not part of its name."""
    rows = [_row("class", ["class 2b"]), _row("choir", ["choir"])]
    assert described_as("Can Nell in Class 2B come to the party?", "Nell", rows) == {"class"}
    assert described_as("Will Nell in Class 2B bring the cake?", "Nell", rows) == {"class"}
    assert described_as("I drew a card for Nell in Class 2B.", "Nell", rows) == {"class"}
