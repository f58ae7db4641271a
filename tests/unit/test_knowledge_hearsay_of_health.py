"""What someone's body does, said as hearsay, is about them and stays hearsay (issue 35: certainty from how it
was said): a sentence adverb before the name ("Apparently", "Honestly") is no part of whom it is about, and
an allergy, a condition or a medicine relayed is not a rule a parent set (which a child's relaying keeps
stated). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.certainty import HEARSAY, PLAIN
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Wren"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def safety(text):
    return [f for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER) if f.type == "safety"]


@pytest.mark.parametrize(("text", "who", "what"), [
    ("Apparently Dougal is allergic to kiwi.", "Dougal", "kiwi"),
    ("apparently Marisol has asthma", "Marisol", "asthma"),
    ("Apparently Hamish is allergic to penicillin and latex.", "Hamish", "penicillin"),
])
def test_hearsay_of_someones_health_is_about_them_and_hearsay(text, who, what):
    got = [f for f in safety(text) if what in f.value]
    assert got and all(f.subject == who and f.certainty <= HEARSAY for f in got)


@pytest.mark.parametrize("text", ["Honestly Fergus can't have gluten.", "Actually my nephew can't have dairy."])
def test_a_sentence_adverb_is_no_part_of_whom_a_rule_is_about(text):
    got = safety(text)
    assert got and not any(f.subject.lower().startswith(("honestly", "actually")) for f in got)


def test_a_rule_a_parent_set_relayed_stays_stated():
    got = safety("Daddy says I'm not allowed on the trampoline after tea.")
    assert got and all(f.certainty > PLAIN for f in got)
