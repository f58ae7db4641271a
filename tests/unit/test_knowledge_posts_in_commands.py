"""A person named with their post inside a command (issue 35): "Ring the site foreman, Gaz, if the crane is
late" asks for something, and tells who the site foreman is. Only a post, and only of the person the
command acts on: a story about one's teacher stays a request. A command that opens on a verb is no job
said bare ("Ring the vet, ..." is not "I'm a ring the vet"). Sentences written for these tests in three
voices (a child, an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def ties(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got if f.type in ("relationship", "identity")}


@pytest.mark.parametrize("text, org, holder, post, name", [
    ("Ring the site foreman, Gaz, if the crane is late.", "Harbour Cranes", "Harbour Cranes", "site_foreman", "Gaz"),
    ("Ring the vet, Mrs Pugh, if Bobo stops eating.", None, "Tova", "vet", "Mrs Pugh"),  # adult
    ("Tell my teacher, Miss Roberts, that I was poorly.", None, "Tova", "teacher", "Miss Roberts"),  # child
])
def test_the_post_of_whom_a_command_acts_on_is_told(text, org, holder, post, name):
    assert (holder, post, name) in ties(text, org=org)


@pytest.mark.parametrize("text", ["Write a story about my teacher, Mr Jones.", "Write a poem for my sister, Ada.",
                                  "Draw my dad, Tom, as a pirate."])
def test_a_request_about_someone_tells_no_tie(text):
    assert not ties(text)


def test_a_command_is_no_bare_job():
    assert not {t for t in ties("Ring the vet, Mrs Pugh, if Bobo stops eating.") if t[1] == "job"}
