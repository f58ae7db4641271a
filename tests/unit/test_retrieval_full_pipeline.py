from memcore.retrieval.full_pipeline import path_bonus, relevance


def test_both_signals_count_and_the_named_speaker_is_preferred():
    bm25 = {"a": 10.0, "b": 5.0, "c": 0.0}
    cos = {"a": 0.2, "b": 0.6, "c": 0.1}
    speakers = {"a": "Omar", "b": "Priya", "c": "Priya"}
    plain = relevance(bm25, cos, speakers, [], {})
    assert plain["a"] > plain["c"] and plain["b"] > plain["c"]
    boosted = relevance(bm25, cos, speakers, ["Priya"], {})
    assert boosted["b"] > boosted["a"], "the turn spoken by the named speaker moves up"


def test_neighbours_lift_the_answer_next_to_the_question():
    bm25 = {"q": 8.0, "ans": 0.5, "far": 1.0}
    cos = {"q": 0.7, "ans": 0.3, "far": 0.35}
    pos = {"q": ("s1", 4), "ans": ("s1", 5), "far": ("s2", 9)}
    scores = relevance(bm25, cos, {}, [], pos)
    assert scores["ans"] > scores["far"]


def test_entity_path_brings_a_definition_that_shares_no_word():
    bm25 = {"trivia": 9.0, "definition": 0.0}
    cos = {"trivia": 0.6, "definition": 0.1}
    scores = relevance(bm25, cos, {}, [], {}, {"entity": ["definition"]})
    assert scores["definition"] > 0.4
    assert path_bonus({"entity": ["x", "y"]})["x"] > path_bonus({"entity": ["x", "y"]})["y"]
