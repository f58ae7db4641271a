"""What opens, closes or runs out on a date is a dated event ("applications close 30 April", "entries close
on the 12th of May"), kept by whoever keeps the thing (the owner, or the team); an hour or a weekday is its
hours or its habit, no event. A list item's topic before a comma ("2) the allotment, ...") leaves its event to
read (issue 35, knowledge/one_off_events.py). Sentences written for these tests, three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.one_off_events import event_fact
from memcore.knowledge.reading import learn
from memcore.knowledge.rule_basics import TurnContext

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("clause", "words"), [
    ("applications close 30 April", ("applications", "30 April")),
    ("Nominations close on the 4th of June", ("Nominations", "4th of June")),
    ("bookings open 1 September", ("bookings", "1 September")),
])
def test_a_thing_that_opens_or_closes_on_a_date_is_the_owners_event(clause, words):
    got = event_fact(clause, TurnContext(owner="Rowan"))
    assert [(f.subject, f.type) for f in got] == [("Rowan", "episodic")], got
    assert all(w.lower() in got[0].value.lower() for w in words), got


@pytest.mark.parametrize("clause", ["bookings open at 9", "entries close on Fridays", "applications close soon"])
def test_an_hour_a_weekday_or_no_date_is_no_such_event(clause):
    assert event_fact(clause, TurnContext(owner="Rowan")) == []


def test_a_list_items_topic_before_a_comma_leaves_its_event_to_read():
    got = event_fact("2) the allotment, applications close 30 April", TurnContext(owner="Rowan"))
    assert [f.type for f in got] == ["episodic"] and "allotment" in got[0].value and "30 April" in got[0].value, got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "org", "words"), [
    ("sign ups for the school trip close 14 May!! i really want to go", "Mila", None, ("close", "14 May")),
    ("1) my driving theory test is 9 June. 2) the evening class, enrolment closes 20 May.", "Ines", None, ("enrolment", "20 May")),
    ("Grant applications close 30 September, Dev is writing ours.", "Dev", "Ashby Builders", ("applications", "30 September")),
])
def test_three_voices(text, owner, org, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, speaker_org=org, account_org=org)
    assert any(f.type == "episodic" and all(w.lower() in f.value.lower() for w in words) for f in got), got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "words"), [
    ("I'm doing a food hygiene course in June", "Owen", ("food hygiene course", "June")),
    ("im taking a coding course in the summer holidays, in july", "Mila", ("coding course", "july")),
    ("My daughter is starting swimming lessons in September.", "Ines", ("swimming lessons", "September")),
])
def test_a_course_still_to_come_said_with_its_month_keeps_the_month(text, owner, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    assert any(f.type == "episodic" and all(w.lower() in f.value.lower() for w in words) for f in got), got
