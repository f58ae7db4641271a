"""Latency / throughput benchmark of the local ONNX embedder.

``python -m memclient.bench.embedding_speed [--threads 1 2] [--queries 300] [--texts 1000]``
prints single-query p50/p95 latency (10-word query) and batch throughput
(texts/s over short sentences) for each intra-op thread setting (batches run
one after another) and for the shipped default (1 intra-op thread, length-sorted
batches on ``DEFAULT_PARALLEL_BATCHES`` Python threads), and writes
``results/embedding.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

import numpy as np

from memcore.embedding.local_onnx import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_INTRA_OP_THREADS,
    DEFAULT_PARALLEL_BATCHES,
    OnnxEmbedder,
)

QUERY = "what did Alice say about the project deadline last week"  # 10 words
_SUBJECTS = ["Alice", "The team", "My landlord", "Our CFO", "Bob", "The new intern", "Grandma"]
_VERBS = ["mentioned", "forgot", "asked about", "booked", "cancelled", "prefers", "reviewed"]
_OBJECTS = ["the quarterly report", "a flight to Berlin", "vegetarian recipes", "the dentist appointment",
            "the budget spreadsheet", "a jazz concert", "the kubernetes upgrade", "green tea"]
_TAILS = ["yesterday.", "last Friday.", "again this morning.", "before the holidays.", "twice.", "on Slack."]


def short_sentences(n: int) -> list[str]:
    """Deterministic, varied short sentences (6-10 words)."""
    rng = np.random.default_rng(7)
    parts = (_SUBJECTS, _VERBS, _OBJECTS, _TAILS)
    return [" ".join(p[rng.integers(len(p))] for p in parts) for _ in range(n)]


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def measure(embedder: OnnxEmbedder, queries: int, texts: list[str]) -> dict:
    for _ in range(10):
        embedder.embed_one(QUERY)
    latencies_ms = []
    for _ in range(queries):
        started = time.perf_counter()
        embedder.embed_one(QUERY)
        latencies_ms.append((time.perf_counter() - started) * 1000)
    embedder.embed(texts[:64])
    started = time.perf_counter()
    embedder.embed(texts)
    batch_seconds = time.perf_counter() - started
    return {
        "single_query_ms": {"p50": round(percentile(latencies_ms, 50), 2),
                            "p95": round(percentile(latencies_ms, 95), 2),
                            "mean": round(statistics.fmean(latencies_ms), 2), "n": queries},
        "batch": {"texts": len(texts), "seconds": round(batch_seconds, 3),
                  "texts_per_second": round(len(texts) / batch_seconds, 1),
                  "batch_size": embedder.batch_size},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2],
                        help="intra_op_num_threads settings to compare")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--texts", type=int, default=1000)
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH_SIZE)
    parser.add_argument("--model", type=Path, default=None, help=".onnx path (default location if omitted)")
    parser.add_argument("--out", type=Path, default=Path("results/embedding.json"))
    args = parser.parse_args(argv)

    load_before = round(os.getloadavg()[0], 2)
    texts = short_sentences(args.texts)
    configs = {f"intra_op_threads={t},parallel_batches=1": (t, 1) for t in args.threads}
    default_name = (f"default:intra_op_threads={DEFAULT_INTRA_OP_THREADS},"
                    f"parallel_batches={DEFAULT_PARALLEL_BATCHES}")
    configs[default_name] = (DEFAULT_INTRA_OP_THREADS, DEFAULT_PARALLEL_BATCHES)
    runs = {}
    for name, (threads, parallel) in configs.items():
        embedder = OnnxEmbedder(args.model, intra_op_threads=threads, parallel_batches=parallel,
                                batch_size=args.batch_size)
        runs[name] = result = measure(embedder, args.queries, texts)
        print(f"{name}: single query p50 {result['single_query_ms']['p50']} ms, "
              f"p95 {result['single_query_ms']['p95']} ms; batch {result['batch']['texts_per_second']} "
              f"texts/s ({args.texts} texts, batch size {args.batch_size})")
        del embedder
    report = {
        "model": OnnxEmbedder.model_name,
        "query": QUERY,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "processor": platform.processor() or platform.machine(),
                    "loadavg_1m_before": load_before, "loadavg_1m_after": round(os.getloadavg()[0], 2)},
        "default_config": default_name,
        "runs": runs,
        "command": "python -m memclient.bench.embedding_speed --threads "
                   + " ".join(map(str, args.threads)),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
