"""A day, a season or a month said as a date is never whom a fact is about (issue 35, knowledge/time_subjects.py);
a month that is a person's name still is. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.time_subjects import time_for_subject

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER, ORG = "Ren", "Harbour Youth Choir"


@pytest.mark.parametrize(("subject", "turn", "time"), [
    ("Friday", ["Friday is the quiz night in the back room"], True),
    ("Sundays", ["Sundays are quiet"], True),
    ("winter", ["winter is slow, we rehearse more"], True),
    ("April", ["the spring concert is 12 April at the Guildhall"], True),
    ("June", ["June to September is busy, up to 4 gigs a week"], True),
    ("mid October", ["mid October to late March, depends on the weather"], True),
    ("April", ["April works at the Guildhall with me"], False),   # a person called April
    ("June", ["my sister June lives in Hull"], False),
    ("Summer Reading Club", ["the Summer Reading Club starts on 4 July"], False),
])
def test_a_time_said_as_a_date_is_no_subject(subject, turn, time):
    assert time_for_subject(subject, turn) is time


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "the spring concert is 12 April at the Guildhall, and we sing at the harbour festival every summer",
    "Friday is the quiz night in the back room",
    "mid October to late March, depends on the weather",
])
def test_no_memory_is_about_a_time(text):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, speaker_org=ORG, account_org=ORG)
    assert not [f for f in got if f.subject.split()[-1] in ("April", "Friday", "October", "March")], got


@pytest.mark.usefixtures("parser_installed")
def test_a_person_named_for_a_month_keeps_her_facts():
    got = learn("my sister June lives in Hull", None, at=AT, owner="Dara", role="owner", speaker="Dara")
    assert any(f.subject == "June" and f.value == "Hull" for f in got), got
