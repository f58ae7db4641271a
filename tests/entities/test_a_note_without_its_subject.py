"""A note that leaves out its subject tells what the speaker did ("Caught Desmond by the marina
gates", "Met Desmond at the marina this morning"): the subject left out is the speaker's, as in "I
caught Desmond...", and where the speaker ran into someone says nothing of who they are (issue 37,
fresh business calibration half 6262: "Need to call Paul re the industrial park." asked which Paul, as
"Caught Paul ... in the car park" of one was taken to say the industrial park of the other). Once the
name is taken out, such a note still opens with its verb capitalised (clue_words.diary_style); a
sentence whose subject was the person keeps its verb lower-cased ("Desmond worked at the marina" ->
"worked at the marina"). Real embedder; names and wording of this test."""
import pytest

from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import between_two

NAME = "Desmond"
MEANT = ["rents a lock-up at the marina", "services boilers"]
OTHER = ["Caught Desmond by the marina gates", "does the payroll"]
QUESTION = "Reminder: ask Desmond about the marina."


def test_where_a_note_met_someone_shares_no_clue(embedder):
    r = between_two(embedder, QUESTION, NAME, MEANT, OTHER)
    assert r.status == "resolved" and r.entity_id == "a", r.candidates


def test_before_the_note_shared_the_clue(embedder, monkeypatch):
    monkeypatch.setattr(cw, "DIARY_STYLE", False)
    assert between_two(embedder, QUESTION, NAME, MEANT, OTHER).status == "ambiguous"


@pytest.mark.parametrize("fact,note", [
    ("Caught by the marina gates", True), ("Met this morning", True), ("Spoke to earlier about the van", True),
    ("Bumped into at the depot", True),
    # the person was the subject: the verb is lower-cased once the name is out
    ("worked at the marina for years", False), ("caught the early train", False),
    # auxiliaries and links open questions and descriptions, not notes
    ("Did you know he fixes boilers?", False), ("Was always kind", False), ("Had a chat", False),
    ("Turns out he is a plumber", False),
])
def test_diary_style(fact, note):
    assert cw.diary_style(cw.without_framing(fact)) is note
