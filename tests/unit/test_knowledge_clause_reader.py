"""memcore.knowledge's general clause reader (issue 35, clause_reader.py): a plain clause about a
person gives one fact from its shape when no specific reading spoke. Sentences written for these
tests (not from any labelled set of the formation benchmark)."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.clause_reader import head_phrase
from memcore.knowledge.dependency import facts_of_sentence
from memcore.knowledge.parse import Tok, parse
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.tree import children, text_of

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)




needs_parser = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Nadia"):
    facts = learn(text, None, at=AT, owner=owner, role="owner", speaker="user")
    return {(f.type, f.subject, f.predicate, f.value) for f in facts}


def tok(i, text, lemma, pos, tag, dep, head, ws=" "):
    return Tok(i, text, text.lower(), lemma, pos, tag, dep, head, ws)


# "I write a blog about moths that nobody reads" as the parser reads it: pure decisions, no model
BLOG = (tok(0, "I", "i", "PRON", "PRP", "nsubj", 1), tok(1, "write", "write", "VERB", "VBP", "ROOT", 1),
        tok(2, "a", "a", "DET", "DT", "det", 3), tok(3, "blog", "blog", "NOUN", "NN", "dobj", 1),
        tok(4, "about", "about", "ADP", "IN", "prep", 3), tok(5, "moths", "moth", "NOUN", "NNS", "pobj", 4),
        tok(6, "that", "that", "PRON", "WDT", "dobj", 8), tok(7, "nobody", "nobody", "PRON", "NN", "nsubj", 8),
        tok(8, "reads", "read", "VERB", "VBZ", "relcl", 3, ""))


def test_a_value_is_its_head_noun_phrase_without_a_relative_clause():
    s = BLOG
    assert text_of(s, head_phrase(s, children(s), s[3])) == "a blog about moths"


@needs_parser
def test_what_the_owner_does_said_plainly_is_a_fact_with_its_object_trimmed_to_the_head():
    got = slots("I restore old pianos in a barn behind the house.")
    assert ("semantic", "Nadia", "restore", "old pianos") in got
    assert not any("barn" in value for _, _, _, value in got)  # where is another phrase, not the thing


@needs_parser
def test_work_done_for_an_organisation_is_who_one_is_and_names_the_employer():
    got = slots("I do payroll for three small charities.")
    assert ("identity", "Nadia", "do", "payroll") in got  # work for a kind of client is who one is ...
    assert not any(p == "works_for" for _, _, p, _ in got)  # ... but names no employer (the clients are many)
    assert ("identity", "Nadia", "works_for", "Oxfam") in slots("I do payroll for Oxfam.")
    got = slots("I teach maths at a secondary school in Derby.")
    assert ("identity", "Nadia", "teach", "maths") in got
    assert ("identity", "Nadia", "works_at", "secondary school") in got


@needs_parser
def test_each_item_of_a_conjunction_is_its_own_fact():
    got = slots("I keep chickens and two goats.")
    assert {("semantic", "Nadia", "keep", "chickens"), ("semantic", "Nadia", "keep", "two goats")} <= got


@needs_parser
def test_a_person_and_a_prepositional_complement_is_a_fact_about_that_person():
    (s,) = parse(["My wife Ilse sings in a jazz trio."])  # the parse path alone: the rules read it too
    got = {(f.type, f.subject, f.predicate, f.value) for f in facts_of_sentence(s, TurnContext(owner="Nadia"))}
    assert ("semantic", "Ilse", "sing_in", "jazz trio") in got


@needs_parser
def test_a_clause_told_beside_another_is_read_and_a_dated_act_is_an_event():
    got = slots("Since my uncle Doug retired last spring, the garden has been a jungle.")
    assert ("episodic", "Doug", "event", "retired last spring") in got


@needs_parser
def test_an_adjective_of_strong_liking_is_a_preference():
    assert ("preference", "Ros", "likes", "birdwatching") in slots("My neighbour Ros is keen on birdwatching.")


@needs_parser
@pytest.mark.parametrize("text", [
    "I have a question about my pension.",  # talk, not life
    "I'm at the dentist.",  # a moment
    "If I had a boat I'd sail to Skye.",  # a hypothetical
    "Can you book me a table for two?",  # a request
    "I don't drive the van any more.",  # a negation is no plain fact
    "I might rent a garage next year.",  # a thought
    "I have a dentist check-up at 4.",  # a plan for a day
    "I miss my old allotment.",  # a mood
    "my uncle reckons the pound will crash next spring",  # an opinion of the future
])
def test_the_general_reader_makes_no_fact_of_talk_moments_hypotheticals_requests_or_negations(text):
    got = slots(text)
    assert not any(pred in ("has", "rent", "sail", "book", "drive", "is_at", "miss", "event") for _, _, pred, _ in got), got


@needs_parser
def test_a_value_ends_where_the_parse_starts_another_clause():
    got = slots("Lena is in Year 9 and Ivy just started nursery.")
    lena = [f for f in learn("Lena is in Year 9 and Ivy just started nursery.", None, at=AT, owner="Nadia",
                             role="owner", speaker="user") if f.subject == "Lena"]
    assert lena and all("Ivy" not in f.value and "Ivy" not in f.text for f in lena), got
    pat = [v for _, who, _, v in slots("my neighbour Pat feeds the cat when we're away") if who == "Pat"]
    assert "the cat" in pat or "cat" in pat


@needs_parser
def test_an_infinitive_of_purpose_or_a_reported_clause_is_no_clause_boundary():
    from memcore.knowledge.clause_bounds import trimmed
    from memcore.knowledge.models import Fact
    (s,) = parse(["Our grandson Felix is coming to stay on the 3rd of August."])
    f = Fact("Felix", "event", "coming to stay on the 3rd of August", "episodic", 0.8, "Felix is coming to stay on the 3rd of August")
    assert trimmed(f, s) == f
    (s,) = parse(["Rumour is the council might cut our grant next year."])
    f = Fact("Nadia", "hears", "the council might cut our grant next year", "semantic", 0.5, "rumour")
    assert trimmed(f, s) == f


@needs_parser
def test_a_dated_thing_is_an_event_of_its_holder_or_the_owner_and_a_recurring_one_a_routine():
    got = slots("the boiler service is due next month")
    assert any(t == "episodic" and who == "Nadia" and "boiler service" in v and "next month" in v for t, who, _, v in got)
    got = slots("Rocco's booster jabs are due in May")
    assert any(t == "episodic" and who == "Rocco" and "May" in v for t, who, _, v in got), got
    got = slots("the surgery shuts at 6 on Fridays")
    assert any(t == "routine" and who == "Nadia" for t, who, _, _ in got), got
    assert not any(t == "episodic" for t, *_ in slots("the weather is grim today"))  # a moment, no card


@needs_parser
def test_a_year_dates_an_act_as_an_event():
    assert ("episodic", "Nadia's grandad", "event", "emigrated in 1962") in slots(
        "My grandad emigrated in 1962, long before I was born.")


@needs_parser
def test_a_tie_named_by_the_copula_is_a_relationship_not_an_employer():
    got = slots("my supervisor at the depot is Gareth")
    assert ("relationship", "Nadia", "supervisor", "Gareth") in got
    assert not any(pred in ("organisation", "works_for") and v == "Gareth" for _, _, pred, v in got)


@needs_parser
def test_have_got_is_having_and_he_points_at_the_person_named_before_it_in_the_sentence():
    assert ("relationship", "Nadia", "has_tortoise", "Shelby") in slots("we've got an old tortoise called Shelby")
    got = slots("my lodger Tobias is a baker, he starts at 4 every morning")
    assert any(t == "routine" and who == "Tobias" for t, who, _, _ in got), got


@needs_parser
def test_kin_named_without_my_is_the_owners_and_a_dated_have_is_an_event():
    got = slots("mum's 78 now and still does the crossword every morning")
    assert ("identity", "Nadia's mum", "age", "78") in got
    got = slots("Kemi has her cello exam on the 3rd of July.")
    assert any(t == "episodic" and who == "Kemi" and "3rd of July" in v for t, who, _, v in got), got
    assert not any(t == "semantic" and who == "Kemi" for t, who, _, _ in got)


@needs_parser
def test_a_role_named_by_the_copula_is_a_tie_and_work_for_an_employer_said_after_the_object_is_a_job():
    assert ("relationship", "Nadia", "accountant", "Bogdan Ilic") in slots("my accountant is Bogdan Ilic")
    got = slots("I drive the number 12 for Arriva Cymru")
    assert ("identity", "Nadia", "works_for", "Arriva Cymru") in got
