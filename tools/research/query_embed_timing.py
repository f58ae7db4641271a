"""One question's embedding time (issue 17), outside the request path: the float model in a plain
process, and the memory-api's own embedder after the app's startup (its lifespan, against the stack
`make run` runs), in alternating rounds. The embedding stage as a request sees it is in
`tools/research/retrieve_stages.py`; this shows how much of it is the model alone.

    .venv/bin/python tools/research/query_embed_timing.py [../shared/data/locomo-dev] [--questions 120]

Each round is `embed_one` over the questions, directly and through the event loop's default
executor (as embed_query runs it); p50 in ms.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path

import numpy as np
from query_embedder_check import one_question_ms  # scripts/ is on the path when run as a script

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".data"


def _p50(embedder, questions: list[str]) -> float:
    return float(np.percentile(one_question_ms(embedder, questions), 50))


async def _p50_executor(embedder, questions: list[str]) -> float:
    loop, ms = asyncio.get_running_loop(), []
    for q in questions:
        t = time.perf_counter()
        await loop.run_in_executor(None, embedder.embed_one, q)
        ms.append((time.perf_counter() - t) * 1000)
    return float(np.percentile(ms, 50))


def _stack_env() -> None:
    """The running stack's settings, as the memory-api process has them."""
    rec = json.loads((DATA / "stack.json").read_text())
    os.environ.update(rec["env"])
    os.environ.update(MEMORY_POLICY_URL=rec["services"]["policy"], MEMORY_MODEL_DIR=str(DATA / "models"),
                      MEMORY_ADMIN_TOKEN=(DATA / "admin.token").read_text().strip())


async def _compare(questions: list[str]) -> None:
    from memcore.embedding import make_embedder
    from memcore.embedding.model_files import ONNX_FILENAME
    from memory_api.app import app

    plain = make_embedder("local", model_path=DATA / "models" / ONNX_FILENAME)
    async with app.router.lifespan_context(app):
        in_app = app.state.resources.embedder
        for e in (plain, in_app):
            _p50(e, questions[:10])  # warm-up
        for round_ in (1, 2):
            for name, e in (("plain process", plain), ("after the app's startup", in_app)):
                print(f"round {round_}, {name}: embed_one p50 {_p50(e, questions):.2f} ms, "
                      f"through the executor {await _p50_executor(e, questions):.2f} ms")


def main() -> int:
    from memclient.bench import locomo

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="?", default=str(REPO.parent / "shared" / "data" / "locomo-dev"))
    ap.add_argument("--questions", type=int, default=120)
    a = ap.parse_args()
    _, queries = locomo.load(Path(a.data))
    questions = [q["question"] for q in queries][:a.questions]
    _stack_env()
    asyncio.run(_compare(questions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
