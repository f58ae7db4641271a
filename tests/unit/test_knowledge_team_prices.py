"""A team's prices and the systems its work goes through (issue 35, docs/formation-spec.md "semantic"),
on sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Kestrel Heating"


def facts(text, org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner="Lorna", role="owner", speaker="user", speaker_org=org)


@pytest.mark.parametrize("text, thing, via", [
    ("bookings go through Calendly, half or full days only", "bookings", "Calendly"),
    ("Expenses go through Pleo", "Expenses", "Pleo"),
])
def test_what_work_goes_through_is_a_fact_of_its_own(text, thing, via):
    got = [f for f in facts(text) if f.type == "semantic"]
    assert [(f.value, f.subject) for f in got] == [(via, ORG)] and thing in got[0].text and "days" not in got[0].text


@pytest.mark.parametrize("text, price", [("Late checkout costs £20.", "£20"), ("a callout is £95 after 6pm", "£95")])
def test_a_price_is_a_fact_of_the_thing(text, price):
    got = facts(text)
    assert [(f.predicate, f.value, f.type) for f in got] == [("price", price, "semantic")]


def test_no_price_without_a_team_or_with_a_question():
    assert facts("Late checkout costs £20.", org=None) == []
    assert facts("does late checkout cost £20?") == []


def test_steps_in_order_are_one_process_cut_before_why():
    got = facts("vans arrive from 9pm. we unload them, check the seals, then stack the pallets by 2am so the drivers can go at 4")
    process = [f for f in got if f.type == "process"]
    assert [f.subject for f in process] == [ORG] and "seals" in process[0].text and "drivers" not in process[0].text
    assert any(f.type == "routine" and "vans" in f.text.lower() for f in got)


@pytest.mark.parametrize("text", ["we got up, had a coffee, then went to the depot",
                                  "I think we should check, test, then ship it"])
def test_a_day_told_or_an_opinion_is_no_process(text):
    assert [f for f in facts(text) if f.type == "process"] == []
