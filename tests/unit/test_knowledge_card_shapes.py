"""Cards whose shape is broken (card_shapes.py, issue 35 precision): each shape on a sentence of its own, and the
near miss that must keep its card. Sentences, names and places written for these tests (in no benchmark)."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import card_shapes, learn
from memcore.knowledge.models import Fact
from memcore.knowledge.parse import parse

AT = datetime(2026, 12, 7, 10, 0, tzinfo=timezone.utc)

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def card(subject: str, predicate: str, value: str, kind: str = "semantic", text: str = "") -> Fact:
    return Fact(subject, predicate, value, kind, 0.8, text or f"{subject} {predicate} {value}")


def shapes_of(f: Fact, *sentences: str) -> list[str]:
    return card_shapes.shapes(f, parse(list(sentences)) or [])


BROKEN = [
    # a subject that is a command's verb, a colour, a measure said with its number, a doing's object
    (card("Stay", "role", "rope", "identity"), "Stay behind the rope, the vats are hot.", "verb_subject"),
    (card("Keep", "role", "gate closed", "identity"), "Keep the gate closed, the goats get out.", "verb_subject"),
    (card("brown", "is", "from walnut shells"), "The brown is from walnut shells, the pink from pomegranate.",
     "measure_subject"),
    (card("sheet of centimetres", "is", "about an hour"), "One sheet of 60 centimetres is about an hour.",
     "measure_subject"),
    (card("bale of kilos", "is", "3 days of work"), "A bale of 40 kilos is 3 days of work for us.", "measure_subject"),
    (card("beans and sorghum", "is", "for about 20 families"),
     "We grow maize, beans and sorghum for about 20 families in the village.", "object_subject"),
    # what "ours"/"mine" is, under a plain copula
    (card("Amara", "is", "test"), "The other schools are ready, so ours is a test.", "pronoun_said"),
    (card("Italian", "is", "pity"), "Strong in maths, poor in Italian, which is a pity because his nonna is from Bari.",
     "evaluation_said"),
    (card("Tuesday", "is", "a nightmare"), "The market is on Tuesday, it's a nightmare for parking.",
     "evaluation_said"),
    # a value of pointers only, a cut "not", a placeholder
    (card("Birchfield Clinic", "is", "she's been"), "Wanjiru, she's been with us since 2019.", "only_pointers"),
    (card("Dogs", "likes", "cats not", "preference"), "Dogs love me, cats not so much.", "cut_negation"),
    (card("Zeynep", "dislikes", "its gross", "preference"), "i hate broccoli, its gross", "said_of_it"),
    (card("Zeynep", "likes", "they're so yummy", "preference"), "i like mangoes, they're so yummy", "said_of_it"),
    (card("Sam's class", "allergic_to", "unspecified", "safety"), "Three kids in my class have allergies.",
     "placeholder"),
    (card("@speaker's class", "allergic_to", "nuts", "safety"), "Three kids in my class have nut allergies.",
     "placeholder"),
    # a verb where a thing or a place is wanted; a ban on a bare "is"
    (card("Tomás", "allergic_to", "learned that the hard way in Veracruz", "safety"),
     "I'm allergic to shellfish - learned that the hard way in Veracruz - so no shrimp ever.", "verb_for_thing"),
    (card("Oaxaca", "must_avoid", "is - and we have a cat called Mole", "safety"),
     "She drives to Oaxaca, if the road is open, which it never is - and we have a cat called Mole.", "ban_on_being"),
    # a measure someone "has", a family word taken for a post
    (card("Samarkand Paper Mill", "has", "2 metres"), "Scarves, 2 metres. Tourists buy the most.", "measure_had"),
    (card("Matteo", "role", "son", "identity"), "My wife and our son Matteo, 15, live with me.", "kin_for_post"),
    # an auxiliary whose subject the line lost
    (card("Malthe", "event", "is 8 degrees in May", "episodic", "Malthe: is 8 degrees in May"),
     "The river is like 8 degrees in May anyway.", "subject_lost"),
]


@pytest.mark.parametrize(("fact", "sentence", "shape"), BROKEN, ids=[b[2] + ":" + b[0].value for b in BROKEN])
def test_a_broken_card_is_named_by_its_shape(fact: Fact, sentence: str, shape: str) -> None:
    assert shape in shapes_of(fact, sentence)


NEAR_MISSES = [
    # names and subjects said as a subject, whatever their words
    (card("Mark", "role", "the kitchen", "identity"), "Mark runs the kitchen, he's been here for years."),
    (card("Luc", "role", "rotas", "identity"), "Moien. Luc here, I do the rotas."),
    (card("Mr Brown", "role", "teacher", "identity"), "Mr Brown is my teacher."),
    (card("Violet", "age", "9", "identity"), "Violet is 9 and loves horses."),
    (card("opening hours", "is", "9 to 5"), "Opening hours are 9 to 5."),
    (card("breakfast", "is", "7 to 10", "routine"), "For breakfast it's 7 to 10, in the garden room."),
    (card("Lagoon Guesthouse", "has", "2 dogs"), "We have 2 dogs, both very old."),
    (card("Luka", "role", "apprentice", "identity"), "Luka is our apprentice."),
    (card("Sam", "aunt", "May", "relationship"), "my aunt May lives in Leeds"),
    (card("Emil", "handles", "IT"), "Emil handles anything IT."),
    (card("Hope", "cousin", "Will", "relationship"), "Jade and Will are my cousins."),
    (card("Hope", "likes", "May", "preference"), "I love May, it's my birthday month."),
    # a tie said with "mine", a name pointed at with "that"
    (card("Mia", "best_friend", "Ada", "relationship"), "Mine is Ada, she sits next to me."),
    (card("Kofi", "role", "driver", "identity"), "Kofi, that's our driver, he does the airport runs."),
    (card("Chidi", "is", "house with red gate"), "Ours is the house with the red gate."),
    (card("Chidi", "has", "5 acres"), "We have 5 acres near Enugu."),
    (card("Rex", "is", "a beagle"), "Our dog Rex, which is a beagle, eats everything."),
    (card("Zeynep", "likes", "it when mum sings", "preference"), "I like it when mum sings."),
    (card("Tomás's abuela", "lives_with", "us", "relationship"), "my abuela lives with us"),
    (card("Friday", "is", "a test"), "Friday it's a test in maths."),
    (card("Sam", "is", "its £95 call-out fee after 6pm"), "After 6pm its £95 call-out fee."),
    (card("Kofi", "is", "a treat"), "Kofi's jollof is a treat, everyone asks for it."),
    # things and places that read like verbs; a ban said with "are"
    (card("Mia", "lives_in", "wales", "identity"), "i live in wales with my mum."),
    (card("Mia", "likes", "dressed crab", "preference"), "I love dressed crab."),
    (card("Lagoon Guesthouse", "must_avoid", "are not allowed in the kitchen", "safety"),
     "Kids are not allowed in the kitchen."),
    (card("Lagoon Guesthouse", "routine", "are washed every night", "routine"), "The vans are washed every night."),
    (card("Kofi's grandad", "from", "was born in Accra", "identity"), "My gran says my grandad was born in Accra."),
    # the owner with someone, or the doer said in the line
    (card("Sam", "event", "are moving to Porto in June", "episodic", "Sam: we are moving to Porto in June"),
     "My wife and I are moving to Porto in June."),
    (card("Sam", "event", "is 8 degrees in May", "episodic", "Sam: the river is 8 degrees in May"),
     "The river is 8 degrees in May."),
    (card("Sam", "can", "handstands", "skill"), "I can do cartwheels and handstands now."),
]


@pytest.mark.parametrize(("fact", "sentence"), NEAR_MISSES, ids=[n[0].value for n in NEAR_MISSES])
def test_a_sound_card_keeps_its_shape(fact: Fact, sentence: str) -> None:
    assert shapes_of(fact, sentence) == []


def test_the_turn_keeps_its_facts_and_loses_the_broken_cards() -> None:
    cards = learn("I'm allergic to shellfish - learned that the hard way in Veracruz - so no shrimp ever.", None,
                  at=AT, owner="Tomás", role="owner", speaker="user", previous=[])
    allergies = [f.value for f in cards if f.predicate == "allergic_to"]
    assert "shellfish" in allergies
    assert not any(v.startswith("learned") for v in allergies)


def test_a_teams_turn_loses_the_command_and_the_colour_taken_for_subjects() -> None:
    for text in ("Stay behind the rope, the vats are hot.", "The brown is from walnut shells, the pink from pomegranate."):
        cards = learn(text, None, at=AT, owner="Nilufar", role="owner", speaker="Nilufar", previous=[],
                      account_org="Samarkand Paper Mill")
        assert not any(f.subject.lower() in ("stay", "brown") for f in cards)


def test_the_owner_is_someone_whatever_the_parse_made_of_the_name() -> None:
    said = parse(["Mind the step, then the gate."]) or []
    assert card_shapes.shapes(card("Mind", "role", "step", "identity"), said) == ["verb_subject"]
    assert card_shapes.shapes(card("Mind", "role", "step", "identity"), said, owner="Mind") == []


def test_without_a_parse_only_the_shapes_that_need_none_are_read() -> None:
    assert card_shapes.shapes(card("Stay", "role", "rope", "identity"), []) == []
    assert card_shapes.shapes(card("Dogs", "likes", "cats not", "preference"), []) == ["cut_negation"]
    assert card_shapes.sound([card("Sam", "likes", "cats", "preference")], []) == [
        card("Sam", "likes", "cats", "preference")]
