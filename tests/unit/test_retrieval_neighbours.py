from datetime import datetime, timedelta

import pytest

from memcore.retrieval.neighbours import positions_from_timestamps, smooth_with_neighbours


def test_adjacent_candidate_in_same_session_lifts_the_answer_turn():
    # "What genre is your screenplay?" (q) matches; the answer (a) barely does.
    scores = {"q": 1.0, "a": 0.2, "other": 0.5}
    positions = {"q": (7, 4), "a": (7, 5), "other": (3, 1)}
    smoothed = smooth_with_neighbours(scores, positions, weight=0.5)
    assert smoothed == pytest.approx({"q": 1.1, "a": 0.7, "other": 0.5})
    assert smoothed["a"] > smoothed["other"]


def test_neighbours_in_other_sessions_or_outside_window_do_not_count():
    scores = {"a": 1.0, "b": 0.0, "c": 0.0}
    positions = {"a": (1, 5), "b": (2, 6), "c": (1, 7)}
    assert smooth_with_neighbours(scores, positions, 1.0) == {"a": 1.0, "b": 0.0, "c": 0.0}
    assert smooth_with_neighbours(scores, positions, 1.0, window=2)["c"] == 1.0


def test_non_candidates_and_unknown_positions_contribute_nothing():
    scores = {"a": 0.3}
    positions = {"a": (1, 1), "not-retrieved": (1, 2)}
    assert smooth_with_neighbours(scores, positions, 1.0) == {"a": 0.3}
    assert smooth_with_neighbours({"x": 0.4}, {}, 1.0) == {"x": 0.4}


def test_smoothing_uses_original_scores_in_one_pass():
    scores = {"a": 1.0, "b": 0.0, "c": 0.0}
    positions = {"a": (0, 0), "b": (0, 1), "c": (0, 2)}
    smoothed = smooth_with_neighbours(scores, positions, 0.5)
    assert smoothed["c"] == 0.0  # not lifted through b's new score


@pytest.mark.parametrize("kwargs", [{"weight": -1.0}, {"weight": 0.1, "window": 0}])
def test_smoothing_rejects_invalid_parameters(kwargs):
    with pytest.raises(ValueError):
        smooth_with_neighbours({"a": 1.0}, {"a": (0, 0)}, **kwargs)


def test_positions_from_timestamps_split_sessions_on_gaps():
    t0 = datetime(2024, 1, 1, 12, 0)
    stamps = {"m1": t0, "m3": t0 + timedelta(minutes=2), "m2": t0 + timedelta(minutes=1),
              "m4": t0 + timedelta(hours=5)}
    positions = positions_from_timestamps(stamps, session_gap=timedelta(minutes=30))
    assert positions == {"m1": (0, 0), "m2": (0, 1), "m3": (0, 2), "m4": (1, 0)}


def test_only_linked_neighbours_lend_score():
    scores = {"fact": 1.0, "reply": 0.0, "next": 0.2}
    positions = {"fact": ("s", 1), "reply": ("s", 2), "next": ("s", 3)}
    linked = lambda a, b: {a, b} == {"reply", "next"}  # noqa: E731 - the fact and the reply are not one exchange
    out = smooth_with_neighbours(scores, positions, 0.5, linked=linked)
    assert out == {"fact": 1.0, "reply": 0.1, "next": 0.2}
    assert smooth_with_neighbours(scores, positions, 0.5)["reply"] == 0.5  # unlinked: every neighbour


def test_the_full_pipeline_links_adjacent_turns_by_their_similarity():
    from memcore.retrieval.full_pipeline import NEIGHBOUR_LINK, relevance

    common = dict(bm25={"f": 3.0, "a": 0.0, "u": 0.0}, cosine={"f": 0.9, "a": 0.1, "u": 0.1},
                  speakers={}, named_speakers=(), positions={"a": ("s", 0), "f": ("s", 1), "u": ("s", 2)})
    out = relevance(**common, links={("a", "f"): NEIGHBOUR_LINK + 0.1, ("f", "u"): NEIGHBOUR_LINK - 0.1})
    assert out["a"] > out["u"]  # the same exchange is raised, the unrelated next turn is not
    plain = relevance(**common)
    assert plain["a"] == plain["u"]
