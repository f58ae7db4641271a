"""Disambiguation benchmark (seed 000): 500 people named Peter, each with a distinct profile taught
through conversation turns, then 1,000 sentences that name "Peter" with context clues of varying
strength (three, two, one or no clues). Reports accuracy among the resolved, the clarification
rate (overall and per clue strength), and the entity count and list after ingesting wobs.jsonl.

    from memclient.bench import disambiguation
    result = disambiguation.run(api_url, admin_token, Path("results/disambiguation.json"))
    disambiguation.print_result(result)
"""
from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path

import httpx
from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import summary_ms

PEOPLE = 500
QUERIES = 1000
SEED = 11
# clue strength -> share of the queries
STRENGTHS = {3: 0.50, 2: 0.40, 1: 0.07, 0: 0.03}
WOBS = Path(__file__).resolve().parents[4] / ".." / "shared" / "scenarios" / "wobs.jsonl"

# (what the owner says when teaching, how a later sentence alludes to it)
OCCUPATIONS = [
    ("dentist", "the fillings at his dental clinic"), ("chef", "the new menu in his restaurant kitchen"),
    ("pilot", "the cockpit checks before his flight"), ("plumber", "the leaking pipes he fixed"),
    ("accountant", "the tax returns and the spreadsheets"), ("architect", "the building plans and blueprints"),
    ("nurse", "the night shifts on the hospital ward"), ("teacher", "the pupils and the marking"),
    ("lawyer", "the court hearing and the contract dispute"), ("electrician", "the rewiring of the fuse box"),
    ("photographer", "the wedding shoot and his camera lenses"), ("journalist", "the article for the newspaper"),
    ("farmer", "the harvest and the tractor"), ("mechanic", "the car engine in the garage"),
    ("pharmacist", "the prescriptions at the chemist"), ("librarian", "the overdue books"),
    ("firefighter", "the fire station drills"), ("baker", "the sourdough loaves at dawn"),
    ("veterinarian", "the sick dogs and cats at the animal clinic"), ("carpenter", "the oak cabinets he built"),
    ("translator", "the Spanish documents he translated"), ("surgeon", "the operation in theatre"),
    ("barista", "the espresso machine at the cafe"), ("geologist", "the rock samples from the quarry"),
    ("tailor", "the suit alterations and the sewing"),
]
CITIES = ["Leeds", "Lisbon", "Oslo", "Denver", "Glasgow", "Krakow", "Austin", "Porto", "Dublin", "Bristol",
          "Valencia", "Toronto", "Munich", "Seattle", "Nairobi", "Adelaide", "Bergen", "Cork", "Lyon", "Tampere"]
HOBBIES = [
    ("collects vintage stamps", "his stamp albums"), ("plays the cello", "his cello recital"),
    ("runs marathons", "his race times"), ("keeps bees", "the honey from his hives"),
    ("builds model trains", "his model railway"), ("climbs mountains", "the summit he reached"),
    ("brews his own beer", "his home-brewed ale"), ("paints watercolours", "his watercolour paintings"),
    ("plays chess competitively", "the chess tournament"), ("grows orchids", "his orchid greenhouse"),
    ("sails a small yacht", "sailing the yacht"), ("restores old motorbikes", "the motorbike restoration"),
    ("plays drums in a jazz trio", "the jazz gig and the drum kit"), ("writes poetry", "his poems"),
    ("fishes for trout", "the trout fishing trip"), ("does pottery", "the clay pots from his kiln"),
    ("coaches youth football", "the kids' football training"), ("bakes wedding cakes", "the tiered cakes"),
    ("watches birds", "the rare birds he spotted"), ("plays golf", "his golf handicap"),
    ("knits jumpers", "the knitted jumpers"), ("rides horses", "the horse riding"),
    ("surfs", "the waves and his surfboard"), ("solves crosswords", "the crossword puzzles"),
    ("dances salsa", "the salsa classes"),
]
_SYLL = ["kor", "val", "min", "dre", "sto", "lan", "per", "gis", "tor", "bel", "nak", "rud", "fen", "hal",
         "mor", "sev", "lin", "dar", "quo", "wex"]


def _surnames(rng: random.Random, n: int) -> list[str]:
    out: set[str] = set()
    while len(out) < n:
        out.add((rng.choice(_SYLL) + rng.choice(_SYLL) + rng.choice(["s", "son", "ek", "er", "ini", "ov"])).title())
    return sorted(out)


def make_people(rng: random.Random) -> list[dict]:
    combos = set()
    people = []
    for surname in _surnames(rng, PEOPLE):
        while True:
            c = (rng.randrange(len(OCCUPATIONS)), rng.randrange(len(CITIES)), rng.randrange(len(HOBBIES)))
            if c not in combos:
                combos.add(c)
                break
        people.append({"surname": surname, "occupation": c[0], "city": c[1], "hobby": c[2]})
    rng.shuffle(people)
    return people


def teaching_turns(p: dict, rng: random.Random) -> list[str]:
    occ, city, hobby = OCCUPATIONS[p["occupation"]][0], CITIES[p["city"]], HOBBIES[p["hobby"]][0]
    name = f"Peter {p['surname']}"
    first = rng.choice([f"{name} is a {occ} in {city}.", f"{name} works as a {occ} in {city}.",
                        f"{name} is a {occ} who lives in {city}."])
    second = rng.choice([f"{name} {hobby} at the weekend.", f"In his spare time {name} {hobby}.",
                         f"{name} {hobby}, he told me."])
    return [first, second]


def _clues(p: dict) -> list[str]:
    return [OCCUPATIONS[p["occupation"]][1], f"in {CITIES[p['city']]}", HOBBIES[p["hobby"]][1]]


def make_queries(rng: random.Random, people: list[dict]) -> list[dict]:
    out = []
    for strength, share in STRENGTHS.items():
        for _ in range(round(QUERIES * share)):
            i = rng.randrange(len(people))
            clues = rng.sample(_clues(people[i]), strength)
            if strength == 0:
                text = rng.choice(["Peter called", "Did Peter reply yet?", "Remind me to ring Peter.",
                                   "Peter said he would be late."])
            else:
                text = rng.choice(["Did Peter mention {c}?", "Ask Peter about {c}.", "Peter talked about {c} again.",
                                   "What did Peter say about {c}?"]).format(c=" and ".join(clues))
            out.append({"text": text, "person": i, "strength": strength})
    rng.shuffle(out)
    return out


def _ingest_wobs(api_url: str, admin_token: str, path: Path) -> dict:
    tenant = create_tenant(api_url, admin_token, "disambiguation-wobs", [("owner", "user")], kind="organisation")
    client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=300)
    turns = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for t in tqdm(turns, desc="wobs.jsonl", unit="turn"):
        client.add_turn(f"s-{t['at'][:10]}", t["speaker"], t["text"], at=t["at"])
    ents, cursor = [], None
    while True:
        params = {"limit": 200, **({"cursor": cursor} if cursor else {})}
        body = client._call("GET", "/v1/entities", params=params)
        ents += body["items"]
        cursor = body["next_cursor"]
        if not cursor:
            break
    client.close()
    names = Counter((e["type"], e["name"].lower()) for e in ents)
    return {"entities": len(ents), "duplicates": sorted(f"{t}:{n}" for (t, n), c in names.items() if c > 1),
            "list": [{"name": e["name"], "type": e["type"], "aliases": e["aliases"], "memories": e["memory_count"]}
                     for e in ents]}


def run(api_url: str, admin_token: str, out_path: Path | None = None, wobs_path: Path | None = None) -> dict:
    rng = random.Random(SEED)
    people = make_people(rng)
    tenant = create_tenant(api_url, admin_token, "disambiguation-bench", [("owner", "user")], kind="organisation")
    client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=600)
    turns = [(i, t) for i, p in enumerate(people) for t in teaching_turns(p, rng)]
    for n, (i, text) in enumerate(tqdm(turns, desc="teach 500 Peters", unit="turn")):
        client.add_turn(f"peter-{i}", "user", text, at=f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}T10:00:00Z")
    # which stored entity is which generated person (by the full name the owner used)
    entity_of: dict[int, str] = {}
    for i, p in enumerate(people):
        items = client._call("GET", "/v1/entities", params={"q": f"Peter {p['surname']}", "type": "person"})["items"]
        exact = [e for e in items if e["name"].lower() == f"peter {p['surname']}".lower()]
        if exact:
            entity_of[i] = exact[0]["id"]
    queries = make_queries(rng, people)
    by_strength: dict[int, Counter] = {s: Counter() for s in STRENGTHS}
    margins_ok, margins_bad, latency = [], [], []
    for q in tqdm(queries, desc="resolve", unit="query"):
        start = time.perf_counter()
        body = client._call("POST", "/v1/entities/resolve", json={"text": q["text"]})
        latency.append((time.perf_counter() - start) * 1000)
        res = next((r for r in body["resolutions"] if r["surface"].lower() == "peter"), None)
        c = by_strength[q["strength"]]
        c["queries"] += 1
        if res is None or res["entity_id"] is None:
            c["asked"] += 1
        elif res["entity_id"] == entity_of.get(q["person"]):
            c["correct"] += 1
            margins_ok.append(res["margin"] or 0)
        else:
            c["wrong"] += 1
            margins_bad.append(res["margin"] or 0)
    client.close()
    total = sum(by_strength.values(), Counter())
    resolved = total["correct"] + total["wrong"]
    result = {
        "people": PEOPLE, "queries": len(queries), "entities_found_for_people": len(entity_of),
        "accuracy_among_resolved": round(total["correct"] / resolved, 4) if resolved else None,
        "clarification_rate": round(total["asked"] / total["queries"], 4),
        "targets": {"accuracy_among_resolved": 0.95, "clarification_rate_max": 0.10},
        "by_clue_strength": {str(s): dict(c) for s, c in by_strength.items()},
        "margin_correct_p10": sorted(margins_ok)[len(margins_ok) // 10] if margins_ok else None,
        "margin_wrong_max": max(margins_bad) if margins_bad else None,
        "resolve_ms": summary_ms(latency),
    }
    wobs = wobs_path or WOBS
    if wobs.exists():
        result["wobs"] = _ingest_wobs(api_url, admin_token, wobs)
    if out_path:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text(json.dumps(result, indent=2))
    return result


def print_result(result: dict) -> None:
    print(f"disambiguation: {result['people']} Peters, {result['queries']} queries "
          f"(entities matched to people: {result['entities_found_for_people']})")
    print(f"  accuracy among resolved: {result['accuracy_among_resolved']} (target >= 0.95)")
    print(f"  clarification rate:      {result['clarification_rate']} (target <= 0.10)")
    for s, c in result["by_clue_strength"].items():
        print(f"  {s} clue(s): {c}")
    print(f"  resolve latency (ms): {result['resolve_ms']}")
    if "wobs" in result:
        w = result["wobs"]
        print(f"  wobs.jsonl: {w['entities']} entities, duplicates: {w['duplicates'] or 'none'}")
        for e in w["list"]:
            print(f"    {e['type']:8} {e['name']} {e['aliases'] or ''} ({e['memories']} memories)")
