"""What a team says about its own things, clause by clause (issue 35, memcore/knowledge/team_things.py):
hours, prices, limits and rules of a thing each a fact of its own, a clause about a person kept with its
person, and a process told with a role as its subject. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
ORG = "Quayside Leisure"


pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, org=ORG):
    statements = extract(text, speaker="user", at=AT).statements
    return facts_of_turn(text, statements, owner="Tamsin", role="owner", speaker="user", account_org=org)


def about(got, word):
    return [f for f in got if word in f.text.lower()]


def test_each_thing_in_a_string_of_clauses_is_a_fact_of_its_own():
    got = facts("parking is free after 6pm, valet is £12 a night, and sauna sessions are booked at the desk")
    parking, valet, sauna = about(got, "parking"), about(got, "valet"), about(got, "sauna")
    assert len(parking) == len(valet) == len(sauna) == 1
    assert "12" not in parking[0].text and "6pm" not in valet[0].text and "desk" not in valet[0].text
    assert valet[0].type == "semantic" and parking[0].type in ("routine", "semantic")
    assert all(ORG in f.text for f in parking + valet + sauna)  # whose things they are


def test_a_limit_is_a_rule_and_it_names_the_thing_before():
    got = facts("a 20% deposit is paid when you book the room and it's non refundable within 10 days")
    deposit = [f for f in got if "deposit" in f.text.lower()]
    assert {f.type for f in deposit} == {"semantic", "safety"}
    rule = next(f for f in deposit if f.type == "safety")
    assert "refundable" in rule.value and "20" not in rule.text


def test_a_figure_after_a_thing_is_that_thing_s():
    got = facts("towels are allowed in the spa only, £3 each")
    assert any(f.type == "safety" and "spa" in f.value and "£3" not in f.text for f in got)
    assert any(f.subject == "towels" and "£3" in f.value and "spa" not in f.text for f in got)


def test_a_fragment_with_its_own_thing():
    got = facts("pool opens at 6, last entry by 9")
    assert any("last entry" in f.text.lower() and "9" in f.value and "6" not in f.value for f in got)


def test_there_are_is_the_team_s():
    got = facts("there are usually 4 lifeguards on a weekend shift")
    assert [(f.subject, f.value) for f in got if "lifeguards" in f.value] == [(ORG, "usually 4 lifeguards on a weekend shift")]


def test_a_person_s_clauses_stay_with_the_person_and_do_not_merge():
    got = facts("Our manager is Odile, she's in on mondays and fridays, prefers texts to calls")
    assert not any("mondays" in f.text and "texts" in f.text for f in got)  # one line, one fact
    assert not any(f.subject.lower() in ("she", "manager") for f in got)


@pytest.mark.parametrize("text", [
    "people keep asking about the car park",  # no thing of the team's
    "kettle's boiling, 2 mins",  # small talk with a number in it
    "not 100% sure about that",
    "can you remind me to ring the gym at 10",  # a request (one that carries a fact teaches it: test_knowledge_team_policies)
    "ugh, the printer is jammed again",
])
def test_no_thing_fact_from_chat_or_requests(text):
    got = facts(text)
    assert not any(f.type in ("semantic", "routine", "safety") and f.subject not in ("Tamsin",) for f in got), got


def test_only_in_a_team_account():
    assert not any("valet" in f.text.lower() for f in facts("valet is £12 a night, parking is free", org=None))


@pytest.mark.parametrize("text, step", [
    ("the night manager counts the tills, locks the safe, then sets the alarm", "safe"),
    ("new members get a tour, a locker key and then a fitness check before they train", "locker"),
])
def test_steps_told_with_a_role_or_a_thing_as_subject_are_one_process(text, step):
    got = facts(text)
    process = [f for f in got if f.type == "process"]
    assert len(process) == 1 and step in process[0].text and process[0].subject == ORG
    assert not [f for f in got if f.type == "semantic" and step in f.text]  # not a thing's fact as well


def test_a_list_of_rules_after_a_heading_keeps_one_line_an_item():
    got = facts("our pool rules: caps at all times, no diving in the shallow end, and nobody under 8 without an adult")
    rules = [f for f in got if f.type == "safety"]
    assert len(rules) == 3
    assert not any("diving" in f.text and "under 8" in f.text for f in rules)


def test_a_hedged_clause_about_the_thing_before_is_hedged():
    got = facts("the quiz night is the first friday of the month, I think it starts at 8")
    start = [f for f in got if "8" in f.value]
    assert len(start) == 1 and start[0].subject == "quiz night" and start[0].certainty < 0.8


def test_items_under_a_heading_are_facts_not_a_process():
    got = facts("Next, guests: under 16s can swim until 5pm, towels are hired at reception")
    assert not [f for f in got if f.type == "process"]
    assert any("16s" in f.text and "5pm" in f.value for f in got) and any("towels" in f.text.lower() and "reception" in f.value for f in got)


def test_a_tie_in_the_next_sentence_stays_its_own():
    got = facts("morning, Tamsin from Quayside Leisure, I run the front desk. boss is Gareth Pugh")
    assert any(f.type == "relationship" and f.value == "Gareth Pugh" for f in got)


def test_what_happened_or_how_it_feels_is_no_thing_fact():
    assert facts("shoulder's been aching a bit tbh") == []
    assert not [f for f in facts("the new rota is a nightmare, honestly") if f.type != "preference"]


def test_no_line_that_joins_a_colleague_s_items_or_reads_a_clause_as_a_value():
    got = facts("Wyn speaks Welsh and Breton btw, super useful on the phones")
    assert not [f for f in got if "Welsh" in f.value and "Breton" in f.value]
    got = facts("Ines prefers early shifts, she's hopeless after 9pm haha")
    assert not [f for f in got if f.value.lower().startswith(("she's", "she is"))]


def test_a_thing_the_team_makes_by_its_name():
    got = facts("we're a small crew running a weekly podcast called Deep End")
    assert [(f.subject, f.predicate, f.value) for f in got if f.value == "Deep End"] == [(ORG, "podcast", "Deep End")]
    assert not [f for f in facts("my neighbour has a dog called Biscuit") if f.value == "Biscuit" and f.subject == ORG]


def test_what_the_team_is_wanted_to_deliver_by_a_date_is_an_event():
    got = facts("Marcy says the council wants our lido report by June")
    assert any(f.type == "episodic" and "June" in f.value for f in got)


@pytest.mark.parametrize("text", ["the car park is full", "the office is freezing", "the roads are icy",
                                  "kettle's on, back in 5", "the heating in the back office is on the blink",
                                  "the printer hates me", "the radio in the kitchen is stuck on one station",
                                  "half the team is at a wedding this weekend"])
def test_a_state_in_one_word_is_no_thing_fact(text):
    assert not [f for f in facts(text) if f.type in ("semantic", "routine")]


def test_two_clauses_joined_by_and_are_two_cards():
    got = facts("lockers cost £2 and towels are free for members")
    lockers, towels = about(got, "lockers"), about(got, "towels")
    assert len(lockers) == len(towels) == 1 and "towels" not in lockers[0].text and "£2" not in towels[0].text


def test_a_rule_said_after_a_thing_is_that_thing_s_and_a_rule_kept_whole_keeps_its_own_clause():
    got = facts("refunds are paid within 5 days, no cash unless Petra signs it off")
    assert any(f.type == "safety" and f.subject == "refunds" and "cash" in f.value and "5 days" not in f.text for f in got)
    got = facts("swim lessons need 2 weeks notice and we never refund missed lessons")
    assert not [f for f in got if "notice" in f.text and "refund" in f.text]


@pytest.mark.parametrize("text, word", [("overflow parking round the back is for staff only", "staff"),
                                        ("The late night line goes to Nightcall after 9pm", "Nightcall")])
def test_a_thing_named_by_several_words(text, word):
    assert any(word in f.value for f in facts(text))


def test_what_the_team_charges_and_its_staff_count():
    assert any(f.value == "£30" for f in facts("we charge £30 for a tennis court, squash is £12"))
    assert any("four lifeguards" in f.value for f in facts("we're a lido in Penzance, four lifeguards and two cashiers"))


@pytest.mark.parametrize("text", ["make a list of things we need for two new starters",
                                  "we had a mad morning, 80 swimmers in an hour"])
def test_no_thing_fact_from_an_instruction_or_a_story(text):
    assert facts(text) == []


def test_a_value_stops_where_a_second_clause_about_the_person_starts():
    got = facts("Dorothy keeps the minutes, she's been secretary since 2015")
    assert not [f for f in got if "minutes" in f.value and "secretary" in f.value]


@pytest.mark.parametrize("text, typed", [("the pool is closed on bank holidays", "routine"),
                                         ("we're bidding for a new slide, deadline is end of June", "episodic")])
def test_a_thing_s_recurring_or_one_off_date(text, typed):
    assert typed in {f.type for f in facts(text)}


def test_a_hyphenated_thing_keeps_its_word_and_its_whole_value():
    """"Drop-off is 7:30 to 9" was the thing "Drop - off" with the value "t 7:30 to 9" (the thing's length
    counted with spaces the turn did not have), and "at the latest" was a venue."""
    from memcore.knowledge.reading import learn  # (as the service reads a turn)

    got = [(f.subject, f.value) for f in learn("Drop-off is 7:30 to 9, pick-up by 6 at the latest.", None, at=AT,
                                               owner="Tamsin", role="owner", speaker="Tamsin", account_org=ORG)]
    assert ("Drop-off", "at 7:30 to 9") in got and ("pick-up", "by 6 at the latest") in got, got
    assert len(got) == 2, got


def test_a_team_turn_s_statements_and_their_pieces_are_parsed_in_one_batch(monkeypatch):
    """The pieces team_things.read parses first go to spaCy with the statements (team_things.first_read):
    one batch for them all."""
    from memcore.knowledge import parse as knowledge_parse
    from memcore.knowledge.team_things import first_read

    text = "Parking is free after 6pm, valet is £12 a night. The sauna closes at 9 and towels are free for members."
    before = facts(text)
    batches: list[list[str]] = []
    spacy_parse = knowledge_parse.parse

    def counted(texts):
        batches.append(list(texts))
        return spacy_parse(texts)

    monkeypatch.setattr(knowledge_parse, "parse", counted)  # what parse_once calls for the texts it has not parsed
    assert facts(text) == before
    statements = [s.text for s in extract(text, speaker="user", at=AT).statements]
    assert batches[0] == statements + [t for s in statements for t in first_read(s)]
