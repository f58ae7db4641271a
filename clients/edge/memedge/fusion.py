"""Ranking and assembly of a context block, pure: reciprocal rank fusion of the BM25 and vector lists,
safety rules first, pinned items next, then the fused ranking, within a token budget."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Literal

RRF_K = 60
CATEGORY = {"safety": "safety rules", "preference": "preferences", "identity": "about the user",
            "relationship": "people", "semantic": "facts", "process": "how-tos", "skill": "skills",
            "device": "device", "episodic": "recent notes", "summary": "summaries"}


@dataclass(frozen=True)
class Candidate:
    memory_id: str
    type: str
    text: str
    pinned: bool = False


@dataclass
class Line:
    memory_id: str | None
    category: str
    path: str  # safety, pinned, fused (device) or the cloud's own path
    text: str
    tokens: int
    source: Literal["device", "cloud"] = "device"


@dataclass
class ContextResult:
    context: str
    lines: list[Line]
    mode: Literal["offline", "online", "online+device"]
    tokens_used: int
    token_budget: int
    took_ms: float = 0.0
    cloud: str = "not asked"  # ok, timeout, unreachable, error <code>, not asked
    parts: dict[str, int] = field(default_factory=dict)  # lines per source

    @property
    def offline(self) -> bool:
        return self.mode == "offline"


def rrf(*rankings: Iterable[str], k: int = RRF_K) -> list[str]:
    """Reciprocal rank fusion: score(d) = sum over lists of 1 / (k + rank); ties keep first-seen order."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc in enumerate(ranking, start=1):
            scores[doc] = scores.get(doc, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda d: -scores[d])


def assemble(safety: list[Candidate], pinned: list[Candidate], ranked: list[Candidate], budget: int,
             count_tokens: Callable[[str], int]) -> list[Line]:
    """Safety rules always (even past the budget: they are never dropped), then pinned items and the
    fused ranking while they fit, each memory once."""
    lines: list[Line] = []
    used = 0
    seen: set[str] = set()
    for path, group in (("safety", safety), ("pinned", pinned), ("fused", ranked)):
        for c in group:
            if c.memory_id in seen:
                continue
            n = count_tokens(c.text)
            if path != "safety" and used + n > budget:
                continue
            seen.add(c.memory_id)
            used += n
            lines.append(Line(c.memory_id, CATEGORY.get(c.type, c.type), path, c.text, n))
    return lines


def render(lines: list[Line]) -> str:
    """The block given to the LLM: one section per category, in the order the lines came."""
    sections: dict[str, list[str]] = {}
    for line in lines:
        sections.setdefault(line.category, []).append(f"- {line.text}")
    return "\n".join(f"[{cat}]\n" + "\n".join(items) for cat, items in sections.items())
