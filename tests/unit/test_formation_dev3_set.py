"""The formation benchmark's third development set (memclient/bench/data/formation-dev3.jsonl, issue
35): a child with its companion, an adult with an assistant and a team's knowledge, written from the
spec without reading the extractor, in a "dev" half to tune on and a "check" half to check the tuning
on turns nobody tuned on. That each fact is held by its own card and by no sibling's is checked with
the first set, in test_formation_dev_set.py."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS

DEV3 = Path(formation.__file__).with_name("data") / "formation-dev3.jsonl"
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")
VOICES = ("child", "adult", "org")


def test_the_third_set_has_three_voices_in_both_halves_every_kind_and_every_type_in_each_voice():
    convs = formation.load(DEV3)
    turns = [t for c in convs for t in c["turns"]]
    owner_turns = [t for t in turns if t["speaker_role"] == "owner"]
    assert len(turns) >= 300
    assert all(re.fullmatch(rf"dev3-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    # 8 conversations a voice, alternating between the halves: 4 of each voice in each half
    halves = Counter((c["voice"], c["half"]) for c in convs)
    assert halves == {(v, h): 4 for v in VOICES for h in ("dev", "check")}, halves
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert not any(c["org"] for c in convs if c["voice"] != "org")
    assert {t["kind"] for t in turns} == {"knowledge", *NO_KNOWLEDGE_KINDS}
    assert all((t["kind"] == "knowledge") == bool(t["facts"]) for t in turns)
    assert all(t["kind"] == "assistant" for t in turns if t["speaker_role"] == "assistant")
    assert 0.3 <= sum(t["kind"] != "knowledge" for t in owner_turns) / len(owner_turns) <= 0.5
    facts = [f for t in turns for f in t["facts"]]
    assert all(f["type"] in f["types_ok"] for f in facts)
    for voice in VOICES:
        voice_facts = [f for c in convs if c["voice"] == voice for t in c["turns"] for f in t["facts"]]
        assert set(Counter(f["type"] for f in voice_facts)) == set(TYPES), voice
        assert {f["certainty"] for f in voice_facts} == {"stated", "hedged", "hearsay"}, voice


def test_no_owner_or_organisation_of_the_third_set_appears_in_the_other_sets():
    data = DEV3.parent
    others = [c for name in ("three-voices.jsonl", "formation-dev.jsonl", "formation-dev2.jsonl")
              for c in formation.load(data / name)]
    convs = formation.load(DEV3)
    assert not {c["owner"] for c in convs} & {c["owner"] for c in others}
    assert not {c["org"] for c in convs if c["org"]} & {c["org"] for c in others if c["org"]}


def test_the_benchmark_knows_both_halves_and_every_voice_of_the_third_set():
    convs = formation.load(DEV3)
    assert {c["half"] for c in convs} <= set(formation.HALVES)
    assert {c["voice"] for c in convs} <= set(formation.VOICES)
    assert [c["conversation"] for c in formation.load(DEV3, "dev")] == [
        c["conversation"] for c in convs if c["half"] == "dev"]
    assert [c["conversation"] for c in formation.load(DEV3, "check")] == [
        c["conversation"] for c in convs if c["half"] == "check"]
