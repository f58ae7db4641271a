"""A boundary said as a standing request to the assistant, or as the owner's own line with the days or
hours it holds, is the owner's `must_avoid` (issue 35: boundaries are knowledge, boundaries.py); a
request about the task at hand, or news that one no longer does something, is none. Sentences written for
these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Bronagh"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def avoided(text):
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    return [(f.subject, f.value) for f in got if f.type == "safety" and f.predicate == "must_avoid"]


@pytest.mark.parametrize(("text", "words"), [
    ("please don't suggest steak houses for team dinners", {"suggest", "steak", "houses"}),
    ("I'm vegan now, so please don't suggest steak houses for team dinners.", {"suggest", "steak"}),
    ("never put anything in my calendar before 9.30", {"calendar", "9.30"}),
    ("don't ever ring me on a Sunday", {"ring", "Sunday"}),
    ("I don't take calls after 7, ever", {"take", "calls", "7"}),
    ("I never check work email at weekends", {"check", "email", "weekends"}),
])
def test_a_standing_request_or_ones_own_line_is_a_boundary(text, words):
    got = avoided(text)
    assert len(got) == 1 and got[0][0] == OWNER and words <= set(got[0][1].replace(",", "").split())


@pytest.mark.parametrize("text", ["don't send it yet", "please don't make it so formal", "don't book that one",
                                  "I don't work at the bakery anymore", "don't email Priya today"])
def test_the_task_at_hand_or_news_is_no_boundary(text):
    assert avoided(text) == []


@pytest.mark.parametrize(("text", "words"), [
    ("please don't ask about my allotment all the time, it winds me up", {"ask", "allotment"}),
    ("dont ask about my grandads operation it makes me worried", {"ask", "grandad", "operation"}),
    ("Please stop asking about my running times.", {"ask", "running", "times"}),
    ("don't bring up the move to Leeds please", {"bring", "move", "Leeds"}),
    ("please don't keep asking me about the job interview", {"asking", "job", "interview"}),
])
def test_a_subject_one_does_not_want_raised_is_a_boundary_without_its_reason(text, words):
    got = avoided(text)
    assert len(got) == 1 and got[0][0] == OWNER and words <= set(got[0][1].replace("'s", "").split())
    assert not {"makes", "winds", "worried"} & set(got[0][1].split())  # why, said after it, is in the line only


@pytest.mark.parametrize("text", ["stop talking about the weather", "please don't ask about it now",
                                  "don't ask about the tickets today"])
def test_a_topic_of_the_chat_at_hand_is_no_boundary(text):
    assert avoided(text) == []


@pytest.mark.parametrize(("text", "words"), [
    ("I get headaches if I skip meals so please nothing over lunchtime, 1 to 2 is sacred", {"lunchtime", "1", "2"}),
    ("please nothing after 6 on Fridays", {"nothing", "6", "Fridays"}),
])
def test_a_time_kept_free_is_a_boundary(text, words):
    got = avoided(text)
    assert len(got) == 1 and got[0][0] == OWNER and words <= set(got[0][1].replace(",", "").split()), got


@pytest.mark.usefixtures("parser_installed")
def test_a_plain_no_rule_with_a_day_is_one_card_not_also_a_time_kept_free():
    got = learn("No piano practice on Saturdays for me.", None, at=AT, owner="Ada", role="owner", speaker="Ada")
    assert len([f for f in got if f.type == "safety"]) == 1, got
