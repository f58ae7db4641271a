"""The matrix products of the spaCy models, done by numpy (OpenBLAS) instead of thinc's blis.

thinc's `NumpyOps.gemm` calls blis; on this project's machines (AMD EPYC, AVX2) blis takes
2-3 times as long as numpy's OpenBLAS on one thread for the small products a turn needs (20 x 288
by 288 x 288: 149 against 56 microseconds; `OPENBLAS_NUM_THREADS=1 tools/research/spacy_probes.py gemm`). With the remembered parts of speech
below, extraction's p50 fell from 9.5-10.5 to 7.2-8.3 ms a turn (tools/research/extract_timing.py), with
identical entities and statement types (tools/research/typing_check.py save / compare over the benchmark
turns). Only `gemm` changes: thinc's other kernels are its own loops, not blis.

numpy's OpenBLAS would run each of these products on every core, which costs twice the CPU for a
small gain in wall time alone and loses beside the embedder and Postgres: in `memctl bench
ingest`, extraction's p50 went from about 21 to 28 ms. So the process's BLAS runs on one thread
(threadpoolctl), the same limit onnxruntime is given (memcore.embedding.local_onnx)."""
from __future__ import annotations

from typing import Any

import numpy
from thinc.api import NumpyOps
from threadpoolctl import threadpool_limits


class MatmulOps(NumpyOps):
    """NumpyOps whose gemm is numpy.matmul (float32 in, float32 out, as blis gives)."""

    def gemm(self, x, y, out=None, trans1: bool = False, trans2: bool = False):
        a = x.T if trans1 else x
        b = y.T if trans2 else y
        if out is None:
            return numpy.matmul(a, b)
        numpy.matmul(a, b, out=out)
        return out


def use_matmul(nlp: Any) -> None:
    """Every layer of every trainable component of `nlp` computes its products with MatmulOps, and
    numpy's BLAS runs on one thread in this process from now on."""
    threadpool_limits(limits=1, user_api="blas")
    ops = MatmulOps()
    for _, pipe in nlp.components:
        model = getattr(pipe, "model", None)
        if hasattr(model, "walk"):
            for node in model.walk():
                node.ops = ops


class RememberedPos:
    """The attribute ruler's part of speech (and tag), remembered per (tag, word, space?).

    Without the parser every rule of the model's attribute ruler that sets a part of speech or a
    tag looks at one token only, at its tag, lowercase form and whether it is a space (the rules
    that look at dependencies cannot match: no token has one), so the same key always gets the same
    answer. The word counts only where a rule names it ("but", "do", ...); any other word is keyed
    by its tag alone. A doc whose every key is known takes the remembered answers; any other runs
    the ruler itself, whose answers are remembered. The ruler's matcher otherwise took about an
    eighth of a turn's extraction (sampled with py-spy in the API during `memctl bench ingest`); the
    lemma and morphology it also sets are not used by this project. A ruler with rules of another
    kind is always run."""

    LIMIT = 50_000  # keys kept (forgotten all at once past this)

    def __init__(self, ruler: Any) -> None:
        self.ruler = ruler
        self.known: dict[tuple[str, str, bool], tuple[str, str]] = {}
        self.words, self.exact = _named_words(ruler.patterns)

    def _key(self, token: Any) -> tuple[str, str, bool]:
        word = token.lower_
        return token.tag_, word if word in self.words else "", token.is_space

    def pipe(self, docs):
        for doc in docs:
            keys = [self._key(t) for t in doc] if self.exact else None
            if keys is not None and all(k in self.known for k in keys):
                for token, key in zip(doc, keys):
                    token.pos_, token.tag_ = self.known[key]
                yield doc
                continue
            doc = self.ruler(doc)
            if keys is not None:
                if len(self.known) > self.LIMIT:
                    self.known.clear()
                for token, key in zip(doc, keys):
                    self.known[key] = (token.pos_, token.tag_)
            yield doc


def _named_words(patterns: list[dict]) -> tuple[frozenset[str], bool]:
    """The words the rules that set a part of speech or a tag name (LOWER), and whether every such
    rule is of the one-token kind RememberedPos relies on."""
    words: set[str] = set()
    exact = True
    for rule in patterns:
        if not {"POS", "TAG"} & set(rule.get("attrs", {})):
            continue
        for pattern in rule["patterns"]:
            if any("DEP" in tok for tok in pattern):
                if all(_never_empty(tok["DEP"]) for tok in pattern if "DEP" in tok):
                    continue  # no token has a dependency without the parser: the rule never applies
                exact = False
            if len(pattern) != 1:
                exact = False
            for tok in pattern:
                if set(tok) - {"TAG", "LOWER", "IS_SPACE", "DEP"}:
                    exact = False
                lower = tok.get("LOWER")
                if isinstance(lower, str):
                    words.add(lower)
                elif isinstance(lower, dict) and set(lower) == {"IN"}:
                    words.update(lower["IN"])
                elif lower is not None:
                    exact = False
    return frozenset(words), exact


def _never_empty(condition: Any) -> bool:
    """A DEP condition that an empty dependency label fails."""
    if isinstance(condition, str):
        return condition != ""
    if isinstance(condition, dict) and set(condition) == {"IN"}:
        return "" not in condition["IN"]
    if isinstance(condition, dict) and set(condition) == {"NOT_IN"}:
        return "" in condition["NOT_IN"]
    return False
