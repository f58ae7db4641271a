"""Token counting and token-bounded truncation with the model's WordPiece tokenizer."""

from __future__ import annotations

from pathlib import Path

from tokenizers import Encoding, Tokenizer

from memcore.embedding.model_files import source_model_dir


def prefix_end_for_tokens(encoding: Encoding, n: int) -> int:
    """Character offset where a prefix keeping at most ``n`` tokens of ``encoding`` ends.

    Cuts at the end of token ``n``; if that would split a word into word pieces,
    backs off to the start of that word so the prefix re-tokenises to <= n tokens.
    """
    if n <= 0:
        return 0
    offsets, word_ids = encoding.offsets, encoding.word_ids
    if n >= len(offsets):
        return offsets[-1][1] if offsets else 0
    cut = offsets[n - 1][1]
    dropped_word = word_ids[n]
    if dropped_word is not None and dropped_word == word_ids[n - 1]:
        first = next(i for i in range(n) if word_ids[i] == dropped_word)
        if first > 0:
            cut = offsets[first - 1][1]
    return cut


class WordPieceTokens:
    """Untruncated, unpadded view of tokenizer.json for counting and cutting text."""

    def __init__(self, tokenizer_json: Path | None = None) -> None:
        path = tokenizer_json or source_model_dir() / "tokenizer.json"
        self._tokenizer = Tokenizer.from_file(str(path))
        self._tokenizer.no_padding()
        self._tokenizer.no_truncation()

    def count(self, text: str) -> int:
        """Tokens in ``text`` without [CLS]/[SEP]."""
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def token_ends(self, text: str) -> list[int]:
        """The character offset where each token of ``text`` ends (without [CLS]/[SEP])."""
        return [end for _, end in self._tokenizer.encode(text, add_special_tokens=False).offsets]

    def truncate(self, text: str, n: int) -> str:
        """Longest prefix of ``text`` (original characters) of at most ``n`` tokens,
        cut at a word boundary unless a single word is longer than ``n`` tokens."""
        if n < 0:
            raise ValueError("n must be >= 0")
        encoding = self._tokenizer.encode(text, add_special_tokens=False)
        if len(encoding.ids) <= n:
            return text
        # A cut inside one over-long word may re-tokenise into more pieces;
        # tighten until the prefix really fits.
        for keep in range(n, -1, -1):
            prefix = text[:prefix_end_for_tokens(encoding, keep)]
            if self.count(prefix) <= n:
                return prefix
        return ""
