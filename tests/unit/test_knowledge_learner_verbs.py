"""A learner's present without its "-s" read as a present (issue 35, memcore.knowledge.learner_verbs).
Sentences written for these tests in three voices (a child, an adult, a team), not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.learner_verbs import presents_read
from memcore.knowledge.parse import Tok

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman")}


@pytest.mark.parametrize("text, fact", [
    ("my uncle drive a taxi in Almaty", ("identity", "Arman's uncle", "job")),  # child
    ("our manager open the shop at 8", ("routine", "Arman's manager", "routine")),  # team
])
def test_a_present_said_without_its_s_is_read(text, fact):
    assert fact in {f[:3] for f in _facts(text)}


def _tok(i: int, text: str, pos: str, tag: str, dep: str, head: int) -> Tok:
    return Tok(i, text, text.lower(), text.lower(), pos, tag, dep, head, " ")


def test_a_base_form_with_its_own_subject_in_a_main_clause_is_a_present():
    # "my uncle drive a taxi" (a child's): the model's VB is a present
    s = (_tok(0, "my", "PRON", "PRP$", "poss", 1), _tok(1, "uncle", "NOUN", "NN", "nsubj", 2),
         _tok(2, "drive", "VERB", "VB", "ROOT", 2), _tok(3, "taxi", "NOUN", "NN", "dobj", 2))
    assert presents_read(s)[2].tag == "VBZ"


@pytest.mark.parametrize("s", [
    # "let him drive": the subject in object case
    (_tok(0, "let", "VERB", "VB", "ROOT", 0), _tok(1, "him", "PRON", "PRP", "nsubj", 2), _tok(2, "drive", "VERB", "VB", "ccomp", 0)),
    # "she can drive": an auxiliary
    (_tok(0, "she", "PRON", "PRP", "nsubj", 2), _tok(1, "can", "AUX", "MD", "aux", 2), _tok(2, "drive", "VERB", "VB", "ROOT", 2)),
    # "Unwrap, strip the leaves": commands the model joined
    (_tok(0, "Unwrap", "NOUN", "NN", "nsubj", 2), _tok(1, ",", "PUNCT", ",", "punct", 2), _tok(2, "strip", "VERB", "VB", "ROOT", 2)),
    # "the twins stay ...": a plural's present, not a learner's
    (_tok(0, "twins", "NOUN", "NNS", "nsubj", 1), _tok(1, "stay", "VERB", "VB", "ROOT", 1)),
])
def test_a_base_form_indeed_stays(s):
    assert presents_read(s) == s
