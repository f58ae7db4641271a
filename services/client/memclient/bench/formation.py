"""Memory formation: what the service learns from a turn, against what a careful note-taker keeps
(issue 35; spec and matching rules in docs/formation-spec.md).

Labelled conversations in three voices (a child with its companion, an adult with an assistant, a
team's organisational knowledge; the development set adds a teenager and an older person) are
posted turn by turn through POST /v1/conversations/{id}/turns, one fresh owner (tenant) per
conversation; the owner's knowledge is read back with the list endpoint and scored by
formation_scoring (pure). Conversations are split into a calibration half (tune on it) and a test
half (never tuned on); formation-dev.jsonl is all "dev", a second set to tune on; formation-dev2.jsonl
(adult and team voices) and formation-dev3.jsonl (child, adult and team) each have a "dev" half to tune
on and a "check" half to check the tuning on.

    from memclient.bench import formation
    result = formation.run(api_url, admin_token, formation.DEFAULT_DATA, Path("results/formation-three-voices-test.json"), half="test")
    formation.print_result(result)
"""
from __future__ import annotations

import json
import time
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryApiError, MemoryClient, create_tenant
from .formation_scoring import KNOWLEDGE, Memory, score_conversation, summarise
from .metrics import write_result

DEFAULT_DATA = Path(__file__).with_name("data") / "three-voices.jsonl"
HALVES = ("calibration", "test", "dev", "check")  # dev: the development sets, to tune on (never the test half);
# check: the other half of formation-dev2.jsonl and formation-dev3.jsonl, to check the tuning on turns nobody tuned on
VOICES = ("child", "teen", "adult", "older", "org")
TENANT = {"child": ("household", "child"), "teen": ("household", "child"), "adult": ("household", "user"),
          "older": ("household", "user"), "org": ("organisation", "user")}
AGE_BAND = {"child": "8_12", "teen": "13_17"}  # a child member has an age band (issue 33)
LIST_PATHS = ("/v1/memories/list", "/v1/memory/list")  # the contract's path, then today's
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def load(path: Path, half: str | None = None) -> list[dict]:
    """Conversations ({conversation, voice, half, owner, org, turns}) in file order; half None: all."""
    convs: dict[str, dict] = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        t = json.loads(line)
        c = convs.setdefault(t["conversation"], {k: t.get(k) for k in ("conversation", "voice", "half", "owner", "org")}
                             | {"turns": []})
        c["turns"].append({k: t[k] for k in ("seq", "speaker", "speaker_role", "text", "kind", "facts")})
    return [c for c in convs.values() if half in (None, "all", c["half"])]


def _same_text(a: str | None, b: str) -> bool:
    return " ".join((a or "").split()) == " ".join(b.split())


def knowledge_of(listed: list[dict], written: dict[str, int], records: dict[str, int], texts: dict[int, str],
                 verbatim_is_record: bool = False) -> tuple[list[Memory], str]:
    """The knowledge memories among what the owner has, each with the turns it came from.

    With `layer` in the API: layer == "knowledge", sources from `source_turns` (record ids).
    Without it (the API before issue 35), a memory whose text is its turn verbatim is the turn's
    record when the turn wrote other memories too; a turn's only memory is the one layer there is
    and counts as knowledge. `verbatim_is_record`: every verbatim memory is a record instead.
    written: memory id -> the seq of the turn whose response listed it; records: the same for the
    items the responses marked layer "record"; texts: seq -> turn text."""
    with_layer = any("layer" in m for m in listed)
    per_turn: dict[int, int] = defaultdict(int)
    for seq in written.values():
        per_turn[seq] += 1
    out = []
    for m in listed:
        seq = written.get(m["id"])
        if with_layer:
            if m.get("layer") != KNOWLEDGE:
                continue
        elif seq is not None and _same_text(m.get("text"), texts[seq]) and (verbatim_is_record or per_turn[seq] > 1):
            continue
        if m.get("source_turns") is not None:
            seqs = tuple(sorted({records[r] for r in map(str, m["source_turns"]) if r in records}))
            seqs = seqs or ((seq,) if seq is not None else None)
        else:
            seqs = (seq,) if seq is not None else None
        out.append(Memory(str(m["id"]), m["type"], m.get("text") or "", m.get("subject"), m.get("predicate"),
                          m.get("value"), float(m.get("confidence") or 0.0), seqs))
    return out, ("api" if with_layer else "inferred")


def _list_all(client: MemoryClient, owner_id: str) -> list[dict]:
    for path in LIST_PATHS:
        items, cursor = [], None
        try:
            while True:
                body = client._call("GET", path, params={k: v for k, v in {
                    "owner_id": owner_id, "layer": KNOWLEDGE, "limit": 100, "cursor": cursor}.items() if v})
                items += body["items"]
                cursor = body.get("next_cursor")
                if not cursor:
                    return items
        except MemoryApiError as e:
            if e.status != 404 or path == LIST_PATHS[-1]:
                raise
    return []


def pending_facts(client: MemoryClient, owner_id: str) -> list[dict]:
    """The facts drawn from the owner's turns that wait for a parent's review (a child's held facts:
    the household's review policy), as listed memories: layer knowledge, slots, source turns, no
    confidence (a held fact has none until stored)."""
    items, cursor = [], None
    while True:
        body = client._call("GET", "/v1/review", params={k: v for k, v in {
            "owner_id": owner_id, "status": "pending", "limit": 200, "cursor": cursor}.items() if v})
        items += [{"id": i["id"], "type": i["type"], "text": i["text"], "layer": KNOWLEDGE, "subject": i["subject"],
                   "predicate": i["predicate"], "value": i["value"], "source_turns": i["source_turns"],
                   "pending_review": True}
                  for i in body["items"] if i.get("kind", "memory") == "memory" and i.get("layer") == KNOWLEDGE]
        cursor = body.get("next_cursor")
        if not cursor:
            return items


class _Poster:
    """Posts turns; sends speaker_role while the API accepts it (it is new in issue 35)."""

    def __init__(self) -> None:
        self.with_role = True

    def post(self, client: MemoryClient, session: str, turn: dict, at: datetime) -> dict:
        if self.with_role:
            try:
                return client.add_turn(session, turn["speaker"], turn["text"], at=at, origin_ref=f"{session}:{turn['seq']}",
                                       speaker_role=turn["speaker_role"])
            except MemoryApiError as e:
                if e.status != 422 or "speaker_role" not in json.dumps(e.body):
                    raise
                self.with_role = False
        return client.add_turn(session, turn["speaker"], turn["text"], at=at, origin_ref=f"{session}:{turn['seq']}")


def run(api_url: str, admin_token: str, data: Path = DEFAULT_DATA, out: Path | None = None, half: str | None = None,
        verbatim_is_record: bool = False, with_pending: bool = False) -> dict:
    """Posts every conversation's turns as its owner and scores what the owner's knowledge holds.
    `with_pending`: a child's household gets a parent too, and the facts that wait for the parent's
    review count as knowledge (by default only stored memories count, as the issue defines a fact
    held; the household's policy holds a safety rule a child states, and a review type the parents chose)."""
    started = time.perf_counter()
    convs = load(data, half)
    poster, scored, layers = _Poster(), [], set()
    with tqdm(total=sum(len(c["turns"]) for c in convs), desc=f"formation {len(convs)} conversations", unit="turn") as bar:
        for n, c in enumerate(convs):
            kind, role = TENANT[c["voice"]]
            member = (c["owner"], role, AGE_BAND[c["voice"]]) if role == "child" else (c["owner"], role)
            # an organisation's account bears its name, as a team's would (a team's "we" names it)
            name = c["org"] if kind == "organisation" and c["org"] else f"formation-{c['conversation']}"
            parent = [(f"Parent of {c['owner']}", "parent")] if with_pending and role == "child" else []
            tenant = create_tenant(api_url, admin_token, name, [member, *parent], kind=kind)
            owner = tenant["users"][0]
            pending: list[dict] = []
            with MemoryClient(api_url, owner["token"], timeout=120) as client:
                written: dict[str, int] = {}
                records: dict[str, int] = {}
                for t in c["turns"]:
                    body = poster.post(client, c["conversation"], t, START + timedelta(days=n, minutes=t["seq"]))
                    for item in body["items"]:
                        if item.get("memory"):
                            written[str(item["memory"]["id"])] = t["seq"]
                            if item["memory"].get("layer") == "record":
                                records[str(item["memory"]["id"])] = t["seq"]
                    bar.update(1)
                listed = _list_all(client, owner["user_id"])
            if parent:
                with MemoryClient(api_url, tenant["users"][1]["token"], timeout=120) as parent_client:
                    pending = pending_facts(parent_client, owner["user_id"])
                listed += pending
            memories, layer_source = knowledge_of(listed, written, records, {t["seq"]: t["text"] for t in c["turns"]},
                                                  verbatim_is_record)
            layers.add(layer_source)
            s = score_conversation(c["turns"], memories, c["owner"], c.get("org"))
            scored.append({"conversation": c["conversation"], "voice": c["voice"], "half": c["half"],
                           "pending_review": len(pending), **s})
    report = {}
    for h in (*HALVES, "all"):
        rows = [s for s in scored if h in ("all", s["half"])]
        if rows:
            report[h] = {"all": summarise(rows)} | {v: summarise([s for s in rows if s["voice"] == v])
                                                    for v in VOICES if any(s["voice"] == v for s in rows)}
    result = {"benchmark": "formation", "data": data.name, "half": half or "all",
              "turns": sum(len(c["turns"]) for c in convs), "conversations": len(convs),
              "layer_source": "/".join(sorted(layers)), "verbatim_is_record": verbatim_is_record,
              "pending_review_counted": with_pending,
              "pending_review": sum(s["pending_review"] for s in scored),
              "speaker_role_sent": poster.with_role, "report": report, "conversations_scored": scored,
              "seconds": round(time.perf_counter() - started, 1)}
    write_result(out, result)
    return result


def print_result(result: dict) -> None:
    print(f"formation ({result['data']}, half {result['half']}): {result['conversations']} conversations, "
          f"{result['turns']} turns; layer from {result['layer_source']}; speaker_role sent: {result['speaker_role_sent']}"
          + (f"; {result['pending_review']} facts waiting for review counted" if result.get("pending_review_counted") else ""))
    for h, voices in result["report"].items():
        for v, s in voices.items():
            print(f"  {h:11} {v:5} recall {s['found']}/{s['facts']} = {s['recall']} (not atomic "
                  f"{s['recall_not_atomic']})  precision "
                  f"{s['correct_memories']}/{s['knowledge_memories']} = {s['precision']}  type accuracy "
                  f"{s['typed']}/{s['held']} = {s['type_accuracy']}  knowledge from no-knowledge turns "
                  f"{s['knowledge_from_no_knowledge_turns']} {s['knowledge_from_no_knowledge_turns_by_kind']}")
