"""The formation benchmark's second development set (memclient/bench/data/formation-dev2.jsonl, issue
35): an adult with an assistant and a team's knowledge, written without reading the extractor, in a
"dev" half to tune on and a "check" half to check the tuning on turns nobody tuned on."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from memclient.bench import formation
from memclient.bench.formation_scoring import NO_KNOWLEDGE_KINDS, Fact, Memory, holds, owner_aliases

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
    assert {f["certainty"] for t in turns for f in t["facts"]} == {"stated", "hedged", "hearsay"}
    for voice in ("adult", "org"):
        types = Counter(f["type"] for c in convs if c["voice"] == voice for t in c["turns"] for f in t["facts"])
        assert set(types) == set(TYPES), (voice, types)


def test_every_dev2_fact_is_held_by_its_own_card_and_by_no_sibling_card():
    for c in formation.load(DEV2):
        aliases = owner_aliases(c["owner"], c["org"])
        for t in c["turns"]:
            siblings = [Fact.from_label(f) for f in t["facts"]]
            for f in siblings:
                assert f.type in f.types_ok and f.certainty in ("stated", "hedged", "hearsay"), json.dumps(t)
                card = Memory("m", f.type, f"{f.subject} {f.values[0]} {(f.relation or [''])[0]}", f.subject,
                              f.predicate, f.values[0], 0.8, (t["seq"],)).prepare(aliases)
                assert [holds(card, g, siblings) for g in siblings] == [g is f for g in siblings], json.dumps(t)


def test_the_benchmark_knows_both_halves_of_the_second_set():
    convs = formation.load(DEV2)
    assert {c["half"] for c in convs} <= set(formation.HALVES)
    assert [c["conversation"] for c in formation.load(DEV2, "check")] == [
        c["conversation"] for c in convs if c["half"] == "check"]
