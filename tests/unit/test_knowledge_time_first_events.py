"""A one-off event said with its day first ("on Saturday we went to the beach", "last night we had a
hatching"): the time moved after what happened, as the event readers read it (issue 35,
knowledge/one_off_events.py). Sentences written for these tests, three voices."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.one_off_events import _time_last, event_fact
from memcore.knowledge.reading import learn
from memcore.knowledge.rule_basics import TurnContext

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("clause", "said"), [
    ("On Saturday we went to the beach", "We went to the beach on Saturday"),
    ("oh and last night we had a hatching, 40 chicks made it", "We had a hatching last night, 40 chicks made it"),
    ("Two weeks ago my brother Ali broke his wrist", "My brother Ali broke his wrist two weeks ago"),
])
def test_the_day_said_first_goes_after_the_event(clause, said):
    assert _time_last(clause) == said


@pytest.mark.parametrize("clause", ["On Saturdays we go swimming", "We went to the beach on Saturday", "Yes we did"])
def test_a_habit_or_a_clause_with_its_time_after_stays_as_said(clause):
    assert _time_last(clause) == clause


def test_an_event_with_its_day_first_is_kept():
    got = event_fact("On Sunday my brother Ali scored two goals", TurnContext(owner="Rowan"))
    assert [(f.type, "scored two goals" in f.value.lower(), "Sunday" in f.value) for f in got] == [("episodic", True, True)]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize(("text", "owner", "org", "words"), [
    ("on saturday we went to the beach with my cousins", "Mila", None, ("beach", "Saturday")),
    ("Thanks. Oh and last night we had a break-in at the yard, nothing taken.", "Dev", "Ashby Builders", ("break-in", "last night")),
    ("On Tuesday I finally handed in my thesis.", "Ines", None, ("thesis", "Tuesday")),
])
def test_three_voices(text, owner, org, words):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, speaker_org=org, account_org=org)
    assert any(f.type == "episodic" and all(w.lower() in f.value.lower() for w in words) for f in got), got
