"""What the owner does at a time someone else's doing frames ("Tuesdays she's there late, so I cook") is the owner's
routine (times_framing.py). Sentences written for these tests."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _cards(text: str) -> list:
    return learn(text, None, at=AT, owner="Ilse", role="owner", speaker="Ilse",
                 previous=["assistant: What does your husband do?"])


@pytest.mark.parametrize(("text", "doing", "days"), [
    ("he drives a bus. Mondays and Wednesdays he's on the late shift, so I pick up the kids", "picks up the kids",
     "Mondays and Wednesdays"),
    ("my wife is a nurse. on Fridays she works nights, so I take the dog out", "takes the dog out", "Fridays"),
    ("Tuesdays and Thursdays he stays at the depot late, so I cook", "cooks", "Tuesdays and Thursdays"),
])
def test_the_owners_doing_after_so_i_is_a_routine_at_the_days_said_first(text: str, doing: str, days: str) -> None:
    mine = [f for f in _cards(text) if f.subject == "Ilse"]
    assert [(f.type, f.value) for f in mine] == [("routine", f"{doing} {days}")], mine


@pytest.mark.parametrize("text", ["Sundays are quiet, so I think about work", "Mondays the shop is shut, so I can't buy bread",
                                  "last week she was away, so I cooked"])
def test_a_thought_a_cannot_or_a_day_past_is_no_routine_of_the_owners(text: str) -> None:
    assert not [f for f in _cards(text) if f.subject == "Ilse" and f.type == "routine"]
