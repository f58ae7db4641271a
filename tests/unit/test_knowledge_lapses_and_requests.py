"""Complaints and requests taken for habits (memcore/knowledge/lapses.py, things_asked_for.py): "we lose track
every season", "I always forget birthdays", "a weekly plan please" give no routine; a habit with a doing in the same
words ("I lose weight every summer", "I make the rota every month", "we do a weekly plan on Sundays") stays.
Sentences written for these tests in many voices, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.lapses import lapse
from memcore.knowledge.models import Fact
from memcore.knowledge.things_asked_for import asked_for

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def said(text: str, owner: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


def routine(value: str, subject: str = "Valentina", type_: str = "routine", predicate: str = "routine") -> Fact:
    return Fact(subject, predicate, value, type_, 0.8, f"{subject}: {value}")


@pytest.mark.parametrize("value", ["lose track every season", "always forget birthdays", "forget every time",
                                   "waste so much food every week", "keep losing my keys", "always run late on Mondays",
                                   "oversleeps every Saturday"])
def test_a_lapse_is_no_habit(value):
    assert lapse(routine(value))


def test_a_lapse_named_by_the_predicate_is_no_loose_fact():
    assert lapse(routine("every New Year with the cake", "Anahid", "semantic", "forgets"))


@pytest.mark.parametrize("made", [routine("lose weight every summer"), routine("wash the van every Friday"),
                                  routine("take my insulin every morning"),
                                  routine("dementia", "Valentina's grandma", "safety", "condition"),
                                  routine("forget the inhaler", "Noa", "safety", "must_avoid")])
def test_a_doing_or_a_health_fact_or_a_rule_stays(made):
    assert not lapse(made)


@pytest.mark.parametrize("value", ["A weekly plan", "a weekly plan please", "A daily schedule", "a weekly meal plan",
                                   "a monthly budget for the shop pls", "a new bedtime routine please"])
def test_a_thing_asked_for_is_no_habit(value):
    assert asked_for(routine(value))


@pytest.mark.parametrize("value", ["do a weekly plan on Sundays", "make the rota every month",
                                   "has a bedtime routine bath at 7 and bed at 7.30", "weekly meeting on Mondays at 9"])
def test_a_habit_with_a_doing_stays(value):
    assert not asked_for(routine(value))


pytestmark_parser = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytestmark_parser
@pytest.mark.parametrize("owner, text", [
    ("Valentina", "help keeping track of who does what, we lose track every season"),  # a club secretary
    ("Valentina", "I need help remembering things, I always forget birthdays"),
    ("Valentina", "can you help me plan meals? we waste so much food every week"),  # a parent
    ("Wiremu", "a weekly plan please. meals, gym, and the dog's walks"),
    ("Wiremu", "a monthly budget for the shop pls"),  # a shop owner
])
def test_a_complaint_or_a_request_gives_no_card(owner, text):
    assert said(text, owner) == set()


@pytestmark_parser
@pytest.mark.parametrize("owner, text, kept", [
    ("Valentina", "I lose weight every summer", ("Valentina", "routine", "routine")),
    ("Wiremu", "I make the rota every month", ("Wiremu", "routine", "routine")),
    ("Wiremu", "we do a weekly plan on Sundays", ("Wiremu", "routine", "routine")),
    ("Valentina", "my grandma forgets things now, she has dementia", ("Valentina's grandma", "condition", "safety")),
    ("Valentina", "I want a reminder for the bins, I forget every time", ("Valentina", "wants", "preference")),
])
def test_near_misses_a_habit_with_a_doing_or_a_fact_beside_a_lapse_stays(owner, text, kept):
    assert kept in said(text, owner)
