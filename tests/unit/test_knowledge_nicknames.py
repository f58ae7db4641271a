"""A nickname said with a person's name (issue 35): "his real name is X, but everyone calls him Y", "X, we call her Y"
give one identity card, "X is called Y", the name as the subject. Sentences written for these tests (a child, an
adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.nicknames import said_nicknames

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, who, nick", [
    ("Bubu - his real name is Tomasz Nowak, but everyone calls him Bubu.", None, "Tomasz Nowak", "Bubu"),  # adult
    ("her real name is Leilani Kahale but we all call her Lani", None, "Leilani Kahale", "Lani"),  # child
    ("Our baker is great. Radomir, we call him Rado, does the night shift.", "Kettle Lane Bakery", "Radomir", "Rado"),  # team
    ("My neighbour Ruth - the kids call her Granny Ru - bakes bread on Fridays.", None, "Ruth", "Granny Ru"),  # adult
])
def test_a_nickname_is_a_card_of_the_name(text, org, who, nick):
    got = learn(text, None, at=AT, owner="Ana", role="owner", speaker="Ana", account_org=org)
    assert [(f.type, f.subject, f.value, f.text) for f in got if f.predicate == "nickname"] == [
        ("identity", who, nick, f"{who} is called {nick}")]


@pytest.mark.parametrize("text", [
    "I call him every day",  # calling on the phone
    "We call her on Sundays, she lives in Leeds",
    "Mum, we call her at 6, is in Leeds",  # no name after "call her"
    "Dad, everyone calls him Big Joe",  # a tie: no name to file the nickname under
    "Agapito Soares, we say Avo Agapito.",  # "we say": a way of speaking to him, not a name he goes by
])
def test_what_is_no_nickname_gives_none(text):
    assert said_nicknames(text) == []
