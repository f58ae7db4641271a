"""How far int8 vectors move near-duplicate decisions, and whether the recheck rule restores them.

Replays writes in order, per owner: each new text against the texts before it (same owner), as the
write path's near-duplicate lookup does (exact search here, no HNSW). Ground truth: float vectors on
both sides. Two cases, each with plain int8 decisions and with memcore.retrieval.near_duplicate's
recheck (near the line, the RECHECK_NEIGHBOURS closest by the first vectors, taken again in float):
  import:  every row written by batch writes (int8 on both sides);
  mixed:   stored rows float (turns), the new row int8 (a batch write).
int8 vectors are embedded in batches of 250 in order, as `POST /v1/memory/candidates` embeds a batch
(dynamic quantization scales activations per batch, so a text's int8 vector depends on its batch).

    .venv/bin/python tools/research/near_duplicate_int8.py ../shared/data/locomo-dev --generated 5,6
    .venv/bin/python tools/research/near_duplicate_int8.py --generated "" --chats   # a check not tuned on
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for sub in ("services/shared", "services/client"):
    sys.path.insert(0, str(ROOT / sub))

from memcore.embedding.local_onnx import OnnxEmbedder  # noqa: E402
from memcore.retrieval.near_duplicate import (RECHECK_NEIGHBOURS, closest, is_near_duplicate,  # noqa: E402
                                              needs_recheck)

BATCH = 250
FLOAT, INT8 = "float", "int8"


def owners(locomo: Path | None, seeds: list[int], chats: bool) -> dict[str, list[str]]:
    by: dict[str, list[str]] = defaultdict(list)
    if chats:  # the two conversational benchmarks' owners: facts said again in other words
        from memclient.bench import assistant_chats, people_talk

        for u in assistant_chats.generate():
            by[f"chats-{u['id']}"] = [t["text"] for t in u["turns"]]
        for h in people_talk.generate():
            by[f"people-{h['id']}"] = [t["text"] for t in h["turns"]]
    if locomo is not None:
        for line in (locomo / "memories.jsonl").read_text().splitlines():
            r = json.loads(line)
            by[r["conversation_id"]].append(f"{r['speaker']}: {r['text']}")
    from memclient.bench.textgen import utterances

    for seed in seeds:
        by[f"generated-{seed}"] = utterances(seed, 3000)
    return by


def distinct(texts: list[str]) -> list[str]:
    """An exact repeat (same normalised text) reinforces the stored memory: no lookup, no row."""
    from memcore.textnorm import text_hash

    seen: set[str] = set()
    return [t for t in texts if not (text_hash(t) in seen or seen.add(text_hash(t)))]


def in_batches(embedder, texts: list[str]) -> np.ndarray:
    return np.concatenate([embedder.embed(texts[s:s + BATCH]) for s in range(0, len(texts), BATCH)])


def replay(F: np.ndarray, new: np.ndarray, stored: np.ndarray, stored_model: str, counts: dict,
           moved: list[float]) -> None:
    truth_all, first_all = F @ F.T, new @ stored.T
    for i in range(1, len(F)):
        truth, first = truth_all[i, :i], first_all[i, :i]
        want = is_near_duplicate(truth.max())
        plain = is_near_duplicate(first.max())
        moved.append(abs(float(first.max()) - float(truth.max())))
        counts["writes"] += 1
        counts["near duplicates (float)"] += want
        counts["plain int8: decision differs"] += plain != want
        # another memory at the same float cosine (a tie) is as right as the first one
        counts["plain int8: duplicate_of differs"] += plain == want and want and truth[int(first.argmax())] < truth.max()
        best_id, best = int(first.argmax()), float(first.max())
        if needs_recheck(best, (INT8, stored_model), FLOAT):
            counts["rechecked"] += 1
            top = np.argsort(-first)[:RECHECK_NEIGHBOURS]
            best_id, best = closest(F[i], [(int(j), F[j]) for j in top])
        ruled = is_near_duplicate(best)
        counts["with recheck: decision differs"] += ruled != want
        counts["with recheck: duplicate_of differs"] += ruled == want and want and truth[best_id] < truth.max()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("locomo", nargs="?", type=Path, help="a LoCoMo folder with memories.jsonl (optional)")
    ap.add_argument("--generated", default="5,6", help="textgen.utterances seeds, 3,000 texts each")
    ap.add_argument("--chats", action="store_true", help="also the owners of memctl bench chats and people")
    args = ap.parse_args()
    by = owners(args.locomo, [int(s) for s in args.generated.split(",") if s], args.chats)
    float_model, int8_model = OnnxEmbedder(), OnnxEmbedder(quantized=True)
    cases = {"import": defaultdict(int), "mixed": defaultdict(int)}
    moved: dict[str, list[float]] = {"import": [], "mixed": []}
    for n, (owner, texts) in enumerate(by.items(), 1):
        texts = distinct(texts)
        print(f"[{n}/{len(by)}] {owner}: {len(texts)} writes", file=sys.stderr, flush=True)
        F, Q = in_batches(float_model, texts), in_batches(int8_model, texts)
        replay(F, Q, Q, INT8, cases["import"], moved["import"])
        replay(F, Q, F, FLOAT, cases["mixed"], moved["mixed"])
    out = {k: {s: int(n) for s, n in v.items()} for k, v in cases.items()}
    for k, m in moved.items():  # how far the closest memory's cosine moved from the float one
        out[k]["cosine moved, p99 / max"] = [round(float(np.percentile(m, 99)), 4), round(max(m), 4)]
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
