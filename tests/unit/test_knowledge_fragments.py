"""Facts said in pieces without a verb (issue 35, memcore.knowledge.fragments): a self-introduction
that opens with the owner's own name, a habit said as a short answer, and a tie named in answer to
"What's her name?". Sentences written for these tests, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text, owner="Priti", previous=(), speaker="Priti"):
    facts = learn(text, None, at=AT, owner=owner, role="owner", speaker=speaker, previous=list(previous))
    return {(f.type, f.subject, f.predicate, f.value) for f in facts}


def test_an_introduction_in_pieces_gives_a_card_a_piece():
    got = slots("hiya, priti, 38, senior pharmacist, based in Leicester")
    assert {("identity", "Priti", "name", "Priti"), ("identity", "Priti", "age", "38"),
            ("identity", "Priti", "job", "senior pharmacist"), ("identity", "Priti", "lives_in", "Leicester")} <= got


def test_a_students_introduction_says_what_and_where_they_study():
    got = slots("Priti Shah. final year law at Keele")
    assert ("identity", "Priti", "studies", "law") in got and ("identity", "Priti", "studies_at", "Keele") in got


@pytest.mark.parametrize("text", ["Marcia, 41, dentist.", "Pritika is my cousin.", "Will do, thanks."])
def test_only_the_owners_own_name_opens_an_introduction(text):
    assert not any(p in ("name", "age", "job") for _, _, p, _ in slots(text))


def test_an_owner_called_like_a_word_is_not_introduced_by_the_word():
    assert slots("will do, cheers", owner="Will", speaker="Will") == set()


def test_a_habit_said_without_a_verb_is_a_routine():
    got = slots("four days a week. swim on fridays, spin class tuesdays")
    routines = {v for t, _, p, v in got if t == "routine"}
    assert {"four days a week", "swim on fridays", "spin class tuesdays"} <= routines


@pytest.mark.parametrize("text", ["Write me a limerick about Mondays.", "always", "Not every week, no.",
                                  "there's usually two of us"])
def test_a_request_an_adverb_or_a_denial_is_no_habit(text):
    assert not any(t == "routine" for t, _, _, _ in slots(text))


def test_a_tie_said_before_is_named_by_the_answer_to_whats_her_name():
    previous = ["Priti: My niece is staying with us this week. (02 March 2026)",
                "assistant: That sounds fun. What's her name? (02 March 2026)"]
    got = slots("Anouk. She lives in Ghent with her partner Wim.", previous=previous)
    assert ("relationship", "Priti", "niece", "Anouk") in got
    assert ("identity", "Anouk", "lives_in", "Ghent") in got
    assert ("relationship", "Anouk", "partner", "Wim") in got


def test_an_introduction_read_without_its_comma_still_gives_the_job():
    got = slots("I'm Priti btw, wedding photographer")
    assert ("identity", "Priti", "job", "wedding photographer") in got


@pytest.mark.parametrize(("text", "value"), [("Surgeries Monday to Wednesday.", "Surgeries Monday to Wednesday"),
                                             ("Choir Tuesday and Friday.", "Choir Tuesday and Friday")])
def test_an_activity_said_with_a_range_or_a_pair_of_days_is_one_routine_of_the_owner(text, value):
    got = {(t, s, v) for t, s, _, v in slots(text)}
    assert got == {("routine", "Priti", value)}, got


@pytest.mark.parametrize("text, value", [
    ("Dawn shift, 5 to 1.", "Dawn shift 5 to 1"),
    ("Early shifts mostly, 6 till 2.", "Early shifts 6 till 2"),
    ("Nights, 10pm to 8am. It's killing me.", "Nights 10pm to 8am"),
    ("Days, 9 to 5, Monday to Friday.", "Days 9 to 5 Monday to Friday"),
])
def test_a_shift_said_as_a_noun_with_its_hours_is_one_routine(text, value):
    """One's hours said the way a shift worker answers "what are your hours?": no verb, no am/pm needed."""
    assert {(t, s, v) for t, s, _, v in slots(text)} == {("routine", "Priti", value)}
