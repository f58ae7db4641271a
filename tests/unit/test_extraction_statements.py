from memcore.extraction.statements import split_statements
from memcore.extraction.temporal import event_date, find_time_expressions
from datetime import date, datetime, UTC


def test_sentences_keep_offsets():
    text = "Crumb & Co opens at seven. Ines bakes the rye!  Is Joaquín in today?"
    parts = split_statements(text)
    assert [p.text for p in parts] == ["Crumb & Co opens at seven.", "Ines bakes the rye!", "Is Joaquín in today?"]
    for p in parts:
        assert text[p.start : p.end] == p.text
    assert [p.is_question for p in parts] == [False, False, True]


def test_abbreviations_and_initials_do_not_split():
    parts = split_statements("Dr. Okafor met J. R. Haddad at 9 a.m. on site. They signed.")
    assert len(parts) == 2
    assert parts[0].text.startswith("Dr. Okafor")


def test_process_after_header_stays_one_statement():
    text = ("Remember this process: to close the till, count the cash twice. "
            "Anything over the float goes in the safe, and we note the total in the ledger. "
            "Also, Marta starts Monday.")
    parts = split_statements(text)
    assert len(parts) == 2
    assert parts[0].is_process and "ledger" in parts[0].text
    assert parts[1].text == "Also, Marta starts Monday." and not parts[1].is_process


def test_goal_clause_with_following_steps():
    text = "To deploy the API, run the tests first. Then tag the release. Finally post in the channel. Omar is away."
    parts = split_statements(text)
    assert parts[0].is_process
    assert parts[0].text.endswith("post in the channel.")
    assert parts[1].text == "Omar is away."


def test_numbered_steps_after_colon_header():
    text = "Here's how we open the shop:\n1. Unlock the back door.\n2. Switch on the ovens."
    parts = split_statements(text)
    assert len(parts) == 1 and parts[0].is_process
    assert "ovens" in parts[0].text


def test_plain_sentence_is_not_a_process():
    parts = split_statements("I went to the bank to pay the rent, then came home.")
    assert not parts[0].is_process


def test_relative_dates_resolve_against_the_turn_time():
    at = datetime(2024, 5, 8, 14, 0, tzinfo=UTC)  # a Wednesday
    assert event_date("I went to the pottery class yesterday.", at) == date(2024, 5, 7)
    assert event_date("Rosa shipped 4 boxes Friday.", at) == date(2024, 5, 3)
    assert event_date("We moved house two weeks ago.", at) == date(2024, 4, 24)
    assert event_date("We met on 3 March 2021.", at) == date(2021, 3, 3)
    assert event_date("The cake is due by Friday.", at) is None
    assert any(e.future for e in find_time_expressions("Send it by Friday", at))
