"""News passed on by no one named ("word is ...", "they say ...", "people say ..."): the clause after the opener
is read as the fact, with hearsay's certainty, as "apparently ..." is (certainty.LEAD_INS); and a limit said
before what time does ("after ten days you don't hear the trains anymore") is no rule (limits_set). Sentences written
for these tests, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.certainty import HEARSAY, certainty, strip_lead_ins

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner="Nia", org=None):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, subject, words", [
    ("word is Kemal got an offer from a bakery in Izmir", "Kemal", "offer from a bakery"),
    ("they say Jonas moved to Glasgow", "Jonas", "Glasgow"),
    ("people say my uncle Ravi can speak five languages", "Ravi", "speak five languages"),
    ("word is Odette won the regional chess final", "Odette", "regional chess final"),
])
def test_the_fact_after_an_unnamed_report_is_read_as_hearsay(text, subject, words):
    got = [f for f in cards(text) if f.subject == subject and words in f.value + " " + f.text]
    assert got, [(f.subject, f.value) for f in cards(text)]
    assert all(f.certainty == HEARSAY for f in got)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "word is the rent is going up next year",  # a relayed forecast: small talk
    "they say it will rain all week",
])
def test_a_relayed_forecast_still_teaches_nothing(text):
    assert cards(text) == []


def test_the_opener_goes_and_its_hearsay_stays():
    assert strip_lead_ins("word is Kemal got an offer") == "Kemal got an offer"
    assert strip_lead_ins("people say that the lake is deep") == "the lake is deep"
    assert strip_lead_ins("they sayings are old") == "they sayings are old"  # no opener: a word that starts like one
    assert certainty("they say the bridge is from 1820") == HEARSAY
    assert certainty("the bridge is from 1820") != HEARSAY


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "after ten days you don't hear the trains anymore",
    "after a week you don't notice the noise any more",
    "after an hour you don't feel the cold any longer",
])
def test_what_time_does_after_a_limit_is_no_rule(text):
    assert not [f for f in cards(text) if f.type == "safety"]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, what", [
    ("after dark we never cycle on the main road", "cycle on the main road"),
    ("over 30 degrees we don't walk the dogs", "walk the dogs"),
])
def test_a_limit_before_what_is_not_done_is_still_a_rule(text, what):
    assert any(f.type == "safety" and what in f.value for f in cards(text))
