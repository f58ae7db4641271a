"""The resolver's candidates carry the texts of the facts it embedded, row for row (issue 12).

The clue-sharing rules (a clue word both namesakes state) read each fact's words; they need
`ProfileCandidate.facts` to line up with `fact_vectors`. The resolver had passed the profile
summary's sentences instead (a different count), so those rules never ran on a real profile."""
import numpy as np

from memcore.entities import clue_words as cw
from memcore.entities import disambiguation as d
from memory_api.entity_resolver import _candidate, _facts


def _row(eid: str, summary: str) -> dict:
    return {"entity_id": eid, "canonical_name": "Kate Okafor", "type": "person", "aliases": [],
            "facets": {"kin": ["accounting"], "roles": ["sales rep"]}, "profile_summary": summary,
            "profile_embedding": None, "context_tags": []}


def test_candidate_facts_line_up_with_the_embedded_facts():
    row = _row("b", "Kate Okafor (person). Roles: sales rep. Known: So apparently she plays in a chess "
                    "league! Kate has a place down by the harbour btw.")
    texts = _facts(row)
    assert len(texts) == 2  # each known fact (the summary's one "sentence" had been taken as one)
    c = _candidate(row, np.eye(len(texts), 8, dtype=np.float32), tuple(texts))
    assert c.facts == tuple(texts)
    index = d.CandidateIndex([c])
    assert any(cw.words_of("chess") & ws for ws in index.fact_words)


def test_a_clue_both_namesakes_state_is_shared_through_the_resolver_candidates():
    """ "the chess league": one namesake's wording fits the clue far better ("plays in a chess
    league" / "she plays in a chess league!"), but both play: asking is right."""
    a_texts, b_texts = ["plays in a chess league"], ["she plays in a chess league"]
    a = _candidate(_row("a", "x"), np.asarray([[1.0, 0, 0, 0]], dtype=np.float32), tuple(a_texts))
    b = _candidate(_row("b", "x"), np.asarray([[0.7, 0.714, 0, 0]], dtype=np.float32), tuple(b_texts))
    clue = np.asarray([[0.67, 0, 0.742, 0]], dtype=np.float32)  # fits a 0.67, b 0.47
    assert d.resolve("Kate", " getting on with the chess league", clue, [a, b]).status == "ambiguous"


def test_an_uncommon_clue_word_both_state_is_shared_however_the_facts_are_worded():
    """ "his street in Ashgrove": "lives in Ashgrove" / "rents a house near the station in Ashgrove"
    are not alike as sentences, but both name the place; a common word ("house") is no such sign."""
    lives, rents = np.asarray([[1.0, 0, 0, 0]], dtype=np.float32), np.asarray([[0.3, 0.954, 0, 0]], dtype=np.float32)
    clue = np.asarray([[0.67, 0, 0.742, 0]], dtype=np.float32)
    a = d.ProfileCandidate("a", "Chris", "person", "", None, "", (), lives, facts=("lives in Ashgrove",))
    b = d.ProfileCandidate("b", "Chris", "person", "", None, "", (), rents,
                           facts=("rents a house near the station in Ashgrove",))
    assert d.resolve("Chris", " his street in Ashgrove", clue, [a, b]).status == "ambiguous"
    a2 = d.ProfileCandidate("a", "Chris", "person", "", None, "", (), lives, facts=("bought a house",))
    b2 = d.ProfileCandidate("b", "Chris", "person", "", None, "", (), rents, facts=("rents a house by the station",))
    assert d.resolve("Chris", " his house", clue, [a2, b2]).entity_id == "a"
