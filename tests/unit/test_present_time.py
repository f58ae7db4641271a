"""Questions about the present prefer the newest answering memory (memcore.retrieval.present_time)."""
from datetime import datetime, timedelta

import pytest

from memcore.retrieval.present_time import PRESENT_BOOST, asks_about_now, prefer_recent

T0 = datetime(2025, 1, 1)


@pytest.mark.parametrize("q", ["Where do I live now?", "What's my job these days?", "Which city am I in at the moment?",
                               "Which podcast is Priya currently into?", "Do I still play chess?"])
def test_present_cues(q):
    assert asks_about_now(q)


@pytest.mark.parametrize("q", ["Where did I live?", "When did I move?", "What was I reading on 7 November 2022?",
                               "What was Omar currently building on 3 March 2021?"])
def test_no_cue_or_a_date_of_its_own(q):
    assert not asks_about_now(q)


def test_the_newest_of_two_answers_comes_first_and_nothing_moves_without_a_cue():
    scores = {"old home": 0.9, "new home": 0.7, "unrelated recent": 0.05}
    times = {"old home": T0, "new home": T0 + timedelta(days=90), "unrelated recent": T0 + timedelta(days=100)}
    now = prefer_recent("Where do I live now?", scores, times)
    assert now["new home"] > now["old home"] == 0.9
    assert now["unrelated recent"] == pytest.approx(0.05 * (1 + PRESENT_BOOST))  # low relevance gains little
    assert prefer_recent("Where did I live?", scores, times) == scores
    assert prefer_recent("Where do I live now?", scores, {"old home": T0}) == scores  # nothing to order by
