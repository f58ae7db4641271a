"""Where a thing is from is a fact about the thing, not anyone's identity (issue 35): "his grandfather's
carpet is from Artsakh" is semantic, "Tom's wife is from Poland" identity. Sentences written for these
tests in three voices (a child, an adult, a team), not taken from any labelled set of the formation
benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Ines", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, owner, org, thing, where", [
    ("Sam says his grandma's rocking chair is from Norway", "Ines", None, "Sam's grandma's rocking chair", "Norway"),  # child
    ("Kemal's van is from Germany", "Rami", None, "Kemal's van", "Germany"),  # adult
    ("Priya says her husband's guitar is from Spain", "Nia", None, "Priya's husband's guitar", "Spain"),  # adult, relayed
    ("Marta says the old press in the back room is from Leipzig, 1902", "Nia", "Inkwell Press", "Inkwell Press",
     "Leipzig, 1902"),  # team: a thing of the organisation's
])
def test_where_a_thing_is_from_is_semantic(text, owner, org, thing, where):
    got = cards(text, owner, org)
    assert ("semantic", thing, "from", where) in got
    assert not {c for c in got if c[0] == "identity" and c[2] == "from"}


@pytest.mark.parametrize("text, who, where", [
    ("Tom's wife is from Poland", "Tom's wife", "Poland"),
    ("Kemal is from Izmir", "Kemal", "Izmir"),
])
def test_where_a_person_is_from_stays_identity(text, who, where):
    assert ("identity", who, "from", where) in cards(text, "Rami")
