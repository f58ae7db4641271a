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

import re
from typing import Any, NamedTuple

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
                exact = _read_lower(tok.get("LOWER"), words, None) and exact
    return frozenset(words), exact


def _read_lower(lower: Any, words: set[str], shapes: list[re.Pattern[str]] | None) -> bool:
    """Add the words a rule's LOWER condition names to `words` (and the shapes of a REGEX one to
    `shapes`, where they are read); False for a condition of another kind."""
    if isinstance(lower, str):
        words.add(lower)
    elif isinstance(lower, dict) and set(lower) == {"IN"}:
        words.update(lower["IN"])
    elif isinstance(lower, dict) and set(lower) == {"REGEX"} and shapes is not None:
        shapes.append(re.compile(lower["REGEX"]))
    else:
        return lower is None
    return True


def _never_empty(condition: Any) -> bool:
    """A DEP condition that an empty dependency label fails."""
    if isinstance(condition, str):
        return condition != ""
    if isinstance(condition, dict) and set(condition) == {"IN"}:
        return "" not in condition["IN"]
    if isinstance(condition, dict) and set(condition) == {"NOT_IN"}:
        return "" in condition["NOT_IN"]
    return False


class RememberedRuler:
    """The attribute ruler of a pipeline with the parser (memcore.knowledge.parse): what it gives a
    token, remembered per token and the parts of its neighbours the rules read.

    Every rule of the model's ruler looks at one token or two neighbours, at their tag, lowercase
    form, dependency label and whether they are spaces, and sets attributes of one of them; so what a
    token ends with (part of speech, tag, morphology, lemma, dependency label) is decided by its own
    (tag, word where a rule names it, space?, dependency label), by what the two-token rules that set
    it read of the token before and of the token after ("expl" before "is": a verb; "gon" before
    "na": lemma "to"), and by what it had before, which for a doc fresh from the parser is nothing
    (no part of speech, lemma or morphology: checked, else the ruler runs). A doc whose every token
    is known takes the remembered answers; any other runs the ruler, whose answers are remembered.
    A ruler with rules of another kind is always run. The ruler's matcher took about a fifth of the
    knowledge parse."""

    LIMIT = 100_000  # tokens' keys kept (forgotten all at once past this)

    def __init__(self, ruler: Any) -> None:
        from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, POS, TAG

        self.ruler = ruler
        self.known: dict[tuple[Any, ...], tuple[int, int, int, int, int | None]] = {}
        self.rules = _window_rules(ruler.patterns)
        self._reads = [TAG, LOWER, IS_SPACE, DEP, POS, LEMMA, MORPH]  # the last three: nothing yet
        self._sets = [POS, TAG, MORPH, LEMMA, DEP]
        self._before = [_WINDOW_KEYS.index(k) for k in self.rules.before]
        self._after = [_WINDOW_KEYS.index(k) for k in self.rules.after]
        self._words: dict[int, int] = {}  # a word's hash -> itself if a rule names it or its shape, else 0
        self._deps: dict[int, tuple[bool, ...]] = {}

    def _word(self, word: int, strings: Any) -> int:
        got = self._words.get(word)
        if got is None:
            text = strings[word]
            named = text in self.rules.words or any(shape.search(text) for shape in self.rules.shapes)
            got = self._words[word] = word if named else 0
        return got

    def _dep(self, dep: int, strings: Any) -> tuple[bool, ...]:
        """What the rules can tell of a dependency label: whether it meets each of their conditions
        on one ("nsubj", in ["dobj", "pobj"], not in ["det", "quantmod", ""] ...)."""
        got = self._deps.get(dep)
        if got is None:
            label = strings[dep]
            got = self._deps[dep] = tuple(_meets(label, condition) for condition in self.rules.dep_conditions)
        return got

    def _keys(self, doc: Any) -> tuple[list[tuple[Any, ...]], list[int]] | None:
        """Each token's key, and its own dependency label; None when a token has a part of speech, a
        lemma or a morphology already (not the state the remembered answers start from)."""
        values = doc.to_array(self._reads)
        if values[:, 4:].any():
            return None
        strings = doc.vocab.strings
        rows = values[:, :4].tolist()
        feats = [(tag, self._word(lower, strings), space, self._dep(dep, strings)) for tag, lower, space, dep in rows]
        n = len(feats)
        keys = [(f,
                 tuple(feats[i - 1][k] for k in self._before) if i else None,
                 tuple(feats[i + 1][k] for k in self._after) if i + 1 < n else None)
                for i, f in enumerate(feats)]
        return keys, [row[3] for row in rows]

    def pipe(self, docs: Any) -> Any:
        for doc in docs:
            read = self._keys(doc) if self.rules.exact and len(doc) else None
            if read is not None and all(k in self.known for k in read[0]):
                keys, deps = read
                answers = [self.known[k] for k in keys]
                doc.from_array(self._sets, numpy.array(
                    [(pos, tag, morph, lemma, own if dep is None else dep)
                     for (pos, tag, morph, lemma, dep), own in zip(answers, deps)], dtype="uint64"))
                yield doc
                continue
            doc = self.ruler(doc)
            if read is not None:
                if len(self.known) > self.LIMIT:
                    self.known.clear()
                keys, deps = read
                for key, own, (pos, tag, morph, lemma, dep) in zip(keys, deps, doc.to_array(self._sets).tolist()):
                    # the key holds what the rules tell of the label, not the label: one they did not change stays the token's own
                    self.known[key] = (pos, tag, morph, lemma, None if dep == own else dep)
            yield doc


def _meets(label: str, condition: Any) -> bool:
    if isinstance(condition, str):
        return label == condition
    if set(condition) == {"IN"}:
        return label in condition["IN"]
    return label not in condition["NOT_IN"]


_WINDOW_KEYS = ("TAG", "LOWER", "IS_SPACE", "DEP")


class WindowRules(NamedTuple):
    words: frozenset[str]  # the words the rules name (LOWER)
    shapes: tuple[re.Pattern[str], ...]  # the shapes they match (LOWER REGEX: "nothin'")
    before: tuple[str, ...]  # what the two-token rules that set the second token read of the first
    after: tuple[str, ...]  # what those that set the first read of the second
    dep_conditions: tuple[Any, ...]  # every condition on a dependency label: "nsubj", {"IN": [...]}, {"NOT_IN": [...]}
    exact: bool  # every rule of the kind RememberedRuler relies on


def _window_rules(patterns: list[dict]) -> WindowRules:
    """What the ruler's rules read, and whether each is of one or two tokens reading only their tag,
    lowercase form, space or dependency. A word neither named nor of a named shape fails every
    rule's test of the word, whatever it is: it is read as ""."""
    words: set[str] = set()
    shapes: list[re.Pattern[str]] = []
    before: set[str] = set()
    after: set[str] = set()
    deps: list[Any] = []
    exact = True
    for rule in patterns:
        index = rule.get("index", 0)
        for pattern in rule["patterns"]:
            if not isinstance(pattern, list) or not 1 <= len(pattern) <= 2:
                exact = False
                continue
            if len(pattern) == 2:
                if index in (1, -1):
                    before.update(pattern[0])
                elif index in (0, -2):
                    after.update(pattern[1])
                else:
                    exact = False
            for tok in pattern:
                if set(tok) - set(_WINDOW_KEYS):
                    exact = False
                dep = tok.get("DEP")
                if isinstance(dep, str) or isinstance(dep, dict) and len(dep) == 1 and set(dep) <= {"IN", "NOT_IN"}:
                    if dep not in deps:
                        deps.append(dep)
                elif dep is not None:
                    exact = False
                exact = _read_lower(tok.get("LOWER"), words, shapes) and exact
    return WindowRules(frozenset(words), tuple(shapes), tuple(k for k in _WINDOW_KEYS if k in before),
                       tuple(k for k in _WINDOW_KEYS if k in after), tuple(deps), exact)
