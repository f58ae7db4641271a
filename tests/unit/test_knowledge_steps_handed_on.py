"""Steps a team member tells in order, the last one taken by a colleague (memcore/knowledge/steps.py,
`sequence`): ", then Priya signs them off" ends the how-to and stays in it; a colleague's step said with
its own time (", then Joe shelves them every afternoon") is their habit, a card of its own, and the
steps before it are not one process. Sentences written for these tests, in a team's conversation."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Copperleaf Bakery"
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str) -> list:
    return learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana", account_org=ORG)


@pytest.mark.parametrize("text, last", [
    ("Every new starter reads the handbook and shadows a baker, then Priya signs them off.", "Priya signs them off"),
    ("The courier collects the crates, then Marek checks the seals.", "Marek checks the seals"),
    ("I weigh each order, then Joe labels it by postcode.", "Joe labels it"),
])
def test_steps_whose_last_is_a_colleagues_are_one_process_with_it(text, last):
    processes = [f for f in said(text) if f.type == "process"]
    assert len(processes) == 1 and last in processes[0].text, said(text)


def test_a_colleagues_step_with_its_own_time_is_no_part_of_a_process():
    got = said("I weigh each order, then Joe labels them every afternoon.")
    assert not [f for f in got if f.type == "process"], got
