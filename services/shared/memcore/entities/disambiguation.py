"""Which of several same-named entities a sentence means, from its context alone (seed 000).

The sentence without the name is compared with each candidate's profile: cosine similarity of the
embeddings, plus the share of the context's words that only this candidate's profile contains
(a nickname such as "mosshead", a tool, a team), plus a bonus when another of the candidate's names
appears. Frequency and recency play no part: nothing here counts mentions or looks at dates. When
the best candidate's lead over the runner-up is below MARGIN, the answer is a clarification.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from ..retrieval.query_terms import content_words
from ..textnorm import norm_name

# Measured with memclient.bench.disambiguation (results/disambiguation.json): see MARGIN_NOTE.
MARGIN = 0.06
MARGIN_NOTE = "lead of the best candidate over the runner-up needed to resolve without asking"
LEXICAL_WEIGHT = 0.35
ALIAS_WEIGHT = 0.5
SESSION_WEIGHT = 0.15  # an entity active in the conversation is context too (never frequency)
_ROUGH_STEM = re.compile(r"(?:'s|s|es|ed|ing)$")


def stem(word: str) -> str:
    w = word.lower()
    if len(w) > 4:
        w = _ROUGH_STEM.sub("", w) or w
    return w


def words_of(text: str) -> set[str]:
    return {stem(w) for w in content_words(text)}


@dataclass(frozen=True)
class ProfileCandidate:
    entity_id: str
    name: str
    type: str
    description: str
    vector: Sequence[float] | None
    profile_text: str = ""
    other_names: tuple[str, ...] = ()  # aliases and nicknames (not the shared name)


@dataclass(frozen=True)
class ScoredCandidate:
    entity_id: str
    name: str
    description: str
    score: float
    similarity: float
    lexical: float
    alias_hit: bool


@dataclass
class Resolution:
    surface: str
    status: str  # "resolved" | "unique" | "ambiguous"
    entity_id: str | None
    margin: float | None
    context: str
    candidates: list[ScoredCandidate] = field(default_factory=list)

    @property
    def resolved(self) -> bool:
        return self.entity_id is not None


def as_array(v) -> np.ndarray | None:
    """A vector as a float array (lists, numpy arrays and pgvector's Vector alike)."""
    if v is None:
        return None
    return np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)


def cosine(a, b) -> float:
    a, b = as_array(a), as_array(b)
    if a is None or b is None or a.shape != b.shape:
        return 0.0
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    return float(a @ b) / (na * nb) if na and nb else 0.0


def _alias_in(context: str, names: Sequence[str]) -> bool:
    low = f" {norm_name(context)} "
    return any(n and f" {norm_name(n)} " in low for n in names)


def score_candidates(context: str, context_vec: Sequence[float] | None, candidates: Sequence[ProfileCandidate],
                     session: Mapping[str, float] | None = None) -> list[ScoredCandidate]:
    """Candidates best first. `session`: activation (0..1) of entities active in the conversation."""
    ctx_words = words_of(context)
    profile_words = [words_of(c.profile_text) for c in candidates]
    n = len(candidates)
    df: dict[str, int] = {}
    for pw in profile_words:
        for w in ctx_words & pw:
            df[w] = df.get(w, 0) + 1
    out = []
    for c, pw in zip(candidates, profile_words):
        lexical = 0.0
        if ctx_words and n > 1:
            # a context word shared by every candidate says nothing; one only this profile has says most
            lexical = sum(math.log(n / df[w]) / math.log(n) for w in ctx_words & pw) / len(ctx_words)
        alias_hit = _alias_in(context, c.other_names)
        sim = cosine(context_vec, c.vector)
        act = (session or {}).get(c.entity_id, 0.0)
        total = sim + LEXICAL_WEIGHT * lexical + (ALIAS_WEIGHT if alias_hit else 0.0) + SESSION_WEIGHT * act
        out.append(ScoredCandidate(c.entity_id, c.name, c.description, round(total, 4), round(sim, 4),
                                   round(lexical, 4), alias_hit))
    out.sort(key=lambda s: (-s.score, s.entity_id))
    return out


def resolve(surface: str, context: str, context_vec: Sequence[float] | None,
            candidates: Sequence[ProfileCandidate], session: Mapping[str, float] | None = None,
            margin: float = MARGIN) -> Resolution:
    if not candidates:
        return Resolution(surface, "ambiguous", None, None, context, [])
    scored = score_candidates(context, context_vec, candidates, session)
    if len(scored) == 1:
        return Resolution(surface, "unique", scored[0].entity_id, None, context, scored)
    lead = scored[0].score - scored[1].score
    informative = bool(words_of(context)) or any((session or {}).values())
    if informative and lead >= margin:
        return Resolution(surface, "resolved", scored[0].entity_id, round(lead, 4), context, scored)
    return Resolution(surface, "ambiguous", None, round(lead, 4), context, scored)


def clarification(resolutions: Sequence[Resolution], limit: int = 8) -> dict | None:
    """The question to ask when a name could not be resolved: which one, with a line on each."""
    open_ = [r for r in resolutions if r.status == "ambiguous" and r.candidates]
    if not open_:
        return None
    items = []
    for r in open_:
        items.append({
            "name": r.surface,
            "question": f"Which {r.surface} do you mean?",
            "margin": r.margin,
            "candidates": [{"entity_id": c.entity_id, "name": c.name, "description": c.description,
                            "score": c.score} for c in r.candidates[:limit]],
        })
    first = items[0]
    return {"reason": "ambiguous_entity", "question": first["question"], "name": first["name"],
            "candidates": first["candidates"], "ambiguous": items}
