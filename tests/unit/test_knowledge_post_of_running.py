"""The post the verb of running a place names ("I manage Harbour Dental": the manager; "I coordinate Fernhill Food
Bank": the coordinator), its own card beside where one works (identity_rules._RUNS). Sentences written for these
tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, owner: str = "Tavo", org: str | None = None) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)}


@pytest.mark.parametrize("text, org, post", [
    ("I manage Harbour Dental", None, "manager"),
    ("buenas. Tavo here, I manage Harbour Dental in Ponce", "Harbour Dental", "manager"),
    ("I coordinate Fernhill Food Bank", None, "coordinator"),
])
def test_managing_or_coordinating_a_place_is_its_post(text, org, post):
    got = said(text, org=org)
    assert ("Tavo", "role", post, "identity") in got
    assert [f for f in got if f[1] == "runs"]


@pytest.mark.parametrize("text", [
    "I run Harbour Dental",  # owner or runner: no post said
    "I founded Fernhill Food Bank",
    "I manage the bakery's orders",  # a duty, no place named
])
def test_running_founding_or_a_duty_names_no_manager(text):
    assert not [f for f in said(text) if f[1] == "role" and f[2] in ("manager", "coordinator")]
