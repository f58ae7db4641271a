"""A short answer said with a hedge, read as the answer it is and kept hedged (issue 35): hedged_answers.hedge_apart
as answers.complete uses it. Sentences written for these tests, not taken from any labelled set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.answers import complete
from memcore.knowledge.hedged_answers import hedge_apart

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("answer, bare", [
    ("I think 80", "80"), ("80 i think", "80"), ("probably Mrs Quispe", "Mrs Quispe"),
    ("um I guess at the harbour", "at the harbour"), ("maybe empanadas", "empanadas"), ("march I reckon", "march"),
])
def test_the_hedge_is_taken_off_a_short_answer(answer, bare):
    assert hedge_apart(answer) == (bare, ", I think")


@pytest.mark.parametrize("answer", ["I think so", "I think she's 80", "maybe", "probably not", "I think it was great",
                                    "yes I think", "80"])
def test_a_clause_a_yes_or_a_bare_hedge_is_left_alone(answer):
    assert hedge_apart(answer) is None


def test_the_frame_is_filled_with_the_answer_and_the_hedge_said_after():
    assert complete("How old is your gran?", "I think 80") == "My gran is 80, I think."
    assert complete("Nice! What's your favourite food?", "maybe empanadas") == "My favourite food is empanadas, I think."
    assert complete("Do you like it?", "I think so") == "I think so"


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("answer", ["I think 80", "80 i think"])
def test_a_hedged_answer_gives_a_hedged_card(answer):
    said = learn(answer, None, at=AT, owner="Wayra", role="owner", speaker="Wayra",
                 previous=["assistant: How old is your grandma?"], account_org=None)
    plain = learn("80", None, at=AT, owner="Wayra", role="owner", speaker="Wayra",
                  previous=["assistant: How old is your grandma?"], account_org=None)
    ages = [f for f in said if f.predicate == "age" and f.value == "80"]
    assert ages and [f for f in plain if f.predicate == "age"]
    assert all(f.certainty < min(g.certainty for g in plain if g.predicate == "age") for f in ages)
