"""`memctl bench formation`'s scoring (docs/formation-spec.md, "Matching"), on hand-made memories:
what must count as a kept fact and what must not."""
from __future__ import annotations

import json

import pytest

from memclient.bench.formation import DEFAULT_DATA, knowledge_of, load
from memclient.bench.formation_scoring import Fact, Memory, holds, owner_aliases, score_conversation, summarise, terms

MIA = owner_aliases("Mia")


def fact(subject, predicate, value, type_, types_ok=None, relation=(), polarity="positive", certainty="stated"):
    return Fact(subject, predicate, tuple(value if isinstance(value, list) else [value]), type_,
                tuple(types_ok or [type_]), tuple(relation), certainty, polarity)


def mem(text, type_="preference", subject=None, predicate=None, value=None, aliases=MIA, seqs=(0,), confidence=0.8, id_="m"):
    return Memory(id_, type_, text, subject, predicate, value, confidence, seqs).prepare(aliases)


def test_terms_are_stemmed_content_words_with_numbers_as_digits():
    assert terms("Mia's ponies are seven") == ["mia", "poni", "7"]
    assert terms("I don't like peas") == ["i", "not", "like", "pea"]


def test_accented_and_unaccented_spellings_are_one_word_and_other_letters_stay_whole():
    assert terms("Lucía lives in Tórshavn") == terms("Lucia lives in Torshavn") == ["lucia", "live", "torshavn"]
    assert terms("Søren's café") == ["søren", "cafe"]
    assert holds(mem("Lucía's best friend is Zoë", aliases={}), fact("Lucia", "best_friend", "Zoe", "relationship"))


@pytest.mark.parametrize("memory", [
    mem("Mia loves horses"),
    mem("I really love horses."),  # the first person is the owner
    mem("likes horses", subject="user", predicate="likes", value="horses"),
    mem("Mia likes horse riding and horses"),
])
def test_a_memory_holding_subject_and_value_holds_the_fact(memory):
    assert holds(memory, fact("Mia", "likes", "horses", "preference"))


@pytest.mark.parametrize("memory", [
    mem("Noah loves horses"),  # someone else
    mem("Mia loves ponies"),  # another value
    mem("Mia does not like horses"),  # the opposite
    mem("Mia never rides horses"),
    mem("horses", subject="Mia", predicate="dislikes", value="horses"),
])
def test_another_subject_value_or_polarity_does_not_hold_it(memory):
    assert not holds(memory, fact("Mia", "likes", "horses", "preference"))


def test_a_sentence_with_a_sibling_fact_holds_neither():
    hate, like = fact("Mia", "dislikes", "peas", "preference", polarity="negative"), fact("Mia", "likes", "sweetcorn", "preference")
    whole = mem("I hate peas but I like sweetcorn.")
    assert not holds(whole, hate, [hate, like]) and not holds(whole, like, [hate, like])
    assert holds(mem("Mia hates peas"), hate, [hate, like])
    assert holds(mem("Mia likes sweetcorn"), like, [hate, like])
    assert not holds(mem("Mia likes peas"), hate, [hate, like])  # a negative fact needs words that say so


def test_a_relationship_needs_its_relation_and_a_name_its_name():
    friend = fact("Mia", "best_friend", "Noah", "relationship", relation=["best friend"])
    assert holds(mem("Noah is Mia's best friend", "relationship"), friend)
    assert not holds(mem("Mia played with Noah", "relationship"), friend)
    name = fact("Mia", "name", "Mia", "identity", relation=["name", "called", "I'm"])
    assert holds(mem("Hello! I'm Mia."), name) and holds(mem("The child's name is Mia"), name)
    assert not holds(mem("Can you sing me a song?"), name)  # "me" is Mia, but says nothing of her name
    assert not holds(mem("What a great idea, Mia!"), name)


def test_a_sibling_name_shared_with_the_fact_is_not_a_sibling_word():
    uncle = fact("Leo", "uncle", "Ben", "relationship", relation=["uncle"])
    wales = fact("Ben", "lives_in", "Wales", "identity")
    cat = fact("Ben", "pet", "Pepper", "relationship", relation=["cat"])
    turn = [uncle, wales, cat]
    assert holds(mem("Ben lives in Wales"), wales, turn)
    assert holds(mem("Ben is Leo's uncle"), uncle, turn)
    assert not holds(mem("Leo's uncle Ben lives in Wales"), uncle, turn)


def test_we_and_our_stand_for_the_organisation():
    team = owner_aliases("Luis", "Harbour Analytics")
    manager = fact("Harbour Analytics", "manager", "Priya Nair", "relationship", relation=["manager"])
    assert holds(mem("Our manager is Priya Nair", "relationship", aliases=team), manager)
    assert not holds(mem("Priya Nair is a manager", "relationship", aliases=team), manager)


TURNS = [
    {"seq": 0, "kind": "knowledge", "facts": [
        {"subject": "Mia", "predicate": "dislikes", "value": ["peas"], "type": "preference", "polarity": "negative"},
        {"subject": "Mia", "predicate": "likes", "value": ["sweetcorn"], "type": "preference"}]},
    {"seq": 1, "kind": "assistant", "facts": []},
    {"seq": 2, "kind": "knowledge", "facts": [
        {"subject": "Mia", "predicate": "fears", "value": ["spiders"], "type": "preference",
         "types_ok": ["preference", "safety"], "polarity": "negative", "certainty": "hedged"}]},
    {"seq": 3, "kind": "question", "facts": []},
]


def test_recall_precision_type_accuracy_and_knowledge_from_the_wrong_turns():
    memories = [
        Memory("a", "preference", "Mia hates peas", confidence=0.8, seqs=(0,)),
        Memory("b", "semantic", "Mia likes sweetcorn", confidence=0.8, seqs=(0,)),  # held, wrong type
        Memory("c", "safety", "Mia is scared of spiders", confidence=0.5, seqs=(2,)),  # acceptable, not right
        Memory("d", "semantic", "Sweetcorn is yummy and crunchy", seqs=(1,)),  # the assistant's line
        Memory("e", "semantic", "How far away is the moon?", seqs=(3,)),  # a question
        Memory("f", "preference", "I like sweetcorn too, Mia", seqs=(1,)),  # the assistant's "I" is not Mia's
    ]
    s = summarise([score_conversation(TURNS, memories, "Mia")])
    assert (s["facts"], s["found"], s["recall"]) == (3, 2, round(2 / 3, 4))
    whole = summarise([score_conversation(TURNS, [Memory("w", "preference", "I hate peas but I like sweetcorn.", seqs=(0,))], "Mia")])
    assert (whole["recall"], whole["recall_not_atomic"], whole["precision"]) == (0.0, round(2 / 3, 4), 0.0)
    assert (s["correct_memories"], s["knowledge_memories"], s["precision"]) == (3, 6, 0.5)
    assert (s["typed"], s["held"], s["type_accuracy"]) == (1, 3, round(1 / 3, 4))
    assert s["knowledge_from_no_knowledge_turns"] == 3
    assert s["knowledge_from_no_knowledge_turns_by_kind"] == {"assistant": 2, "question": 1}
    assert s["confidence_by_certainty"] == {"hedged": 0.5, "stated": 0.8}


def test_verbatim_turns_of_todays_one_layer_api_count_as_knowledge_unless_the_turn_also_wrote_facts():
    texts = {0: "I hate peas but I like sweetcorn.", 1: "Sweetcorn is yummy."}
    listed = [{"id": "r0", "type": "episodic", "text": "I hate peas but I like sweetcorn."},
              {"id": "k0", "type": "preference", "text": "Mia hates peas"},
              {"id": "r1", "type": "semantic", "text": "Sweetcorn is yummy."}]
    written = {"r0": 0, "k0": 0, "r1": 1}
    kept, source = knowledge_of(listed, written, {}, texts)
    assert source == "inferred" and [m.id for m in kept] == ["k0", "r1"] and kept[1].seqs == (1,)
    assert [m.id for m in knowledge_of(listed, written, {}, texts, verbatim_is_record=True)[0]] == ["k0"]


def test_with_layers_knowledge_comes_from_its_source_turns():
    listed = [{"id": "k0", "layer": "knowledge", "type": "preference", "text": "Mia hates peas", "source_turns": ["r0"]},
              {"id": "k1", "layer": "knowledge", "type": "semantic", "text": "Ponies are friendly", "source_turns": ["r1"]}]
    kept, source = knowledge_of(listed, {"k0": 0, "k1": 2}, {"r0": 0, "r1": 1}, {0: "x", 1: "y", 2: "z"})
    assert source == "api" and [m.seqs for m in kept] == [(0,), (1,)]


def test_the_labelled_set_is_well_formed():
    convs = load(DEFAULT_DATA)
    turns = [t for c in convs for t in c["turns"]]
    owner_turns = [t for t in turns if t["speaker_role"] == "owner"]
    assert len(turns) >= 300 and {c["voice"] for c in convs} == {"child", "adult", "org"}
    assert {c["half"] for c in convs} == {"calibration", "test"}
    assert all((t["kind"] == "knowledge") == bool(t["facts"]) for t in turns)
    assert all(t["kind"] == "assistant" for t in turns if t["speaker_role"] == "assistant")
    assert 0.3 <= sum(t["kind"] != "knowledge" for t in owner_turns) / len(owner_turns) <= 0.5
    for c in convs:  # every fact is held by the note-taker's own line for it, and by no other
        aliases = owner_aliases(c["owner"], c["org"])
        for t in c["turns"]:
            siblings = [Fact.from_label(f) for f in t["facts"]]
            for f in siblings:
                assert f.type in f.types_ok, json.dumps(t)
                line = mem(f"{f.subject} {f.values[0]} {(f.relation or [''])[0]}", f.type, f.subject, f.predicate,
                           f.values[0], aliases)
                assert [holds(line, g, siblings) for g in siblings] == [g is f for g in siblings], json.dumps(t)
    assert {len(load(DEFAULT_DATA, h)) for h in ("calibration", "test")} == {18}
