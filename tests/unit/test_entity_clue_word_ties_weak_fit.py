"""A weakly matched clue is tied to its fact by the word they share (issue 37, business voice).

"Did Rhona chase the hire paperwork?": one Rhona "handles the van hire", the other "is on a weekly
cleaning contract". The embedder fits the clue weakly to both (0.41 and 0.28), and below the level
where a fit is clear (clue_meaning.CLEAR_FIT) the plain ratio of the two fits (0.68) shared the clue:
the service asked which Rhona. What ties the clue to the first is the word "hire", which the other
fact says neither as it is nor in a word alike (clue_meaning.says_in_other_words), so the clue is the
first one's. A fact that says the word in other words ("rents out trailers": "rent" alike to "hire")
still shares it. Pure: the words' vectors are made up here."""
import numpy as np

from memcore.entities import clue_meaning as cm
from memcore.entities.clue_words import words_of

CLUE = "hire paperwork"
FACTS = ["handles the van hire", "is on a weekly cleaning contract"]


def _vectors(alike: dict[str, str] | None = None) -> dict[str, np.ndarray]:
    """Each stem its own direction; the stems of `alike` (stem -> stem) point where the other does."""
    stems = sorted(set().union(words_of(CLUE), *(words_of(f) for f in FACTS), words_of("rents out trailers")))
    vecs = {s: np.eye(len(stems), dtype=np.float32)[i] for i, s in enumerate(stems)}
    for a, b in (alike or {}).items():
        vecs[a] = vecs[b]
    return vecs


def _shared(facts: list[str], word_vecs) -> bool:
    words = [words_of(f) for f in facts]
    clue_sims = np.asarray([0.41, 0.28], dtype=np.float32)
    fact_sims = np.asarray([[1.0, 0.4], [0.4, 1.0]], dtype=np.float32)
    out = cm.fits_in_meaning(0, clue_sims, fact_sims, words_of(CLUE), set(), words, [set(), set()],
                             word_vecs=word_vecs)
    return bool(out[1])


def test_a_fact_without_the_clues_word_does_not_share_a_weak_fit():
    assert cm.CLEAR_FIT > 0.41  # the fit is weak
    assert not _shared(FACTS, _vectors())


def test_the_word_said_in_other_words_still_shares():
    other = "rents out trailers"
    (hire,) = words_of("hire")
    (rent,) = words_of("rents")
    assert _shared([FACTS[0], other], _vectors({rent: hire}))


def test_without_word_vectors_the_plain_ratio_decides():
    assert _shared(FACTS, None)


def test_a_matched_fact_that_states_no_word_of_the_clue_keeps_the_plain_ratio():
    assert _shared(["drives the van every day", FACTS[1]], _vectors())
