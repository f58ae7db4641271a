"""A word is as common as its word family (issue 37, found on fresh child calibration halves: "Ruby
keeps talking about the Christmas play." asked which Ruby when one was the star of the play and the
other "played tag" - and "Is Poppy the one with the Christmas play?" likewise). "plays" is rarer in
English (Zipf 4.8) than UNCOMMON_ZIPF, so its stem "play" counted as an uncommon word, and any
namesake whose fact had any form of "play" was taken to state the clue's uncommon word and shared
it. "play" (5.6) and "played" (5.2) are common words: what is said about a play, or a game played,
is left to meaning. Real embedder; names and wording of this test."""
import pytest
from wordfreq import zipf_frequency

from memcore.entities import clue_words
from tests.entities.namesakes_kit import between_two

HOUSEHOLDS = [
    ("Bartholomew", ["had a part in the play", "lives by the harbour"], ["plays the trumpet", "lives on a farm"],
     "Bartholomew keeps going on about the play."),
    ("Winifred", ["was in the play", "has a tortoise"], ["plays chess", "has a hamster"],
     "Did Winifred enjoy the play?"),
]


@pytest.mark.parametrize("name,meant,other,question", HOUSEHOLDS, ids=[h[0] for h in HOUSEHOLDS])
def test_a_common_word_in_another_form_does_not_share_the_clue(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.status == "resolved" and r.entity_id == "a", r.candidates


def test_before_a_rarer_form_made_its_stem_uncommon(embedder, monkeypatch):
    monkeypatch.setattr(clue_words, "family_zipf", lambda w: zipf_frequency(w, "en"))
    name, meant, other, question = HOUSEHOLDS[0]
    assert between_two(embedder, question, name, meant, other).status == "ambiguous"


def test_uncommon_words_go_by_the_word_family():
    assert "play" not in clue_words.uncommon_words("plays the trumpet")  # "play" is common
    assert clue_words.family_zipf("plays") == pytest.approx(zipf_frequency("play", "en"))
    # a word whose stem is no word keeps its own frequency
    assert "ferret" in clue_words.uncommon_words("keeps ferrets")
    assert clue_words.family_zipf("bunnies") == pytest.approx(zipf_frequency("bunnies", "en"))
