"""Derived data of two runs of the same workload, compared by content (issue 34: "derived data
identical to a run without faults").

Rows come from two databases, so nothing generated may take part in a comparison: memory ids,
entity ids and timestamps differ between the runs even when the content is the same. A row is keyed
by what the workload fixed: the household (tenant name), the user (display name), the session id
and the turn's position in its session (`session_seq`). Links and `source_turns` are mapped from
memory ids to the turns they stand on ("chaos-3#12"); an id that is not a turn of the run is
named by its type and text.

`snapshot` turns the rows of one run into keyed content; `compare` lists where two snapshots
differ. Both are pure (the SQL that reads the rows is in `bench/chaos.py`).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

SECTIONS = ("turns", "session_summaries", "promoted_facts", "knowledge_facts", "entity_profiles")


def turn_key(row: dict) -> str:
    return f"{row['session_id']}#{row['session_seq']}"


def snapshot(rows: dict[str, list[dict]]) -> dict[str, dict[str, dict[str, Any]]]:
    """{household: {section: {stable key: content}}} from the rows of one run.

    rows["turns"]: memory_id, household, user, session_id, session_seq, text, said_again (the
    positions an exact repeat was said at, [{"s": session, "q": seq}]);
    rows["session_summaries"]: household, user, session_id, text;
    rows["promoted_facts"]: household, user, text, value, links (memory ids);
    rows["knowledge_facts"]: household, user, subject, predicate, value, type, current (bool), source_turns;
    rows["entity_profiles"]: household, user, type, canonical_name, profile_summary;
    rows["others"]: memory_id, type, text (rows a link may point at that are not turns)."""
    names = {r["memory_id"]: turn_key(r) for r in rows.get("turns", [])}
    names.update({r["memory_id"]: f"{r['type']}: {r['text']}" for r in rows.get("others", [])
                  if r["memory_id"] not in names})

    def named(ids) -> list[str]:
        return sorted(names.get(i, "an id of no row") for i in ids or [])

    out: dict[str, dict[str, dict[str, list]]] = defaultdict(lambda: {s: defaultdict(list) for s in SECTIONS})
    for r in rows.get("turns", []):
        again = sorted(f"{a['s']}#{a['q']}" for a in r.get("said_again") or [])
        out[r["household"]]["turns"][f"{r['user']} {turn_key(r)}"].append([r["text"], again])
    for r in rows.get("session_summaries", []):
        out[r["household"]]["session_summaries"][f"{r['user']} {r['session_id']}"].append(r["text"])
    for r in rows.get("promoted_facts", []):
        out[r["household"]]["promoted_facts"][f"{r['user']} {r['text']}"].append([r["value"], named(r["links"])])
    for r in rows.get("knowledge_facts", []):
        key = " | ".join([r["user"], r["subject"] or "", r["predicate"] or "", r["value"] or "", r["type"],
                          "current" if r["current"] else "superseded"])
        out[r["household"]]["knowledge_facts"][key].append(named(r["source_turns"]))
    for r in rows.get("entity_profiles", []):
        out[r["household"]]["entity_profiles"][f"{r['user']} {r['type']} {r['canonical_name']}"].append(
            r["profile_summary"])
    # rows sharing a key: their contents as a sorted list (the order rows come back in is not content)
    return {h: {s: {k: sorted(v, key=repr) for k, v in sections[s].items()} for s in SECTIONS}
            for h, sections in out.items()}


def compare(without_faults: dict, with_faults: dict) -> list[dict]:
    """Every (household, section, key) whose content differs, or that only one run has."""
    differences = []
    for household in sorted(set(without_faults) | set(with_faults)):
        a, b = without_faults.get(household, {}), with_faults.get(household, {})
        for section in SECTIONS:
            sa, sb = a.get(section, {}), b.get(section, {})
            for key in sorted(set(sa) | set(sb)):
                if sa.get(key) != sb.get(key):
                    differences.append({"household": household, "section": section, "key": key,
                                        "without_faults": sa.get(key), "with_faults": sb.get(key)})
    return differences


def counts(snap: dict) -> dict[str, int]:
    """How many keyed things each section holds, over every household."""
    return {s: sum(len(h.get(s, {})) for h in snap.values()) for s in SECTIONS}
