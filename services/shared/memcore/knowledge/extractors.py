"""Fact extractors behind one small interface (issue 35 item 5): the deterministic rules, always
there, and an optional model (azure_extractor.py), which runs off the hot path and falls back to
the rules on any error or timeout.

- `FactExtractor`: `version` (what "already extracted" is keyed by, with the turn) and
  `extract(turn) -> Extracted`.
- `LocalExtractor`: the deterministic extractor (memcore.extraction + facts_of_turn).
- `extract_with_fallback`: the model's facts, or on any failure the local ones; says which.
- `TimeLimited`: an extractor with a time limit per turn (a timeout is one more failure).
- `facts_to_add`: what a second extractor adds to the facts a turn already gave (nothing doubled).

Who said it is decided here, before anything reaches a model: only the owner's own turns are
extracted (`OwnerTurn.role`); an assistant's line, another speaker's or a guardian's gives nothing.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Literal, Protocol

from . import worth
from .model_contract import Rejection
from .models import Fact
from .parse import parse_once
from .speaker import SpeakerRole
from .vocabulary import NUMBER_WORDS

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
        from .reading import learn  # reading imports extract, which imports this module's neighbours

        return Extracted(learn(turn.text, None, at=turn.at, owner=turn.owner, role=turn.role,
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
        kept = worth.kept(got.facts, turn=[turn.text], owner=turn.owner, earlier=None, parse=parse_once())
        return Outcome(kept, "model", got.rejected)  # the model's facts get the rules' last look (worth.py)
    except Exception as exc:  # noqa: BLE001 - any failure of the model falls back, by design
        return Outcome(fallback.extract(turn).facts, "fallback", error=type(exc).__name__)


class TimeLimited:
    """An extractor given at most `seconds` per turn: past it, `extract` raises TimeoutError (the
    late answer is dropped; its thread ends on the client's own timeout)."""

    def __init__(self, inner: FactExtractor, seconds: float) -> None:
        self.inner = inner
        self.seconds = seconds
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="model-extractor")

    @property
    def version(self) -> str:
        return self.inner.version

    def extract(self, turn: OwnerTurn) -> Extracted:
        try:
            return self._pool.submit(self.inner.extract, turn).result(timeout=self.seconds)
        except FutureTimeout:
            raise TimeoutError(f"no answer within {self.seconds} s") from None


def _words(value: str) -> frozenset[str]:
    """A value's words, lowercased, number words as digits, articles aside: "seven" is "7", "a dog
    called Biscuit" is {dog, called, biscuit}."""
    words = (w.strip(".,!'’") for w in value.lower().split())
    return frozenset(str(NUMBER_WORDS.get(w, w)) for w in words if w and w not in ("a", "an", "the"))


def _same(f: Fact, k: Fact) -> bool:
    """One fact said twice: the same text; or the same subject and either the same predicate or
    the same type, with one value's words within the other's ("7" and "seven"; "Biscuit" and "a dog
    called Biscuit"; the rules' "likes horses" and a model's "loves horses")."""
    if f.text.lower() == k.text.lower():
        return True
    if f.subject.lower() != k.subject.lower() or (f.predicate != k.predicate and f.type != k.type):
        return False
    a, b = _words(f.value), _words(k.value)
    return bool(a and b) and (a <= b or b <= a)


def facts_to_add(found: list[Fact], known: list[Fact]) -> list[Fact]:
    """The facts of `found` a turn has not given yet (`_same` as none of `known`, nor of each other)."""
    out: list[Fact] = []
    for f in found:
        if not any(_same(f, k) for k in [*known, *out]):
            out.append(f)
    return out


__all__ = ["Extracted", "FactExtractor", "LOCAL_VERSION", "LocalExtractor", "Outcome", "OwnerTurn",
           "TimeLimited", "extract_with_fallback", "facts_to_add"]
