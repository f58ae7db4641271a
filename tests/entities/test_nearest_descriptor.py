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
