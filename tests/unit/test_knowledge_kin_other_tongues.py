"""Family words of other languages before a name, and the sex they say (issue 35, vocabulary.KIN_OTHER_SHE
and KIN_OTHER_HE). Sentences written for these tests in three voices (a child, an adult, a team), not taken
from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.mentions import sex_of

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, org: str | None = None) -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner="Arman", role="owner", speaker="Arman", account_org=org)}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, tie, name", [
    ("my dedo Stojan fixes bikes in his garage", "dedo", "Stojan"),  # child
    ("My tía Rosa is a nurse in Quito", "tía", "Rosa"),  # adult
    ("my chacha Imran drives a rickshaw", "chacha", "Imran"),
])
def test_kin_of_another_tongue_before_a_name_is_a_tie(text, tie, name):
    assert ("relationship", "Arman", tie, name) in _facts(text)


@pytest.mark.parametrize("text, name, sex", [
    ("my dedo Stojan came by", "Stojan", "he"),
    ("tía Rosa called", "Rosa", "she"),
    ("my baba Zora came by", "Zora", None),  # a grandmother in one tongue, a father in another
])
def test_the_kin_word_says_the_sex_it_says(text, name, sex):
    assert sex_of(text, name) == sex


@pytest.mark.usefixtures("parser_installed")
def test_a_title_in_a_teams_talk_is_what_everyone_calls_her():
    # team: "Auntie Pat" is the volunteer's name among them, no aunt of the speaker's
    got = _facts("Auntie Pat runs the tea urn on match days", org="Fernbank Rovers")
    assert not any(f[0] == "relationship" and f[2] == "auntie" for f in got)


@pytest.mark.usefixtures("parser_installed")
def test_only_when_someone_comes_is_no_fact_of_theirs():
    # child: "comes when mum works late" says when, nothing of the grandmother by itself
    got = _facts("my oma Hilde comes when mum works late")
    assert ("relationship", "Arman", "oma", "Hilde") in got
    assert not any(f[3].startswith("when ") for f in got)
