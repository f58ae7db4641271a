"""An answer about the one tie a question asked of, opening on a name and an age (issue 35, docs/formation-spec.md:
"Several facts in a turn"): "What does your son do?" "Dylan, 19, he's a student": the son is Dylan, Dylan is 19, and
what he is. Sentences written for these tests, with names and wording of their own, not from any benchmark's data."""
import re
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.answers import complete

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(question, text, owner="Rhiannon"):
    return {(f.type, f.subject, f.predicate, f.value)
            for f in learn(text, None, at=AT, owner=owner, role="owner", speaker="user", previous=[f"assistant: {question}"])}


@pytest.mark.parametrize("question, text, tie, name, age", [
    ("What does your daughter do?", "Gwen, 34, she is a lawyer, works for a firm in Cardiff from home", "daughter", "Gwen", "34"),
    ("What does your brother do?", "Iestyn, 41, he's a paramedic in Swansea", "brother", "Iestyn", "41"),
    ("What does your nephew do?", "Osian, 22, he is an electrician, mostly rewiring old houses", "nephew", "Osian", "22"),
])
def test_a_name_and_age_answering_what_a_tie_does_names_the_tie(question, text, tie, name, age):
    got = slots(question, text)
    assert ("relationship", "Rhiannon", tie, name) in got
    assert ("identity", name, "age", age) in got
    assert not any(v.lower().startswith(f"a {name.lower()}") for _, _, _, v in got)  # no "daughter is a Gwen, 34"


@pytest.mark.parametrize("question, answer", [
    ("What does Gwen do?", "Gwen, 34, she is a lawyer"),  # a name asked of, no tie
    ("What time is the bus?", "Ten, 15, something like that"),  # no tie asked of
    ("What does your daughter do?", "she is a lawyer in Cardiff"),  # no name and age first
])
def test_no_tie_is_set_before_an_answer_without_a_tie_asked_or_a_name_and_age(question, answer):
    done = complete(f"assistant: {question}", answer)
    assert not re.match(rf"(?i)^my \w+ {re.escape(answer)}", done)  # no tie set before the whole answer
