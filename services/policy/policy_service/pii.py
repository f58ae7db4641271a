"""PII detection (Presidio, pattern recognizers only) and redaction with placeholders."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Literal, Sequence

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

from memcore.lru import Lru, digest
from memcore.policy.contract import placeholder_for
from policy_service.phones import DEFAULT_REGIONS
from policy_service.nlp_engine import SPACY_MODEL, TokenizerNlpEngine, full_spacy_engine
from policy_service.recognizers import ENTITY_TO_PII_TYPE, build_recognizers, could_hold_pii

NlpMode = Literal["tokenizer", "spacy"]


@dataclass(frozen=True, slots=True)
class PiiFinding:
    type: str  # our PII type: PHONE, EMAIL, ...
    start: int
    end: int
    score: float


def resolve_overlaps(findings: Sequence[PiiFinding]) -> list[PiiFinding]:
    """Keep the best of overlapping findings (higher score, then longer), ordered by position."""
    kept: list[PiiFinding] = []
    for f in sorted(findings, key=lambda f: (-f.score, -(f.end - f.start), f.start)):
        if all(f.end <= k.start or f.start >= k.end for k in kept):
            kept.append(f)
    return sorted(kept, key=lambda f: f.start)


def redact(text: str, findings: Sequence[PiiFinding]) -> str:
    """Replace each (non-overlapping) finding with its placeholder, e.g. ``<PHONE>``."""
    out, cursor = [], 0
    for f in sorted(findings, key=lambda f: f.start):
        if f.start < cursor:
            continue
        out.append(text[cursor : f.start])
        out.append(placeholder_for(f.type))
        cursor = f.end
    out.append(text[cursor:])
    return "".join(out)


class FindingsCache:
    """A bounded LRU of text -> findings, keyed by a digest of the text (the text is not kept)."""

    def __init__(self, max_entries: int):
        self.max_entries = max_entries
        self._entries: Lru[bytes, tuple[PiiFinding, ...]] = Lru(max_entries)

    def get(self, text: str) -> tuple[PiiFinding, ...] | None:
        return self._entries.get(digest(text, size=16))

    def put(self, text: str, findings: tuple[PiiFinding, ...]) -> None:
        self._entries.put(digest(text, size=16), findings)


class PiiDetector:
    """A warm Presidio analyzer restricted to the entities we redact. Thread-safe to call."""

    def __init__(
        self,
        nlp_mode: NlpMode = "tokenizer",
        phone_regions: tuple[str, ...] = DEFAULT_REGIONS,
        spacy_model: str = SPACY_MODEL,
    ) -> None:
        nlp_engine = TokenizerNlpEngine(spacy_model) if nlp_mode == "tokenizer" else full_spacy_engine(spacy_model)
        if not nlp_engine.is_loaded():
            nlp_engine.load()
        registry = RecognizerRegistry(recognizers=build_recognizers(phone_regions), supported_languages=["en"])
        self.entities = list(ENTITY_TO_PII_TYPE)
        self.nlp_mode = nlp_mode
        self._analyzer = AnalyzerEngine(
            registry=registry,
            nlp_engine=nlp_engine,
            supported_languages=["en"],
            context_aware_enhancer=LemmaContextAwareEnhancer(context_matching_mode="whole_word"),
        )
        self._lock = threading.Lock()  # spaCy's tokenizer is not guaranteed thread-safe
        # Memories are read far more often than written: the same stored text is re-checked on
        # every read, so findings are remembered per text (bounded; findings hold no text).
        self._cache = FindingsCache(max_entries=50_000)

    def warm_up(self) -> None:
        self.detect_many(["Call me at (415) 555-0199 or mail a@b.com, 48 Birch Lane, born May 3, 2015."])

    def detect(self, text: str) -> list[PiiFinding]:
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[list[PiiFinding]]:
        """Analyze a batch: one tokenizer pass over all texts, then the recognizers per text."""
        results: list[list[PiiFinding]] = [[] for _ in texts]
        todo = []
        for i, t in enumerate(texts):
            if not t.strip() or not could_hold_pii(t):
                continue
            cached = self._cache.get(t)
            if cached is not None:
                results[i] = list(cached)
            else:
                todo.append(i)
        if not todo:
            return results
        with self._lock:
            artifacts = self._analyzer.nlp_engine.process_batch([texts[i] for i in todo], language="en", batch_size=32)
            for index, (text, nlp_artifacts) in zip(todo, artifacts):
                raw = self._analyzer.analyze(
                    text=text, language="en", entities=self.entities, nlp_artifacts=nlp_artifacts
                )
                findings = [
                    PiiFinding(ENTITY_TO_PII_TYPE[r.entity_type], r.start, r.end, round(float(r.score), 3))
                    for r in raw
                    if r.entity_type in ENTITY_TO_PII_TYPE
                ]
                results[index] = resolve_overlaps(findings)
                self._cache.put(text, tuple(results[index]))
        return results
