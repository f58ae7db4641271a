"""The headline figures of docs/benchmarks.md, read from the result files they cite (issue 36: the
headline figures had drifted from the results). `python -m memclient.bench.headline` prints the table;
`--write` puts it between the markers in docs/benchmarks.md; tests/unit/test_headline_figures.py fails
when the document and the results disagree.

Each row names a result file and the path of the figure in it; a file that is missing prints "not run".
"""
from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
DOC = REPO / "docs" / "benchmarks.md"
BEGIN, END = "<!-- headline:begin (python -m memclient.bench.headline --write) -->", "<!-- headline:end -->"

# (what, result file under results/, path in it, goal)
ROWS: list[tuple[str, str, tuple[str, ...], str]] = [
    ("LoCoMo R@10, dev half, full pipeline (categories 1-4)", "locomo.json", ("modes", "full", "1-4", "r10"), ">= 0.82"),
    ("LoCoMo R@10, multi-hop", "locomo.json", ("modes", "full", "1", "r10"), ""),
    ("LoCoMo ingest per turn p95 (ms)", "locomo.json", ("ingest_ms_per_turn", "p95"), "<= 60"),
    ("Ingest (`memctl bench ingest`) turn p95 (ms)", "ingest.json", ("turn_ms", "p95"), "<= 60"),
    ("Formation, test half: fact recall", "formation-three-voices-test.json", ("report", "test", "all", "recall"),
     ">= 0.90"),
    ("Formation, test half: precision", "formation-three-voices-test.json", ("report", "test", "all", "precision"),
     ">= 0.90"),
    ("Formation, test half: type accuracy", "formation-three-voices-test.json",
     ("report", "test", "all", "type_accuracy"), ">= 0.90"),
    ("Formation, test half: knowledge from assistant lines, small talk, questions",
     "formation-three-voices-test.json", ("report", "test", "all", "knowledge_from_no_knowledge_turns"), "0"),
    ("Formation, dev set: fact recall", "formation-formation-dev-dev.json", ("report", "dev", "all", "recall"), ""),
    ("Formation, dev set: precision", "formation-formation-dev-dev.json", ("report", "dev", "all", "precision"), ""),
    ("Chaos run: acknowledged writes lost", "chaos.json", ("acknowledged_writes_lost",), "0"),
    ("Chaos run: events dead-lettered", "chaos.json", ("dead_letters",), "0"),
    ("Chaos run: 5xx other than 503", "chaos.json", ("server_errors_other_than_503",), "0"),
    ("Edge: offline contextify p95 (ms)", "edge.json", ("offline_contextify", "contextify_ms", "p95"), ""),
]
PEOPLE = ("accuracy_among_resolved", "clarification_rate", "ask_rate_on_clue_less")


def _get(data: object, path: tuple[str, ...]) -> object:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _load(name: str, results: Path) -> dict | None:
    path = results / name
    return json.loads(path.read_text()) if path.exists() else None


def table(results: Path = REPO / "results") -> str:
    lines = ["| figure | value | goal | result file |", "|---|---|---|---|"]
    for what, name, path, goal in ROWS:
        data = _load(name, results)
        value = _get(data, path) if data is not None else None
        shown = "not run" if value is None else f"{value}"
        lines.append(f"| {what} | {shown} | {goal} | `results/{name}` ({'.'.join(path)}) |")
    for path in sorted(glob.glob(str(results / "people-talk-seed*-test.json"))):
        data = json.loads(Path(path).read_text())
        figures = ", ".join(f"{k.replace('_', ' ')} {data.get(k)}" for k in PEOPLE)
        lines.append(f"| People talk, seed {data.get('seed')}, test half | {figures} | >= 0.95, <= 0.10, >= 0.90 "
                     f"| `results/{Path(path).name}` |")
    return "\n".join(lines)


def section(results: Path = REPO / "results") -> str:
    return f"{BEGIN}\n{table(results)}\n{END}"


def in_doc(text: str) -> str | None:
    if BEGIN not in text or END not in text:
        return None
    start = text.index(BEGIN)
    return text[start:text.index(END) + len(END)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write", action="store_true", help="replace the table in docs/benchmarks.md")
    args = ap.parse_args()
    if not args.write:
        print(table())
        return
    text = DOC.read_text()
    current = in_doc(text)
    if current is None:
        raise SystemExit(f"{DOC}: no headline markers")
    DOC.write_text(text.replace(current, section()))
    print(f"wrote the headline figures into {DOC}")


if __name__ == "__main__":
    main()
