"""Generated text for speed benchmarks (not for quality).

`utterances` draws words from the 30,000 most frequent English words with their real
frequencies (wordfreq), so term statistics follow real text: a Zipfian vocabulary where a few
function words are in most documents and most words are rare. That matters for the BM25 cost,
which depends on how many documents hold each query term. The sentences are not grammatical;
for latency that does not matter. `questions_about` asks about words of stored utterances, as a
user asks about something that was said.

`sentences` (small fixed vocabulary, grammatical) is kept for the ingest benchmarks, where the
write path's extraction should see ordinary sentences.
"""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np

PEOPLE = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana", "Ivan", "Julia", "Kofi", "Lena"]
VERBS = ["finished", "started", "reviewed", "sent", "fixed", "planned", "cancelled", "booked", "wrote", "shared"]
THINGS = ["the quarterly report", "three blog drafts", "the onboarding checklist", "a trip to Lisbon",
          "the invoice for Harbor Foods", "two podcast episodes", "the garden fence", "a piano lesson",
          "the API migration", "the birthday party plan", "a recipe for lentil soup", "the budget sheet"]
WHEN = ["on Monday", "yesterday", "last week", "this morning", "before lunch", "on Friday", "after the call"]
EXTRA = ["and it went well", "but it needs another pass", "with help from the team", "ahead of schedule",
         "after some delays", "and everyone liked it", "while travelling", ""]

VOCABULARY_SIZE = 30_000
QUESTION_FRAMES = ["What did I say about {}?", "When did we talk about {}?", "Do you remember the {}?",
                   "Tell me about {}", "What happened with {}?", "Who mentioned {}?"]
# Words too common to be what a question is about (the question frame supplies its own).
_FRAME_WORDS = frozenset("the to and of a in i is for that you it on with this was be as are have at not but "
                         "my we so they me he she his her its our your their them us an or by from".split())


def sentences(rng: random.Random, n: int) -> list[str]:
    out = []
    for i in range(n):
        s = f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} {rng.choice(THINGS)} {rng.choice(WHEN)} {rng.choice(EXTRA)}".strip()
        out.append(f"{s} (note {i}).")
    return out


@lru_cache(maxsize=1)
def vocabulary() -> tuple[list[str], np.ndarray]:
    """The most frequent English words and their sampling probabilities (real frequencies)."""
    from wordfreq import top_n_list, word_frequency

    words = top_n_list("en", VOCABULARY_SIZE)
    freq = np.array([word_frequency(w, "en") for w in words], dtype=np.float64)
    return words, freq / freq.sum()


def utterances(seed: int, n: int, mean_words: float = 14.0) -> list[str]:
    """`n` utterances of 4 to 40 words (geometric lengths around `mean_words`), Zipfian words."""
    words, p = vocabulary()
    rng = np.random.default_rng(seed)
    lengths = np.clip(rng.geometric(1.0 / (mean_words - 3), n) + 3, 4, 40)
    ids = rng.choice(len(words), size=int(lengths.sum()), p=p)
    out, at = [], 0
    for length in lengths:
        chunk = [words[i] for i in ids[at:at + length]]
        at += length
        chunk[0] = chunk[0].capitalize()
        out.append(" ".join(chunk) + ".")
    return out


def questions_about(seed: int, texts: list[str], n: int) -> list[str]:
    """`n` questions, each about one to three content words of a random stored utterance."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        content = [w.strip(".").lower() for w in rng.choice(texts).split()]
        content = [w for w in dict.fromkeys(content) if w not in _FRAME_WORDS and len(w) > 2]
        if not content:
            continue
        picked = rng.sample(content, min(len(content), rng.randint(1, 3)))
        out.append(rng.choice(QUESTION_FRAMES).format(" ".join(picked)))
    return out
