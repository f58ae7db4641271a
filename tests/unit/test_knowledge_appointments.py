"""Dated occasions (issue 35, appointments.py): "X is on <when>" as an episodic card of whose occasion it
is, and a request to be reminded of one carries it (formation spec: a request that carries a fact is
labelled with that fact). Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Wendell"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text):
    return learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)


def events(text):
    return [(f.subject, f.value) for f in facts(text) if f.type == "episodic"]


@pytest.mark.parametrize(("text", "who", "words"), [
    ("My knee scan at the Royal is on the 14th of April.", OWNER, ("knee scan", "14th of April")),
    ("Mum's cataract op is next Thursday at 9.", "Mum", ("cataract op", "Thursday")),
    ("Ola's driving test is Friday at 2:30.", "Ola", ("driving test", "2:30")),
    ("our Lisbon flight's on 3 June", OWNER, ("Lisbon flight", "3 June")),
])
def test_an_occasion_said_with_its_day_is_an_event_of_whose_it_is(text, who, words):
    got = events(text)
    assert any(s == who and all(w in v for w in words) for s, v in got), got


@pytest.mark.parametrize(("text", "who", "words"), [
    ("Could you remind me about my sister's hen do on the 21st of May?", "Wendell's sister", ("hen do", "21st of May")),
    ("yes, and set a reminder for Ola's parents evening, Wednesday at 6.", "Ola", ("parents evening", "Wednesday")),
    ("Can you put the boiler service in the calendar for Monday the 9th please", OWNER, ("boiler service", "9th")),
    ("Don't let me forget about my flu jab tomorrow at 10", OWNER, ("flu jab", "tomorrow")),
])
def test_a_request_to_be_reminded_carries_the_occasion(text, who, words):
    got = events(text)
    assert any(s == who and all(w in v for w in words) for s, v in got), got


@pytest.mark.parametrize("text", [
    "Bin day is Tuesday.",
    "Can you remind me what day bin day is?",
    "Remind me to call the garage.",
    "The shop is on the high street.",
    "Can you write me a poem for Ola's birthday?",
])
def test_a_habit_a_place_or_a_request_without_a_dated_occasion_is_no_event(text):
    assert events(text) == []


def test_a_birthday_is_no_occasion_but_a_birthday_party_is():
    assert not any(f.predicate == "occasion" for f in facts("My nephew's birthday is on the 8th of October."))
    assert events("My nephew's birthday party is on the 8th of October.")


def test_a_word_that_only_begins_like_a_month_is_no_time():
    from memcore.knowledge.appointments import occasion
    from memcore.knowledge.rule_basics import TurnContext

    ctx = TurnContext(owner=OWNER)
    assert occasion("My piano lesson is on Tuesday at the market", ctx) == []  # "mar-ket" is no March
    assert occasion("My piano lesson is on Tuesday at 4", ctx)


@pytest.mark.parametrize(("text", "who", "words"), [
    ("Harvest supper on the 12th of October at the village hall.", OWNER, ("Harvest supper", "12th of October", "village hall")),
    ("Our silver wedding do is 20 September at the Anchor.", OWNER, ("silver wedding do", "20 September", "Anchor")),
    ("The spring recital is 4 April, just before the Easter holidays.", OWNER, ("spring recital", "4 April")),
])
def test_an_occasion_said_without_a_verb_or_with_its_place_or_a_when_after_it_is_an_event(text, who, words):
    """Chat names an occasion and its date with no verb, and says where it is or when that falls after the date."""
    assert [v for s, v in events(text) if s == who and all(w.lower() in v.lower() for w in words)], facts(text)


def test_a_team_occasion_followed_by_when_it_falls_is_the_teams_event():
    got = learn("First aid refresher is 9 November, before the winter rota starts.", None, at=AT, owner=OWNER, role="owner",
                speaker=OWNER, account_org="Kestrel Climbing")
    assert [f for f in got if f.type == "episodic" and f.subject == "Kestrel Climbing" and "9 November" in f.value], got


@pytest.mark.parametrize("text", ["Home on the 14th.", "Arrived on the 3rd of May.", "Flying out on 5 May from Gatwick.",
                                  "Closed on 25 December."])
def test_where_one_is_or_what_one_did_on_a_date_is_no_occasion(text):
    assert not [f for f in facts(text) if f.predicate == "occasion"], facts(text)


@pytest.mark.parametrize(("text", "words"), [
    ("Driving test in September, wish me luck.", ("driving test", "september")),
    ("GCSEs in May and June.", ("gcses", "may")),
])
def test_an_occasion_said_with_its_month_and_no_verb_is_an_event(text, words):
    got = [f for f in facts(text) if f.type == "episodic"]
    assert got and all(w in got[0].value.lower() for w in words), got


def test_a_thing_said_with_a_month_is_no_occasion():
    assert not [f for f in facts("The rain in November, honestly.") if f.type == "episodic"]


@pytest.mark.parametrize(("text", "words"), [
    ("My essay is due on Thursday.", ("essay", "thursday")),
    ("The tax return is due 31 January.", ("tax return", "31 january")),
])
def test_a_thing_due_on_a_day_is_a_deadline(text, words):
    [due] = [f for f in facts(text) if f.type == "episodic"]
    assert due.predicate == "deadline" and all(w in due.value.lower() for w in words) and "due" in due.text, due


@pytest.mark.parametrize(("text", "words"), [
    ("There's a birthday party at Omar's on Sunday.", ("birthday party at omar's", "sunday")),
    ("Tomorrow there's a dress rehearsal, the whole cast.", ("dress rehearsal", "tomorrow")),
    ("There's a parents' evening on the 4th of March.", ("parents' evening", "4th of march")),
])
def test_an_occasion_said_as_what_there_is_is_an_event(text, words):
    got = [f for f in facts(text) if f.type == "episodic"]
    assert got and all(w in got[0].value.lower() for w in words), got


@pytest.mark.parametrize("text", ["There's a new boy in my class.", "There are loads of ducks at the pond on Sundays."])
def test_what_there_is_without_an_occasion_and_its_day_is_no_event(text):
    assert not [f for f in facts(text) if f.type == "episodic"]


@pytest.mark.parametrize(("text", "words"), [
    ("Sports day on 9 July at the rec - Mill Lane.", ("Sports day", "9 July", "Mill Lane")),
    ("the quiz night is 3 May at the Royal Oak, Mill Lane", ("quiz night", "3 May", "Royal Oak")),
    ("My sister's wedding is 12 September at St Brigid's - the old church.", ("wedding", "12 September")),
])
def test_a_venue_with_its_street_or_other_name_after_it_still_dates_the_occasion(text, words):
    got = events(text)
    assert any(all(w.lower() in value.lower() for w in words) for _, value in got), got
