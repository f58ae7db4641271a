"""A liking the small model took for an auxiliary of the gerund after it, read as the verb it is (issue 35,
memcore.knowledge.liking_verbs): "my kids love fishing" is a liking, not the kids fishing now. Sentences
written for these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.liking_verbs import likings_read
from memcore.knowledge.parse import Tok

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner="Rangi", role="owner", speaker="Rangi")}


@pytest.mark.parametrize("text, fact", [
    ("My kids love fishing.", ("preference", "Rangi's kids", "likes", "fishing")),  # adult
    ("my sons hate fishing", ("preference", "Rangi's sons", "dislikes", "fishing")),  # adult, lower case
    ("My kids enjoy fishing.", ("preference", "Rangi's kids", "likes", "fishing")),
])
def test_a_liking_read_as_an_auxiliary_is_a_liking(text, fact):
    assert fact in _facts(text)


def _tok(i: int, text: str, lemma: str, pos: str, tag: str, dep: str, head: int) -> Tok:
    return Tok(i, text, text.lower(), lemma, pos, tag, dep, head, " ")


def test_the_liking_takes_the_gerunds_place():
    # "my kids love fishing." as the model parses it: "love" an aux of the root "fishing"
    s = (_tok(0, "my", "my", "PRON", "PRP$", "poss", 1), _tok(1, "kids", "kid", "NOUN", "NNS", "nsubj", 3),
         _tok(2, "love", "love", "AUX", "VBP", "aux", 3), _tok(3, "fishing", "fish", "VERB", "VBG", "ROOT", 3),
         _tok(4, ".", ".", "PUNCT", ".", "punct", 3))
    r = likings_read(s)
    assert (r[2].pos, r[2].dep, r[2].head) == ("VERB", "ROOT", 2)
    assert (r[3].dep, r[3].head) == ("xcomp", 2)
    assert r[1].head == 2 and r[4].head == 2


def test_a_true_auxiliary_stays():
    # "we are fishing": "are" is an auxiliary indeed
    s = (_tok(0, "we", "we", "PRON", "PRP", "nsubj", 2), _tok(1, "are", "be", "AUX", "VBP", "aux", 2),
         _tok(2, "fishing", "fish", "VERB", "VBG", "ROOT", 2))
    assert likings_read(s) == s
