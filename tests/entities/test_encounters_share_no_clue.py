"""What the speaker did with a namesake says nothing of who they are (issue 37, child calibration
half 8429: "I want to ask Ruby about the skate park." asked which Ruby, as "lives in the flats by the
skate park" of one was taken to be said by "I saw Ruby at the park" of the other). A fact in which
the speaker is a party (clue_words.tells_an_encounter) does not share by meaning a clue that the
other namesake's fact about themselves matched. Real embedder, households of this test."""
import pytest

from memcore.entities import candidate_evidence
from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import between_two


HOUSEHOLDS = [
    ("Dora", ["lives in the flats by the skate park", "plays the trumpet"],
     ["I saw her at the park", "has a pet snake"], "I want to ask Dora about the skate park."),
    ("Milo", ["lives in the flats by the skate park", "collects stamps"],
     ["I went to the park with him", "does judo"], "Can I tell Milo about the skate park?"),
]


@pytest.mark.parametrize("name,meant,other,question", HOUSEHOLDS, ids=[h[0] for h in HOUSEHOLDS])
def test_where_i_met_someone_shares_no_clue_about_where_the_other_lives(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.entity_id == "a", r.candidates


@pytest.mark.parametrize("name,meant,other,question", HOUSEHOLDS, ids=[h[0] for h in HOUSEHOLDS])
def test_before_the_encounter_shared_the_clue(embedder, monkeypatch, name, meant, other, question):
    monkeypatch.setattr(candidate_evidence, "ENCOUNTERS_SHARE_NOT", False)
    r = between_two(embedder, question, name, meant, other)
    assert r.status == "ambiguous", r.candidates


@pytest.mark.parametrize("fact,told", [
    ("I saw Ruby at the park", True), ("Owner played with Ruby at break", True), ("Ruby gave me a sticker", True),
    ("We went to the cinema with Ruby", True),
    # how it was told is no encounter; a possessive says who someone is to the speaker
    ("Did I tell you she lives right in the city centre?", False),
    ("Guess what, I found out Ruby works in the school kitchen!", False),
    ("My mum says Ruby works at the zoo, I didn't know!", False), ("Ruby is owner's best friend", False),
])
def test_tells_an_encounter(fact, told):
    assert cw.tells_an_encounter(fact) is told
