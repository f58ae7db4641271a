"""Normalised text and its hash, for exact-repeat dedupe."""
from __future__ import annotations

import hashlib
import re
import unicodedata

_PUNCT = re.compile(r"[^\w\s<>]+", re.UNICODE)
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Lowercase, accents kept as letters, punctuation dropped, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'").replace("'", "")
    text = _PUNCT.sub(" ", text)
    return _SPACE.sub(" ", text).strip()


def text_hash(text: str) -> str:
    return hashlib.sha256(normalise(text).encode()).hexdigest()[:32]


def norm_name(name: str) -> str:
    """Case- and accent-insensitive form of a name or alias ("José's" -> "jose")."""
    text = unicodedata.normalize("NFKD", name.replace("\u2019", "'"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower().strip()
    if text.endswith("'s"):
        text = text[:-2]
    return _SPACE.sub(" ", re.sub(r"[^\w\s&.-]+", " ", text)).strip(" .")


def name_ngrams(text: str, max_words: int = 5) -> list[str]:
    """Every 1..max_words word sequence of `text`, normalised like names (for alias lookup)."""
    words = [norm_name(w) for w in re.findall(r"[\w'’&.-]+", text)]
    words = [w for w in words if w]
    grams = {" ".join(words[i:i + n]) for n in range(1, max_words + 1) for i in range(len(words) - n + 1)}
    return sorted(grams)
