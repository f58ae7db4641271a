"""Ties of someone else's people (issue 35): a name said after a possessed tie that the parser made the
subject of the next verb ("my mum's cousin Gwyneth lives ..."), the tie of whoever a statement reports
even when what they report is chat about the future ("my uncle's friend Bryn reckons ... will ..."), a
post held for a named person ("Dev is Dana's porter", "the apprentice to Kerry"), and a kin title after
a possessor, which is no title ("her uncle Dafydd" is not the owner's uncle). Sentences written for
these tests in three voices (a child, an adult, a team), not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def ties(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


@pytest.mark.parametrize("text, holder, tie, name", [
    ("my mate's dad Terry drives the school bus", "Tova's mate", "dad", "Terry"),  # child
    ("My mum's cousin Gwyneth lives in Rhyl now.", "Tova's mum", "cousin", "Gwyneth"),  # adult
])
def test_a_name_after_a_possessed_tie_is_that_tie(text, holder, tie, name):
    assert (holder, tie, name) in ties(text)


@pytest.mark.parametrize("text, holder, tie, name", [
    ("my mate's dad Terry says it'll snow tomorrow", "Tova's mate", "dad", "Terry"),  # child
    ("My uncle's friend Bryn reckons the bridge will be fixed by spring.", "Tova's uncle", "friend", "Bryn"),  # adult
    ("Gwen's husband Alun thinks the council will win - who knows. people talk", "Gwen", "husband", "Alun"),
])
def test_whoever_a_forecast_is_reported_from_keeps_their_tie(text, holder, tie, name):
    assert ties(text) == {(holder, tie, name)}


@pytest.mark.parametrize("text, org, holder, post, name", [
    ("Dev is Dana's porter on the ward.", "Ward 9", "Dana", "porter", "Dev"),  # team
    ("Mo is the apprentice to Kerry.", None, "Kerry", "apprentice", "Mo"),  # adult
    ("Tomos is Ceri's site foreman", "Harbour Cranes", "Ceri", "site_foreman", "Tomos"),  # team
])
def test_a_post_held_for_a_named_person_is_a_tie(text, org, holder, post, name):
    assert (holder, post, name) in ties(text, org=org)


@pytest.mark.parametrize("text", ["My cousin says hi", "Ollie is not Kim's driver.", "her uncle Dafydd is a vet"])
def test_no_tie_of_the_owner_from_greetings_denials_or_someone_elses_kin(text):
    assert not {t for t in ties(text) if t[0] == "Tova"}
