"""Contextify remembers the token counts of the context lines it packed (bounded)."""
from memcore.embedding.wordpiece_tokens import WordPieceTokens
from memory_api.contextify import LINE_TOKEN_CACHE, line_token_counter


class CountingTokenizer:
    """The real WordPiece counter, counting how often it is asked."""

    def __init__(self):
        self.tokens, self.calls = WordPieceTokens(), 0

    def count_tokens(self, text: str) -> int:
        self.calls += 1
        return self.tokens.count(text)


def test_a_line_is_tokenized_once_and_counts_are_the_tokenizers():
    embedder = CountingTokenizer()
    count = line_token_counter(embedder)
    line = "- Peter is one of our writers. (since: 2023-01-09) [memory:3f1c2a9e]"
    assert count(line) == embedder.tokens.count(line) == count(line)
    assert count("- another line") == embedder.tokens.count("- another line")
    assert embedder.calls == 2
    assert line_token_counter(embedder) is count  # one cache per embedder


def test_the_memory_is_bounded():
    embedder = CountingTokenizer()
    count = line_token_counter(embedder)
    for i in range(LINE_TOKEN_CACHE + 10):
        count(f"line {i}")
    assert count.cache_info().currsize == LINE_TOKEN_CACHE
