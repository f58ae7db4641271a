"""A statement that ends on a confirming ", yes" or ", ok" without a "?" is told, not asked (issue 35,
statement_check): "Mata wants to be a nurse, yes" answers; "..., yes?" and "..., right" ask. Sentences
written for these tests in three voices, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge import statement_check

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text", ["my sister Efua is a dentist, yes", "we close at six on Sundays, ok",
                                  "I hate olives, yeah."])
def test_a_confirming_tail_is_no_question(text):
    assert all(p.act != "question" for p in statement_check.parts(text))


@pytest.mark.parametrize("text", ["you close at six, yes?", "it's Tuesday today, right", "she's a vet, isn't she"])
def test_an_asking_tag_is_still_a_question(text):
    assert any(p.act == "question" for p in statement_check.parts(text))


@pytest.mark.usefixtures("parser_installed")
def test_a_fact_confirmed_with_yes_is_learned():
    got = learn("my sister Efua is a dentist, yes", None, at=AT, owner="Kojo", role="owner", speaker="Kojo")
    assert ("identity", "Efua", "job", "dentist") in {(f.type, f.subject, f.predicate, f.value) for f in got}
