"""Children said as a group with their names after them (issue 35, kin_groups.py): a tie and an age for
each child; twins and triplets said in the plural are children, not twin siblings; whose they are when
they are listed after a partner; a plural tie before capitalised names is no possessive typed without
its apostrophe ("my cousins Zac and Leo"). Sentences written for these tests in three voices (a child,
an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def cards(text, owner="Tova", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("text, kin, names, age", [
    ("We have two boys, Cai and Emrys, both 8.", "son", ("Cai", "Emrys"), "8"),  # adult
    ("My husband Iwan and the girls, Seren and Mali, both 11.", "daughter", ("Seren", "Mali"), "11"),  # adult
    ("We've got triplets, Pip, Kit and Wren, all three 18 months.", "child", ("Pip", "Kit", "Wren"), "18 months"),
])
def test_each_child_listed_gets_a_tie_and_the_age_said_once(text, kin, names, age):
    got = cards(text)
    for name in names:
        assert ("relationship", "Tova", kin, name) in got
        assert ("identity", name, "age", age) in got


@pytest.mark.parametrize("text", ["Our twins Bryn and Lowri are 5.", "My wife Sara and the twins, Tal and Noa, both 9."])
def test_twins_in_the_plural_are_the_owners_children(text):
    got = cards(text)
    assert {c for c in got if c[0] == "relationship" and c[2] == "twin"} == set()
    assert len({c for c in got if c[0] == "relationship" and c[2] == "child"}) == 2


@pytest.mark.parametrize("text, tie, name", [
    ("me and my twin Osian built a den", "twin", "Osian"),  # child: a twin sibling
    ("my twin sisters Elen and Mair are 4 and SO loud", "sister", "Elen"),
])
def test_a_twin_sibling_stays_a_sibling(text, tie, name):
    assert ("relationship", "Tova", tie, name) in cards(text)


@pytest.mark.parametrize("text, tie, names", [
    ("my cousins Zac and Leo are 9 and 7", "cousin", ("Zac", "Leo")),  # child
    ("me and my sisters Beca and Non, we share a room", "sister", ("Beca", "Non")),
])
def test_a_plural_tie_before_names_is_a_tie_each(text, tie, names):
    got = cards(text)
    assert all(("relationship", "Tova", tie, n) in got for n in names)


def test_a_plural_tie_before_a_lower_case_word_is_still_read_as_a_possessive():
    assert for_reading("my cousins dog is called Bob") == "my cousin's dog is called Bob"
    assert for_reading("my cousins Zac and Leo") == "my cousins Zac and Leo"


def test_no_age_from_a_count_said_after_names():
    got = cards("My brothers, Ifor and Dai, both 3 weeks late with rent again")
    assert not {c for c in got if c[2] == "age"}


@pytest.mark.parametrize("text", ["I have twins, Bryn and Lowri.", "we have twins, Bryn and Lowri, both 6"])
def test_twins_one_has_are_children_not_twin_siblings(text):
    got = cards(text)
    assert ("relationship", "Tova", "child", "Bryn") in got
    assert not any(p == "twin" for _, _, p, _ in got)


def test_a_twin_said_in_the_singular_is_a_sibling():
    assert ("relationship", "Tova", "twin", "Bryn") in cards("I have a twin, Bryn.")
