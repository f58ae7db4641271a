"""What one has started to learn, said with "started", "picked up", "taught myself" or "working towards"
(issue 35: skills and progress): a skill `learning` of the owner, beside the event of when it began;
what one starts that is no skill ("started the car", "started going to the gym", a plan) is none.
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Gwen"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def learning(text):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    return [f.value for f in got if f.type == "skill" and f.subject == OWNER]


@pytest.mark.parametrize(("text", "skill"), [
    ("I started the harp in September", "harp"),
    ("picked up crochet during the winter", "crochet"),
    ("I'm teaching myself Welsh", "Welsh"),
    ("I'm working towards my bronze award", "bronze award"),
])
def test_what_one_has_started_to_learn_is_a_skill_being_learnt(text, skill):
    assert any(skill in v for v in learning(text))


@pytest.mark.parametrize("text", ["I started the van this morning", "I started going to the pool",
                                  "I'll start the trumpet next year", "she started a fight at school"])
def test_what_one_starts_that_is_no_skill_is_none(text):
    assert learning(text) == []
