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


@pytest.mark.parametrize("text, step", [
    ("Aftercare: bandage off after 4 hours, rinse with cool water, a thin layer of balm.", "rinse with cool water"),
    ("Christening cakes: deposit 25% up front, tasting after 2 weeks, final design 10 days before the day.", "tasting after 2 weeks"),
])
def test_stages_under_a_heading_said_by_when_they_come_are_one_process(text, step):
    got = said(text)
    processes = [f for f in got if f.type == "process"]
    assert len(processes) == 1 and step in processes[0].text, got
    assert not [f for f in got if f.type in ("semantic", "routine")], got  # the stages are no facts of their own


def test_a_rule_said_last_under_the_heading_is_its_own_card():
    got = said("Aftercare: bandage off after 4 hours, rinse with cool water, a thin layer of balm, no sunbathing for a month.")
    process = next(f for f in got if f.type == "process")
    assert "sunbathing" not in process.text, got
    assert any(f.type == "safety" and "sunbathing" in f.value for f in got), got
