"""What the owner said laughing (memcore/knowledge/laughing.py): a passing happening or a loose remark told with
"lol", "haha" or a laughing emoji is chat, not a card; a lasting fact said with a laugh stays. Sentences written
for these tests in a child's, a teenager's, an older adult's and a shop owner's voice, not from any labelled
formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.laughing import laughed_off, not_laughed_off, said_things
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def said(text: str, owner: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


def card(type_: str, subject: str, predicate: str, value: str) -> Fact:
    return Fact(subject, predicate, value, type_, 0.8, f"{subject} {predicate} {value}")


# --- the pure reading: which clause a laugh marks -------------------------------------------------------------

def test_a_laugh_marks_the_clause_it_ends_or_opens_and_a_lone_laugh_the_clause_before():
    assert said_things("we lost again lol") == [("we lost again", True)]
    assert said_things("lol Dario just ate my fries")[0][1] is True
    assert said_things("the bus was late, lol. I'm 14") == [("the bus was late", True), ("I'm 14", False)]
    assert said_things("my aunt Leilani bakes bread, but the cake was a disaster 😂") == [
        ("my aunt Leilani bakes bread", False), ("but the cake was a disaster", True)]


def test_a_laugh_that_opens_a_sentence_marks_it_up_to_a_but():
    assert said_things("hehe not me, I burn toast") == [("not me", True), ("I burn toast", True)]
    assert said_things("lol my cousin Yerlan eats chalk, but he is 7. I'm 10") == [
        ("my cousin Yerlan eats chalk", True), ("but he is 7.", False), ("I'm 10", False)]


@pytest.mark.parametrize("text", ["lol", "LOL", "lmao", "hahaha", "ha ha", "hehe", "xD", "😂", "🤣"])
def test_every_way_of_typing_a_laugh_is_read(text):
    assert said_things(f"the dog ate the remote {text}")[0][1] is True


@pytest.mark.parametrize("text", ["my friend Ha lives in Hanoi", "I said haha no", "Lolita is my cat"])
def test_a_name_or_a_word_that_holds_a_laugh_inside_is_no_laugh_of_its_own(text):
    """"Ha" alone is a name; "Lolita" holds "lol" inside it."""
    said_alone = said_things(text)
    if text == "I said haha no":
        assert said_alone[0][1] is True
    else:
        assert not any(laughs for _, laughs in said_alone)


def test_only_loose_cards_of_the_laughing_clause_go():
    said_ = said_things("my cousin Aiyana is 12 and she fell in the pond lol")
    assert laughed_off(card("episodic", "Aiyana", "event", "fell in the pond"), said_, "Wren")
    # a lasting fact in a slot of its own stays, however it was said
    assert not laughed_off(card("identity", "Aiyana", "age", "12"), said_, "Wren")
    assert not laughed_off(card("relationship", "Wren", "cousin", "Aiyana"), said_, "Wren")


def test_a_dated_event_a_used_to_and_a_duty_stay_though_laughed_at():
    assert not laughed_off(card("episodic", "Wren", "event", "broke my wrist last March"),
                           said_things("haha I broke my wrist last March"), "Wren")
    assert not laughed_off(card("semantic", "Mr Abiodun", "used_to", "be a boxer"),
                           said_things("my coach Mr Abiodun used to be a boxer lol"), "Wren")
    assert not laughed_off(card("semantic", "Bongani", "does", "the books"),
                           said_things("my partner Bongani does the books haha"), "Wren")


def test_a_card_from_a_straight_clause_stays_beside_a_laughing_one():
    cards = [card("semantic", "Sione", "is", "a nurse at the clinic"), card("episodic", "Sione", "event", "fell asleep on the bus")]
    text = "Sione is a nurse at the clinic. she fell asleep on the bus lol"
    assert not_laughed_off(cards, text, "Wren") == cards[:1]


def test_a_turn_without_a_laugh_is_left_as_it_is():
    cards = [card("episodic", "Wren", "event", "fell off the sofa")]
    assert not_laughed_off(cards, "my little brother just fell off the sofa", "Wren") == cards


# --- through the whole reading --------------------------------------------------------------------------------

pytestmark_parser = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytestmark_parser
@pytest.mark.parametrize("owner, text", [
    ("Oluwaseun", "lol my little brother just fell off the sofa"),  # a child
    ("Oluwaseun", "haha Chidi just spilled juice all over the table"),
    ("Oluwaseun", "we got destroyed 5-0 lmao"),  # a teenager texting
    ("Oluwaseun", "my phone died in the middle of the movie 😂"),
    ("Oluwaseun", "the bus driver yelled at us hahaha"),
    ("Margarethe", "haha I got lost in the supermarket again"),  # an older adult
    ("Rosa", "our oven died mid-bake haha"),  # a shop owner
    ("Rosa", "the delivery guy fell asleep in the van lol"),
])
def test_a_passing_happening_told_laughing_gives_no_card(owner, text):
    assert said(text, owner) == set()


@pytestmark_parser
def test_a_joke_about_someone_keeps_who_they_are_and_drops_the_joke():
    assert said("my husband Klaus snores like a tractor ha ha", "Margarethe") == {
        ("Margarethe", "husband", "relationship")}


@pytestmark_parser
@pytest.mark.parametrize("owner, text, kept", [
    ("Tariq", "lol my brother Idris is 9", {("Tariq", "brother", "relationship"), ("Idris", "age", "identity")}),
    ("Tariq", "haha yes I'm allergic to kiwi", {("Tariq", "allergic_to", "safety")}),
    ("Tariq", "I go swimming every Tuesday lol", {("Tariq", "routine", "routine")}),
    ("Tariq", "lol I can do a backflip now", {("Tariq", "can", "skill")}),
    ("Tariq", "I love mango haha", {("Tariq", "likes", "preference")}),
    ("Tariq", "haha I broke my arm last March", {("Tariq", "event", "episodic")}),
    ("Margarethe", "my daughter Ingrid lives in Hamburg, hehe",
     {("Ingrid", "lives_in", "identity"), ("Margarethe", "daughter", "relationship")}),
    ("Rosa", "we open at 7 every day lol", {("Rosa", "routine", "routine")}),
    ("Oluwaseun", "my little brother just fell off the sofa", {("Oluwaseun's little brother", "event", "episodic")}),
])
def test_near_misses_a_fact_said_with_a_laugh_or_a_happening_said_straight_stay(owner, text, kept):
    assert kept <= said(text, owner), said(text, owner)
