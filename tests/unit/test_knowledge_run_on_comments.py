"""A comment run on after a liked or hated thing without a comma (issue 35, not_atomic): "I hate the bus it's
always late" keeps "bus", not the comment; a true relative clause without a relative word ("the noise it
makes", "the town they live in") stays in the value (run_on_comments.py). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, owner="Wanjiru"):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)


@pytest.mark.parametrize("text,kept,left_out", [
    ("I don't like the smoke it makes me cough.", "smoke", "cough"),
    ("I hate the bus it's always late.", "bus", "late"),
    ("I love the beach it's so quiet in winter.", "beach", "quiet"),
    ("My son hates the soap it makes his eyes sting.", "soap", "eyes"),
    ("I hate the bus, it's always late.", "bus", "late"),
])
def test_a_comment_run_on_after_a_thing_is_no_part_of_it(text, kept, left_out):
    got = [f for f in facts(text) if kept in f.value]
    assert got and not any(left_out in f.value or left_out in f.text for f in got)


@pytest.mark.parametrize("text,whole", [
    ("I hate the noise it makes.", "noise it makes"),
    ("I hate the town they live in.", "town they live in"),
    ("I love the songs she sings.", "songs she sings"),
    ("I love the person she is.", "person she is"),
    ("I hate the bus that is always late.", "bus that is always late"),
])
def test_a_relative_clause_with_its_gap_stays(text, whole):
    assert any(whole in f.value for f in facts(text))


def test_an_aside_with_more_of_the_habit_after_it_is_not_cut_away():
    got = [f for f in facts("i play kabaddi it is a tag game, on fridays with my cousins") if "kabaddi" in f.value]
    assert got and all("fridays" in f.value for f in got)


def test_a_clause_told_to_someone_is_not_cut_as_a_comment():
    from memcore.knowledge.parse import parse
    from memcore.knowledge.run_on_comments import run_on_starts
    from memcore.knowledge.tree import children
    parsed = parse(["I told my mum she was right."])
    assert parsed is not None
    assert run_on_starts(parsed[0], children(parsed[0])) == []
