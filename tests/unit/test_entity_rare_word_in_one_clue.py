"""A rare word in one clue of a question says how that clue is meant, not that the question's other
clues say nothing (issue 37). Two namesakes both keep chickens; only one lives in a flat. "Did Bea
show you her flat and the chickens?": "chickens" is rare and both state it, "flat" is common and only
one states it. Read over the whole question, the rare word left "flat" out of the lexical evidence
and the resolver asked which Bea; each clue is now read on its own (candidate_evidence
.NAMED_WORDS_PER_CLUE). A clue naming a place both state still keeps to its name ("the Millbrook
flat": tests/entities/test_shared_clue_in_own_words.py)."""
from memcore.entities import candidate_evidence as ev
from memcore.entities import disambiguation as d
from memcore.entities.clue_words import thing_clauses


def _person(eid: str, facts: list[str]) -> d.ProfileCandidate:
    return d.ProfileCandidate(eid, "Bea", "person", f"Bea {eid}", None, " ".join(facts), facts=tuple(facts))


HOUSEHOLD = [
    _person("flat", ["keeps chickens", "lives in a flat above the launderette"]),
    _person("boat", ["keeps chickens", "lives on a narrowboat"]),
    _person("none", ["plays the trombone"]),
]
QUESTION = "Did Bea show you her flat and the chickens?"


def test_each_clause_is_a_clue_of_its_own():
    assert thing_clauses("her flat and the chickens") == ["her flat", "the chickens"]


def test_the_common_word_of_the_other_clue_still_counts(monkeypatch):
    monkeypatch.setattr(ev, "NAMED_WORDS_PER_CLUE", True)  # off in the product: it made a question's frame a clue
    index = d.CandidateIndex(HOUSEHOLD)
    lex = index.lexical(thing_clauses("show you her flat and the chickens"))
    assert lex[0] > lex[1] > lex[2] == 0.0, lex


def test_the_namesake_with_both_is_meant(monkeypatch):
    monkeypatch.setattr(ev, "NAMED_WORDS_PER_CLUE", True)
    context = QUESTION.replace("Bea", " ")
    r = d.resolve("Bea", context, None, HOUSEHOLD)
    assert r.entity_id == "flat", r.candidates


def test_whole_question_read_as_one_clue_asks(monkeypatch):
    monkeypatch.setattr(ev, "NAMED_WORDS_PER_CLUE", False)
    r = d.resolve("Bea", QUESTION.replace("Bea", " "), None, HOUSEHOLD)
    assert r.status == "ambiguous", r.candidates


def test_a_rare_word_still_decides_within_its_clue():
    # "the Millbrook flat": the name decides; "flat" is only how it is put
    people = [_person("a", ["lives in Millbrook"]), _person("b", ["lives in the old mill flats"]),
              _person("c", ["moved to Millbrook"])]
    lex = d.CandidateIndex(people).lexical(thing_clauses("the Millbrook flat"))
    assert lex[1] == 0.0 and lex[0] > 0.0 and lex[2] > 0.0, lex
