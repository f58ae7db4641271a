"""The formation benchmark's fifth labelled set (memclient/bench/data/formation-dev5.jsonl, issue 35):
a child with its companion, an adult with an assistant and a team's knowledge, written from
docs/formation-spec.md without reading the extractor, in a "dev" half to tune on and a "check" half
that nobody tunes on (the unseen yardstick). That each fact is held by its own card and by no
sibling's is checked with the other sets, in test_formation_dev_set.py."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS

DEV5 = Path(formation.__file__).with_name("data") / "formation-dev5.jsonl"
TYPES = ("preference", "relationship", "identity", "routine", "skill", "safety", "process", "semantic", "episodic")
VOICES = ("child", "adult", "org")


def test_the_fifth_set_has_three_voices_in_equal_share_in_both_halves():
    convs = formation.load(DEV5)
    turns = [t for c in convs for t in c["turns"]]
    assert len(turns) >= 330 and len(convs) >= 24
    assert all(re.fullmatch(rf"dev5-{c['voice']}-\d\d", c["conversation"]) for c in convs)
    # 8 conversations a voice, alternating between the halves: 4 of each voice in each half
    halves = Counter((c["voice"], c["half"]) for c in convs)
    assert halves == {(v, h): 4 for v in VOICES for h in ("dev", "check")}, halves
    per_voice = Counter(c["voice"] for c in convs for _ in c["turns"])
    assert max(per_voice.values()) <= 1.2 * min(per_voice.values()), per_voice
    assert all(c["org"] for c in convs if c["voice"] == "org")
    assert not any(c["org"] for c in convs if c["voice"] != "org")


def test_each_conversation_lies_wholly_in_one_half_with_its_turns_in_order():
    rows = [json.loads(line) for line in DEV5.read_text().splitlines() if line.strip()]
    by_conversation: dict[str, list[dict]] = {}
    for r in rows:
        by_conversation.setdefault(r["conversation"], []).append(r)
    for cid, conv_rows in by_conversation.items():
        assert len({(r["half"], r["voice"], r["owner"], r["org"]) for r in conv_rows}) == 1, cid
        assert [r["seq"] for r in conv_rows] == list(range(len(conv_rows))), cid


def test_every_kind_every_type_and_every_certainty_in_each_voice():
    convs = formation.load(DEV5)
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


def test_no_owner_or_organisation_of_the_fifth_set_appears_in_the_other_sets():
    data = DEV5.parent
    others = [c for path in sorted(data.glob("*.jsonl")) if path != DEV5 for c in formation.load(path)]
    assert others
    convs = formation.load(DEV5)
    assert not {c["owner"] for c in convs} & {c["owner"] for c in others}
    assert not {c["org"] for c in convs if c["org"]} & {c["org"] for c in others if c["org"]}


def test_the_benchmark_loads_each_half_of_the_fifth_set_whole():
    convs = formation.load(DEV5)
    assert {c["half"] for c in convs} == {"dev", "check"} <= set(formation.HALVES)
    assert {c["voice"] for c in convs} <= set(formation.VOICES)
    for half in ("dev", "check"):
        assert [c["conversation"] for c in formation.load(DEV5, half)] == [
            c["conversation"] for c in convs if c["half"] == half]
