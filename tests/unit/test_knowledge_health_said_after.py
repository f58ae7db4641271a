"""A condition said after its word (issue 35, health.py): a body part said bad after it ("my hip is dodgy") and
the condition a medicine is taken for ("I take pills for my cholesterol"). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ME = "Orla"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def said(text):
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, previous=[])


@pytest.mark.parametrize("text,part", [("my hip is really dodgy these days", "hip"), ("I walk a bit, my knees are bad.", "knees"),
                                       ("my left wrist has been weak since the fall", "wrist")])
def test_a_body_part_said_bad_is_a_safety_condition_and_no_other_card(text, part):
    got = said(text)
    assert [f.type for f in got if part in f.value] == ["safety"], got
    assert all(f.subject == ME for f in got if part in f.value), got


@pytest.mark.parametrize("text,who,condition", [("I take tablets for my cholesterol.", ME, "cholesterol"),
                                                ("my uncle Senan is on pills for his heart", "Senan", "heart"),
                                                ("Bríd takes drops for glaucoma", "Bríd", "glaucoma")])
def test_the_condition_a_medicine_is_taken_for_is_a_safety_card(text, who, condition):
    got = [f for f in said(text) if f.type == "safety"]
    assert any(condition in f.value and f.predicate == "condition" for f in got), got
    assert all(f.subject == who for f in got if condition in f.value), got


@pytest.mark.parametrize("text", ["my eyes are green", "my back is fine now", "I take tablets for the flight"])
def test_a_body_part_said_well_or_a_pill_for_a_trip_is_no_condition(text):
    assert not any(f.predicate == "condition" for f in said(text)), said(text)

