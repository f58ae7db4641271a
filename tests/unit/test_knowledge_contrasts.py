"""Two things said in contrast (issue 35): "good at maths but rubbish at French" is two skills, the second of
its own word (likes._ability_object; it was "good at rubbish"), and an allergy said after what it is to ("not
peanuts though, I'm allergic": health.allergy_after). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Oisin"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text):
    return {(f.predicate, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)}


@pytest.mark.parametrize(("text", "good", "weak"), [("I'm good at maths but rubbish at French.", "maths", "French"),
                                                    ("I'm brilliant at hurling but terrible at spelling", "hurling", "spelling")])
def test_an_ability_and_its_contrast_are_two_skills_of_their_own_words(text, good, weak):
    got = slots(text)
    assert ("good_at", good) in got and ("weak_at", weak) in got
    assert not any(v in ("rubbish", "terrible") for _, v in got)


@pytest.mark.parametrize(("text", "what"), [("pizza!! but not walnuts, im allergic", "walnuts"),
                                            ("Rice is fine. No mussels for me - I'm allergic.", "mussels"),
                                            ("not kiwi though, I am really allergic", "kiwi")])
def test_an_allergy_said_after_what_it_is_to_is_the_owners_safety_card(text, what):
    assert ("allergic_to", what) in slots(text)


def test_an_allergy_said_with_its_object_is_read_as_before():
    got = slots("no thanks, I'm allergic to dust")
    assert ("allergic_to", "dust") in got and not any(v.startswith("thanks") for _, v in got)


@pytest.mark.parametrize(("text", "liked", "not_liked"), [
    ("I love apricots, obviously.", "apricots", "obviously"),
    ("I love fado, put some on when I'm down.", "fado", "put some on"),
])
def test_a_comment_or_a_request_after_a_comma_is_no_item_liked(text, liked, not_liked):
    got = slots(text)
    assert ("likes", liked) in got and not any(v == not_liked for _, v in got), got


def test_a_nationality_said_as_im_x_is_no_name():
    got = slots("I love apricots, I'm Armenian")
    assert not any(p == "name" for p, _ in got), got


def test_a_reason_after_a_comma_is_no_food_to_avoid():
    got = learn("Oh and I cannot eat hazelnuts, allergy.", None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    avoid = [f for f in got if f.predicate == "must_avoid"]
    assert [f.value for f in avoid] == ["hazelnuts"] and "cannots" not in avoid[0].text, got


@pytest.mark.parametrize(("text", "slot"), [("I'm allergic to horse hair, weirdly.", ("allergic_to", "horse hair")),
                                            ("I love jelly, sadly.", ("likes", "jelly"))])
def test_an_adverb_after_a_list_is_no_item(text, slot):
    got = slots(text)
    assert slot in got and not any(v in ("weirdly", "sadly") for _, v in got), got


def test_living_with_in_laws_is_a_household():
    assert ("lives_with", "in-laws") in slots("We live with my in-laws since the wedding.")


@pytest.mark.parametrize("text", ["no just me. and loads of cousins", "nah, only us two", "No just kidding!"])
def test_an_answers_no_before_who_it_is_bans_nothing(text):
    assert not any(p == "must_avoid" for p, _ in slots(text)), slots(text)
