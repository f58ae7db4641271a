"""A team member named after a tie ("my sister Arta does the office", "his son Jo runs the vans"): what they do is
their post, as it is for a member named alone (roles._DUTY); and a member greeting in any tongue, then "<name> here"
(fragments._GREETING). Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Kestrel Tannery"
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, owner: str = "Marek", org: str | None = ORG) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)}


@pytest.mark.parametrize("text, who, post", [
    ("my sister Arta does the office and the orders", "Arta", "office and the orders"),
    ("my cousin Bela handles the invoices", "Bela", "invoices"),
    ("our nephew Tiago looks after the website", "Tiago", "website"),
    ("his son Jo does the deliveries", "Jo", "deliveries"),
])
def test_a_member_named_after_a_tie_holds_the_post_they_do(text, who, post):
    got = said(text)
    assert (who, "role", post, "identity") in got
    assert not [f for f in got if f[0] == who and f[3] == "semantic"]


@pytest.mark.parametrize("text", [
    "my sister Arta does yoga on Sundays",  # a habit, no post
    "my brother Emil does it",  # what "it" is was said elsewhere
])
def test_a_tied_member_without_a_duty_holds_no_post(text):
    assert not [f for f in said(text) if f[1] == "role"]


def test_outside_a_team_a_relatives_chore_is_no_post():
    assert not [f for f in said("my sister Arta does the washing", org=None) if f[1] == "role"]


@pytest.mark.parametrize("text, owner", [
    ("buenas. Tavo here, I manage the bakery", "Tavo"),
    ("kia ora! Mereana here, I'm the treasurer", "Mereana"),
    ("Moien. Luc here, I do the rotas", "Luc"),
    ("good evening! Anouk here, I run the bar", "Anouk"),
])
def test_a_greeting_in_any_tongue_then_name_here_names_the_member(text, owner):
    assert (owner, "name", owner, "identity") in said(text, owner=owner)


@pytest.mark.parametrize("text, owner", [
    ("buenas. Ines here, I manage the bakery", "Tavo"),  # another's name
    ("thanks. Tavo here again, quick one about the rota", "Tavo"),  # a return, nothing new
])
def test_a_greeting_then_another_or_a_return_names_nobody(text, owner):
    assert not [f for f in said(text, owner=owner) if f[1] == "name"]
