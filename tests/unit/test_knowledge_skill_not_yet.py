"""Progress said in passing (memcore/knowledge/pursuits.py): a doing not done yet is an ability not had
so far ("she's not doing the solos yet"), a doing one has started is a new one, whatever remark follows
it after a comma ("has started walking, mostly into the sofa"). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def skills(text: str, org: str | None = None) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner="Dana", role="owner", speaker="Dana",
                                                            account_org=org) if f.type == "skill"}


@pytest.mark.parametrize("text, org, want", [
    ("Maria plays the cello well but she's not doing the solos yet.", None, ("Maria", "cannot", "do the solos")),
    ("Hamid isn't doing night shifts yet.", "Copperleaf Bakery", ("Hamid", "cannot", "do night shifts")),
    ("Priya can shape baguettes now, but she's not doing the laminated pastry yet.", "Copperleaf Bakery",
     ("Priya", "cannot", "do the laminated pastry")),
])
def test_a_doing_not_done_yet_is_an_ability_not_had(text, org, want):
    assert want in skills(text, org), skills(text, org)


@pytest.mark.parametrize("text", [
    "Olek isn't doing it yet.",            # what "it" is, the line does not say
    "My daughter isn't riding to school yet.",  # where to: a plan, no ability
])
def test_no_ability_from_a_doing_of_no_thing(text):
    assert not {s for s in skills(text) if s[1] == "cannot"}, skills(text)


def test_a_doing_started_with_a_remark_after_it_is_a_new_ability():
    assert ("Mila", "can", "started walking") in skills("Mila has started walking, mostly into the sofa.")


@pytest.mark.parametrize("text", [
    "Kemal's on a new contract, so he can't drive the van till March.",
    "I sprained my thumb so I can't knit until the spring.",
])
def test_a_while_one_cannot_is_no_missing_ability(text):
    assert not {s for s in skills(text) if s[1] == "cannot"}, skills(text)
