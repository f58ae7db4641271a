"""What a clue and a fact say, not how they are said (issue 37, found on the child's and the
business's calibration halves).

A query's clue is the thing it speaks of: in "Dana still hasn't confirmed the van." or "Oskar let me see
the moon!" the words before the thing ("confirmed", "let me see") say what the
speaker does with it now, and made the clue alike to whichever namesake's fact had a word of that
doing. A fact is what it states: "Heads up: she services the boilers for us, news to me." was
embedded with its note-taker's heading and its aside, which pulled it away from a clue about
boilers. The clue is now taken from its thing on when the words before it only say what is done with
it in talk (clue_words.thing_phrase, TALK_WORDS: "Did Tom upload the final cut?" stays whole), and a fact's framing
(clue_words.FRAMING) is left out like its discourse markers. Real embedder, households of this test."""
import pytest

from memcore.entities import clue_meaning
from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

# two namesakes told of in a child's words; the query says what the child was allowed to do
OSKARS = [("a", ["Honest, Oskar looks at the stars through his telescope, it's true.",
                 "Um he has a pet hamster and that's so cool"]),
          ("b", ["Oskar let me have a go on his scooter.", "Oskar showed me how to skim stones."])]
# two namesakes in a business's notes: what one does is said inside a note-taker's framing, the
# other's facts say what she confirmed and sorted
DANAS = [("a", ["Just so you know, Dana is our new van driver now.", "Worth remembering she lives in Elmhurst."]),
         ("b", ["Dana confirmed the catering order.", "Dana sorted the staff rota."])]
CASES = [("Oskar", OSKARS, "Oskar let me see the moon!"), ("Oskar", OSKARS, "Oskar showed me the planets!"),
         ("Dana", DANAS, "Dana still hasn't confirmed the van.")]


def _people(embedder, name, spec):
    return [person(embedder, eid, name, facts) for eid, facts in spec]


@pytest.mark.parametrize("name,spec,query", CASES)
def test_the_clue_is_the_thing_and_the_fact_what_it_states(embedder, name, spec, query):
    assert resolve(embedder, query, name, _people(embedder, name, spec)).entity_id == "a"


@pytest.mark.parametrize("name,spec,query", CASES)
def test_with_the_doing_and_the_framing_kept_the_other_was_picked_or_asked(embedder, monkeypatch, name, spec, query):
    monkeypatch.setattr(cw, "TRIM_TO_THING", False)
    monkeypatch.setattr(cw, "DROP_FRAMING", False)
    # as when this was found: another value of one kind ("confirmed the van" / "confirmed the catering
    # order") still shared the clue at CLOSE_FIT (clue_meaning.SAME_VALUE_SIMILARITY came later)
    monkeypatch.setattr(clue_meaning, "SAME_VALUE_SIMILARITY", 0.0)
    assert resolve(embedder, query, name, _people(embedder, name, spec)).entity_id != "a"


@pytest.mark.parametrize("context,parts", [
    ("Did chase the boiler service?", ["boiler service"]),
    ("let me see the moon!", ["moon"]),
    ("Any update from on her price list?", ["price list"]),
    ("Did upload the final cut?", ["upload final cut"]),  # uploading says what they do: the clause stays whole
    ("Is the one with the red kite and her rowing boat?", ["red kite rowing boat", "red kite", "rowing boat"]),
    ("Is coming?", []),
])
def test_clue_parts_start_at_the_thing(context, parts):
    assert cw.context_parts(context) == parts


@pytest.mark.parametrize("fact,text", [
    ("Heads up: she services the boilers for us, news to me.", "services boilers"),
    ("For the record, Marta lives out past the canal.", "marta lives past canal"),
    ("Um he has a pet hamster and that's so cool", "pet hamster"),
    ("My dad says she fixes clocks, I didn't know!", "fixes clocks"),
])
def test_a_fact_without_its_framing(fact, text):
    assert cw.fact_text(fact) == text
