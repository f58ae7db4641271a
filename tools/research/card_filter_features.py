"""A learned filter over a turn's cards (issue 35, precision), as measured by card_filter_train.py: whether
a card holds a fact, from cheap features of the card and its turn, scored by a logistic regression whose
weights are trained offline on the dev halves of dev2..dev9 only. It did NOT pass its bar (docs/knowledge-log.md,
2026-12-07, worktree filter41), so it lives here, not in memcore; formation_misses.py --filter applies it.

Pure: features are strings (no hashing salt, so deterministic across processes), the score is a
sum of the weights of the features a card has. No I/O here: the caller passes the weights.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from memcore.knowledge.models import Fact

_WORD = re.compile(r"[a-z]+|[0-9]+")
_BIAS = "bias"


def _bucket(n: int, edges: Sequence[int]) -> str:
    for e in edges:
        if n <= e:
            return str(e)
    return f">{edges[-1]}"


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def features(card: Fact, turn: str, owner: str, cards_in_turn: int) -> list[str]:
    """The card's features: its type and predicate (the reader's family), its size, how sure it was said,
    whether it is about the owner, how much of it is the turn's own words, the turn's shape (a question,
    an "if"), and the card's words and word pairs."""
    words = _words(card.text)
    value = _words(card.value)
    said = set(_words(turn))
    out = [_BIAS, f"t={card.type}", f"p={card.predicate}", f"tp={card.type}|{card.predicate}",
           f"len={_bucket(len(words), (2, 3, 4, 6, 8, 12, 20))}", f"vlen={_bucket(len(value), (0, 1, 2, 3, 5, 8))}",
           f"cert={round(card.certainty, 2)}", f"owner={card.subject == owner}",
           f"ncards={_bucket(cards_in_turn, (1, 2, 3, 5, 8))}",
           f"turnlen={_bucket(len(_words(turn)), (3, 6, 10, 20, 40))}",
           f"question={'?' in turn}", f"if={'if' in said}"]
    if value:
        shared = sum(w in said for w in value) / len(value)
        out.append(f"vsaid={round(shared * 4) / 4}")
    out.extend(f"w={w}" for w in sorted(set(words)))
    out.extend(f"b={a}_{b}" for a, b in sorted(set(zip(words, words[1:]))))
    out.extend(f"v={w}" for w in sorted(set(value)))
    return out


def score(feats: Sequence[str], weights: Mapping[str, float]) -> float:
    """The probability that the card holds a fact."""
    z = sum(weights.get(f, 0.0) for f in feats)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def kept(cards: Sequence[Fact], turn: str, owner: str, weights: Mapping[str, float], threshold: float) -> list[Fact]:
    """The cards whose score reaches the threshold (all of them when there are no weights)."""
    if not weights:
        return list(cards)
    return [c for c in cards if score(features(c, turn, owner, len(cards)), weights) >= threshold]
