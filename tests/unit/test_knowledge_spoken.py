"""A turn dictated as a voice message (memcore/knowledge/spoken.py, issue 35): hesitations and "like" said as a
pause go, "haha"/"yeah" between two clauses ends a sentence; a typed turn is left as it is. Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.spoken import dictated, spoken_apart

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("said, typed", [
    ("um so I drive the school bus erm in Kilmore", "so I drive the school bus in Kilmore"),
    ("we live uh like three doors from the chapel", "we live three doors from the chapel"),
    ("so basically I fix boilers like I'm a gas engineer for the council and we cover the whole valley",
     "so basically I fix boilers I'm a gas engineer for the council and we cover the whole valley"),
    ("my son hates the dentist haha he cries every single time we go and his sister laughs at him",
     "my son hates the dentist. he cries every single time we go and his sister laughs at him"),
    ("so yeah we both work weekends and the baby goes to my sister on Saturdays mostly",
     "so we both work weekends and the baby goes to my sister on Saturdays mostly"),  # a pause after "so"
])
def test_a_dictated_turn_loses_its_hesitations_and_pauses(said, typed):
    assert spoken_apart(said) == typed


@pytest.mark.parametrize("said", [
    "I like it when she sings.",
    "She looks like her mum, honestly, and she'd like a puppy.",
    "The slope is 60 mm over a metre, like the plan says.",  # typed: commas and stops, no hesitation
])
def test_a_liking_a_likeness_or_a_typed_turn_is_left_as_it_is(said):
    assert spoken_apart(said) == said


def test_what_reads_as_dictated():
    assert dictated("um yes")
    assert dictated("so the van comes at eight and then I sort the post and then I go out till three every day")
    assert not dictated("The van comes at eight, then I sort the post, then I'm out till three.")


@pytest.mark.usefixtures("parser_installed")
def test_a_dictated_job_and_a_number_said_with_like_are_read():
    said = "um so I work at the creamery like I'm a cheesemaker there and I've got like two apprentices"
    got = learn(said, None, at=AT, owner="Orla", role="owner", speaker="Orla")
    assert any(f.subject == "Orla" and "cheesemaker" in f.value for f in got), got


@pytest.mark.parametrize("said", [
    "um the kids like the new coach a lot and they all like the Saturday sessions best",  # the verb
    "um it's like I'm always tired after nights",  # a likeness
])
def test_like_as_a_verb_or_a_likeness_stays_in_a_dictated_turn(said):
    assert " like " in spoken_apart(said)
