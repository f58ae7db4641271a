"""What one can or cannot do, said with the thing first (issue 35, fronted_objects.py). Sentences written for these
tests, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def slots(text, org=None):
    got = learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, card", [
    ("the backflip i cant do yet", ("skill", "Ines", "cannot", "do the backflip")),  # a child
    ("Those high notes I still can't reach.", ("skill", "Ines", "cannot", "reach those high notes")),  # an adult
    ("The butterfly stroke Leo can't swim yet.", ("skill", "Leo", "cannot", "swim the butterfly stroke")),  # a name
    ("the last verse I can sing all the way", ("skill", "Ines", "can", "sing the last verse")),  # one can
    ("That song I can't stand.", ("preference", "Ines", "dislikes", "That song")),  # a dislike said the same way
])
def test_a_thing_said_before_who_can_or_cannot_do_it_is_a_card(text, card):
    got = slots(text)
    if card[0] == "preference":  # the value as said, its first word's case aside
        assert any(c[:3] == card[:3] and c[3].lower() == card[3].lower() for c in got)
    else:
        assert card in got


@pytest.mark.parametrize("text", [
    "this week I can't do, sorry",  # a time said first
    "that one I can't afford",  # no ability
    "the stairs I can't believe",
    "Can you help me with the fast part?",  # a question
])
def test_a_time_or_a_verb_of_no_ability_said_so_is_no_skill(text):
    assert not any(t in ("skill", "preference") for t, *_ in slots(text))
