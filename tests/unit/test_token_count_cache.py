"""Embedders remember the token counts of the texts they counted (bounded), so contextify does not
tokenize the same memory's line again on every turn."""
from memcore.embedding.base import TOKEN_COUNT_CACHE, TokenizedEmbedder
from memcore.embedding.wordpiece_tokens import WordPieceTokens


class CountingTokens(WordPieceTokens):
    """The real WordPiece counter, counting how often it is asked."""

    calls = 0

    def count(self, text: str) -> int:
        self.calls += 1
        return super().count(text)


class Embedder(TokenizedEmbedder):
    def __init__(self):
        self._tokens = CountingTokens()


def test_a_text_is_tokenized_once_and_counts_are_the_tokenizers():
    embedder, reference = Embedder(), WordPieceTokens()
    line = "- Peter is one of our writers. (since: 2023-01-09) [memory:3f1c2a9e]"
    assert embedder.count_tokens(line) == reference.count(line) == embedder.count_tokens(line)
    assert embedder.count_tokens("- another line") == reference.count("- another line")
    assert embedder._tokens.calls == 2
    assert Embedder().count_tokens(line) == reference.count(line)  # one memory per embedder


def test_the_memory_is_bounded():
    embedder = Embedder()
    for i in range(TOKEN_COUNT_CACHE + 10):
        embedder.count_tokens(f"line {i}")
    assert embedder._token_counter.cache_info().currsize == TOKEN_COUNT_CACHE
