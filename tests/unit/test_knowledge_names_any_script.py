"""First names in any Latin script ("Libuše", "Håvard", "Zoë", "Émile") are names to every reader of a turn
(issue 35, extraction.patterns.NAME_WORD): who "she" is after them, a tie named with them, an age said
with them. The readers knew "[A-Z][a-z]+" only. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Dorota"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=None):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, account_org=org)


@pytest.mark.parametrize("name", ["Libuše Kratochvílová", "Ása Sæther", "Zoë Ó Súilleabháin"])
def test_she_after_a_name_in_any_script_is_that_person(name):
    got = facts(f"Our conductor is {name}, she founded the choir in 1994.", org="Vltava Singers")
    events = [f for f in got if f.type == "episodic" and "founded" in f.text]
    assert events and all(f.subject.startswith(name.split()[0]) for f in events), got


@pytest.mark.parametrize("name", ["Émile", "Håvard", "Zoë"])
def test_a_tie_and_an_age_said_with_a_name_in_any_script(name):
    got = {(f.predicate, f.subject, f.value) for f in facts(f"My nephew is {name}, he is 9 and he loves chess.")}
    assert any(p == "age" and s == name and v == "9" for p, s, v in got), got


def test_a_turn_that_opens_on_a_name_and_an_age_says_it_of_them_and_she_is_them():
    previous = ["Dorota: My son set this up for me.", "assistant: How kind! What does your son do?"]
    got = {(f.subject, f.predicate, f.value) for f in learn("Tomasz, 31, he is a welder at the shipyard", None, at=AT,
                                                             owner=OWNER, role="owner", speaker=OWNER, previous=previous)}
    assert ("Tomasz", "age", "31") in got and ("Tomasz", "job", "welder") in got, got
