"""Fact extractors behind one small interface (issue 35 item 5): the deterministic rules, always
there, and an optional model (azure_extractor.py), which runs off the hot path and falls back to
the rules on any error or timeout.

- `FactExtractor`: `version` (what "already extracted" is keyed by, with the turn) and
  `extract(turn) -> Extracted`.
- `LocalExtractor`: the deterministic extractor (memcore.extraction + facts_of_turn).
- `extract_with_fallback`: the model's facts, or on any failure the local ones; says which.
- `facts_to_add`: what a second extractor adds to the facts a turn already gave (nothing doubled).

Who said it is decided here, before anything reaches a model: only the owner's own turns are
extracted (`OwnerTurn.role`); an assistant's line, another speaker's or a guardian's gives nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Literal, Protocol

from .extract import facts_of_turn
from .model_contract import Rejection
from .models import Fact
from .speaker import SpeakerRole

LOCAL_VERSION = "rules-1"


@dataclass(frozen=True)
class OwnerTurn:
    """One stored turn (its redacted text), who said it, and the name facts about the owner carry."""

    text: str
    owner: str
    speaker: str
    role: SpeakerRole
    at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    speaker_org: str | None = None


@dataclass
class Extracted:
    facts: list[Fact]
    rejected: list[Rejection] = field(default_factory=list)


class FactExtractor(Protocol):
    @property
    def version(self) -> str: ...

    def extract(self, turn: OwnerTurn) -> Extracted: ...


class LocalExtractor:
    """The deterministic extractor: spaCy parses and rules (the hot path's own)."""

    version = LOCAL_VERSION

    def extract(self, turn: OwnerTurn) -> Extracted:
        if turn.role != "owner":
            return Extracted([])
        from ..extraction.pipeline import extract

        result = extract(turn.text, speaker=turn.speaker, at=turn.at)
        statements = [s for s in result.statements if s.text.strip()]
        return Extracted(facts_of_turn(turn.text, statements, owner=turn.owner, role=turn.role,
                                       speaker=turn.speaker, speaker_org=turn.speaker_org))


Source = Literal["model", "fallback", "skipped"]


@dataclass
class Outcome:
    """What one extraction gave: the facts, from the model or from the fallback, and why."""

    facts: list[Fact]
    source: Source
    rejected: list[Rejection] = field(default_factory=list)
    error: str | None = None  # the failure's type (never its message: it may quote the turn)


def extract_with_fallback(model: FactExtractor, fallback: FactExtractor, turn: OwnerTurn) -> Outcome:
    """The model's facts for an owner's turn; on any exception (timeout, refusal, an answer that is
    not the contract) the fallback's, with the failure named. Other speakers' turns: nothing, and
    the model is not called."""
    if turn.role != "owner":
        return Outcome([], "skipped")
    try:
        got = model.extract(turn)
        return Outcome(got.facts, "model", got.rejected)
    except Exception as exc:  # noqa: BLE001 - any failure of the model falls back, by design
        return Outcome(fallback.extract(turn).facts, "fallback", error=type(exc).__name__)


def _key(f: Fact) -> tuple[str, str, str]:
    return f.subject.lower(), f.predicate, f.value.lower()


def facts_to_add(found: list[Fact], known: list[Fact]) -> list[Fact]:
    """The facts of `found` a turn has not given yet. A fact is known when one of `known` has its
    subject, predicate and value, or its canonical text, or the same subject, type and value (the
    rules' "loves" and a model's "likes" of the same thing are one fact)."""
    keys = {_key(f) for f in known}
    texts = {f.text.lower() for f in known}
    values = {(f.subject.lower(), f.type, f.value.lower()) for f in known}
    out: list[Fact] = []
    for f in found:
        if _key(f) in keys or f.text.lower() in texts or (f.subject.lower(), f.type, f.value.lower()) in values:
            continue
        keys.add(_key(f))
        texts.add(f.text.lower())
        values.add((f.subject.lower(), f.type, f.value.lower()))
        out.append(f)
    return out


__all__ = ["Extracted", "FactExtractor", "LOCAL_VERSION", "LocalExtractor", "Outcome", "OwnerTurn",
           "extract_with_fallback", "facts_to_add"]
