"""Two facts of one kind with two values (issue 37): "lives on a farm" / "has a house", "has a big
dog" / "was in a mood today", "works as a doctor at the hospital" / "is a policeman" are as alike to
each other as two wordings of one home ("has a flat in town" / "lives right in the city centre"), and
a clue the first says word for word fits the second about as weakly. The second shares the clue only
when it says the clue's word in other words (clue_meaning.says_in_other_words: "town" / "city"), so
a clue only one namesake's fact states picks that one, and a home said two ways still asks which.
Real embedder, households of our own."""
import numpy as np
import pytest

from memcore.entities import clue_meaning
from tests.entities.namesakes_kit import SHARED_IN_MEANING_KIT as SHARED, person, resolve

# (name, facts of the one meant, facts of the other, a question whose clue the first states word for word)
OTHER_VALUE = [
    ("Tamsin", ["lives on a farm", "knits jumpers"], ["has a house", "repairs bicycles"],
     "Did Tamsin mention the farm?"),
    ("Tamsin", ["lives on a farm", "knits jumpers"], ["has a house", "repairs bicycles"],
     "Do you remember Tamsin and her farm?"),
    ("Crispin", ["has a big dog", "knits jumpers"], ["was in a mood today", "repairs bicycles"],
     "Do you remember Crispin and his big dog?"),
    ("Crispin", ["works as a doctor at the hospital", "knits jumpers"], ["is a policeman", "repairs bicycles"],
     "Can I ask Crispin about the hospital?"),
]


@pytest.mark.parametrize("name,meant,other,question", OTHER_VALUE, ids=[q for *_, q in OTHER_VALUE])
def test_a_clue_only_one_fact_says_picks_that_one(embedder, name, meant, other, question):
    people = [person(embedder, "a", name, meant), person(embedder, "b", name, other)]
    r = resolve(embedder, question, name, people, words=True)
    assert r.entity_id == "a", r.candidates


@pytest.mark.parametrize("name,meant,other,question", OTHER_VALUE[:1], ids=["farm"])
def test_without_the_words_the_kind_alone_shared_it(embedder, name, meant, other, question):
    """Scored without the words embedded alone, the same household asks: the test above fails on
    the old scoring."""
    people = [person(embedder, "a", name, meant), person(embedder, "b", name, other)]
    assert resolve(embedder, question, name, people).status == "ambiguous"


@pytest.mark.parametrize("name,worded,meant,question", SHARED, ids=[s[0] for s in SHARED])
def test_one_home_said_two_ways_still_asks_which(embedder, name, worded, meant, question):
    people = [person(embedder, "a", name, worded), person(embedder, "b", name, meant)]
    r = resolve(embedder, question, name, people, words=True)
    assert r.status == "ambiguous", r.candidates


def _unit(*xs: float) -> np.ndarray:
    v = np.asarray(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_a_word_said_alike_or_the_same_shares_and_another_does_not():
    vecs = {"town": _unit(1, 0.1, 0), "citi": _unit(1, 0.3, 0), "hospit": _unit(0, 1, 0), "polic": _unit(0.3, 0, 1)}
    assert clue_meaning.says_in_other_words({"town"}, {"citi"}, vecs)
    assert clue_meaning.says_in_other_words({"hospit"}, {"hospit"}, vecs)  # the word itself
    assert not clue_meaning.says_in_other_words({"hospit"}, {"polic"}, vecs)
    # nothing stated, or a word without a vector: nothing says the facts differ
    assert clue_meaning.says_in_other_words(set(), {"polic"}, vecs)
    assert clue_meaning.says_in_other_words({"hospit"}, {"polic", "offic"}, vecs)
