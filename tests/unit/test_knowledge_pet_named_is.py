"""A pet named with "is" ("my pony is Duman") is whom the next "he"/"she" points at (issue 35,
relationship_rules._MY_PET_IS). Sentences written for these tests in three voices, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, name, age", [
    ("my pony is Duman. hes 7 i think", "Duman", "7"),  # child
    ("Our rabbit is Pipa. She is 2 and very shy.", "Pipa", "2"),  # adult
])
def test_the_pet_named_is_whom_the_pronoun_points_at(text, name, age):
    got = {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman")}
    assert ("identity", name, "age", age) in got
