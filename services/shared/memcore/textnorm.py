"""Normalised text and its hash, for exact-repeat dedupe."""
from __future__ import annotations

import hashlib
import re
import unicodedata

_PUNCT = re.compile(r"[^\w\s<>]+", re.UNICODE)
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Lowercase, accents kept as letters, punctuation dropped, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _PUNCT.sub(" ", text)
    return _SPACE.sub(" ", text).strip()


def text_hash(text: str) -> str:
    return hashlib.sha256(normalise(text).encode()).hexdigest()[:32]
