"""What someone in the owner's life does for a living, and when (issue 35, others_work.py, answers.py's
"What does your X do?"). Sentences written for these tests, not taken from any labelled set of the
formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.models import Fact
from memcore.knowledge.others_work import others_work
from memcore.retrieval.document_text import render_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, asked: str | None = None) -> set[tuple[str, str, str, str]]:
    previous = [render_turn(asked, "assistant", None)] if asked else []
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman", previous=previous)}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, job", [
    ("my brother-in-law fixes boilers", "Arman's brother-in-law", "fixes boilers"),
    ("my uncle repairs fishing boats in the harbour", "Arman's uncle", "repairs fishing boats in the harbour"),
    ("my nan weaves baskets at home", "Arman's nan", "weaves baskets"),  # (where may stay in the job)
    ("my cousin sells phones at the mall", "Arman's cousin", "sells phones at the mall"),
])
def test_a_relatives_trade_said_as_what_they_do_is_their_job(text, who, job):
    assert any(k == "identity" and s == who and p == "job" and v.startswith(job) for k, s, p, v in _facts(text))


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "my dad sold his car yesterday",  # a one-off
    "my brother fixes his bike every weekend",  # something of his own
    "my mum drives me to school every morning",  # whom she drives
    "my aunt bakes bread every Saturday",  # no trade verb: a habit
    "my sister likes horses",
])
def test_no_job_from_a_one_off_a_chore_or_a_liking(text):
    assert not any(p == "job" for _, _, p, _ in _facts(text))


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("asked, text, who, job, times", [
    ("What does your mum do?", "she sells fish at the harbour. every morning except monday", "Arman's mum",
     "sells fish at the harbour", "every morning except monday"),
    ("What does your apa do?", "he mends nets on the beach. every day after lunch", "Arman's apa", "mends nets on the beach",
     "every day after lunch"),
    ("What does your babcia do?", "she sells flowers at the station. weekdays only", "Arman's babcia",
     "sells flowers at the station", "weekdays only"),
])
def test_times_said_alone_after_a_relatives_trade_are_theirs(asked, text, who, job, times):
    facts = _facts(text, asked)
    assert ("identity", who, "job", job) in facts
    assert ("routine", who, "routine", times) in facts
    assert not any(s == "Arman" and p == "routine" for _, s, p, _ in facts)


@pytest.mark.usefixtures("parser_installed")
def test_times_said_alone_after_the_owners_own_doing_stay_the_owners():
    facts = _facts("I sell cakes at the fair. every saturday morning")
    assert not any(s != "Arman" and p == "routine" for _, s, p, _ in facts)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, who, job, times", [
    ("my mum sells scarves there every nite 6 til 10", "Arman's mum", "sells scarves", "every night 6 til 10"),
    ("my uncle fixes bikes in the square every evening after 5", "Arman's uncle", "fixes bikes in the square",
     "every evening after 5"),
    ("my aunt delivers parcels on Mondays and Fridays", "Arman's aunt", "delivers parcels", "on Mondays and Fridays"),
])
def test_a_trade_said_with_its_times_is_a_job_and_a_routine(text, who, job, times):
    facts = _facts(text)
    assert ("identity", who, "job", job) in facts
    assert ("routine", who, "routine", times) in facts


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("asked, text, who", [
    ("What does your dada do?", "he drives a rickshaw", "Arman's dada"),
    ("What does your ama do?", "she weaves cloth on a loom", "Arman's ama"),
    ("what does your tio do for work?", "he repairs radios", "Arman's tio"),
])
def test_he_or_she_answering_what_your_x_does_is_x_whatever_the_word(asked, text, who):
    assert any(s == who and p == "job" for _, s, p, _ in _facts(text, asked))


def test_a_card_of_no_trade_and_a_team_are_left_as_they_are():
    liked = Fact("Arman's mum", "likes", "fish", "preference", 0.8, "Arman's mum likes fish")
    said = Fact("mae", "says", "hello", "semantic", 0.8, "Arman's mae says hello")
    assert others_work([liked, said], "Arman", ["my mum likes fish", "my mae says hello"]) == [liked, said]
