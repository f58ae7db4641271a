"""Which words belong to which fact, and whom each fact is about (issue 35, docs/formation-spec.md):
a place is no tool, a group's age names the group, a team's "our" is the team's. Sentences written
for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Rhona"
ORG = "Kestrel Books"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=None):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, account_org=org)


@pytest.mark.parametrize("text", ["we sell books in York", "we deliver flowers in Harrogate on Saturdays",
                                  "they repair boats in Falmouth"])
def test_a_place_where_the_team_works_is_no_tool(text):
    assert not [f for f in facts(text, ORG) if f.predicate == "uses"]


@pytest.mark.parametrize("text, tool", [("we keep the stock list in Airtable", "Airtable"),
                                        ("I track every order in Trello", "Trello")])
def test_a_tool_the_team_keeps_things_in_is_still_a_tool(text, tool):
    assert [f for f in facts(text, ORG) if f.subject == ORG and tool in f.value]


@pytest.mark.parametrize("text, names, age", [("my twin sisters Neema and Imani are 4", ("Neema", "Imani"), "4"),
                                              ("My little brothers Sam and Theo are 5.", ("Sam", "Theo"), "5")])
def test_a_groups_age_is_said_of_each_named_child_on_its_own(text, names, age):
    ages = [f for f in facts(text) if f.predicate == "age"]
    assert sorted(f.subject for f in ages) == sorted(names) and {f.value for f in ages} == {age}
    for f in ages:
        other = next(n for n in names if n != f.subject)
        assert f.subject in f.text and other not in f.text and f"{OWNER}'s" not in f.text  # "Neema is 4"
