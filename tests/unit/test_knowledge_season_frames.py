"""A doing said after a season the turn judged is a habit of that season (issue 35, knowledge/season_frames.py).
Sentences written for these tests, three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.season_frames import framed_by_time
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def test_a_plain_doing_after_a_judged_season_is_its_routine():
    fact = Fact("Dara", "fix", "nets", "semantic", 0.8, "Dara fixes nets")
    got = framed_by_time([fact], ["winter is quiet, I fix the nets"])
    assert [(f.type, f.value) for f in got] == [("routine", "fix the nets in winter")]


def test_no_season_said_first_leaves_the_cards_alone():
    fact = Fact("Dara", "fix", "nets", "semantic", 0.8, "Dara fixes nets")
    assert framed_by_time([fact], ["I fix the nets, winter is quiet"]) == [fact]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "org", "words"), [
    ("January is dead, I paint the shop", "Dara", None, ("paint", "January")),
    ("Sundays are slow, I do the accounts", "Dara", None, ("accounts", "Sundays")),
    ("summer is mad, we run three trips a day", "Ren", "Harbour Youth Choir", ("trips", "summer")),
    ("winter is boring, i play minecraft", "Mila", None, ("minecraft", "winter")),
])
def test_three_voices(text, owner, org, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, speaker_org=org, account_org=org)
    assert any(f.type == "routine" and all(w in f.value for w in words) for f in got), got
