"""A thing named by two words joined with "and" is one clue (issue 37, found on the child's calibration
half: "the pick and mix"). The clause splitter cut "the fish and chips" into "fish" and "chips", each
weighed as a clue of its own, so the namesake who keeps tropical fish was picked for "Nora keeps
talking about the fish and chips." A bare word ending the clause after "and"/"or" stays with the word
before it (clue_words.split_clauses); "the big dog and the sweet shop" are still two clues. Real
embedder, households of this test."""
import pytest

from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

NORAS = [("a", ["Nora runs the chippy on the corner.", "Nora lives by the church."]),
         ("b", ["Nora keeps tropical fish.", "Nora plays darts on Fridays."])]
QUERIES = ["Nora keeps talking about the fish and chips.", "Did Nora mention the fish and chips?"]


@pytest.mark.parametrize("query", QUERIES)
def test_the_fish_keeper_is_not_picked(embedder, query):
    people = [person(embedder, eid, "Nora", facts) for eid, facts in NORAS]
    assert resolve(embedder, query, "Nora", people).entity_id != "b"


@pytest.mark.parametrize("query", QUERIES)
def test_split_into_two_clues_the_fish_keeper_was_picked(embedder, monkeypatch, query):
    monkeypatch.setattr(cw, "KEEP_PAIRS", False)
    people = [person(embedder, eid, "Nora", facts) for eid, facts in NORAS]
    assert resolve(embedder, query, "Nora", people).entity_id == "b"


@pytest.mark.parametrize("context,parts", [
    ("keeps talking about the fish and chips.", ["fish chips"]),
    ("told me about the pick and mix and his lizard tank.", ["pick mix lizard tank", "pick mix", "lizard tank"]),
    ("I want to see the big dog and the sweet shop with.", ["big dog sweet shop", "big dog", "sweet shop"]),
    ("Did mention Leeds or the boat?", ["leeds boat", "leeds", "boat"]),
])
def test_which_pieces_are_clues(context, parts):
    assert cw.context_parts(context) == parts
