"""`memctl bench tracking`: the tracking cases of issue 37 through the API (cases: tracking_cases).

Each case is its own tenant. What is checked, per class:
  * topic pronoun - after the last turn, GET /v1/sessions/{id}/entities resolves the pronoun to the
    topic's person (an entity named by a word of their name), and to no one else;
  * it thing - the same endpoint resolves "it" to the thing (its name), not to an organisation;
  * passing person - the person said in passing is an entity of their own (one person of that name
    whose memories carry the clue); POST /v1/entities/resolve on the later question picks them; on
    the clue-less line it asks;
  * asking while answering - POST /v1/memory/contextify (300 tokens) asks which one (the name, two
    or more candidates), and its context carries the process and, for every candidate, a cited
    memory of theirs that says who they are.
A case passes when all of its checks pass; every check is reported too, per class and half.

    from memclient.bench import tracking
    tracking.print_result(tracking.run(api_url, admin_token, Path("results/tracking-seed3301-test.json")))
"""
from __future__ import annotations

import re
import time
from collections import defaultdict
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from . import tracking_cases
from .metrics import write_result

BUDGET = 300
_CITED = re.compile(r"\[memory:([0-9a-f-]{36})\]")


def _turn(client: MemoryClient, session: str, text: str, at: str | None = None) -> None:
    client.add_turn(session, "user", text, at=at)


def _teach(client: MemoryClient, lines: list[str]) -> None:
    for i, text in enumerate(lines):
        _turn(client, "known", text, f"2026-01-{i + 1:02d}T10:00:00Z")


def _pronouns(client: MemoryClient, session: str) -> list[str]:
    state = client._call("GET", f"/v1/sessions/{session}/entities")
    return [p["name"] for p in state["pronouns"] if p.get("name")]


def check_topic(client: MemoryClient, case: dict) -> dict:
    _teach(client, case["known"])
    for text in case["session"]:
        _turn(client, "now", text)
    names = _pronouns(client, "now")
    want = set(case["expected"].lower().split())  # "Sorensen" for "Rosalind Sorensen" is still them
    return {"pronoun is the topic's person": bool(names) and all(set(n.lower().split()) & want for n in names),
            "resolved": names}


def check_it(client: MemoryClient, case: dict) -> dict:
    _teach(client, case["known"])
    for text in case["session"]:
        _turn(client, "now", text)
    names = _pronouns(client, "now")
    want = case["expected"].lower()
    return {"it is the thing": bool(names) and all(n.split()[0].lower() == want for n in names), "resolved": names}


def _resolution(client: MemoryClient, text: str, name: str) -> dict | None:
    body = client._call("POST", "/v1/entities/resolve", json={"text": text})
    return next((r for r in body["resolutions"] if name.lower() in r["surface"].lower().split()), None)


def check_passing(client: MemoryClient, case: dict) -> dict:
    _teach(client, case["known"])
    _turn(client, "passing", "We had a quiet weekend at home.", "2026-02-01T09:00:00Z")
    _turn(client, "passing", case["passing"], "2026-02-01T09:05:00Z")
    items = client._call("GET", "/v1/entities", params={"q": case["name"], "type": "person", "limit": 50})["items"]
    said = [e["id"] for e in items
            if any(case["clue"] in m["text"].lower() for m in client._call("GET", f"/v1/entities/{e['id']}")["memories"])]
    later = _resolution(client, case["later"], case["name"])
    clue_less = _resolution(client, case["no_clue"], case["name"])
    return {"an entity of their own": len(said) == 1,
            "later question picks them": len(said) == 1 and later is not None and later["entity_id"] == said[0],
            "no clue asks": clue_less is None or clue_less["entity_id"] is None,
            "later": (later or {}).get("status")}


def check_asking(client: MemoryClient, case: dict) -> dict:
    for i, (text, _) in enumerate(case["identities"]):
        _turn(client, f"who-{i}", text, f"2025-0{i + 1}-10T09:00:00Z")
    _turn(client, "process", case["process"], "2025-05-02T14:00:00Z")
    for i, text in enumerate(case["mentions"]):
        _turn(client, f"m-{i % 6}", text, f"2026-{1 + i % 9:02d}-{1 + i % 27:02d}T12:00:00Z")
    body = client._call("POST", "/v1/memory/contextify", json={"query": case["query"], "token_budget": BUDGET})
    clar = body.get("clarification") or {}
    asked = (clar.get("name") or "").lower() == case["name"].lower() and len(clar.get("candidates") or []) >= 2
    cited = set(_CITED.findall(body.get("context") or ""))
    identified = 0
    for cand in clar.get("candidates") or []:
        theirs = {m["id"]: m["text"] for m in client._call("GET", f"/v1/entities/{cand['entity_id']}")["memories"]}
        lines = [theirs[m] for m in cited & set(theirs)]
        identified += any(re.search(p, t, re.I) for t in lines for _, p in case["identities"])
    return {"asks which one": asked,
            "process in the context": bool(re.search(case["process_marker"], body.get("context") or "")),
            "a line on every candidate": asked and identified == len(clar["candidates"]),
            "tokens": body.get("tokens_used")}


CHECKS = {"topic pronoun": check_topic, "it thing": check_it, "passing person": check_passing,
          "asking while answering": check_asking}


def summarise(rows: list[dict]) -> dict:
    """Per half and class: cases, cases passed (every check), and each check's pass count (pure)."""
    out: dict = {}
    for half in ("calibration", "test"):
        by_class: dict = {}
        for kind in tracking_cases.CLASSES:
            rs = [r for r in rows if r["half"] == half and r["class"] == kind]
            if not rs:
                continue
            checks: dict[str, int] = defaultdict(int)
            for r in rs:
                for name, ok in r["checks"].items():
                    checks[name] += bool(ok)
            by_class[kind] = {"cases": len(rs), "passed": sum(r["passed"] for r in rs),
                              "pass_rate": round(sum(r["passed"] for r in rs) / len(rs), 4), "checks": dict(checks)}
        if by_class:
            total = sum(c["cases"] for c in by_class.values())
            out[half] = {"cases": total, "passed": sum(c["passed"] for c in by_class.values()), "by_class": by_class}
    return out


def run(api_url: str, admin_token: str, out_path: Path | None = None, seed: int = tracking_cases.SEED,
        half: str | None = None, per_class: int = tracking_cases.CASES_PER_CLASS) -> dict:
    started = time.perf_counter()
    cases = [c for c in tracking_cases.generate(seed, per_class) if half in (None, c["half"])]
    rows = []
    for case in tqdm(cases, desc="tracking cases", unit="case"):
        kind = "organisation" if case["class"] in ("it thing", "asking while answering") else "household"
        tenant = create_tenant(api_url, admin_token, f"tracking-{case['id']}", [("owner", "user")], kind=kind)
        client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=300)
        try:
            result = CHECKS[case["class"]](client, case)
        finally:
            client.close()
        checks = {k: v for k, v in result.items() if isinstance(v, bool)}
        rows.append({"id": case["id"], "class": case["class"], "half": case["half"], "passed": all(checks.values()),
                     "checks": checks, "detail": {k: v for k, v in result.items() if not isinstance(v, bool)},
                     "case": {k: v for k, v in case.items() if k not in ("mentions",)}})
    result = {"benchmark": "tracking", "seed": seed, "half": half or "both", "cases": len(rows),
              "halves": summarise(rows), "failed": [r for r in rows if not r["passed"]][:40],
              "seconds": round(time.perf_counter() - started, 1)}
    return write_result(out_path, result)


def print_result(result: dict) -> None:
    print(f"tracking: seed {result['seed']}, {result['cases']} cases ({result['half']})")
    for half, part in result["halves"].items():
        print(f"  {half}: {part['passed']}/{part['cases']} cases pass")
        for kind, c in part["by_class"].items():
            checks = ", ".join(f"{k} {v}/{c['cases']}" for k, v in c["checks"].items())
            print(f"    {kind:24} {c['passed']}/{c['cases']}  ({checks})")
