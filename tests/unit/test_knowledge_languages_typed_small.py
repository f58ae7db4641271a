"""Languages one speaks, typed small ("i speak tagalog and english") or with a level said bare ("a bit
spanish"): one skill card a language, its name written as a name, the level kept in the line
(memcore.knowledge.limits, vocabulary.LANGUAGES). Sentences written for these tests, not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _cards(text, owner="Ines"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)


@pytest.mark.parametrize("text, languages", [
    ("i speak tagalog and english", {"Tagalog", "English"}),  # a child typing small
    ("at home we speak urdu but I speak english and a bit arabic too", {"English", "Arabic"}),
    ("I speak swahili, french and a bit German", {"Swahili", "French", "German"}),
])
def test_each_language_is_a_skill(text, languages):
    got = {f.value for f in _cards(text) if f.type == "skill" and f.predicate == "language"}
    assert languages <= got, got


def test_a_level_said_bare_stays_in_the_line():
    got = [f for f in _cards("i speak bislama and a bit french") if f.value == "French"]
    assert got and "a bit French" in got[0].text


@pytest.mark.parametrize("text", [
    "i speak to english people every day",  # whom one speaks to, no language one has
    "I speak with my hands when I'm nervous",
    "i speak up for the quiet kids",
])
def test_what_is_no_language(text):
    assert not [f for f in _cards(text) if f.predicate == "language"]
