"""Retrieve ranks a fact drawn from a turn as that turn would rank (issue 35): its type and its
salience and confidence give it no lead over other turns; a memory written as such keeps its own."""
from memory_api.read_pipeline import RECORD_CONFIDENCE, RECORD_SALIENCE, as_ranked


def test_a_fact_from_a_turn_ranks_as_a_turn():
    fact = {"layer": "knowledge", "source_turns": ["t1"], "type": "identity", "salience": 0.8, "confidence": 0.9}
    assert as_ranked(fact) == ("episodic", RECORD_SALIENCE, RECORD_CONFIDENCE)


def test_a_memory_of_no_turn_and_a_record_keep_their_own():
    written = {"layer": "knowledge", "source_turns": [], "type": "safety", "salience": 0.9, "confidence": 1.0}
    record = {"layer": "record", "source_turns": None, "type": "episodic", "salience": 0.6, "confidence": 0.7}
    assert as_ranked(written) == ("safety", 0.9, 1.0)
    assert as_ranked(record) == ("episodic", 0.6, 0.7)
