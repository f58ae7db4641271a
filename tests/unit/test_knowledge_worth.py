"""worth.py: the note-taker's last look at a turn's facts (issue 35, precision). Every sentence here
is written for this test; the parser is the project's real spaCy model."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge import worth
from memcore.knowledge.extractors import Extracted, LocalExtractor, OwnerTurn, extract_with_fallback
from memcore.knowledge.models import Fact
from memcore.knowledge.parse import parse_once
from memcore.knowledge.reading import learn

needs_parser = pytest.mark.usefixtures("parser_installed")  # a missing model fails, it does not skip (issue 36)


def fact(subject: str, predicate: str, value: str, text: str, type_: str = "semantic") -> Fact:
    return Fact(subject, predicate, value, type_, 0.8, text)


def kept(facts: list[Fact], turn: str, owner: str = "Greta", earlier: str | None = None) -> list[str]:
    return [f.text for f in worth.kept(facts, turn=[turn], owner=owner, earlier=earlier, parse=parse_once())]


@pytest.mark.parametrize("f", [
    fact("Pemberton Bakes", "does", "things", "Pemberton Bakes does things"),
    fact("Ivo", "must_avoid", "on it now", "Ivo is not allowed on it now", "safety"),
    fact("Lark Florists", "rule", "no exceptions", "No exceptions", "safety"),
    fact("Birchwood Joinery", "is", "two vans", "Birchwood Joinery: two vans"),
    fact("To", "role", "order timber: ring the yard", "To order timber: ring the yard", "identity"),
    fact("Oskar", "learning", "trained to fit them", "Oskar is trained to fit them", "skill"),
    fact("Oskar", "name", "Oskar", "Oskar's name is Oskar", "identity"),  # not the owner: every fact names him
])
def test_values_that_say_nothing_are_dropped(f: Fact) -> None:
    assert worth.says_nothing(f, owner="Greta")


@pytest.mark.parametrize("f", [
    fact("Greta", "name", "Greta", "Greta's name is Greta", "identity"),  # the owner's own introduction
    fact("Birchwood Joinery", "deposit", "Deposit is 40 pounds", "Birchwood Joinery: Deposit is 40 pounds"),
    fact("Birchwood Joinery", "has", "2 vans", "Birchwood Joinery has 2 vans"),
    fact("Birchwood Joinery", "flagship", "the Ashdown dresser and customers adore it",
         "Birchwood Joinery's flagship is the Ashdown dresser and customers adore it"),
    fact("Oskar", "process", "sand it, oil it, then buff it", "To finish a table Oskar sands it, oils it, then buffs it",
         "process"),
    fact("Pemberton Bakes", "does", "wedding cakes", "Pemberton Bakes does wedding cakes"),
    # the pronoun points back at the value's own first thing
    fact("Greta", "dislikes", "porridge with raisins in it", "Greta doesn't like porridge with raisins in it", "preference"),
    fact("Greta", "likes", "toast with jam on it", "Greta likes toast with jam on it", "preference"),
])
def test_values_with_something_of_their_own_are_kept(f: Fact) -> None:
    assert not worth.says_nothing(f, owner="Greta")


@needs_parser
def test_a_leading_pronoun_is_said_as_the_person_the_turn_named_before_it() -> None:
    turn = "Right. Oskar's doing his safety course in May, so he can't use the lathe till then."
    misread = fact("Right", "must_avoid", "the lathe till then", "He can't use the lathe till then", "safety")
    for said in ([turn], ["Right.", turn.removeprefix("Right. ")]):  # the turn whole, or its statements
        [mended] = worth.kept([misread], turn=said, owner="Greta", earlier=None, parse=parse_once())
        assert (mended.subject, mended.text) == ("Oskar", "Oskar can't use the lathe till then")


@needs_parser
def test_a_leading_pronoun_keeps_the_subject_the_reader_resolved_from_earlier_turns() -> None:
    turn = "No chance, he's not certified yet, he can't drive the forklift alone."
    f = fact("Bram", "must_avoid", "the forklift alone", "He can't drive the forklift alone", "safety")
    assert kept([f], turn) == ["Bram can't drive the forklift alone"]


@needs_parser
def test_a_pronoun_taken_for_a_subject_is_the_person_the_owners_earlier_turns_named() -> None:
    f = fact("She's", "event", "started crawling", "She's started crawling", "episodic")
    assert kept([f], "Nine months. She's started crawling.", owner="Priya", earlier="Lena") == ["Lena's started crawling"]


@needs_parser
def test_a_pronoun_nobody_was_named_for_drops_the_fact() -> None:
    f = fact("She's", "event", "started crawling", "She's started crawling", "episodic")
    assert kept([f], "Nine months. She's started crawling.", owner="Priya") == []


@needs_parser
def test_the_assistant_as_the_object_is_chat_not_knowledge() -> None:
    chat = fact("Greta", "works_for", "Birchwood Joinery", "Greta is setting you up for Birchwood Joinery", "identity")
    how = fact("Birchwood Joinery", "process", "ring the yard", "To order timber you ring the yard by noon", "process")
    assert kept([chat, how], "Hi, I'm setting you up for Birchwood Joinery.") == [how.text]


@needs_parser
def test_two_clauses_run_together_by_a_wrong_cut_are_dropped_and_a_reported_clause_is_kept() -> None:
    cut = fact("Oskar", "must_avoid", "the allergy nurse was very clear about that",
               "Oskar mustn't have the allergy nurse was very clear about that", "safety")
    right = fact("Oskar", "must_avoid", "sesame", "Oskar mustn't have sesame", "safety")
    said = fact("Oskar", "condition", "allergic to cats", "Mum says Oskar is allergic to cats", "safety")
    turn = "Oskar mustn't have sesame, the allergy nurse was very clear about that. Mum says he is allergic to cats."
    assert kept([cut, right, said], turn) == [right.text, said.text]


@needs_parser
def test_a_turns_pronoun_reaches_knowledge_as_the_person_it_means_and_the_record_is_untouched() -> None:
    """Through the whole deterministic path: the fact names Lena; the turn itself is not changed
    (the record keeps it verbatim: memory_api's write path stores `body.text` as the record)."""
    turn = "Nine months. She's started crawling, mostly towards the cat."
    previous = ["Priya: my wife Ana and I are swapping leave, so I'm home with our daughter Lena from March.",
                "assistant: How old is Lena?"]
    facts = learn(turn, None, at=datetime(2026, 3, 1, tzinfo=timezone.utc), owner="Priya", role="owner",
                  speaker="Priya", previous=previous)
    assert facts and all(not f.text.lower().startswith(("she ", "she's")) for f in facts)
    assert any(f.subject == "Lena" and "crawling" in f.value.lower() for f in facts)
    assert turn == "Nine months. She's started crawling, mostly towards the cat."


def test_without_the_parser_the_value_checks_still_run() -> None:
    f = fact("Pemberton Bakes", "does", "things", "Pemberton Bakes does things")
    g = fact("Pemberton Bakes", "does", "wedding cakes", "Pemberton Bakes does wedding cakes")
    assert [x.text for x in worth.kept([f, g], turn=[], owner="Greta", earlier=None, parse=None)] == [g.text]



@needs_parser
def test_a_line_that_lost_who_does_it_is_dropped_and_one_that_names_them_is_kept() -> None:
    lost = fact("Ana", "event", "Is going to pay for the course", "Ana: Is going to pay for the course", "episodic")
    turn = "Apparently the council is going to pay for the course, though nothing's in writing."
    assert kept([lost], turn, owner="Ana") == []
    named = fact("Ana", "routine", "does the school run every morning",
                 "Ana's husband Anselm does the school run every morning", "routine")
    assert kept([named], "My husband Anselm does the school run every morning.", owner="Ana") == [named.text]
    both = fact("Ana", "event", "are getting married in June", "Ana is getting married in June", "episodic")
    assert kept([both], "My partner Leon and I are getting married in June.", owner="Ana") == [both.text]


class _Answered:
    """The Azure-only model extractor stood in for by its answer (tests/unit/test_model_extractor.py
    replays the real SDK's; here only what comes after it matters)."""

    version = "stand-in"

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts

    def extract(self, turn: OwnerTurn) -> Extracted:
        return Extracted(list(self.facts))


@needs_parser
def test_the_models_facts_get_the_same_last_look() -> None:
    turn = OwnerTurn(text="Pemberton Bakes does all sorts. Ivo's on nights this month, so he can't do the early bake.",
                     owner="Greta", speaker="Greta", role="owner")
    said = [fact("Pemberton Bakes", "does", "things", "Pemberton Bakes does things"),
            fact("Ivo", "must_avoid", "the early bake", "He can't do the early bake", "safety")]
    out = extract_with_fallback(_Answered(said), LocalExtractor(), turn)
    assert out.source == "model" and [f.text for f in out.facts] == ["Ivo can't do the early bake"]
