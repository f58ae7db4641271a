"""When repeated episodes become one semantic memory, and how confident it is (pure functions).

Rule: episodic/preference items whose embeddings are within `similarity` (cosine) of the newest
one say the same thing; when they add up to `min_mentions` mentions across `min_sessions`
distinct sessions they are promoted to one semantic memory (tier solid), linked to all of them.
The cosine threshold is measured on a labelled paraphrase set (`python -m consolidator.threshold`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Sequence

import numpy as np


@dataclass(frozen=True)
class Episode:
    memory_id: str
    text: str
    session_id: str | None
    mention_count: int
    confidence: float
    observed_at: datetime
    predicate: str | None = None
    tier: str = "solid"
    tags: tuple[str, ...] = ()
    said_in: tuple[str, ...] = ()  # other sessions an exact repeat was said in (write path, migration 0019)


def session_key(e: Episode) -> str:
    """Items without a session count as their own session (a separate occasion)."""
    return e.session_id or f"memory:{e.memory_id}"


def sessions(episodes: Sequence[Episode]) -> set[str]:
    """Every session the episodes were said in: their own, and those their exact repeats came in."""
    return {k for e in episodes for k in (session_key(e), *e.said_in)}


def mentions(episodes: Sequence[Episode]) -> int:
    return sum(max(1, e.mention_count) for e in episodes)


def should_promote(episodes: Sequence[Episode], min_mentions: int = 3, min_sessions: int = 2) -> bool:
    return mentions(episodes) >= min_mentions and len(sessions(episodes)) >= min_sessions


def content_text(text: str) -> str:
    """What promotion compares: for a statement of liking or disliking, what is liked (its object
    words: "Painting is my favourite thing ever." -> "painting"), since the frame ("... is my
    favourite thing ever", "I love ...") makes different preferences look alike; otherwise the text
    as said (the stored text, which never holds the speaker's name)."""
    from .phrasing import object_words, polarity

    if polarity([text]):
        objects = object_words(text)
        if objects:
            return " ".join(objects)
    return text


def states_preference(memory_type: str, text: str) -> bool:
    """A statement of liking or disliking (typed preference, or using those words)."""
    from .phrasing import polarity

    return memory_type == "preference" or polarity([text]) != ""


def eligible(memory_type: str, source: str | None, tags: Sequence[str], text: str) -> bool:
    """What promotion considers: episodes and preferences, and a preference a person stated as a
    fact ("Dinosaurs are my favourite thing ever." is typed semantic): a semantic item someone said
    (not one the consolidator derived) that uses the words of liking or disliking."""
    if memory_type in ("episodic", "preference"):
        return True
    from .phrasing import polarity

    return (memory_type == "semantic" and source != "system" and "promoted" not in tags
            and polarity([text]) != "")


def promoted_confidence(confidences: Sequence[float], cap: float = 0.97) -> float:
    """Above every episode's confidence: noisy-OR of damped confidences, at least 30% of the way
    from the most confident episode to 1, capped below certainty."""
    if not confidences:
        return 0.0
    top = max(confidences)
    noisy_or = 1.0 - math.prod(1.0 - 0.6 * c for c in confidences)
    value = max(top + (1.0 - top) * 0.3, noisy_or)
    return round(min(cap, max(value, min(top + 0.01, 0.99))), 4)


def best_category(centroid: np.ndarray, labels: Sequence[str], label_vectors: np.ndarray,
                  min_score: float = 0.45, min_margin: float = 0.1) -> str | None:
    """The category label nearest the episodes' centroid, when it is near and clearly the nearest."""
    if centroid is None or len(labels) == 0:
        return None
    scores = label_vectors @ np.asarray(centroid, dtype=np.float32)
    order = np.argsort(-scores)
    best = float(scores[order[0]])
    second = float(scores[order[1]]) if len(order) > 1 else -1.0
    return labels[int(order[0])] if best >= min_score and best - second >= min_margin else None


def choose_threshold(scored: Sequence[tuple[float, bool]]) -> dict:
    """The cosine threshold with the best F1 on labelled pairs (ties: the higher threshold)."""
    best = None
    for t in sorted({round(s, 3) for s, _ in scored}):
        tp = sum(1 for s, y in scored if s >= t and y)
        fp = sum(1 for s, y in scored if s >= t and not y)
        fn = sum(1 for s, y in scored if s < t and y)
        f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
        cand = {"threshold": t, "f1": round(f1, 4), "precision": round(tp / (tp + fp), 4) if tp + fp else 0.0,
                "recall": round(tp / (tp + fn), 4) if tp + fn else 0.0}
        if best is None or (cand["f1"], t) >= (best["f1"], best["threshold"]):
            best = cand
    return best or {"threshold": 1.0, "f1": 0.0, "precision": 0.0, "recall": 0.0}


def core_of(vectors: Sequence[np.ndarray] | np.ndarray, threshold: float) -> list[int]:
    """Guards single linkage against chaining: repeatedly drops the member least similar to the
    centroid of the others (ties: the first) while that similarity is below `threshold`. Returns
    the kept indices."""
    m = np.asarray(vectors, dtype=np.float64)
    return core_of_gram(m @ m.T if len(m) else np.zeros((0, 0)), threshold)


def core_of_gram(gram: np.ndarray, threshold: float) -> list[int]:
    """`core_of` given the members' dot products (gram[i, j] = v_i . v_j): member i's similarity to
    the others' sum T - v_i is (r_i - g_ii) / |T - v_i| with r_i its row sum over the kept members
    and |T - v_i|^2 = sum(g) - 2 r_i + g_ii, so each drop costs a row, not a pass over the vectors."""
    g = np.asarray(gram, dtype=np.float64)
    keep = np.ones(len(g), dtype=bool)
    rows = g.sum(axis=1)
    total = float(rows.sum())
    diag = np.diag(g).copy()
    while keep.sum() > 1:
        norms = np.sqrt(np.maximum(total - 2 * rows + diag, 0.0))
        sims = np.where(norms > 1e-12, (rows - diag) / np.where(norms > 1e-12, norms, 1.0), 0.0)
        sims = np.where(keep, np.round(sims, 9), np.inf)  # equal up to rounding: the first goes
        worst = int(np.argmin(sims))
        if float(sims[worst]) >= threshold:
            break
        keep[worst] = False
        total -= 2 * float(rows[worst]) - float(diag[worst])
        rows -= g[:, worst]
    return [int(i) for i in np.flatnonzero(keep)]


def coherent_core(vectors: Sequence[np.ndarray], threshold: float, seed: int) -> list[int]:
    """`core_of`, or [] when the seed itself does not belong (it would have been dropped)."""
    keep = core_of(vectors, threshold)
    return keep if seed in keep else []


def category_members(seed: int, named: Sequence[str | None], nearest: Sequence[str | None]) -> list[int]:
    """Candidates joined to the seed through a category someone named ("I love dinosaurs" names
    dinosaurs; "I love triceratops" is nearest to it): for each category the seed names or is
    nearest to, and that some candidate names, the candidates that name it or are nearest to it.
    Nearness alone never groups ("curry" and "mango" both near "foods" stay apart). Sorted indices."""
    seed_cats = {named[seed], nearest[seed]} - {None}
    out: set[int] = set()
    for cat in seed_cats & {c for c in named if c}:
        out |= {i for i in range(len(named)) if named[i] == cat or nearest[i] == cat}
    return sorted(out)
