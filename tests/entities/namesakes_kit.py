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


def resolve(embedder, text: str, name: str, people: list[d.ProfileCandidate]) -> d.Resolution:
    context = text.replace(name, " ").strip()
    parts = cw.context_parts(context)
    vecs = np.asarray(embedder.embed(parts), dtype=np.float32) if parts else None
    return d.resolve(name, context, vecs, people)


def between_two(embedder, text: str, name: str, meant: list[str], other: list[str]) -> d.Resolution:
    """The query resolved between two namesakes: "a", the one meant, with `meant`; "b" with `other`."""
    return resolve(embedder, text, name, [person(embedder, "a", name, meant), person(embedder, "b", name, other)])
