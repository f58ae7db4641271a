"""The formation benchmark's fourth to twelfth labelled sets (memclient/bench/data/formation-dev4.jsonl to
formation-dev12.jsonl, issue 35): a child with its companion, an adult with an assistant and a team's knowledge,
each written from docs/formation-spec.md without reading the extractor, in a "dev" half and a "check" half that
nobody tunes on (the yardstick for whether a change generalises; the twelfth set's check half is the one still
unseen). That each fact is held by its own card and by no sibling's is checked with
the other sets, in test_formation_dev_set.py."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS

DATA = Path(formation.__file__).with_name("data")
SETS = {"dev4": (DATA / "formation-dev4.jsonl", 320), "dev5": (DATA / "formation-dev5.jsonl", 330),
        "dev6": (DATA / "formation-dev6.jsonl", 330), "dev7": (DATA / "formation-dev7.jsonl", 330),
        "dev8": (DATA / "formation-dev8.jsonl", 330), "dev9": (DATA / "formation-dev9.jsonl", 330),
        "dev10": (DATA / "formation-dev10.jsonl", 330), "dev11": (DATA / "formation-dev11.jsonl", 330),
        "dev12": (DATA / "formation-dev12.jsonl", 330)}  # file, fewest turns
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")
VOICES = ("child", "adult", "org")
yardsticks = pytest.mark.parametrize("name", sorted(SETS))


@yardsticks
def test_the_set_has_three_voices_in_equal_share_in_both_halves(name):
    path, fewest_turns = SETS[name]
    convs = formation.load(path)
    turns = [t for c in convs for t in c["turns"]]
    assert len(turns) >= fewest_turns and len(convs) >= 24
    assert all(re.fullmatch(rf"{name}-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    # 8 conversations a voice, alternating between the halves: 4 of each voice in each half
    halves = Counter((c["voice"], c["half"]) for c in convs)
    assert halves == {(v, h): 4 for v in VOICES for h in ("dev", "check")}, halves
    per_voice = Counter(c["voice"] for c in convs for _ in c["turns"])
    assert max(per_voice.values()) <= 1.2 * min(per_voice.values()), per_voice
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert not any(c["org"] for c in convs if c["voice"] != "org")


@yardsticks
def test_each_conversation_lies_wholly_in_one_half_with_its_turns_in_order(name):
    rows = [json.loads(line) for line in SETS[name][0].read_text().splitlines() if line.strip()]
    by_conversation: dict[str, list[dict]] = {}
    for r in rows:
        by_conversation.setdefault(r["conversation"], []).append(r)
    for cid, conv_rows in by_conversation.items():
        assert len({(r["half"], r["voice"], r["owner"], r["org"]) for r in conv_rows}) == 1, cid
        assert [r["seq"] for r in conv_rows] == list(range(len(conv_rows))), cid


@yardsticks
def test_every_kind_every_type_and_every_certainty_in_each_voice(name):
    convs = formation.load(SETS[name][0])
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


@yardsticks
def test_no_owner_or_organisation_of_the_set_appears_in_the_other_sets(name):
    path = SETS[name][0]
    others = [c for other in sorted(DATA.glob("*.jsonl")) if other != path for c in formation.load(other)]
    assert others
    convs = formation.load(path)
    assert not {c["owner"] for c in convs} & {c["owner"] for c in others}
    assert not {c["org"] for c in convs if c["org"]} & {c["org"] for c in others if c["org"]}


@yardsticks
def test_the_benchmark_loads_each_half_of_the_set_whole(name):
    path = SETS[name][0]
    convs = formation.load(path)
    assert {c["half"] for c in convs} == {"dev", "check"} <= set(formation.HALVES)
    assert {c["voice"] for c in convs} <= set(formation.VOICES)
    for half in ("dev", "check"):
        assert [c["conversation"] for c in formation.load(path, half)] == [
            c["conversation"] for c in convs if c["half"] == half]
