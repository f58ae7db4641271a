"""Disambiguation benchmark (seed 000): 500 people named Peter, each with a distinct profile taught
through conversation turns, then 1,000 sentences that name "Peter" with context clues of varying
strength (three, two, one or no clues), each labelled resolvable (its clues fit exactly one person)
or ambiguous (they fit several: asking "which Peter?" is right). Reports accuracy among the resolved
and the clarification rate on resolvable queries, the rate of asking on ambiguous ones (overall, per
kind and on a held-out half), and the entity count and list after ingesting wobs.jsonl.

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

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import summary_ms, write_result

PEOPLE = 500
QUERIES = 1000
SEED = 11
# kind of query -> share. Every person has a distinct (occupation, city, hobby) triple, but one
# clue fits ~20-25 people and a pair of clues often fits two, so a query is "resolvable" only when
# its clues fit exactly one person; the rest are labelled ambiguous (asking is right there).
KINDS = {"3 clues": 0.45, "2 clues unique": 0.35, "2 clues shared": 0.08, "1 clue": 0.07, "0 clues": 0.05}
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


def _clues(p: dict) -> list[tuple[str, str]]:
    """(attribute, how a sentence alludes to it) for each of the person's attributes."""
    return [("occupation", OCCUPATIONS[p["occupation"]][1]), ("city", f"in {CITIES[p['city']]}"),
            ("hobby", HOBBIES[p["hobby"]][1])]


def matching_people(people: list[dict], attrs: dict[str, int]) -> list[int]:
    """Everyone the clues fit: the people who share every clued attribute."""
    return [i for i, p in enumerate(people) if all(p[a] == v for a, v in attrs.items())]


def _text(rng: random.Random, clues: list[str]) -> str:
    if not clues:
        return rng.choice(["Peter called", "Did Peter reply yet?", "Remind me to ring Peter.",
                           "Peter said he would be late."])
    return rng.choice(["Did Peter mention {c}?", "Ask Peter about {c}.", "Peter talked about {c} again.",
                       "What did Peter say about {c}?"]).format(c=" and ".join(clues))


def make_queries(rng: random.Random, people: list[dict]) -> list[dict]:
    """Queries labelled by how many people their clues fit: "resolvable" when exactly one (asking
    would be a needless question), "ambiguous" when several (asking is the right answer and any
    pick is a guess). Resolvable: all three clues, or a pair of clues that only one person has."""
    out = []
    for kind, share in KINDS.items():
        n = round(QUERIES * share)
        while n:
            i = rng.randrange(len(people))
            strength = int(kind[0])
            picked = rng.sample(_clues(people[i]), strength)
            fits = matching_people(people, {a: people[i][a] for a, _ in picked})
            if (kind.endswith("unique") and len(fits) != 1) or (kind.endswith("shared") and len(fits) < 2):
                continue
            out.append({"text": _text(rng, [c for _, c in picked]), "person": i, "strength": strength,
                        "kind": kind, "fits": len(fits), "resolvable": len(fits) == 1})
            n -= 1
    rng.shuffle(out)
    for n, q in enumerate(out):
        q["half"] = "calibration" if n % 2 == 0 else "held_out"
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


def teach(client: MemoryClient, rng: random.Random, people: list[dict]) -> dict[int, str]:
    """Teach every person through conversation turns; which stored entity is which person (by the
    full name the owner used)."""
    turns = [(i, t) for i, p in enumerate(people) for t in teaching_turns(p, rng)]
    for n, (i, text) in enumerate(tqdm(turns, desc=f"teach {len(people)} Peters", unit="turn")):
        client.add_turn(f"peter-{i}", "user", text, at=f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}T10:00:00Z")
    entity_of: dict[int, str] = {}
    for i, p in enumerate(people):
        items = client._call("GET", "/v1/entities", params={"q": f"Peter {p['surname']}", "type": "person"})["items"]
        exact = [e for e in items if e["name"].lower() == f"peter {p['surname']}".lower()]
        if exact:
            entity_of[i] = exact[0]["id"]
    return entity_of


def ask(client: MemoryClient, queries: list[dict], entity_of: dict[int, str]) -> list[dict]:
    """Resolve every query: outcome "correct", "wrong" or "asked", the margin and the latency."""
    out = []
    for q in tqdm(queries, desc="resolve", unit="query"):
        start = time.perf_counter()
        body = client._call("POST", "/v1/entities/resolve", json={"text": q["text"]})
        ms = (time.perf_counter() - start) * 1000
        res = next((r for r in body["resolutions"] if r["surface"].lower() == "peter"), None)
        if res is None or res["entity_id"] is None:
            outcome = "asked"
        else:
            outcome = "correct" if res["entity_id"] == entity_of.get(q["person"]) else "wrong"
        out.append({**q, "outcome": outcome, "margin": (res or {}).get("margin"), "ms": ms})
    return out


def _rates(rows: list[dict]) -> dict:
    resolvable = [r for r in rows if r["resolvable"]]
    ambiguous = [r for r in rows if not r["resolvable"]]
    c = Counter(r["outcome"] for r in resolvable)
    resolved = c["correct"] + c["wrong"]
    return {
        "resolvable_queries": len(resolvable), "ambiguous_queries": len(ambiguous),
        "accuracy_among_resolved": round(c["correct"] / resolved, 4) if resolved else None,
        "clarification_rate": round(c["asked"] / len(resolvable), 4) if resolvable else None,
        "ask_rate_on_ambiguous": (round(sum(r["outcome"] == "asked" for r in ambiguous) / len(ambiguous), 4)
                                  if ambiguous else None),
    }


def summarise(rows: list[dict]) -> dict:
    """Metrics of resolved queries (pure). Accuracy and clarification rate are over the resolvable
    queries; on ambiguous ones asking is the right answer and its rate is reported separately.
    Each figure is also given for the calibration and held-out halves (the margin is set on the
    calibration half). The legacy figures count every query as the old benchmark did."""
    by_kind: dict[str, Counter] = {}
    for r in rows:
        by_kind.setdefault(r["kind"], Counter())["queries"] += 1
        by_kind[r["kind"]][r["outcome"]] += 1
    ok = sorted(r["margin"] or 0 for r in rows if r["outcome"] == "correct")
    bad = [r["margin"] or 0 for r in rows if r["outcome"] == "wrong" and r["resolvable"]]
    legacy = Counter(r["outcome"] for r in rows)
    legacy_resolved = legacy["correct"] + legacy["wrong"]
    return {
        **_rates(rows),
        "halves": {h: _rates([r for r in rows if r["half"] == h]) for h in ("calibration", "held_out")},
        "targets": {"accuracy_among_resolved": 0.95, "clarification_rate_max": 0.10,
                    "ask_rate_on_ambiguous_min": 0.90},
        "by_kind": {k: dict(c) for k, c in by_kind.items()},
        "legacy_all_queries": {
            "accuracy_among_resolved": round(legacy["correct"] / legacy_resolved, 4) if legacy_resolved else None,
            "clarification_rate": round(legacy["asked"] / len(rows), 4) if rows else None},
        "margin_correct_p10": ok[len(ok) // 10] if ok else None,
        "margin_wrong_max": max(bad) if bad else None,
        "resolve_ms": summary_ms([r["ms"] for r in rows]),
    }


def run(api_url: str, admin_token: str, out_path: Path | None = None, wobs_path: Path | None = None) -> dict:
    rng = random.Random(SEED)
    people = make_people(rng)
    tenant = create_tenant(api_url, admin_token, "disambiguation-bench", [("owner", "user")], kind="organisation")
    client = MemoryClient(api_url, tenant["users"][0]["token"], timeout=600)
    entity_of = teach(client, rng, people)
    queries = make_queries(rng, people)
    rows = ask(client, queries, entity_of)
    client.close()
    result = {"people": PEOPLE, "queries": len(queries), "entities_found_for_people": len(entity_of),
              **summarise(rows)}
    wobs = wobs_path or WOBS
    if wobs.exists():
        result["wobs"] = _ingest_wobs(api_url, admin_token, wobs)
    write_result(out_path, without_names(result))
    return result


def without_names(result: dict) -> dict:
    """What results/ keeps of a run: the scenario's entity names are its data (read from ../shared),
    so the file keeps the counts by type; the names are printed by the run, for review."""
    if "wobs" not in result:
        return result
    w = result["wobs"]
    return {**result, "wobs": {"entities": w["entities"], "duplicates": len(w["duplicates"]),
                               "by_type": dict(sorted(Counter(e["type"] for e in w["list"]).items()))}}


def print_result(result: dict) -> None:
    print(f"disambiguation: {result['people']} Peters, {result['queries']} queries "
          f"(entities matched to people: {result['entities_found_for_people']})")
    print(f"  resolvable queries: {result['resolvable_queries']}, ambiguous: {result['ambiguous_queries']}")
    print(f"  accuracy among resolved: {result['accuracy_among_resolved']} (target >= 0.95)")
    print(f"  clarification rate:      {result['clarification_rate']} (resolvable queries, target <= 0.10)")
    print(f"  ask rate on ambiguous:   {result['ask_rate_on_ambiguous']} (target >= 0.90)")
    print(f"  held-out half: {result['halves']['held_out']}")
    for k, c in result["by_kind"].items():
        print(f"  {k}: {c}")
    print(f"  legacy (all queries): {result['legacy_all_queries']}")
    print(f"  resolve latency (ms): {result['resolve_ms']}")
    if "wobs" in result:
        w = result["wobs"]
        print(f"  wobs.jsonl: {w['entities']} entities, duplicates: {w['duplicates'] or 'none'}")
        for e in w["list"]:
            print(f"    {e['type']:8} {e['name']} {e['aliases'] or ''} ({e['memories']} memories)")
