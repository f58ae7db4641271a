"""memcore.knowledge's parse path (issue 35): facts read from a dependency parse, on sentences written
for these tests from the spec's wording (docs/formation-spec.md), not from the benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.dependency import facts_of_sentence
from memcore.knowledge.parse import Tok
from memcore.knowledge.rule_basics import TurnContext

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)




needs_parser = pytest.mark.usefixtures("parser_installed")


def facts(text, owner="Ravi", role="owner", org=None):
    """The whole deterministic path: the turn read as English, its statements, its facts."""
    return learn(text, None, at=AT, owner=owner, role=role, speaker="user", speaker_org=org)


def slots(text, **kw):
    return {(f.type, f.subject, f.predicate, f.value) for f in facts(text, **kw)}


def tok(i, text, lemma, pos, tag, dep, head, ws=" "):
    return Tok(i, text, text.lower(), lemma, pos, tag, dep, head, ws)


# "I adore otters and newts" as the parser reads it: pure decisions, no model
ADORE = (tok(0, "I", "i", "PRON", "PRP", "nsubj", 1), tok(1, "adore", "adore", "VERB", "VBP", "ROOT", 1),
         tok(2, "otters", "otter", "NOUN", "NNS", "dobj", 1), tok(3, "and", "and", "CCONJ", "CC", "cc", 2),
         tok(4, "newts", "newt", "NOUN", "NNS", "conj", 2, ""))


def test_a_conjunction_of_objects_gives_one_fact_an_item_each_line_holding_its_own():
    got = facts_of_sentence(ADORE, TurnContext(owner="Ravi"))
    assert [(f.subject, f.predicate, f.value, f.type) for f in got] == [
        ("Ravi", "likes", "otters", "preference"), ("Ravi", "likes", "newts", "preference")]
    assert "newts" not in got[0].text and "otters" not in got[1].text


def test_a_condition_never_teaches():
    cond = (tok(0, "If", "if", "SCONJ", "IN", "mark", 2), *(t._replace(i=t.i + 1, head=t.head + 1) for t in ADORE))
    assert facts_of_sentence(cond, TurnContext(owner="Ravi")) == []


@needs_parser
def test_a_possessed_subject_is_named_through_the_chain_and_each_item_is_a_fact():
    got = slots("My neighbour's tortoise is afraid of foxes, crows and thunder.")
    assert {("preference", "Ravi's neighbour's tortoise", "fears", v) for v in ("foxes", "crows", "thunder")} <= got


@needs_parser
def test_what_frightens_me_is_a_fear_of_the_owner():
    assert ("preference", "Ravi", "fears", "Owls") in slots("Owls frighten me.")


@needs_parser
def test_a_rule_a_parent_sets_relayed_by_the_child_is_a_safety_rule_for_the_child():
    got = facts("Dad says no video games on school nights.")
    assert [(f.type, f.subject, f.predicate) for f in got] == [("safety", "Ravi", "must_avoid")]
    assert "video games" in got[0].value


@needs_parser
def test_an_obligation_is_a_rule_and_its_negation_a_boundary():
    got = slots("Visitors must never feed the goats.", owner="Hana", org="Hilltop Farm")
    assert {(t, s, p) for t, s, p, _ in got} == {("safety", "Hilltop Farm", "must_avoid")}


@needs_parser
def test_a_hedged_report_keeps_the_reported_fact_with_lower_certainty():
    got = facts("I think Omar is moving to Glasgow.")
    assert [(f.type, f.subject, f.predicate) for f in got] == [("episodic", "Omar", "moving_to")]
    assert "Glasgow" in got[0].value and got[0].certainty < 0.8


@needs_parser
def test_where_a_named_relative_lives_is_identity_said_of_them():
    got = slots("My nephew Tariq lives on a houseboat in Oxford.")
    assert ("relationship", "Ravi", "nephew", "Tariq") in got
    assert any(t == "identity" and s == "Tariq" and p == "lives_in" and "Oxford" in v for t, s, p, v in got)


@needs_parser
def test_chat_spelling_reads_as_written_english():
    assert ("preference", "Ravi", "fears", "wasps") in slots("im scared of wasps")


@pytest.mark.parametrize("text", ["If I had a boat I would sail to Norway.", "Could you tell me a joke about owls?",
                                  "Tell me a story about a dragon.", "ok thanks!"])
def test_hypotheticals_questions_requests_and_small_talk_teach_nothing(text):
    assert facts(text) == []


@needs_parser
def test_a_guardians_own_likes_teach_nothing_about_the_child():
    assert facts("I love gardening and my wife Sue collects stamps.", role="guardian") == []


@needs_parser
def test_a_rate_is_a_routine():
    got = facts("Our rabbit needs three carrots a day.")
    assert [(f.type, f.subject) for f in got] == [("routine", "Ravi's rabbit")] and "carrots" in got[0].value


@needs_parser
def test_a_name_with_its_age_in_apposition_gives_both():
    got = slots("hey, im Tomasz, 14, and I live in Cork", owner="Tomasz")
    assert {("identity", "Tomasz", "name", "Tomasz"), ("identity", "Tomasz", "age", "14"),
            ("identity", "Tomasz", "lives_in", "Cork")} <= got


@needs_parser
def test_favourites_and_the_special_ones_are_each_a_preference():
    got = facts("owls are my favourite, especially the barn owl and the snowy owl")
    values = {f.value for f in got if f.type == "preference"}
    assert {"owls", "barn owl", "snowy owl"} <= values


@needs_parser
def test_a_named_pet_is_a_tie_of_the_owner():
    assert ("relationship", "Ravi", "has_hamster", "Biscuit") in slots("mostly rodents. we have a hamster called Biscuit")


@needs_parser
def test_a_dated_plan_is_an_event_and_tonights_plans_are_small_talk():
    got = facts("my exams start on the 9th of June")
    assert [(f.type, f.subject) for f in got] == [("episodic", "Ravi's exams")]
    assert facts("We're having pizza tonight") == [] and facts("I'm so tired today") == []


@needs_parser
def test_running_something_is_a_role_and_the_age_to_come_is_identity():
    assert any(t == "identity" and "chess club" in v for t, _, _, v in slots("I run the chess club at school."))
    assert ("identity", "Ravi", "turns", "10") in slots("I'm going to be ten.")  # digits, as an age (birthdays.py)


@needs_parser
@pytest.mark.parametrize("text", [
    "Mum said I'm allowed to watch scary films.",
    "Dad says I don't have to go to bed at 8 anymore.",
    "I'm permitted to stay up late on Fridays.",
])
def test_a_permission_or_a_lifted_obligation_is_not_a_safety_rule(text):
    """A child relaying a permission ("Dad says I can ...") loosens, it sets no rule: nothing of it
    is a safety fact (docs/security.md: who sets safety)."""
    assert [f for f in facts(text) if f.type == "safety"] == []


@needs_parser
@pytest.mark.parametrize("text, predicate", [
    ("I'm not allowed to use the tablet after 7.", "must_avoid"),
    ("Nobody is allowed to push straight to the main branch.", "must_avoid"),
    ("I have to wear my glasses for reading.", "rule"),
])
def test_a_prohibition_or_an_obligation_is_still_a_safety_rule(text, predicate):
    assert predicate in {f.predicate for f in facts(text) if f.type == "safety"}, facts(text)
