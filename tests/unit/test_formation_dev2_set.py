"""The formation benchmark's second development set (memclient/bench/data/formation-dev2.jsonl, issue
35): an adult with an assistant and a team's knowledge, written without reading the extractor, in a
"dev" half to tune on and a "check" half to check the tuning on turns nobody tuned on. That each fact
is held by its own card and by no sibling's is checked with the first set, in test_formation_dev_set.py."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS

DEV2 = Path(formation.__file__).with_name("data") / "formation-dev2.jsonl"
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")


def test_the_second_set_has_two_voices_in_both_halves_every_kind_and_every_type_in_each_voice():
    convs = formation.load(DEV2)
    turns = [t for c in convs for t in c["turns"]]
    owner_turns = [t for t in turns if t["speaker_role"] == "owner"]
    assert len(turns) >= 300
    assert all(re.fullmatch(rf"dev2-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    # 13 conversations a voice, alternating between the halves: 6 or 7 of each voice in each half
    halves = Counter((c["voice"], c["half"]) for c in convs)
    assert set(halves) == {(v, h) for v in ("adult", "org") for h in ("dev", "check")}
    assert all(n in (6, 7) for n in halves.values()), halves
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert {t["kind"] for t in turns} <= {"knowledge", *NO_KNOWLEDGE_KINDS}
    assert all((t["kind"] == "knowledge") == bool(t["facts"]) for t in turns)
    assert all(t["kind"] == "assistant" for t in turns if t["speaker_role"] == "assistant")
    assert 0.28 <= sum(t["kind"] != "knowledge" for t in owner_turns) / len(owner_turns) <= 0.5
    facts = [f for t in turns for f in t["facts"]]
    assert {f["certainty"] for f in facts} == {"stated", "hedged", "hearsay"}
    assert all(f["type"] in f["types_ok"] for f in facts)
    for voice in ("adult", "org"):
        types = Counter(f["type"] for c in convs if c["voice"] == voice for t in c["turns"] for f in t["facts"])
        assert set(types) == set(TYPES), (voice, types)


def test_the_benchmark_knows_both_halves_of_the_second_set():
    convs = formation.load(DEV2)
    assert {c["half"] for c in convs} <= set(formation.HALVES)
    assert [c["conversation"] for c in formation.load(DEV2, "check")] == [
        c["conversation"] for c in convs if c["half"] == "check"]
