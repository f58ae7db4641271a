"""Two clues, one of which both namesakes share in different words (issue 37, child voice): the
whole question fitted the namesake who says the shared clue in the question's own words, and that
lead cancelled the other clue, which only the meant namesake has; the benchmark asked which one.
The whole fits a candidate only as well as its clues do on average (candidate_evidence). Real
embedder, households of this test."""
import pytest

from tests.entities.namesakes_kit import between_two, person, resolve

HOUSEHOLDS = [
    # both sing (one "sings in the choir", the other "has singing lessons"); only the meant one keeps bees
    ("Amos", ["sings in the church choir", "keeps bees at the bottom of the garden"],
     ["has singing lessons", "lives in the flats by the station"],
     "I want to hear about his singing lessons and the beehives with Amos."),
    ("Tilly", ["plays the violin", "lives on a boat on the canal"],
     ["has violin lessons", "lives above the bakery"],
     "Tilly told me about her violin lessons and the canal boat."),
]


@pytest.mark.parametrize("name,meant,other,question", HOUSEHOLDS, ids=[h[0] for h in HOUSEHOLDS])
def test_the_clue_only_one_namesake_has_decides(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.entity_id == "a", r.candidates


def test_a_shared_clue_alone_still_asks(embedder):
    r = resolve(embedder, "Amos told me about his singing lessons.", "Amos",
                [person(embedder, "a", "Amos", HOUSEHOLDS[0][1]), person(embedder, "b", "Amos", HOUSEHOLDS[0][2])])
    assert r.status == "ambiguous", r.candidates
