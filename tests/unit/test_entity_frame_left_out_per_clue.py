"""Each clue of a question weighs its own words, and the question's frame is none of them (issue 37).

Two namesakes both keep ferrets; only one of them lives in a flat. "Did Nell show you her
flat and the ferrets?": "ferrets" is rare and both state it, "flat" is common and only one states it. Read
over the whole question, the shared rare word left every other word out of the lexical evidence and
the service asked which Nell. Read clue by clue, "Do you remember Nell and the ferrets?" made "Do
you remember" a clue of its own, and the namesake who "remembers every face" was picked; the frame is
now left out of the clues the words are read from (clue_words.frame_clauses), as it is left out of
what is embedded (context_parts), and each clue is read on its own in the product."""
from memcore.entities import candidate_evidence as ev
from memcore.entities import clue_words as cw
from memcore.entities import disambiguation as d


def _nell(eid: str, facts: list[str]) -> d.ProfileCandidate:
    return d.ProfileCandidate(eid, "Nell", "person", f"Nell {eid}", None, " ".join(facts), facts=tuple(facts))


FERRETS = [
    _nell("flat", ["keeps ferrets", "lives in a flat above the bakery"]),
    _nell("memory", ["keeps ferrets", "remembers every face she meets"]),
    _nell("other", ["sings in a choir"]),
]


def _resolve(text: str) -> d.Resolution:
    return d.resolve("Nell", text.replace("Nell", " "), None, FERRETS)


def test_the_frame_of_a_question_is_no_clause_of_the_clues():
    assert cw.thing_clauses("Do you remember   and the ferrets?") == ["the ferrets"]
    assert cw.frame_clauses(["Do you remember ", " the ferrets"]) == [True, False]


def test_a_clause_alone_is_no_frame():
    # nothing else is said: the clause is all there is
    assert cw.thing_clauses("Do you remember?") == ["Do you remember"]
    assert cw.frame_clauses(["Do you remember"]) == [False]


def test_a_shared_clue_asks_whatever_the_frame_says():
    r = _resolve("Do you remember Nell and the ferrets?")
    assert r.status == "ambiguous", r.candidates


def test_the_clue_only_one_states_decides_beside_a_shared_rare_one():
    # in the product (no setting changed): the common word of the other clue still counts
    assert ev.NAMED_WORDS_PER_CLUE
    r = _resolve("Did Nell show you her flat and the ferrets?")
    assert r.entity_id == "flat", r.candidates
