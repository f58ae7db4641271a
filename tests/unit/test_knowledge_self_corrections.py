"""A speaker correcting themself mid-turn is read in the corrected form only (issue 35, docs/formation-spec.md;
knowledge/self_corrections.py). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn
from memcore.knowledge.self_corrections import corrected

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("text", "read"), [
    ("rent is 600 a month - no wait, 650 since March", "rent is 650 a month since March"),
    ("dinner is at 6. eh sorry, 6:30 on school nights", "dinner is at 6:30 on school nights"),
    ("we open 9 to 5 Monday to Saturday. no wait, 9 to 6 since the summer", "we open 9 to 6 Monday to Saturday since the summer"),
    ("I start at 8 - no sorry, 7:30 - and finish at 4", "I start at 7:30 and finish at 4"),
    ("swimming is on mondays. no sorry, it's tuesdays now", "swimming is on tuesdays now"),
    ("choir is thursday and saturday. no wait its thursday and sunday now", "choir is thursday and sunday now"),
    ("my brother Sam - no sorry, my cousin Sam - lives in Leeds", "my cousin Sam lives in Leeds"),
    ("our van is blue - no sorry, green - and it's parked at the back", "our van is green and it's parked at the back"),
    ("my hamster is called Biscuit. no wait, Toffee, Biscuit was the old one", "my hamster is called Toffee, Biscuit was the old one"),
    ("we hire boards from Seaside Shack? no wait, they come from a man in Newquay", "they come from a man in Newquay"),
])
def test_what_was_taken_back_is_not_read(text, read):
    assert corrected(text) == read


@pytest.mark.parametrize("text", [
    "no wait, I have to tell you something. I lost a tooth today",  # at the start: nothing taken back
    "Can you remind me - I mean, the MOT one - before Friday?",     # "I mean" says more, takes nothing back
    "sorry, I was late again. the bus broke down",
    "I love cats and my sister loves dogs",
])
def test_a_turn_with_no_self_correction_is_read_as_said(text):
    assert corrected(text) == text


@pytest.mark.usefixtures("parser_installed")
def test_the_value_taken_back_gives_no_memory():
    got = learn("membership is 20 pounds a year - no wait, 25 since April", None, at=AT, owner="Ren", role="owner",
                speaker="Ren", speaker_org="Harbour Youth Choir", account_org="Harbour Youth Choir")
    assert got and all("20" not in f.value and "no wait" not in f.text for f in got), got
    assert any("25" in f.value for f in got), got
