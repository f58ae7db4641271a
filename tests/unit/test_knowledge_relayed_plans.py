"""memcore.knowledge.relayed_plans: another party's wish to do something, relayed as hearsay, is the plan
it is (an episodic card), not a liking (docs/formation-spec.md "Relayed plans, settled"). Sentences written
for these tests, with names from many languages; near misses that stay preferences."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.certainty import HEARSAY, PLAIN
from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.relayed_plans import as_plan

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def wish(subject, value, certainty=HEARSAY, predicate="wants", type_="preference"):
    return Fact(subject, predicate, value, type_, certainty, f"{subject} {predicate} {value}")


@pytest.mark.parametrize("f, plan", [
    (wish("Rangi's boss", "to move Rangi to nights"), "move Rangi to nights"),
    (wish("council", "wants to close the library in June", predicate="want", type_="semantic"), "close the library in June"),
    (wish("Efua's landlord", "to sell the building"), "sell the building"),
])
def test_a_relayed_wish_to_do_something_is_a_plan(f, plan):
    got = as_plan(f, "Rangi")
    assert (got.type, got.predicate, got.value, got.certainty) == ("episodic", "plan", plan, HEARSAY)


@pytest.mark.parametrize("f", [
    wish("Tomasz", "to learn the guitar", certainty=PLAIN),  # said plainly: left as typed
    wish("Rangi", "to open a bakery"),  # the owner's own wish
    wish("Mele", "to be a nurse"),  # what one wants to become
    wish("Mele", "to become a pilot"),
    wish("Rangi's daughter", "puppy"),  # a wish with no doing in it
    Fact("Aigerim", "likes", "to swim", "preference", HEARSAY, "Aigerim likes to swim"),
])
def test_wishes_that_are_no_relayed_plan_stay_as_they_are(f):
    assert as_plan(f, "Rangi") == f


@pytest.mark.usefixtures("parser_installed")
def test_a_turn_relaying_a_plan_gives_a_hearsay_event():
    got = learn("apparently my boss wants to move me to nights", None, at=AT, owner="Kalani", role="owner",
                speaker="Kalani")
    plans = [f for f in got if f.predicate == "plan"]
    assert plans and all(f.type == "episodic" and f.certainty == HEARSAY for f in plans)
    assert not [f for f in got if f.type == "preference"]
