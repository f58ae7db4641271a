"""What is said of a thing, not a person (issue 35, memcore.knowledge.things_said): its age, where or when it
comes from, when it is open, what it is named after, that it is broken, and (relayed) what it does. Sentences
written for these tests in a child's, an adult's and a team's voice, not taken from any labelled set of the
formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.certainty import HEARSAY

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _slots(text, owner="Ines", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org, speaker_org=org)
    return {(f.type, f.subject, f.predicate, f.value): f.certainty for f in got}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, fact", [
    ("my neighbour Tomasz says the swimming pool is open till midnight in August", None,
     ("semantic", "swimming pool", "open", "till midnight in August")),
    ("my gran says her sewing machine is 70 years old", None,
     ("semantic", "gran's sewing machine", "age", "70 years old")),
    ("Apparently the old mill is 300 years old.", None, ("semantic", "old mill", "age", "300 years old")),
    ("The drivers say the lift is broken again.", "Tolva Freight", ("semantic", "lift", "is", "broken")),
    ("Everyone says the Harrow bridge is named after a drowned ferryman.", None,
     ("semantic", "Harrow bridge", "named_after", "a drowned ferryman")),
    ("my uncle says the council pays a bonus for solar panels", None,
     ("semantic", "council", "pay", "a bonus for solar panels")),
])
def test_what_someone_says_of_a_thing_is_its_fact_and_hearsay(text, org, fact):
    got = _slots(text, org=org)
    assert fact in got, got
    assert got[fact] <= HEARSAY + 0.05


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, fact", [
    ("i think pickle is 9 years old", ("semantic", "Pickle", "age", "9 years old")),  # a pet's name typed small
    ("The oldest boat we have, the Marigold, is from 1954.", ("semantic", "Marigold", "from", "1954")),
])
def test_a_thing_by_its_own_name(text, fact):
    assert fact in _slots(text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "the weather is awful today",  # a moment, not a thing's fact
    "my mum says the film is scary",  # an opinion of a thing
    "the kids are 5 years old",  # people, not a thing
    "my friend says the tooth fairy gives a coin",  # what it does, said too thinly
    "my brother says the pool will be open till midnight",  # what will be
    "the library isn't open on Sundays",  # negated
])
def test_what_is_no_fact_of_a_thing(text):
    got = _slots(text)
    assert not any(f[0] == "semantic" and f[2] in ("open", "age", "from", "is", "give", "named_after") for f in got), got
