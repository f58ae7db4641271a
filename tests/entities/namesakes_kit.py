"""Namesakes built from facts with the real embedder, and a query resolved among them: shared by the
clue tests (test_clues_by_meaning.py, test_shared_clue_in_own_words.py, and the two-namesake tables)."""
import numpy as np

from memcore.entities import clue_meaning
from memcore.entities import clue_words as cw
from memcore.entities import disambiguation as d
from memcore.extraction.entities import strip_names


def person(embedder, eid: str, name: str, facts: list[str]) -> d.ProfileCandidate:
    texts = [cw.fact_text(f) for f in facts]
    vecs = np.asarray(embedder.embed(texts), dtype=np.float32)
    return d.ProfileCandidate(eid, name, "person", f"{name} {eid}", None, " ".join(facts), (), vecs, tuple(texts),
                              (False,) * len(texts), clue_meaning.proper_words(facts),
                              tuple(cw.of_the_speaker(strip_names(f, [name])) for f in facts))


def resolve(embedder, text: str, name: str, people: list[d.ProfileCandidate], words: bool = False) -> d.Resolution:
    """`words`: with each word of the facts and of the clue embedded alone (as the resolver does)."""
    context = text.replace(name, " ").strip()
    parts = cw.context_parts(context)
    vecs = np.asarray(embedder.embed(parts), dtype=np.float32) if parts else None
    if not words:
        return d.resolve(name, context, vecs, people)
    index = d.CandidateIndex(people, embedded_words(embedder, cw.word_forms(f for p in people for f in p.facts)))
    return d.resolve(name, context, vecs, index, word_vecs=embedded_words(embedder, cw.word_forms(parts)))


def embedded_words(embedder, forms: dict[str, str]) -> dict[str, np.ndarray]:
    """stem -> the word embedded alone."""
    stems = list(forms)
    return dict(zip(stems, np.asarray(embedder.embed([forms[s] for s in stems]), dtype=np.float32))) if stems else {}


def between_two(embedder, text: str, name: str, meant: list[str], other: list[str]) -> d.Resolution:
    """The query resolved between two namesakes: "a", the one meant, with `meant`; "b" with `other`."""
    return resolve(embedder, text, name, [person(embedder, "a", name, meant), person(embedder, "b", name, other)])


# Two namesakes who say one home in two wordings, and a question whose clue both mean (used by
# test_clues_by_meaning and test_other_value_in_other_words).
SHARED_IN_MEANING_KIT = [
    ("Gideon", ["has a flat in town", "repairs organs in churches"],
     ["lives right in the city centre", "plays the cello in an orchestra"],
     "Did Gideon mention his flat in town?"),
    ("Marisol", ["lives right in the city centre", "translates cookbooks"],
     ["has a flat in town", "breeds rabbits for shows"],
     "How is Marisol getting on in the city-centre flat?"),
]
