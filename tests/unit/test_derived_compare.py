"""The chaos run's comparison of derived data with its fault-free twin (issue 34): content keyed by
household, user, session and turn position; never by the ids or times a run generated."""
from uuid import uuid4

from memclient.bench import derived_compare
from memclient.bench.chaos import session_script


def _rows(text_of_summary="Session chaos-0 so far: Alice booked a trip.", promoted_on=(1, 2),
          fact_value="Lisbon", profile="Alice: booked a trip to Lisbon.", extra_turn=False) -> dict:
    """One run's rows, with fresh ids each call (as two databases would have)."""
    turns = [{"memory_id": uuid4(), "household": "chaos", "user": "u0", "session_id": "chaos-0", "session_seq": q,
              "text": f"turn {q}", "said_again": [{"s": "chaos-0", "q": 4}] if q == 1 else []}
             for q in (1, 2, 3) + ((5,) if extra_turn else ())]
    by_seq = {t["session_seq"]: t["memory_id"] for t in turns}
    return {
        "turns": list(reversed(turns)),  # the order rows come back in is not content
        "session_summaries": [{"household": "chaos", "user": "u0", "session_id": "chaos-0", "text": text_of_summary}],
        "promoted_facts": [{"household": "chaos", "user": "u0", "text": "Alice books trips", "value": None,
                            "links": [by_seq[q] for q in promoted_on]}],
        "knowledge_facts": [{"household": "chaos", "user": "u0", "subject": "Alice", "predicate": "trip_to",
                             "value": fact_value, "type": "episodic", "current": True,
                             "source_turns": [by_seq[3]]}],
        "entity_profiles": [{"household": "chaos", "user": "u0", "type": "person", "canonical_name": "Alice",
                             "profile_summary": profile}],
        "others": [],
    }


def _diff(a: dict, b: dict) -> list[dict]:
    return derived_compare.compare(derived_compare.snapshot(a), derived_compare.snapshot(b))


def test_the_same_content_under_other_ids_and_row_order_is_no_difference():
    assert _diff(_rows(), _rows()) == []


def test_a_summary_that_differs_is_reported_with_both_texts():
    [d] = _diff(_rows(), _rows(text_of_summary="Session chaos-0 so far: Alice."))
    assert (d["household"], d["section"], d["key"]) == ("chaos", "session_summaries", "u0 chaos-0")
    assert d["without_faults"] == ["Session chaos-0 so far: Alice booked a trip."]
    assert d["with_faults"] == ["Session chaos-0 so far: Alice."]


def test_a_promoted_fact_standing_on_other_turns_differs_though_its_text_is_the_same():
    [d] = _diff(_rows(promoted_on=(1, 2)), _rows(promoted_on=(1, 3)))
    assert d["section"] == "promoted_facts"
    assert d["without_faults"] == [[None, ["chaos-0#1", "chaos-0#2"]]]
    assert d["with_faults"] == [[None, ["chaos-0#1", "chaos-0#3"]]]


def test_a_fact_profile_or_turn_only_one_run_has_is_reported_in_its_section():
    diffs = _diff(_rows(), _rows(fact_value="Porto", profile="Alice.", extra_turn=True))
    assert sorted(d["section"] for d in diffs) == ["entity_profiles", "knowledge_facts", "knowledge_facts", "turns"]
    only_one = [d for d in diffs if d["section"] == "knowledge_facts" and d["without_faults"] is None]
    assert only_one[0]["key"] == "u0 | Alice | trip_to | Porto | episodic | current"
    assert only_one[0]["with_faults"] == [["chaos-0#3"]]


def test_counts_are_keyed_things_per_section():
    assert derived_compare.counts(derived_compare.snapshot(_rows())) == {
        "turns": 3, "session_summaries": 1, "promoted_facts": 1, "knowledge_facts": 1, "entity_profiles": 1}


def test_the_workload_is_the_same_for_a_seed_and_numbers_turns_in_order():
    texts = [f"sentence {i}" for i in range(50)]
    a, b = session_script(34, 3, texts, 40, 1.0), session_script(34, 3, texts, 40, 1.0)
    assert a == b and a != session_script(35, 3, texts, 40, 1.0)
    assert [s.turn for s in a if s.kind == "turn"] == list(range(1, sum(s.kind == "turn" for s in a) + 1))
    assert [s.session for s in a] == ["chaos-3"] * 20 + ["chaos-3-2"] * 20  # two sessions, one after the other


def test_the_done_criteria_say_which_hold_and_what_was_measured():
    from memclient.bench.chaos import done_criteria

    faulty = {"acknowledged_writes_lost": 0, "dead_letters": 0, "consumers_caught_up_after_last_recovery_s": 75.0,
              "server_errors_other_than_503": 0, "no_answer_by_phase": {"api killed: turn": 3, "redis away: turn": 1},
              "slowest_answer_s": {"turn": 4.2}, "sessions_cut_off": 0}
    twin = {"slowest_answer_s": {"contextify": 12.5}, "sessions_cut_off": 0}
    done = done_criteria(faulty, twin, differences=0)
    assert done["acknowledged_writes_lost_0"] == {"measured": 0, "holds": True}
    assert done["derived_data_identical_to_the_fault_free_twin"]["holds"]
    assert done["consumers_caught_up_within_60_s_of_the_last_recovery"] == {"measured": 75.0, "holds": False}
    assert done["no_dropped_connection_but_where_the_api_was_killed"] == {"measured": {"redis away: turn": 1},
                                                                          "holds": False}
    assert not done["load_runs_end_within_10_s_of_their_duration"]["holds"]  # the twin's 12.5 s answer
    assert not done_criteria(faulty, twin, differences=2)["derived_data_identical_to_the_fault_free_twin"]["holds"]
