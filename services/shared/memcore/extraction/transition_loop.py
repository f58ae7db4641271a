"""The greedy loop of spaCy's transition-based components (the NER, the parser), run from Python with
the GIL held: the same steps, the same numbers, a third less time (issue 35, latency).

spaCy's compiled loop (`Parser.greedy_parse`) releases the GIL for the whole parse, but every
validity check of every move of every step (`Begin.is_valid`, `StateC.B_`...) takes it back and
drops it again to look for a Python error: with perf, a third of the NER's time was pthread mutex
locking and unlocking in `take_gil` / `drop_gil`, and in a service each drop lets another thread in.
Here each step is the compiled loop's step, by the model's own pieces:

- the state's context tokens (`ParserStepModel.get_token_ids`), their precomputed hidden features
  summed, plus the bias, maxed out (`precompute_hiddens.predict`: the same C sum with the same blis
  saxpy, then numpy's addition and maxout, which pick the same values);
- the scores: hidden x upper weights by blis's sgemm (thinc's NumpyOps.gemm, the routine the compiled
  loop calls, with the same shapes), plus the bias; a class the model never saw gets the batch's
  smallest score, as the compiled loop gives it;
- the best valid move applied to each state (`Parser.transition_states`: the compiled
  `c_transition_batch`, now called with the GIL already held, so its checks cost nothing).

tools/research/spacy_equivalence.py compares every output; on the 2,760 LoCoMo dev turns the NER's
entities are the same, and 0.985 s of CPU against 1.54 s over 800 of them.
"""
from __future__ import annotations

from typing import Any

import numpy
from thinc.api import NumpyOps

_BLIS = NumpyOps()  # gemm by blis (thinc's own NumpyOps), as the compiled loop's cblas


def supported(pipe: Any) -> bool:
    """A greedy (beam width 1) transition-based pipe on the CPU with an output layer: what `predict`
    reproduces. Anything else is run by spaCy itself."""
    cfg = getattr(pipe, "cfg", None)
    model = getattr(pipe, "model", None)
    return (isinstance(cfg, dict) and cfg.get("beam_width") == 1 and hasattr(pipe, "transition_states")
            and model is not None and isinstance(model.ops, NumpyOps) and model.attrs.get("has_upper", False)
            and _BLIS.use_blis)


def predict(pipe: Any, docs: list[Any]) -> list[Any]:
    """`pipe.predict(docs)`: the final parse states."""
    if not any(len(doc) for doc in docs):
        return list(pipe.moves.init_batch(docs))
    pipe._ensure_labels_are_added(docs)
    batch = pipe.moves.init_batch(docs)
    step = pipe.model.predict(docs)
    weights, bias = step.vec2scores.get_param("W"), step.vec2scores.get_param("b")
    unseen = step._class_mask == 0
    states = [s for s in batch if not s.is_final()]
    while states:
        hidden = step.state2vec.predict(step.get_token_ids(states))
        scores = _BLIS.gemm(hidden, weights, trans2=True)
        scores += bias
        if unseen.any():
            scores[:, unseen] = _first_smallest(scores)
        states = pipe.transition_states(states, scores)
    step.clear_memory()
    return list(batch)


def _first_smallest(scores: Any) -> Any:
    """The smallest score as the compiled loop finds it: from the first, each smaller one taken (a NaN
    first stays; later NaNs are passed over)."""
    flat = scores.ravel()
    return flat[0] if numpy.isnan(flat[0]) else numpy.nanmin(flat)


def run(pipe: Any, docs: list[Any], batch_size: int = 256) -> list[Any]:
    """The docs through `pipe` as `pipe.pipe(docs, batch_size=batch_size)` runs them (batches of
    batch_size, each sorted by length and run in sub-batches of a quarter of it, so each network pass
    is the one spaCy makes), in their order."""
    if not supported(pipe):
        return list(pipe.pipe(docs, batch_size=batch_size))
    sub = max(batch_size // 4, 2)
    for start in range(0, len(docs), batch_size):
        by_length = sorted(docs[start:start + batch_size], key=len)
        for i in range(0, len(by_length), sub):
            part = by_length[i:i + sub]
            pipe.set_annotations(part, predict(pipe, part))
    return docs


def run_one(pipe: Any, doc: Any) -> Any:
    """`pipe(doc)`: one doc, as the pipe's __call__ runs it."""
    if not supported(pipe):
        return pipe(doc)
    pipe.set_annotations([doc], predict(pipe, [doc]))
    return doc
