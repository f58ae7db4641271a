"""One memory to write, before the write gate and embedding (write_pipeline), and what is indexed
and embedded of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .auth import Principal
from .entity_refs import EntityRefs


@dataclass
class Candidate:
    """One memory to write, before policy and embedding."""

    text: str
    type: str = "episodic"
    index_text: str | None = None  # what BM25 indexes at weight A (default: the text)
    embed_text: str | None = None  # what is embedded (default: index_text)
    fields: dict[str, Any] = field(default_factory=dict)  # the remaining NewMemory fields (context_text ...)
    entities: EntityRefs | None = None  # entities the text mentions (linked after commit)
    from_record: bool = False  # knowledge drawn from the record candidate of the same batch (its source turn)
    seen_in: str | None = None  # the session a repeat of it was said in, when the row keeps no session


def search_text_of(cand: Candidate, text: str) -> str:
    """What BM25 indexes at full weight: the turn as said (speaker, caption) or the (redacted) text.
    Callers build index_text from already-redacted text."""
    return cand.index_text or text


def embed_text_of(cand: Candidate, text: str) -> str:
    return cand.embed_text or search_text_of(cand, text)


def source_for(principal: Principal, requested: str) -> str:
    """A child or user cannot claim to be the parent or the system."""
    if principal.role in ("child", "user") and requested in ("parent", "system"):
        return "user"
    if principal.role == "parent" and requested == "user":
        return "parent"
    return requested
