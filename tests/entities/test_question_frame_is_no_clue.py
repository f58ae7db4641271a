"""The frame of a question is no clue (issue 37, found on the child calibration half): in "Do you
remember Charlie and the beach by his caravan?" the name leaves "Do you remember" as a clause of its
own, which was weighed as a clue beside "the beach by his caravan" (and the context as a whole, which
a shared clue does not share), so whichever namesake had a fact near "remember" or worded the beach
a little closer was picked. Beside a clause that speaks of a thing, a one-word clause that speaks of
none is left out. Real embedder, households of this test."""
import pytest

from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

# two namesakes who both live on the boat, one of them with a fact near the question's frame
BOAT = ("Rafe", ["lives on a boat by the canal", "remembers every birthday", "teaches piano"],
        ["lives on a boat by the canal and loves it", "repairs bikes"], "Do you remember Rafe and the boat by the canal?")


def _rafes(embedder):
    name, a, b, _ = BOAT
    return [person(embedder, "a", name, a), person(embedder, "b", name, b)]


def test_a_clue_both_share_asks_whatever_the_frame(embedder):
    assert resolve(embedder, BOAT[3], BOAT[0], _rafes(embedder)).status == "ambiguous"


def test_with_the_frame_as_a_clue_one_was_picked(embedder, monkeypatch):
    monkeypatch.setattr(cw, "DROP_FRAME_CLAUSES", False)
    assert resolve(embedder, BOAT[3], BOAT[0], _rafes(embedder)).entity_id == "a"


@pytest.mark.parametrize("context,parts", [
    ("Do you remember and the beach by his caravan?", ["beach caravan"]),
    ("was telling me about board game night, and his tomatoes.", ["board game night tomatoes", "board game night", "tomatoes"]),
    ("Did mention Leeds or the boat?", ["leeds boat", "leeds", "boat"]),
    ("Do you remember?", ["remember"]),  # nothing else: the clause is all there is
])
def test_which_clauses_are_clues(context, parts):
    assert cw.context_parts(context) == parts
