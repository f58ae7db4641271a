"""A team member's task named by an acronym ("Keishla does CAD design and milling", "Bongani does IT support")
is their role, as "Tomás does the accounts" is (issue 35, docs/formation-spec.md: a role is identity): a
capitalised object used to read as a business's name ("I run Northwind Bakery") and "IT" as the pronoun "it".
Near misses that must not change: a business run, a language written, "do it", and what one does for fun.

Sentences written for this test, names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)
ORG = "Kettle & Loom"


def team_cards(text: str, owner: str = "Noor") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=ORG)


@pytest.mark.parametrize("text, who, task", [
    ("Keishla does CAD design + milling", "Keishla", "CAD design and milling"),
    ("Bongani does IT support", "Bongani", "IT support"),
    ("Eero handles UX research for the app", "Eero", "UX research"),
    ("Tomás does the accounts and payroll", "Tomás", "accounts and payroll"),
])
def test_a_task_named_by_an_acronym_is_a_role(text: str, who: str, task: str) -> None:
    roles = [f for f in team_cards(text) if f.subject == who and f.type == "identity"]
    assert roles, team_cards(text)
    assert any(task.lower() in (f.value + " " + f.text).lower() for f in roles), roles


@pytest.mark.parametrize("text", ["Farah does it", "I do it all myself", "honestly I do it every time"])
def test_it_is_still_a_pronoun(text: str) -> None:
    assert not [f for f in team_cards(text) if f.type == "identity" and f.predicate == "role"]


def test_a_business_run_stays_a_business() -> None:
    cards = team_cards("I run Northwind Bakery")
    assert not [f for f in cards if f.predicate == "role"]
    assert any("Northwind Bakery" in f.value for f in cards)


@pytest.mark.parametrize("text", ["Lwazi does pottery in her spare time", "I do CAD drawings for fun",
                                  "Mirela does karaoke as a hobby"])
def test_what_one_does_for_pleasure_is_no_post(text: str) -> None:
    assert not [f for f in team_cards(text) if f.type == "identity" and f.predicate == "role"], team_cards(text)
