"""The second retrieval benchmark's generator keeps to its spec (docs/assistant-chats-spec.md)."""
from collections import Counter

import pytest

from memclient.bench import assistant_chats as ac


@pytest.fixture(scope="module")
def data():
    return ac.generate()


def test_the_same_seed_gives_the_same_set_and_another_seed_another(data):
    assert ac.generate() == data
    assert ac.generate(seed=ac.SEED + 1) != data


def test_every_question_has_user_turns_as_gold(data):
    for u in data:
        turns = {t["uid"]: t for t in u["turns"]}
        for q in u["questions"]:
            assert q["gold"] and all(turns[g]["speaker"] == "user" for g in q["gold"]), q


def test_direct_and_paraphrase_are_told_apart_by_shared_words(data):
    for u in data:
        text = {t["uid"]: t["text"] for t in u["turns"]}
        for q in u["questions"]:
            shared = ac.stems(q["question"]) & set().union(*(ac.stems(text[g]) for g in q["gold"]))
            if q["kind"] == "paraphrase":
                assert not shared, q
            elif q["kind"] == "direct":
                assert shared, q


def test_every_kind_and_style_is_there_in_numbers(data):
    kinds = Counter(q["kind"] for u in data for q in u["questions"])
    styles = Counter(q["style"] for u in data for q in u["questions"])
    assert set(kinds) == set(ac.QUESTION_KINDS) and min(kinds.values()) >= 20, kinds
    assert min(styles.values()) >= 40, styles


def test_a_move_comes_two_sessions_after_the_home_and_a_hop_spans_two_sessions(data):
    for u in data:
        session = {t["uid"]: t["session"] for t in u["turns"]}
        hops = [q for q in u["questions"] if q["kind"] == "multi-hop"]
        assert hops and all(len(q["gold"]) == 2 and session[q["gold"][0]] < session[q["gold"][1]] for q in hops)
        moved = [q for q in u["questions"] if q["kind"] == "update"]
        assert moved and all(len(q["gold"]) == 1 and session[q["gold"][0]] >= 2 for q in moved)


def test_sessions_have_at_least_twelve_turns_and_assistant_turns_repeat_no_fact(data):
    for u in data:
        per = Counter(t["session"] for t in u["turns"])
        assert len(per) == ac.SESSIONS and min(per.values()) >= 12
        assert all(t["text"] in ac.REPLIES for t in u["turns"] if t["speaker"] == "assistant")
