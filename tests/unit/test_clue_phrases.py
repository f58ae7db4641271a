"""What a sentence says about someone, read as noun phrases from the parse (issue 12):
the question's frame ("what did ... say about", "how's ... getting on with") is not a clue."""
import pytest

from memcore.entities import disambiguation as d
from memcore.extraction.ner import ner_available
from memcore.extraction.phrases import clue_phrases

pytestmark = pytest.mark.skipif(not ner_available(), reason="the spaCy model is not installed")


@pytest.mark.parametrize("context, clues", [
    ("What did say about her violin lessons?", ["her violin lessons"]),
    ("Remind me to ask about the broken greenhouse.", ["the broken greenhouse"]),
    ("How's getting on with the fence he painted?", ["the fence he painted"]),  # keeps its relative clause
    ("Did mention the invoice chasing?", ["the invoice chasing"]),  # the last word read as a verb stays
    ("was telling me about his cabin near Thornbury, and the sailing club.",
     ["his cabin near Thornbury", "the sailing club"]),  # coordinated: two clues
    ("Did say anything about the tax return or her new scooter?", ["the tax return", "her new scooter"]),
])
def test_the_clues_are_the_noun_phrases_from_the_first_one_on(context, clues):
    assert clue_phrases(context) == clues


@pytest.mark.parametrize("context", ["texted me.", "Did reply yet?", "What did want?", ""])
def test_a_context_about_no_thing_has_no_clue(context):
    assert clue_phrases(context) == []


def test_context_parts_prefer_the_phrases_and_fall_back_to_clauses():
    context = "What did say about her violin lessons and the tax return?"
    assert d.context_parts(context, clue_phrases(context)) == [
        "her violin lessons the tax return", "her violin lessons", "the tax return"]
    assert d.context_parts(context, None) == d.context_parts(context)  # no parser: clauses
    assert d.context_parts(" texted me back", clue_phrases(" texted me back")) == []
    # a phrase made only of filler words is no clue: the clauses are used instead
    assert d.context_parts("Did say anything about the thing again?", ["the thing"]) == \
        d.context_parts("Did say anything about the thing again?")
