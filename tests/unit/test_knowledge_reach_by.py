"""How one wants to be reached, said as two commands (memcore/knowledge/reach_by.py): the way asked for
and the way refused, one preference card of whom "me"/"him"/"her" stands for. Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def prefs(text: str, org: str | None = None) -> set[tuple[str, str]]:
    return {(f.subject, f.value) for f in learn(text, None, at=AT, owner="Wren", role="owner", speaker="Wren", account_org=org)
            if f.predicate == "prefers_contact" and f.type == "preference"}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, want", [
    ("My signal is awful at the farm so email me, don't phone.", None, ("Wren", "email not phone")),
    ("My brother Osian is always driving. Text him, don't call him.", None, ("Osian", "text not call")),
    ("The bookings lead is Marta Ruiz. Don't email her, she never reads it, ring her.", "Hollybank Stables",
     ("Marta Ruiz", "ring not email")),
])
def test_a_way_asked_for_and_a_way_refused_is_one_preference(text, org, want):
    assert want in prefs(text, org), prefs(text, org)


@pytest.mark.parametrize("text", [
    "Don't call me before 9.",           # when, not which way
    "Call me tomorrow, don't forget.",   # no way refused
])
def test_no_preference_without_two_ways(text):
    assert prefs(text) == set()
