"""The formation benchmark's fourth labelled set (memclient/bench/data/formation-dev4.jsonl, issue 35):
a child with its companion, an adult with an assistant and a team's knowledge, written from
docs/formation-spec.md without reading the extractor, in a "dev" half and a "check" half that nobody
tunes on (the yardstick for whether a change generalises). That each fact is held by its own card
and by no sibling's is checked with the other sets, in test_formation_dev_set.py."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS

DEV4 = Path(formation.__file__).with_name("data") / "formation-dev4.jsonl"
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")
VOICES = ("child", "adult", "org")


def test_the_fourth_set_has_three_voices_in_equal_share_in_both_halves():
    convs = formation.load(DEV4)
    turns = [t for c in convs for t in c["turns"]]
    assert len(turns) >= 320 and len(convs) >= 24
    assert all(re.fullmatch(rf"dev4-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    # 8 conversations a voice, alternating between the halves: 4 of each voice in each half
    halves = Counter((c["voice"], c["half"]) for c in convs)
    assert halves == {(v, h): 4 for v in VOICES for h in ("dev", "check")}, halves
    per_voice = Counter(c["voice"] for c in convs for _ in c["turns"])
    assert max(per_voice.values()) <= 1.2 * min(per_voice.values()), per_voice
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert not any(c["org"] for c in convs if c["voice"] != "org")


def test_every_kind_every_type_and_every_certainty_in_each_voice():
    convs = formation.load(DEV4)
    turns = [t for c in convs for t in c["turns"]]
    owner_turns = [t for t in turns if t["speaker_role"] == "owner"]
    assert {t["kind"] for t in turns} == {"knowledge", *NO_KNOWLEDGE_KINDS}
    assert all((t["kind"] == "knowledge") == bool(t["facts"]) for t in turns)
    assert all(t["kind"] == "assistant" for t in turns if t["speaker_role"] == "assistant")
    assert 0.3 <= sum(t["kind"] != "knowledge" for t in owner_turns) / len(owner_turns) <= 0.5
    assert all(f["type"] in f["types_ok"] for t in turns for f in t["facts"])
    for voice in VOICES:
        voice_facts = [f for c in convs if c["voice"] == voice for t in c["turns"] for f in t["facts"]]
        assert set(Counter(f["type"] for f in voice_facts)) == set(TYPES), voice
        assert {f["certainty"] for f in voice_facts} == {"stated", "hedged", "hearsay"}, voice


def test_no_owner_or_organisation_of_the_fourth_set_appears_in_the_other_sets():
    data = DEV4.parent
    others = [c for path in sorted(data.glob("*.jsonl")) if path != DEV4 for c in formation.load(path)]
    assert others
    convs = formation.load(DEV4)
    assert not {c["owner"] for c in convs} & {c["owner"] for c in others}
    assert not {c["org"] for c in convs if c["org"]} & {c["org"] for c in others if c["org"]}


def test_the_benchmark_loads_each_half_of_the_fourth_set_whole():
    convs = formation.load(DEV4)
    assert {c["half"] for c in convs} == {"dev", "check"} <= set(formation.HALVES)
    assert {c["voice"] for c in convs} <= set(formation.VOICES)
    for half in ("dev", "check"):
        assert [c["conversation"] for c in formation.load(DEV4, half)] == [
            c["conversation"] for c in convs if c["half"] == half]
