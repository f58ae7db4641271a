"""A rota said as its pattern is a routine of whose rota it is (issue 35, rotas.py): shifts on and off,
spans closing on the time off, a week here and a week there. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Wiremu"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def rotas(text, before=None):
    previous = [f"{OWNER}: {before}"] if before else []
    got = learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=previous)
    return [(f.subject, f.value, f.type) for f in got if f.predicate == "rota"]


@pytest.mark.parametrize(("text", "words"), [
    ("I'm on a five on, five off pattern at the plant", {"five", "on", "off"}),
    ("Rota is 2 earlies, 2 lates, then 4 off", {"2", "earlies", "lates", "4", "off"}),
    ("fourteen days on the ships, then fourteen days home", {"fourteen", "ships", "home"}),
])
def test_a_shift_pattern_is_the_owners_routine(text, words):
    got = rotas(text)
    assert len(got) == 1 and got[0][0] == OWNER and got[0][2] == "routine"
    assert words <= set(got[0][1].lower().replace(",", "").split())


def test_a_week_here_and_a_week_there_is_one_routine():
    got = rotas("the kids do one week at mine and one week at their mum's")
    assert len(got) == 1 and "mine" in got[0][1] and "mum's" in got[0][1]


def test_the_rota_of_someone_named_before_is_theirs_and_no_one_is_guessed():
    assert [s for s, _, _ in rotas("she does 3 on 3 off at the hospital", before="My sister Hine is a midwife.")] == ["Hine"]
    assert rotas("she does 3 on 3 off at the hospital") == []


def test_an_activity_said_alone_before_its_times_is_one_routine():
    got = learn("Hockey! We train Wednesdays after school.", None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    routines = [f.value for f in got if f.type == "routine"]
    assert routines == ["Hockey Wednesdays after school"]


def test_times_after_a_sentence_that_says_more_are_not_joined_to_it():
    got = learn("I sing in a gospel choir! we rehearse mondays at 7", None, at=AT, owner=OWNER, role="owner", speaker=OWNER)
    assert not [f for f in got if f.type == "routine" and "choir" in f.value and "mondays" in f.value.lower()]
