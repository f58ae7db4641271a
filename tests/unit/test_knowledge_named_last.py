"""A little one named last in a sentence with no verb is whom the next "he"/"she" points at (issue 35,
mentions.last_mention): "mum, dad and baby Nia. she's my sister" ties Nia. Sentences written for these tests,
not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

pytestmark = pytest.mark.usefixtures("parser_installed")
AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _facts(text: str, owner: str = "Ayan") -> set[tuple[str, str, str, str]]:
    return {(f.type, f.subject, f.predicate, f.value) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


@pytest.mark.parametrize("text, fact", [
    ("mum, dad and baby Nia. shes my sister", ("relationship", "Ayan", "sister", "Nia")),  # child, chat spelling
    ("and little Omar. he's my nephew, he's 2", ("relationship", "Ayan", "nephew", "Omar")),  # adult
])
def test_a_little_one_named_last_is_whom_he_or_she_means(text, fact):
    assert fact in _facts(text)


def test_a_month_named_last_is_no_one():
    assert not any(f[1] == "December" for f in _facts("she comes twice a year, June and December. she pays best for round ones"))
