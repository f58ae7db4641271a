"""The formation benchmark's development set (memclient/bench/data/formation-dev.jsonl, issue 35): a
second labelled set to tune the extractor on, in five voices, that the benchmark can load and score.
The card check also runs over formation-dev2.jsonl to formation-dev12.jsonl (their shapes:
test_formation_dev2_set.py, test_formation_dev3_set.py, test_formation_dev4_set.py, the last for the fourth
to the twelfth; the twelfth set's check half is the one still unseen)."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS, Fact, Memory, holds, owner_aliases

DEV = Path(formation.__file__).with_name("data") / "formation-dev.jsonl"
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")


def test_the_development_set_has_five_voices_every_kind_and_every_type():
    convs = formation.load(DEV, "dev")
    turns = [t for c in convs for t in c["turns"]]
    owner_turns = [t for t in turns if t["speaker_role"] == "owner"]
    assert len(turns) >= 360 and len(convs) >= 30
    assert {c["voice"] for c in convs} == {"child", "teen", "adult", "older", "org"}
    assert all(c["half"] == "dev" and re.fullmatch(rf"dev-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert {t["kind"] for t in turns} == {"knowledge", *NO_KNOWLEDGE_KINDS}
    assert all((t["kind"] == "knowledge") == bool(t["facts"]) for t in turns)
    assert all(t["kind"] == "assistant" for t in turns if t["speaker_role"] == "assistant")
    assert 0.3 <= sum(t["kind"] != "knowledge" for t in owner_turns) / len(owner_turns) <= 0.5
    types = Counter(f["type"] for t in turns for f in t["facts"])
    assert set(types) == set(TYPES) and min(types.values()) >= 15, types
    assert {f["certainty"] for t in turns for f in t["facts"]} == {"stated", "hedged", "hearsay"}


@pytest.mark.parametrize("data", [DEV, DEV.with_name("formation-dev2.jsonl"), DEV.with_name("formation-dev3.jsonl"),
                                  DEV.with_name("formation-dev4.jsonl"), DEV.with_name("formation-dev5.jsonl"),
                                  DEV.with_name("formation-dev6.jsonl"), DEV.with_name("formation-dev7.jsonl"),
                                  DEV.with_name("formation-dev8.jsonl"), DEV.with_name("formation-dev9.jsonl"),
                                  DEV.with_name("formation-dev10.jsonl"), DEV.with_name("formation-dev11.jsonl"),
                                  DEV.with_name("formation-dev12.jsonl")],
                         ids=["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11",
                              "dev12"])
def test_every_dev_fact_is_held_by_its_own_card_and_by_no_sibling_card(data):
    for c in formation.load(data):
        aliases = owner_aliases(c["owner"], c["org"])
        for t in c["turns"]:
            siblings = [Fact.from_label(f) for f in t["facts"]]
            for f in siblings:
                assert f.type in f.types_ok, json.dumps(t)
                card = Memory("m", f.type, f"{f.subject} {f.values[0]} {(f.relation or [''])[0]}", f.subject,
                              f.predicate, f.values[0], 0.8, (t["seq"],)).prepare(aliases)
                assert [holds(card, g, siblings) for g in siblings] == [g is f for g in siblings], json.dumps(t)


def test_the_benchmark_knows_the_dev_half_and_every_voice_of_the_set():
    convs = formation.load(DEV)
    assert {c["half"] for c in convs} <= set(formation.HALVES)
    assert {c["voice"] for c in convs} <= set(formation.VOICES) == set(formation.TENANT)
    # a teenager is a child member of the household, with the teenage age band
    assert formation.TENANT["teen"] == ("household", "child") and formation.AGE_BAND["teen"] == "13_17"
