"""An answer typed as a numbered or bulleted list, and the owner said among whom they live with (issue 35):
listed_answers.as_a_list and without_the_owner, as answers.complete reads them. Sentences written for these
tests, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.listed_answers import as_a_list, without_the_owner

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, said", [
    ("1. volleyball 2. baking with my gran 3. anime", "volleyball, baking with my gran and anime"),
    ("1) chess 2) swimming", "chess and swimming"),
    ("1 - rice 2 - plantain 3 - soup", "rice, plantain and soup"),
    ("- mum - dad - my brother Tariq", "mum, dad and my brother Tariq"),
    ("• judo\n• piano\n• origami", "judo, piano and origami"),
    ("1. pho,\n2. banh mi.", "pho and banh mi"),
])
def test_a_list_typed_with_markers_is_read_as_a_list(text, said):
    assert as_a_list(text) == said


@pytest.mark.parametrize("text", [
    "volleyball and anime",  # no markers
    "1. volleyball",  # one item
    "2. two cats 3. a dog",  # not counted from one
    "1. two cats 3. a dog",  # not in order
    "I have 2 cats - Miso and Tofu - and 1 dog",  # numbers and dashes inside a sentence
    "my top 3: 1. sushi 2. ramen",  # the answer does not open on the list
    "1. 2. 3.",
])
def test_anything_else_is_no_list(text):
    assert as_a_list(text) is None


@pytest.mark.parametrize("ties, kept", [
    ("mum, dad, me and grandad", "mum, dad and grandad"),
    ("mama papa me and obaachan", "mama papa and obaachan"),
    ("me and my mum", "my mum"),
    ("my aunt and me", "my aunt"),
    ("my mum, my stepdad and my little sister Ama", "my mum, my stepdad and my little sister Ama"),
    ("Mei and Jamie", "Mei and Jamie"),  # a name with "me" in it is no "me"
])
def test_the_owner_is_not_among_whom_they_live_with(ties, kept):
    assert without_the_owner(ties) == kept


def _cards(text, asked, owner="Nalani"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner,
                 previous=[f"assistant: {asked}"], account_org=None)


@pytest.mark.usefixtures("parser_installed")
def test_each_item_of_a_numbered_answer_is_a_liking():
    got = {(f.predicate, f.value) for f in _cards("1. surfing 2. ukulele with my cousins 3. making leis",
                                                  "what do you like doing?")}
    assert {("likes", "surfing"), ("likes", "making leis")} <= got
    assert any(p == "likes" and v.startswith("ukulele") for p, v in got)
    assert not any(v in ("1", "2", "3") for _, v in got)


@pytest.mark.usefixtures("parser_installed")
def test_a_bulleted_answer_of_whom_one_lives_with():
    got = _cards("- mum - dad - my brother Keoni", "who lives with you?")
    values = " ".join(f.value for f in got if f.predicate == "lives_with")
    assert "mum" in values and "dad" in values and "Keoni" in values


@pytest.mark.usefixtures("parser_installed")
def test_the_owner_said_in_the_household_leaves_the_others():
    got = _cards("mum, dad, me and grandad", "who lives with you?")
    values = " ".join(f.value for f in got if f.predicate == "lives_with")
    assert "grandad" in values and "dad" in values


@pytest.mark.usefixtures("parser_installed")
def test_a_numbered_list_with_no_question_is_not_an_answer():
    got = _cards("1. surfing 2. ukulele", "Nice to meet you.")
    assert not any(f.predicate == "likes" for f in got)


def _after(text, previous, owner="Lani"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous, account_org=None)


_ANNOUNCED = ["assistant: Cool! What do you like doing? (01 March 2026)", "Lani: ok my top 3: (01 March 2026)",
              "Lani: oops hang on (01 March 2026)", "assistant: Take your time! (01 March 2026)"]


@pytest.mark.usefixtures("parser_installed")
def test_a_list_announced_before_answers_the_question_asked_before_the_announcement():
    got = {(f.predicate, f.value) for f in _after("1. surfing 2. ukulele 3. making leis", _ANNOUNCED)}
    assert {("likes", "surfing"), ("likes", "ukulele"), ("likes", "making leis")} <= got


@pytest.mark.usefixtures("parser_installed")
def test_a_list_nobody_announced_answers_no_earlier_question():
    previous = ["assistant: Cool! What do you like doing? (01 March 2026)", "Lani: lots of stuff (01 March 2026)",
                "assistant: Take your time! (01 March 2026)"]
    assert not any(f.predicate == "likes" for f in _after("1. surfing 2. ukulele", previous))
    assert not any(f.predicate == "likes" for f in _after("surfing is fun", _ANNOUNCED))  # no list: no earlier question
