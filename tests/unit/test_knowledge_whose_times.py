"""Whose times said with someone else's doing are (issue 35, whose_times.py: the one decision the turn's readers
share; extract.facts_of_turn, others_work and others_times call it). Sentences written for these tests, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.models import Fact
from memcore.knowledge.reading import learn
from memcore.knowledge.whose_times import SOMEONE, given_to_whose, whose_times

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Bertrand"


def _card(subject: str, predicate: str, value: str, kind: str = "semantic") -> Fact:
    return Fact(subject, predicate, value, kind, 0.8, f"{subject} {predicate} {value}")


@pytest.mark.parametrize(("when", "said", "who"), [
    ("every thursday", "my stepdad repairs clocks in town. every thursday", "Bertrand's stepdad"),
    ("every afternoon", "ya my grandad carves spoons in his shed. every afternoon", "Bertrand's grandad"),
    ("weekday evenings", "Oluwaseun coaches netball at the leisure centre. weekday evenings", "Oluwaseun"),
    ("every saturday", "my godfather mends nets at the harbour. every saturday, weather permitting", "Bertrand's godfather"),
])
def test_times_after_a_named_persons_doing_are_theirs(when, said, who):
    assert whose_times(when, [said], OWNER) == who


def test_a_he_or_she_is_whom_the_turns_card_of_that_doing_is_about():
    # the readers put the owner's "tatay" for "she" (a tie word the patterns do not know): her card names her
    sells = _card("Bertrand's tatay", "sells", "fish at the pier")
    assert whose_times("every morning", ["she sells fish at the pier. every morning"], OWNER, [sells]) == "Bertrand's tatay"


@pytest.mark.parametrize("said", [
    "he restores old motorbikes. every sunday",  # a "he" the turn does not name
    "No, she rings the church bells, every sunday",  # her doing in the same breath holds the times
    "my brother delivers pizzas, every sunday",  # his, but his card holds them: no card of their own
])
def test_times_of_another_not_to_be_given_are_no_ones(said):
    assert whose_times("every sunday", [said], OWNER) == SOMEONE


@pytest.mark.parametrize(("when", "said"), [
    ("on saturdays", "I help her on saturdays"),  # the owner takes part
    ("on saturdays", "my auntie runs a cake stall. I help her on saturdays"),
    ("every friday", "my gran takes me swimming. every friday"),  # done with the owner: theirs too
    ("every friday", "my cousin lives in Leeds. I phone her every friday"),  # the time has its own "I"
    ("every evening", "I walk the dog by the canal. every evening"),  # the owner's own doing before
    ("tuesdays and fridays", "8 till 2, tuesdays and fridays"),  # no one's doing told
    ("every saturday", "my godfather mends nets at the harbour. every saturday with my dad"),  # a near-miss: "my dad"
    ("every saturday", "Auntie Rose says the pool is shut. every saturday"),  # what she says is no doing of hers
])
def test_times_that_are_the_owners_after_all(when, said):
    assert whose_times(when, [said], OWNER) == OWNER


def test_given_to_whose_moves_or_drops_only_the_owners_times():
    said = ["my stepdad repairs clocks in town. every thursday", "she knits at the window. every evening"]
    thursday = Fact(OWNER, "routine", "every thursday", "routine", 0.8, f"{OWNER}: every thursday")
    evening = Fact(OWNER, "routine", "every evening", "routine", 0.8, f"{OWNER}: every evening")
    repairs = _card("Bertrand's stepdad", "repairs", "clocks in town")
    got = given_to_whose([thursday, evening, repairs], OWNER, said)
    assert got == [Fact("Bertrand's stepdad", "routine", "every thursday", "routine", 0.8, "Bertrand's stepdad: every thursday"),
                   repairs]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "who", "when"), [
    ("my grandad carves spoons in his shed. every afternoon", "Bertrand's grandad", "every afternoon"),
    ("my godmother keeps bees. every morning before breakfast", "Bertrand's godmother", "every morning before breakfast"),
    ("my auntie runs a cake stall. I help her on saturdays", OWNER, "help Bertrand's auntie on saturdays"),
    ("my gran takes me swimming. every friday", OWNER, "every friday"),
])
def test_a_turns_times_go_to_whose_they_are(text, who, when):
    got = [(f.subject, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
           if f.type == "routine"]
    assert got == [(who, when)], got


@pytest.mark.usefixtures("parser_installed")
def test_an_unnamed_hes_times_are_not_the_owners():
    got = learn("he restores old motorbikes. every sunday", None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert not any(f.type == "routine" for f in got), got
