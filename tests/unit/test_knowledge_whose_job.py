"""Who does what in a team, said from the duty's side or with the post first (issue 35, whose_job.py):
"Refunds are Omar's job", "anything plumbing goes to Dario", "Nadia's the one who orders stock", "our
treasurer, Alan, signs off ...", a duty two split, "Priya's in charge of ..." with the name's "'s".
Each is a role card of the person and no plain fact of the thing besides. Sentences written for these
tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG, ME = "Fenwick Garden Centre", "Maud"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=ME, role="owner", speaker=ME, account_org=ORG)


def roles(text):
    return {(f.subject, f.value) for f in facts(text) if f.predicate == "role" and f.type == "identity"}


@pytest.mark.parametrize(("text", "who", "duty"), [
    ("Watering is Cormac's job on weekdays", "Cormac", "watering"),
    ("The till float is Yusra's responsibility", "Yusra", "till float"),
    ("anything aquatics goes to Benedikt", "Benedikt", "aquatics"),
    ("Delivery complaints go straight to Lorna", "Lorna", "delivery complaints"),
    ("anything HR related goes to Siobhan", "Siobhan", "HR"),
    ("Wendell's the one who does the plant orders", "Wendell", "does the plant orders"),
    ("Our café manager, Abena, sets the menu", "Abena", "café manager"),
    ("Hamish's in charge of the car park", "Hamish", "car park"),
])
def test_whose_duty_it_is_is_their_role(text, who, duty):
    got = facts(text)
    assert (who, duty) in {(f.subject, f.value) for f in got if f.predicate == "role" and f.type == "identity"}
    assert not [f for f in got if f.type == "semantic" and who in f.value]  # no "Watering | is | Cormac's job" beside


def test_a_duty_two_split_is_a_role_of_each():
    assert {("Pim", "stocktake"), ("Oona", "stocktake")} <= roles("Pim and Oona split the stocktake")


def test_what_is_no_person_s_job_is_no_role():
    assert not roles("It's nobody's job, that's the problem")
    assert not roles("anything else goes in the skip")
