"""When a team is shut, said as what it does not do or of its premises (issue 35, team_figures._shut):
"we don't open on bank holidays", "the salon's closed on Mondays" are the team's routine `closed`; what
else it does not open is none. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG, ME = "Kittiwake Kayaks", "Ronan"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def closed(text):
    got = learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, account_org=ORG)
    return [(f.subject, f.value, f.type) for f in got if f.predicate == "closed"]


@pytest.mark.parametrize(("text", "when"), [
    ("we don't open on public holidays", "public holidays"),
    ("We never open Tuesdays", "Tuesdays"),
    ("the yard's closed on Sundays, obviously", "Sundays"),
])
def test_when_the_team_is_shut_is_its_routine(text, when):
    got = closed(text)
    assert got and got[0][0] == ORG and got[0][2] == "routine" and when in got[0][1]


def test_what_else_the_team_does_not_open_is_no_closure():
    assert closed("we don't open parcels on the shop floor") == []
