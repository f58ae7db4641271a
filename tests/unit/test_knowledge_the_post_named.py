"""A post said with "the" and named after a comma is a tie (issue 35): "I'll check with the union rep,
Tony" names the owner's union rep, and in a team's talk the organisation's ("the duty manager,
Priya"). Sentences written for these tests in three voices (a child, an adult, a team), not taken from
any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def ties(text, owner="Nia", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


@pytest.mark.parametrize("text, org, holder, post, name", [
    ("I told the swimming teacher, Mr Ford, about my ear", None, "Nia", "swimming_teacher", "Mr Ford"),  # child
    ("I'll check with the union rep, Tony.", None, "Nia", "union_rep", "Tony"),  # adult
    ("Any leave requests go to the duty manager, Priya.", "Oakfield Builders", "Oakfield Builders", "duty_manager",
     "Priya"),  # team
])
def test_the_post_named_after_a_comma_is_a_tie(text, org, holder, post, name):
    assert (holder, post, name) in ties(text, org=org)


@pytest.mark.parametrize("text", ["I watched the film, Dune, last night", "the twins, Ruby and Kofi, are seven"])
def test_a_thing_or_kin_said_with_the_is_no_post(text):
    assert not ties(text)
