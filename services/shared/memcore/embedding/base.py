"""The embedding interface every provider implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property, lru_cache
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension.

    ``embed`` returns shape ``(len(texts), dim)``; row ``i`` belongs to
    ``texts[i]``. ``embed([])`` returns an empty ``(0, dim)`` array. Empty or
    whitespace-only texts raise ``ValueError`` (they carry no meaning and would
    otherwise all collapse onto one arbitrary vector).
    """

    model_name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_one(self, text: str) -> np.ndarray:
        """Shape ``(dim,)``."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens in ``text`` by the model's own tokenizer, without special tokens."""
        ...

    def truncate_to_tokens(self, text: str, n: int) -> str:
        """Longest prefix of ``text`` (original characters) that is at most ``n`` tokens."""
        ...


def validate_texts(texts: Sequence[str]) -> list[str]:
    """Checks the input of ``embed``: a sequence of non-blank strings."""
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of strings; use embed_one() for a single string")
    checked = list(texts)
    for index, text in enumerate(checked):
        if not isinstance(text, str):
            raise TypeError(f"texts[{index}] is {type(text).__name__}, expected str")
        if not text.strip():
            raise ValueError(f"texts[{index}] is empty or whitespace-only; cannot embed an empty text")
    return checked


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    """Row-wise L2 normalisation as float32 (zero rows stay zero)."""
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


# Texts whose token counts an embedder remembers. Contextify counts a line per candidate memory on
# every call, included or not, and the same memories come back turn after turn; 20,000 short texts
# take a few MB.
TOKEN_COUNT_CACHE = 20_000


class TokenizedEmbedder:
    """What every embedder shares: one-text embedding and token counting with the model's
    tokenizer (`self._tokens`, a WordPieceTokens or an equivalent)."""

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    @cached_property
    def _token_counter(self) -> Callable[[str], int]:
        return lru_cache(maxsize=TOKEN_COUNT_CACHE)(self._tokens.count)

    def count_tokens(self, text: str) -> int:
        """Tokens in `text` by the model's tokenizer (remembered for the last TOKEN_COUNT_CACHE texts)."""
        return self._token_counter(text)

    def count_tokens_once(self, text: str) -> int:
        """Tokens in `text`, not remembered: for text counted once (a document's sentences)."""
        return self._tokens.count(text)

    @property
    def token_ends(self) -> Callable[[str], list[int]] | None:
        """token_ends(text): the character offset where each token of `text` ends (to cut text by
        tokens in one pass); None when the tokenizer gives no offsets."""
        return getattr(self._tokens, "token_ends", None)

    def truncate_to_tokens(self, text: str, n: int) -> str:
        return self._tokens.truncate(text, n)
