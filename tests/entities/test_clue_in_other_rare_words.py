"""A clue two namesakes share in meaning, each saying it in their own uncommon words (issue 37,
item 4): "bakes sourdough" and "is obsessed with baking bread" are one pastime, and so are a
greenhouse of tomatoes and an allotment. An uncommon common word is no name: only proper names
("Thornfield", "Harbour Lantern") tell such facts apart, and meaning decides the rest, so the
answer is a clarification, not a guess for whoever's wording the clue happens to repeat. A clue
only one namesake's facts mean still picks them; a place one of them names still keeps the other
out. Real embedder; names and wording of this test."""
import numpy as np
import pytest

from memcore.entities import clue_meaning
from memcore.entities import clue_words as cw
from memcore.entities import disambiguation as d


def _person(embedder, eid: str, name: str, facts: list[str]) -> d.ProfileCandidate:
    texts = [cw.fact_text(f) for f in facts]
    vecs = np.asarray(embedder.embed(texts), dtype=np.float32)
    return d.ProfileCandidate(eid, name, "person", f"{name} {eid}", None, " ".join(facts), (), vecs, tuple(texts),
                              (False,) * len(texts), clue_meaning.proper_words(facts))


def _resolve(embedder, text: str, name: str, people: list[d.ProfileCandidate]) -> d.Resolution:
    context = text.replace(name, " ").strip()
    parts = cw.context_parts(context)
    vecs = np.asarray(embedder.embed(parts), dtype=np.float32) if parts else None
    return d.resolve(name, context, vecs, people)


SHARED = [  # (name, one namesake's facts, the other's, a question whose clue both mean)
    ("Anselm", ["spends his Sundays baking bread", "repairs clocks"],
     ["makes sourdough loaves for the neighbours", "is a postman"], "Did Anselm bring a loaf round?"),
    ("Eamon", ["is obsessed with his beehives", "is a dentist"], ["keeps bees at the bottom of the garden", "teaches history"],
     "Did Eamon get stung again?"),
]


@pytest.mark.parametrize("name,first,second,question", SHARED, ids=["loaf", "stung"])
def test_a_pastime_both_mean_in_their_own_rare_words_asks(embedder, name, first, second, question):
    people = [_person(embedder, "a", name, first), _person(embedder, "b", name, second)]
    r = _resolve(embedder, question, name, people)
    assert r.status == "ambiguous", r.candidates


def test_a_clue_only_one_means_still_picks_them(embedder):
    people = [_person(embedder, "a", "Tobiah", ["brews his own beer in the garage", "works at the post office"]),
              _person(embedder, "b", "Tobiah", ["makes cider from the apples in his orchard", "fixes boilers"])]
    r = _resolve(embedder, "Did Tobiah give you a bottle of his homebrew?", "Tobiah", people)
    assert r.entity_id == "a", r.candidates


def test_a_place_only_one_names_keeps_the_other_out(embedder):
    people = [_person(embedder, "a", "Philippa", ["has an allotment in Hazelmere", "is a radiographer"]),
              _person(embedder, "b", "Philippa", ["grows tomatoes in her greenhouse", "sings in a choir"])]
    r = _resolve(embedder, "Did Philippa get the shed on her Hazelmere allotment fixed?", "Philippa", people)
    assert r.entity_id == "a", r.candidates


def test_two_things_of_one_kind_in_their_own_rare_words_stay_apart(embedder):
    """The cello and the violin are both instruments, each said in its own rare word: a question
    about the cello is about the cellist (the clue is much closer to one fact than to the other)."""
    people = [_person(embedder, "a", "Eamon", ["plays the cello in a quartet", "is a dentist"]),
              _person(embedder, "b", "Eamon", ["plays the violin at weddings", "teaches history"])]
    r = _resolve(embedder, "Did Eamon restring his cello?", "Eamon", people)
    assert r.entity_id == "a", r.candidates
