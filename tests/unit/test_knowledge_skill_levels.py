"""A level said beside something being learnt ("I'm learning Korean for work. Still B1"): a skill card of
the owner's with the level and what is learnt (knowledge/skill_levels.py). Sentences written for these tests."""
from datetime import datetime, timezone

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _learn(text, owner="Ilse"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=["assistant: Nice."])


def _levels(got):
    return [f for f in got if f.type == "skill" and f.predicate == "level"]


def test_a_cefr_band_said_alone_after_the_language_learnt():
    got = _learn("I'm learning Korean for my job. Still B1, the grammar is hard.", owner="Joaquim")
    (card,) = _levels(got)
    assert card.subject == "Joaquim" and "Korean" in card.value and "B1" in card.value


def test_a_grade_said_after_the_instrument_learnt():
    got = _learn("I've been learning the cello since spring. Grade 3 now, the exam is in June.", owner="Noor")
    (card,) = _levels(got)
    assert "cello" in card.value and "Grade 3" in card.value
    assert not [f for f in got if f.type == "episodic" and "Grade 3" in f.value]  # no event of the level


def test_the_owner_on_a_level_of_what_they_learn():
    got = _learn("I'm learning to swim at the leisure centre. I'm on level 4 already.", owner="Tevita")
    (card,) = _levels(got)
    assert "swim" in card.value and "level 4" in card.value


def test_a_level_in_something_named_beside_it():
    got = _learn("Swimming is going well. I'm at level 4 in swimming now.", owner="Aroha")
    (card,) = _levels(got)
    assert card.value == "swimming level 4"


def test_a_school_grade_is_no_level_of_a_skill():
    assert not _levels(_learn("She's in 9th grade at the school in Bitola."))


def test_a_level_someone_else_has_is_not_the_owners():
    assert not _levels(_learn("I'm learning Spanish. My sister is at C1 already."))
    assert not _levels(_learn("We need another teacher with German C1."))


def test_a_level_of_a_car_park_is_no_progress():
    assert not _levels(_learn("I'm learning to drive. We parked on level 3 of the car park."))
