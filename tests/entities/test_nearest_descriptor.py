"""Read-time resolution picks the namesake described as the text describes them (issue 37, child
calibration half: "My big cousin Noah is poorly." asked which Noah, as the little cousin was stored
as "cousin" as well as "little cousin")."""

from memory_api.entity_resolver import described_as


def _row(eid: str, kin: list[str]) -> dict:
    return {"entity_id": eid, "facets": {"kin": kin, "orgs": [], "roles": [], "nicknames": []}}


def test_the_namesake_described_in_the_same_words_is_meant():
    rows = [_row("big", ["cousin", "big cousin"]), _row("little", ["cousin", "little cousin"])]
    assert described_as("My big cousin Noah is poorly.", "Noah", rows) == {"big"}
    assert described_as("My cousin Noah is poorly.", "Noah", rows) == {"big", "little"}


def test_a_relative_clause_read_when_they_were_told_about_is_read_in_a_question_too():
    """The write path keeps "who lives by the bakery" as who someone is (beside_name.beside); the read
    path read only "my ..." before and "from ..." after the name, so "Ada who lives by the bakery is
    poorly." weighed nothing of it and asked which Ada. Also "in my class", "at our depot"."""
    rows = [_row("bakery", ["lives by the bakery"]), _row("choir", ["choir"]), _row("depot", ["depot"])]
    assert described_as("Ada who lives by the bakery is poorly.", "Ada", rows) == {"bakery"}
    assert described_as("I made a card for Ada, who lives by the bakery.", "Ada", rows) == {"bakery"}
    assert described_as("Ada at our depot rang.", "Ada", rows) == {"depot"}
    assert described_as("I saw Ada in the park.", "Ada", rows) == set()  # an event's place, not who she is
