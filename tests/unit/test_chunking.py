"""Chunking long documents (memcore.chunking): bounded tokenizer work, chunks within their limits."""
import random

from memcore.chunking import chunk_text, chunk_with
from memcore.embedding.base import TokenizedEmbedder
from memcore.embedding.wordpiece_tokens import WordPieceTokens

WORDS = ("the", "boiler", "is", "serviced", "every", "march", "by", "peter", "unbelievably", "thermostat",
         "kitchen", "dinosaur", "stegosaurus", "saturday", "swimming", "Zürich", "naïve", "2024", "x7q")


class MeteredTokens(WordPieceTokens):
    """The real WordPiece tokenizer, metering how much text it is given."""

    calls = chars = 0

    def count(self, text: str) -> int:
        self.calls, self.chars = self.calls + 1, self.chars + len(text)
        return super().count(text)

    def token_ends(self, text: str) -> list[int]:
        self.calls, self.chars = self.calls + 1, self.chars + len(text)
        return super().token_ends(text)


class Embedder(TokenizedEmbedder):
    def __init__(self):
        self._tokens = MeteredTokens()


def _unpunctuated(n_chars: int, seed: int = 3) -> str:
    rng, words, size = random.Random(seed), [], 0
    while size < n_chars:
        words.append(rng.choice(WORDS))
        size += len(words[-1]) + 1
    return " ".join(words)


def test_an_unpunctuated_document_is_tokenised_a_bounded_number_of_times():
    """One sentence of 150,000 characters: the old cut re-tokenised the growing buffer after every word
    (about 25,000 calls over some 40 million characters); now the text passes a few times at most."""
    text = _unpunctuated(150_000)
    embedder = Embedder()
    chunks = chunk_with(text, embedder)
    tokens = embedder._tokens
    assert len(chunks) > 30
    assert tokens.chars <= 4 * len(text), (tokens.calls, tokens.chars)
    assert tokens.calls <= 3 * len(chunks) + 10
    assert embedder._token_counter.cache_info().currsize == 0  # the counts cache of contextify is left alone


def test_chunks_stay_within_the_limits_and_keep_every_word_in_order():
    reference = WordPieceTokens()
    text = _unpunctuated(40_000, seed=5) + ". A short closing sentence.\n\n" + "supercalifragilistic" * 120
    for ends in (reference.token_ends, None):  # cut by offsets, and word by word without them
        chunks = chunk_text(text, reference.count, token_ends=ends)
        for c in chunks:
            assert c.tokens == reference.count(c.text)
            assert c.tokens <= 800 or " " not in c.text  # only a single over-long word exceeds the maximum
        assert _covers(text, chunks)


def _covers(text: str, chunks) -> bool:
    """Every word of the text appears in order across the chunks (overlaps allowed)."""
    words, i = text.split(), 0
    for c in chunks:
        cw = c.text.split()
        # find where this chunk starts in the text's words, at or before where the last one ended
        j = next(k for k in range(max(0, i - len(cw)), i + 1) if words[k:k + len(cw)] == cw)
        i = j + len(cw)
    return i == len(words)


def test_cutting_by_offsets_gives_the_pieces_of_counting_each_piece():
    reference = WordPieceTokens()
    text = _unpunctuated(20_000, seed=9)
    by_offsets = chunk_text(text, reference.count, token_ends=reference.token_ends)
    by_counting = chunk_text(text, reference.count)
    assert [c.text for c in by_offsets] == [c.text for c in by_counting]
