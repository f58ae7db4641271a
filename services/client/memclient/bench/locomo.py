"""LoCoMo retrieval quality through the API: BM25 alone, vector alone, plain RRF and the full pipeline.

Each conversation is one owner; each turn is ingested as its own utterance (POST .../turns) with
its session time. A hit is a returned memory whose origin is a gold evidence turn; derived
memories (summaries) are excluded from retrieval.
"""
from __future__ import annotations

import json
import re
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from . import entity_quality
from .metrics import StageTimes, ndcg_at, recall_at, summary_ms, write_result

MODES = ("bm25", "vector", "rrf", "full")
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def result_name(data: Path) -> str:
    """The result file's name for a run on `data` (results/<name>.json): `locomo` for the labelled dev
    set, else the data set's folder name, so that a run on other data never overwrites it."""
    name = re.sub(r"[^A-Za-z0-9_.]+", "-", Path(data).name).strip("-")
    if name == entity_quality.LABELLED_DATA:
        return "locomo"
    return name if name.startswith("locomo") else f"locomo-{name}"


def load(data: Path) -> tuple[dict[str, list[dict]], list[dict]]:
    turns: dict[str, list[dict]] = defaultdict(list)
    for line in (data / "memories.jsonl").read_text().splitlines():
        if line.strip():
            t = json.loads(line)
            turns[t["conversation_id"]].append(t)
    queries = [json.loads(line) for line in (data / "queries.jsonl").read_text().splitlines() if line.strip()]
    return turns, queries


def _ts(t: dict) -> str:
    ts = t["timestamp"]
    return ts if ("+" in ts[10:] or ts.endswith("Z")) else ts + "Z"


def entity_report(client: MemoryClient) -> dict:
    """The owner's entities (every page of GET /v1/entities) and any that share a type and name:
    a repeated name or alias must never create a second entity."""
    items, cursor = [], None
    while True:
        page = client._call("GET", "/v1/entities", params={"limit": 200, **({"cursor": cursor} if cursor else {})})
        items += page["items"]
        cursor = page.get("next_cursor")
        if not cursor:
            break
    seen: dict[tuple[str, str], int] = defaultdict(int)
    for e in items:
        seen[(e["type"], e["name"].lower())] += 1
    return {"count": len(items),
            "by_type": dict(sorted(Counter(e["type"] for e in items).items())),
            "duplicates": sorted(f"{t}:{n} x{c}" for (t, n), c in seen.items() if c > 1),
            "names": sorted(f"{e['type']}:{e['name']}" for e in items)}


def run(api_url: str, admin_token: str, data: Path, out: Path | None = None, limit_conversations: int | None = None) -> dict:
    turns, queries = load(data)
    convs = sorted(turns)[:limit_conversations] if limit_conversations else sorted(turns)
    owners: dict[str, MemoryClient] = {}
    ingest_ms: list[float] = []
    ingest_stages = StageTimes()
    retrieve_stages = StageTimes()
    run_id = uuid.uuid4().hex[:8]
    for conv in convs:
        tenant = create_tenant(api_url, admin_token, f"locomo-{conv}", [(conv, "user")], kind="organisation")
        client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=120)
        owners[conv] = client
        for t in tqdm(sorted(turns[conv], key=lambda t: (t["session"], t["turn"])), desc=f"ingest {conv}", unit="turn"):
            start = time.perf_counter()
            body = client.add_turn(f"{conv}-s{t['session']}", t["speaker"], t["text"], at=_ts(t),
                                   image_caption=t.get("image_caption"), origin_ref=t["uid"],
                                   idempotency_key=f"{run_id}-{t['uid']}")
            ingest_ms.append((time.perf_counter() - start) * 1000)
            ingest_stages.add(body)

    per = {m: defaultdict(lambda: {"r5": [], "r10": [], "ndcg10": []}) for m in MODES}
    query_ms: list[float] = []
    qs = [q for q in queries if q["conversation_id"] in owners and q.get("evidence")]
    for q in tqdm(qs, desc="queries", unit="q"):
        client = owners[q["conversation_id"]]
        gold = {f"{q['conversation_id']}:{e}" for e in q["evidence"]}
        for mode in MODES:
            start = time.perf_counter()
            body = client._call("POST", "/v1/memory/retrieve", json={
                "query": q["question"], "k": 10, "mode": mode, "filters": {"types": None}})
            if mode == "full":
                query_ms.append((time.perf_counter() - start) * 1000)
                retrieve_stages.add(body)  # where the time went: the handler's stages
                retrieve_stages.add_value("handler", body["took_ms"])
            ranked: list[str] = []
            for item in body["items"]:
                if item["memory"]["type"] == "summary":
                    continue
                ranked.append(item["memory"]["origin_ref"] or "")
            cat = q["category"]
            per[mode][cat]["r5"].append(recall_at(ranked, gold, 5))
            per[mode][cat]["r10"].append(recall_at(ranked, gold, 10))
            per[mode][cat]["ndcg10"].append(ndcg_at(ranked, gold, 10))

    result = {"data": str(data), "conversations": convs, "queries": len(qs), "modes": {}}
    for mode in MODES:
        cats = {}
        for cat, m in sorted(per[mode].items()):
            cats[str(cat)] = {"name": CATEGORY_NAMES.get(cat, str(cat)), "n": len(m["r10"]),
                              **{k: round(mean(v), 4) for k, v in m.items()}}
        main = [c for c in per[mode] if c in (1, 2, 3, 4)]
        all14 = {k: [x for c in main for x in per[mode][c][k]] for k in ("r5", "r10", "ndcg10")}
        cats["1-4"] = {"n": len(all14["r10"]), **{k: round(mean(v), 4) if v else None for k, v in all14.items()}}
        result["modes"][mode] = cats
    result["ingest_ms_per_turn"] = summary_ms(ingest_ms)
    result["ingest_stages_ms"] = ingest_stages.summary()
    result["retrieve_ms_full"] = summary_ms(query_ms)
    result["retrieve_stages_ms"] = retrieve_stages.summary()
    result["entities"] = {conv: entity_report(client) for conv, client in owners.items()}
    quality = entity_quality.quality_for(data, result["entities"])
    if quality is not None:
        result["entity_quality"] = quality
        entity_quality.append_history(quality, result["modes"].get("full", {}).get("1-4", {}).get("r10"))
    for c in owners.values():
        c.close()
    write_result(out, without_names(result))
    return result


def without_names(result: dict) -> dict:
    """What results/ keeps of a run: entity names come from the benchmark's conversations, so the
    file keeps their counts (the names are printed by the run, for review, and not written)."""
    kept = dict(result)
    kept["entities"] = {conv: {"count": e["count"], "by_type": e["by_type"], "duplicates": len(e["duplicates"])}
                        for conv, e in result.get("entities", {}).items()}
    if "entity_quality" in result:
        kept["entity_quality"] = {k: v for k, v in result["entity_quality"].items() if k != "not_people"}
    return kept


def print_table(result: dict) -> None:
    print(f"\nLoCoMo ({result['queries']} questions, conversations {', '.join(result['conversations'])})")
    print(f"{'mode':8} {'cat':12} {'n':>4} {'R@5':>7} {'R@10':>7} {'nDCG@10':>8}")
    for mode, cats in result["modes"].items():
        for cat, m in cats.items():
            name = m.get("name", "mean 1-4") if cat != "1-4" else "mean 1-4"
            print(f"{mode:8} {name:12} {m['n']:>4} {m['r5'] or 0:>7.3f} {m['r10'] or 0:>7.3f} {m['ndcg10'] or 0:>8.3f}")
    print(f"ingest per turn (ms): {result['ingest_ms_per_turn']}")
    print(f"retrieve full (ms):   {result['retrieve_ms_full']}")
    for conv, e in result.get("entities", {}).items():
        print(f"entities {conv}: {e['count']} {e['by_type']}; duplicates: {', '.join(e['duplicates']) or 'none'}")
    q = result.get("entity_quality")
    if q is None:
        print(f"person entities that are people: not measured (the labels cover {entity_quality.LABELLED_DATA} only)")
    if q:
        print(f"person entities that are people (labelled sample): {q['people']} of {q['person_entities']} "
              f"= {q['share']} (target >= 0.90); counted as not people: {', '.join(q['not_people']) or 'none'}")
