"""Where a team is, said right after its name in a self-introduction or a "where I work" line (issue 35,
docs/formation-spec.md: identity holds where an organisation is): "manager at the Old Mill pub in Ludlow", "I run
the bar at the Red Lion in Conwy". In a household's account the town is where the owner works. Sentences written
for these tests, with names and wording of their own, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.org_town import town_after

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text, owner, org=None):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[], account_org=org)}


@pytest.mark.parametrize("text, owner, org, town", [
    ("I'm Tomos, manager at the Red Lion pub in Conwy.", "Tomos", "Red Lion", "Conwy"),  # a kind word between
    ("Hi, I'm Bettina, duty manager at the Villa d'Oro hotel in Lucca. We have 40 rooms.", "Bettina", "Villa d'Oro",
     "Lucca"),  # the lower-case rest of a name
    ("I run the kitchen at Harbour Lights in Whitby.", "Morag", "Harbour Lights", "Whitby"),
    ("I manage the warehouse at Kettle Foods in Norwich, since 2019.", "Dev", "Kettle Foods", "Norwich"),
])
def test_a_town_said_after_the_team_s_name_is_where_the_team_is(text, owner, org, town):
    assert ("identity", org, "located_in", town) in slots(text, owner, org)


def test_the_works_for_card_holds_no_town():
    got = {f.predicate: f for f in learn("I run the kitchen at Harbour Lights in Whitby.", None, at=AT, owner="Morag",
                                         role="owner", speaker="user", previous=[], account_org="Harbour Lights")}
    assert "Whitby" not in got["works_for"].text  # (the town is a card of its own)


@pytest.mark.parametrize("text, town", [
    ("I work at Tesco in Bangor.", "Bangor"),
    ("I volunteer at the Oxfam shop in Bethesda.", "Bethesda"),
])
def test_in_a_household_the_town_is_where_the_owner_works(text, town):
    assert ("identity", "Rhiannon", "works_in", town) in slots(text, "Rhiannon")


@pytest.mark.parametrize("text", [
    "I run the bar at the Red Lion in March and April.",  # a month, no town
    "I run the bar at the Red Lion in the evenings.",  # a time of day
    "I run the bar at the Red Lion in Conwy Road traffic jams.",  # the words go on: no town said
])
def test_no_town_is_read_from_a_time_or_a_longer_phrase(text):
    assert not any(p in ("located_in", "works_in") for _, _, p, _ in slots(text, "Tomos", "Red Lion"))


@pytest.mark.parametrize("rest, town", [
    (" pub in Conwy.", "Conwy"), (" in Whitby, since 2019", "Whitby"), (" d'Oro hotel in Lucca", "Lucca"),
    (" in March", None), (" and the cafe in Rhyl", None), (" in Year 4", None),
])
def test_town_after(rest, town):
    got = town_after(rest)
    assert (got[0] if got else None) == town
