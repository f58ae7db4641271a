"""Disambiguation as people talk (issue 12; spec in docs/disambiguation-spec.md).

Households and small workspaces, each knowing two or three Toms or Sarahs and a few people with a
name of their own, learn about them the way people actually talk: an introduction by relation, facts
spread over four sessions, first names alone and pronouns for the person being discussed, a role
revealed sessions later, small talk in between. Then queries name people by first name with zero,
one or two clues, and each is labelled by how many people of its household the clues fit.

Everything is generated from the seed (people_talk_households) and the vocabularies of
people_talk_vocabulary (written for this benchmark); this module runs and scores it. Each
household is its own tenant; its conversation goes through POST /v1/conversations/{session}/turns
and its queries through POST /v1/entities/resolve. Households are split (seeded, by household) into
a calibration half and a test half; every figure is reported for both. `voice` picks the vocabulary
("adult", "child", "business"; docs/people-talk-voices.md).

    from memclient.bench import people_talk
    result = people_talk.run(api_url, admin_token, Path("results/people-talk.json"))
    people_talk.print_result(result)
"""
from __future__ import annotations

import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import summary_ms, write_result
from .people_talk_households import CLUE_LESS_KINDS, HOUSEHOLDS, RESOLVABLE_KINDS, SEED, VOICES, generate

TARGETS = {"accuracy_among_resolved_min": 0.95, "clarification_rate_max": 0.10,
           "ask_rate_on_clue_less_min": 0.90, "resolve_p95_ms_max": 50}

__all__ = ["HOUSEHOLDS", "SEED", "VOICES", "generate", "print_result", "result_name", "run", "summarise"]


def result_name(seed: int | None, half: str | None, voice: str = "adult") -> str:
    """The result file's name (no suffix): the adult voice keeps its names (people-talk[-seed<N>][-<half>]);
    another voice is always named with its seed: people-talk-<voice>-seed<N>[-<half>]."""
    if voice != "adult":
        return f"people-talk-{voice}-seed{SEED if seed is None else seed}" + (f"-{half}" if half else "")
    return "people-talk" + (f"-seed{seed}" if seed is not None else "") + (f"-{half}" if half else "")


# ---------------------------------------------------------------------------------------------
# Running it against the API

def _ingest(client: MemoryClient, h: dict, bar) -> None:
    start = datetime(2024, 3, 4, 18, 0, tzinfo=timezone.utc) + timedelta(days=h["id"])
    for n, t in enumerate(h["turns"]):
        at = start + timedelta(days=5 * t["session"], minutes=n)
        client.add_turn(f"h{h['id']}-s{t['session']}", t["speaker"], t["text"], at=at.isoformat())
        bar.update(1)


def _entity_ids(client: MemoryClient, h: dict) -> dict[int, set[str]]:
    """Person -> the ids of the entities whose name or an alias is the person's full name."""
    out: dict[int, set[str]] = {}
    for i, p in enumerate(h["people"]):
        items = client._call("GET", "/v1/entities", params={"q": p["full"], "type": "person"})["items"]
        want = p["full"].lower()
        out[i] = {e["id"] for e in items
                  if e["name"].lower() == want or want in (a.lower() for a in e.get("aliases") or [])}
    return out


def _ask(client: MemoryClient, h: dict, entity_of: dict[int, set[str]], bar) -> list[dict]:
    rows = []
    for q in h["queries"]:
        start = time.perf_counter()
        body = client._call("POST", "/v1/entities/resolve", json={"text": q["text"]})
        ms = (time.perf_counter() - start) * 1000
        name = q["name"].lower()
        res = next((r for r in body["resolutions"] if name in r["surface"].lower().split()), None)
        missing = res is None
        if missing or res["entity_id"] is None:
            outcome = "asked"
        else:
            outcome = "correct" if res["entity_id"] in entity_of.get(q["person"], set()) else "wrong"
        picked = None
        if res is not None and res["entity_id"] is not None:
            picked = next((c["name"] for c in res.get("candidates") or [] if c.get("entity_id") == res["entity_id"]),
                          None)
        rows.append({**q, "outcome": outcome, "missing": missing, "status": (res or {}).get("status"),
                     "margin": (res or {}).get("margin"), "picked": picked,
                     "candidates": len((res or {}).get("candidates") or []), "ms": round(ms, 2)})
        bar.update(1)
    return rows


def _rates(rows: list[dict]) -> dict:
    resolvable = [r for r in rows if r["resolvable"]]
    clue_less = [r for r in rows if not r["resolvable"]]
    c = Counter(r["outcome"] for r in resolvable)
    resolved = c["correct"] + c["wrong"]
    return {
        "queries": len(rows), "resolvable_queries": len(resolvable), "clue_less_queries": len(clue_less),
        "accuracy_among_resolved": round(c["correct"] / resolved, 4) if resolved else None,
        "clarification_rate": round(c["asked"] / len(resolvable), 4) if resolvable else None,
        "ask_rate_on_clue_less": (round(sum(r["outcome"] == "asked" for r in clue_less) / len(clue_less), 4)
                                  if clue_less else None),
        "resolve_ms": summary_ms([r["ms"] for r in rows]) if rows else None,
    }


def _kind(rows: list[dict]) -> dict:
    c = Counter(r["outcome"] for r in rows)
    resolved = c["correct"] + c["wrong"]
    return {"queries": len(rows), "correct": c["correct"], "wrong": c["wrong"], "asked": c["asked"],
            "missing": sum(r["missing"] for r in rows),
            "accuracy_among_resolved": round(c["correct"] / resolved, 4) if resolved else None,
            "ask_rate": round(c["asked"] / len(rows), 4) if rows else None}


def summarise(rows: list[dict]) -> dict:
    """Metrics (pure): overall, per half, per kind (overall and per half)."""
    kinds = [k for k in (*RESOLVABLE_KINDS, *CLUE_LESS_KINDS) if any(r["kind"] == k for r in rows)]
    out = {**_rates(rows), "halves": {}, "by_kind": {k: _kind([r for r in rows if r["kind"] == k]) for k in kinds}}
    for half in ("calibration", "test"):
        hr = [r for r in rows if r["half"] == half]
        out["halves"][half] = {**_rates(hr), "by_kind": {k: _kind([r for r in hr if r["kind"] == k]) for k in kinds}}
    return out


def run(api_url: str, admin_token: str, out_path: Path | None = None, households: int = HOUSEHOLDS,
        seed: int = SEED, half: str | None = None, voice: str = "adult") -> dict:
    """`half`: "calibration" or "test" to run only that half's households (for tuning on calibration);
    `voice`: whose words the households are told and asked in (VOICES)."""
    started = time.perf_counter()
    data = generate(households, seed, voice)
    setting = VOICES[voice].settings
    if half:
        data = [h for h in data if h["half"] == half]
    clients = []
    for h in data:
        tenant = create_tenant(api_url, admin_token, f"people-talk-{h['id']}", [("owner", "user")],
                               kind=setting[h["workspace"]].tenant_kind)
        clients.append(MemoryClient(api_url, tenant["users"][0]["token"], timeout=300))
    with tqdm(total=sum(len(h["turns"]) for h in data), desc=f"ingest {households} households", unit="turn") as bar:
        for client, h in zip(clients, data):
            _ingest(client, h, bar)
    entity_of = [_entity_ids(c, h) for c, h in zip(clients, data)]
    rows: list[dict] = []
    with tqdm(total=sum(len(h["queries"]) for h in data), desc="resolve", unit="query") as bar:
        for client, h, ents in zip(clients, data, entity_of):
            rows += _ask(client, h, ents, bar)
    for c in clients:
        c.close()
    people = sum(len(h["people"]) for h in data)
    result = {
        "benchmark": "people-talk", "voice": voice, "seed": seed, "households": len(data), "half": half or "both",
        "workspaces": sum(h["workspace"] for h in data), "people": people,
        "turns": sum(len(h["turns"]) for h in data),
        "people_with_a_full_name_entity": sum(bool(ids) for e in entity_of for ids in e.values()),
        "people_with_several_full_name_entities": sum(len(ids) > 1 for e in entity_of for ids in e.values()),
        "targets": TARGETS, **summarise(rows),
        "wrong_examples": [{k: r[k] for k in ("half", "kind", "text", "full", "picked", "margin", "status")}
                           for r in rows if r["outcome"] == "wrong"][:25],
        "seconds": round(time.perf_counter() - started, 1),
    }
    write_result(out_path, result)
    return result


def print_result(result: dict) -> None:
    print(f"people-talk ({result.get('voice', 'adult')} voice, seed {result.get('seed')}): {result['households']} households ({result['workspaces']} workspaces), "
          f"{result['people']} people, {result['turns']} turns, {result['queries']} queries; "
          f"people with a full-name entity: {result['people_with_a_full_name_entity']}")
    for half in ("calibration", "test"):
        r = result["halves"][half]
        if not r["queries"]:
            continue
        print(f"  {half:11}: accuracy among resolved {r['accuracy_among_resolved']} (>= 0.95), "
              f"clarification rate {r['clarification_rate']} (<= 0.10), "
              f"ask rate on clue-less {r['ask_rate_on_clue_less']} (>= 0.90), "
              f"resolve p50/p95 {r['resolve_ms']['p50']}/{r['resolve_ms']['p95']} ms (p95 <= 50)")
    print(f"  overall    : accuracy {result['accuracy_among_resolved']}, clarification {result['clarification_rate']}, "
          f"ask on clue-less {result['ask_rate_on_clue_less']}")
    for k, c in result["by_kind"].items():
        print(f"  {k:12} {c}")
