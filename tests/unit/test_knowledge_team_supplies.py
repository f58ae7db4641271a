"""What a team gets from whom, said as a thing and its source (memcore/knowledge/team_figures.py,
`_comes_from`): one fact a pair, each line holding only its own pair. Sentences written for these
tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Saltmarsh Ceramics"
needs_parser = pytest.mark.usefixtures("parser_installed")


def supplies(text: str) -> dict[str, str]:
    return {f.value: f.text for f in learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)
            if f.predicate == "supplier" and f.subject == ORG and f.type == "semantic"}


@needs_parser
def test_two_pairs_in_one_line_are_two_facts_each_with_its_own_thing():
    got = supplies("Clay's from Potclays and glazes from Scarva, we reorder monthly.")
    assert set(got) == {"Potclays", "Scarva"}
    assert "glaze" not in got["Potclays"] and "clay" not in got["Scarva"].lower()


@needs_parser
def test_a_thing_of_two_words_joined_by_and_stays_one_thing():
    got = supplies("Kiln shelves and props come from Acme Refractories in Stoke, packaging from a printer in Hull.")
    assert set(got) == {"Acme Refractories in Stoke", "a printer in Hull"}
    assert "shelves and props" in got["Acme Refractories in Stoke"]


@needs_parser
def test_a_comment_after_the_source_is_not_part_of_it():
    assert set(supplies("Brushes come from Jackson's, the account login is on the noticeboard.")) == {"Jackson's"}


@needs_parser
@pytest.mark.parametrize("text", [
    "The suggestion came from Bartosz.",   # a story, not a supply
    "Most of our buyers are from Bristol.",  # where people are from
    "I'm from Porto originally.",
])
def test_what_is_not_a_thing_and_its_source_gives_no_supplier(text):
    assert supplies(text) == {}


@needs_parser
def test_a_teams_thing_is_said_with_the_teams_name_and_a_persons_fact_is_not():
    said = {f.subject: f.text for f in learn("Deposit is 40 pounds. Marek is Zofia's cousin.", None, at=AT, owner="Ines",
                                             role="owner", speaker="Ines", account_org=ORG)}
    assert said["Deposit"].startswith(f"{ORG}: ")
    assert not any(t.startswith(ORG) for s, t in said.items() if s != "Deposit"), said


@needs_parser
@pytest.mark.parametrize("text, predicate", [
    ("Wednesday to Sunday, eleven till six.", "hours"),
    ("Tue-Sat 10-4.", "hours"),
    ("Sun mornings brunch only.", "hours"),
    ("Closed Mondays and Tuesdays.", "closed"),
])
def test_a_teams_hours_said_as_a_note_are_its_routine(text, predicate):
    got = [f for f in learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)]
    assert [(f.subject, f.predicate, f.type) for f in got] == [(ORG, predicate, "routine")], got


@needs_parser
def test_days_alone_answer_a_question_and_are_no_hours():
    assert not [f for f in learn("Thursdays.", None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)
                if f.predicate in ("hours", "closed")]


@needs_parser
def test_things_listed_under_a_heading_are_one_fact_each_without_the_remark_in_brackets():
    got = {f.value: f.text for f in learn("Regular orders: the Harbour Hotel (rush jobs, by 9am only) and two cafés on the quay.",
                                          None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)}
    assert set(got) == {"the Harbour Hotel", "two cafés on the quay"}, got
    assert all("regular orders" in t for t in got.values())


@needs_parser
def test_steps_under_a_heading_are_no_list_of_things():
    got = learn("Opening: unlock the kiln room, switch on the extractor, then check the glaze buckets.", None, at=AT,
                owner="Ines", role="owner", speaker="Ines", account_org=ORG)
    assert not [f for f in got if f.predicate == "opening"], got


@needs_parser
@pytest.mark.parametrize("heading", ["Closing", "Opening"])
def test_steps_under_a_capitalised_heading_are_the_teams_process(heading):
    got = learn(f"{heading}: lock the kiln room, switch off the extractor, then set the alarm.", None, at=AT,
                owner="Ines", role="owner", speaker="Ines", account_org=ORG)
    assert [(f.subject, f.type) for f in got] == [(ORG, "process")], got
    assert "set the alarm" in got[0].text


def delivered(text: str) -> list[str]:
    return [f.text for f in learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)
            if f.type == "routine" and f.subject == ORG]


@needs_parser
@pytest.mark.parametrize("text, when", [
    ("Kiln gas from Calor in Truro, delivered Thursdays.", "delivered Thursdays"),
    ("Glaze from Scarva, delivered on Mondays. The account is in Bea's name.", "delivered on Mondays"),
    ("Milk from a dairy in Bude, collected daily.", "collected daily"),
])
def test_a_supply_with_its_schedule_after_a_comma_gives_when_it_comes_without_the_supplier(text, when):
    supplier = next(f.value for f in learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines", account_org=ORG)
                    if f.predicate == "supplier")
    lines = [t for t in delivered(text) if when in t]
    assert lines, delivered(text)
    assert all(supplier.split()[-1] not in t for t in lines), lines  # its own card: the supplier is the other one's
