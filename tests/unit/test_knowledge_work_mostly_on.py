"""What one's work is mostly on, said after the job without a verb (memcore.knowledge.fragments): "baker in Leeds,
mostly wedding cakes and the occasional christening" is two cards, the main kind and the one said now and then;
"mostly roofs and wooden shutters" under one "mostly" is one. Sentences written for these tests, not taken from
any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _works_on(text, owner):
    return {f.value for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
            if f.predicate == "works_on" and f.type == "semantic" and f.subject == owner}


@pytest.mark.parametrize("text, owner, kinds", [
    ("Nell here, baker in Leeds, mostly wedding cakes and the occasional christening", "Nell",
     {"wedding cakes", "christening"}),
    ("I'm Ravi, electrician, mainly kitchens", "Ravi", {"kitchens"}),
    ("I'm Tuula, translator - in Turku. mostly medical leaflets and the odd novel", "Tuula", {"medical leaflets", "novel"}),
    ("Bram, stonemason, mostly garden walls and gateposts", "Bram", {"garden walls and gateposts"}),
])
def test_what_the_work_is_mostly_on(text, owner, kinds):
    assert _works_on(text, owner) == kinds


@pytest.mark.parametrize("text, owner", [
    ("I'm Ravi, mostly tired", "Ravi"),  # no job said before it
    ("Callum, front desk manager at the Bayview. 30 rooms, mostly walkers", "Callum"),  # of the count, not the job
    ("I'm Ravi, 34, mostly at home", "Ravi"),
])
def test_what_is_not_what_the_work_is_on(text, owner):
    assert not _works_on(text, owner)
