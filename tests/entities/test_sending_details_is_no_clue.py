"""Being sent the details, asked for an update or chased is no clue to who is meant (issue 37, found on
the business's calibration half): "Send Priya the details." was resolved to the Priya whose fact
happened to say "details" or whose facts were nearest to the word, and "Ivan is chasing us." to the
Ivan who chases overdue accounts. Anyone may be sent the details or chase the business; with
namesakes the service asks which one (clue_words.FILLER_WORDS). Real embedder, households of this test."""
import pytest

from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

PRIYAS = [("a", ["Priya checks the details on every delivery note.", "Priya works at the garden centre."]),
          ("b", ["Priya drives the forklift.", "Priya lives out in Marston."])]
IVANS = [("a", ["Ivan chases our overdue accounts.", "Ivan works from the back office."]),
         ("b", ["Ivan supplies the timber.", "Ivan has a yard on Mill Lane."])]
CASES = [("Priya", PRIYAS, "Send Priya the details."),
         ("Ivan", IVANS, "Ivan is chasing us.")]


@pytest.mark.parametrize("name,spec,query", CASES)
def test_no_clue_asks(embedder, name, spec, query):
    people = [person(embedder, eid, name, facts) for eid, facts in spec]
    assert resolve(embedder, query, name, people).status == "ambiguous"


@pytest.mark.parametrize("name,spec,query", CASES)
def test_with_those_words_as_clues_one_was_picked(embedder, monkeypatch, name, spec, query):
    monkeypatch.setattr(cw, "FILLER", cw.FILLER - {cw.stem(w) for w in ("details", "update", "chasing")})
    people = [person(embedder, eid, name, facts) for eid, facts in spec]
    assert resolve(embedder, query, name, people).status == "resolved"
