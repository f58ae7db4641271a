"""Two people's doings joined by "and", a second doing of one person, and ages said after names in a list (issue
35): each its own card, each age its own person's. Sentences written for this test, with near misses."""
from __future__ import annotations

import pytest

from memcore.knowledge.clauses import clauses
from memcore.knowledge.relative_clauses import relatives_apart
from tests.unit.owner_voice import owner_cards


@pytest.mark.parametrize("text,first,second", [
    ("Sofia plays violin and Giulia does gymnastics.", "Sofia plays violin", "Giulia does gymnastics"),
    ("Omar likes chess and Amara loves tennis.", "Omar likes chess", "Amara loves tennis"),
    ("Kofi teaches maths and Efua drives a taxi.", "Kofi teaches maths", "Efua drives a taxi"),
])
def test_two_peoples_doings_joined_by_and_are_two_clauses(text, first, second):
    assert clauses(text) == [first, second]


@pytest.mark.parametrize("text", ["I love Lily and Omar.", "We visited Tom and Jerry's place.", "I like Ana and Omar's dog."])
def test_names_joined_by_and_without_a_verb_stay_one_clause(text):
    assert len(clauses(text)) == 1


def test_a_second_doing_of_one_person_is_not_what_they_fear():
    cards = owner_cards("Giulia is scared of the dark and sleeps with a night light.")
    assert any(c.type == "preference" and c.subject == "Giulia" and c.value == "dark" for c in cards), cards
    assert not any(c.predicate == "fears" and "sleep" in c.value for c in cards), cards


@pytest.mark.parametrize("text,said", [
    ("We have two girls, Sofia who is 9 and Giulia who is 6.", "We have two girls, Sofia and Giulia. Sofia is 9. Giulia is 6."),
    ("My nephews Kwame (12) and Yaw (8) live in Accra.", "My nephews Kwame and Yaw live in Accra. Kwame is 12. Yaw is 8."),
    ("two boys, Cai aged 7 and Emrys aged 4", "two boys, Cai and Emrys. Cai is 7. Emrys is 4."),
])
def test_ages_after_names_in_a_list_are_set_apart(text, said):
    """Each age set apart after its name, then the list said without them and each age a sentence of its own."""
    assert relatives_apart(text) == said


@pytest.mark.parametrize("text", ["my son Leo who is four loves dinosaurs", "I met Ana who is a nurse.",
                                  "Room (12) is upstairs."])
def test_an_age_inside_a_clause_or_no_age_is_left(text):
    assert relatives_apart(text) == text


def test_each_age_is_its_own_childs():
    cards = owner_cards("We have two girls, Sofia who is 9 and Giulia who is 6.")
    ages = {(c.subject, c.value) for c in cards if c.predicate == "age"}
    assert ages == {("Sofia", "9"), ("Giulia", "6")}, cards
    assert {c.value for c in cards if c.predicate == "daughter"} == {"Sofia", "Giulia"}, cards


@pytest.mark.parametrize("text,who,condition", [
    ("My doctor says I have high blood pressure.", "Priya", "high blood pressure"),
    ("My dad has low blood pressure.", "Priya's dad", "low blood pressure"),
    ("I have high cholesterol.", "Priya", "high cholesterol"),
])
def test_a_measure_said_high_or_low_is_a_condition(text, who, condition):
    assert any(c.type == "safety" and c.subject == who and c.value == condition for c in owner_cards(text))


@pytest.mark.parametrize("text", ["I have a lot of pressure at work.", "We have high ceilings."])
def test_pressure_or_height_said_otherwise_is_no_condition(text):
    assert not [c for c in owner_cards(text) if c.type == "safety"]


@pytest.mark.parametrize("text,diet", [("I'm on a gluten-free diet.", "gluten-free"), ("We're on a low carb diet.", "low carb")])
def test_a_diet_one_is_on(text, diet):
    assert any(c.type == "preference" and c.predicate == "diet" and c.value == diet for c in owner_cards(text))


def test_someone_elses_relative_living_with_us_is_the_household():
    cards = owner_cards("Chiara's mum lives with us since her fall.")
    assert any(c.predicate == "lives_with" and c.value == "Chiara's mum" for c in cards), cards


@pytest.mark.parametrize("text", [
    "I have got an appointment with the dentist on Thursday.",
    "I have a dentist appointment on Thursday.",
    "I have a job interview next Monday.",
    "My son has a hospital appointment tomorrow.",
])
def test_an_occasion_one_has_on_a_day_is_an_event(text):
    cards = owner_cards(text)
    assert any(c.type == "episodic" for c in cards), cards
    assert not any(c.type == "semantic" and c.predicate == "has" for c in cards), cards


@pytest.mark.parametrize("text", ["I have a dentist every six months.", "I have a dog called Bo."])
def test_a_have_without_an_occasion_or_a_day_is_no_event(text):
    assert not [c for c in owner_cards(text) if c.type == "episodic"]


@pytest.mark.parametrize("text,value", [
    ("We're moving to Lisbon next year.", "moving to Lisbon next year"),
    ("We are moving to Lisbon next year.", "moving to Lisbon next year"),
    ("I'm meeting Jo at eight.", "meeting Jo at eight"),
])
def test_a_value_holds_no_auxiliary_said_after_its_subject(text, value):
    assert any(c.value == value for c in owner_cards(text)), owner_cards(text)
