"""A relative's work said with a present-tense verb keeps only the words from the verb on: a parse that
hangs the tie before the name on the verb ("My niece Ama swims for the county") must not put the tie
into the job (memcore.knowledge.clause_values.trade_words)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, name", [
    ("my niece Ama swims for the county", "Ama"),
    ("my niece Efua swims for the county", "Efua"),
    ("my uncle Kofi drives for a courier firm", "Kofi"),
])
def test_the_job_starts_at_the_verb(text: str, name: str) -> None:
    cards = learn(text, None, at=AT, owner="Priya", role="owner", speaker="user", speaker_org=None, previous=[],
                  account_org=None)
    jobs = [c for c in cards if c.subject == name and c.predicate == "job"]
    assert jobs, cards
    assert all(not c.value.lower().startswith("my ") and "Mys" not in c.text for c in jobs)
