"""Normalised text and its hash, for exact-repeat dedupe."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Any, Iterator

_PUNCT = re.compile(r"[^\w\s<>]+", re.UNICODE)
_SPACE = re.compile(r"\s+")
# a person's title before a name, written with or without its point ("Mrs. Okoro", "Mrs Okoro"): one key.
# The same words in SQL: migrations/versions/0031_title_points_in_name_keys.py
TITLES_WITH_POINTS = ("mr", "mrs", "ms", "mx", "dr", "prof", "fr", "rev", "capt", "sgt")
_TITLE_POINT = re.compile(rf"\b({'|'.join(TITLES_WITH_POINTS)})\.(?=\s)")
_TITLE_POINT_BEFORE_NAME = re.compile(rf"\b({'|'.join(t.capitalize() for t in TITLES_WITH_POINTS)})\.\s+(?=[A-Z])")


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
    text = _TITLE_POINT.sub(r"\1", re.sub(r"[^\w\s&.-]+", " ", text))
    return _SPACE.sub(" ", text).strip(" .")


def without_title_points(text: str) -> str:
    """The text with a title's point before a name read away: "Mrs. Okoro" -> "Mrs Okoro" (a point there ends no
    sentence and no name)."""
    return _TITLE_POINT_BEFORE_NAME.sub(r"\1 ", text)


def name_ngrams(text: str, max_words: int = 5) -> list[str]:
    """Every 1..max_words word sequence of `text`, normalised like names (for alias lookup)."""
    words = [norm_name(w) for w in re.findall(r"[\w'’&.-]+", text)]
    words = [w for w in words if w]
    grams = {" ".join(words[i:i + n]) for n in range(1, max_words + 1) for i in range(len(words) - n + 1)}
    return sorted(grams)


def strings_in(value: Any) -> Iterator[str]:
    """Every string inside a value: itself, or the keys and strings of a JSON object or array,
    at any depth (numbers and other scalars are not text)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings_in(v)
