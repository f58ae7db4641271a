"""Who someone is to the speaker, as said beside the name (memcore.entities.descriptors)."""
import pytest

from memcore.entities import descriptors as descriptor_rules
from memcore.entities.descriptors import descriptors, same_descriptor


@pytest.mark.parametrize("text,name,want", [
    ("Had coffee with Tom from sales this morning.", "Tom", ("sales",)),
    ("I bumped into Claire from the third floor at the shops.", "Claire", ("third floor",)),
    ("I was chatting to Leila Fairbairn on the support team yesterday.", "Leila Fairbairn", ("support team",)),
    ("Ran into my old school friend Dan Kowalczyk at the petrol station.", "Dan Kowalczyk", ("old school friend",)),
    ("Had coffee with the kids' swimming coach Nadia Novak.", "Nadia Novak", ("kids' swimming coach",)),
    ("My sister's partner Ben came round.", "Ben", ("sister's partner",)),
    ("Our new hire Priya starts Monday, she is from the Leeds office.", "Priya", ("new hire",)),
    ("Jess from the allotments texted me.", "Jess", ("allotments",)),
    ("Saw my neighbour Omar from the choir.", "Omar", ("neighbour", "choir")),
    ("Mia's teacher Anna sent home a reading list.", "Anna", ("mia's teacher",)),  # issue 37
    ("Dad's old friend Carol rang.", "Carol", ("dad's old friend",)),
    ("Tom from my climbing club runs the Thursday sessions.", "Tom", ("climbing club",)),
])
def test_identity_phrases_beside_a_name(text, name, want):
    assert descriptors(text, name) == want


@pytest.mark.parametrize("text,name", [
    ("Ran into Tom at the petrol station.", "Tom"),  # where an event happened is not who Tom is
    ("I gave the book to Tom yesterday.", "Tom"),
    ("Tom on the way home called.", "Tom"),  # "on" counts only for a group ("on the support team")
    ("Yesterday, Tom came round.", "Tom"),
    ("Tom came from work late.", "Tom"),  # not right after the name
    ("Went out with Tom.", "Ben"),  # the name is not in the text
    ("Went to Leeds with Tom.", "Tom"),
    ("Mia's Tom came round.", "Tom"),  # a possessive alone says nothing of who Tom is
])
def test_no_identity_phrase(text, name):
    assert descriptors(text, name) == ()


def test_same_descriptor_in_fewer_or_the_same_words():
    assert same_descriptor("third floor", "third floor")
    assert same_descriptor("swimming coach", "kids' swimming coach")
    assert same_descriptor("friend", "old school friend")
    assert not same_descriptor("sales", "accounting")
    assert not same_descriptor("school friend", "school gate")
    assert not same_descriptor("", "cousin")


def test_a_group_in_capitals_is_a_descriptor():
    assert descriptors("Claire from IT texted me.", "Claire") == ("it",)
    assert same_descriptor("it", "it") and not same_descriptor("it", "hr")


def test_described_candidates():
    from memcore.entities.descriptors import described
    kin = {"a": ["sales", "cousin"], "b": ["accounting"], "c": []}
    assert described(["sales"], kin) == {"a"}
    assert described(["third floor"], kin) == set()


def test_a_clue_that_may_say_who_a_known_person_is():  # issue 37: else it sets someone new apart
    from memcore.entities.descriptors import may_describe
    assert may_describe(["accounting"], ["accountant"])
    assert may_describe(["kids' swimming coach"], ["coach"])
    assert not may_describe(["climbing club"], ["electrician", "brother"])
    assert not may_describe(["mia's teacher"], ["dentist", "riverside"])
    assert not may_describe([], ["cousin"])


def test_the_nearest_description_decides_between_namesakes():
    """Issue 37 (child calibration half): "My big cousin Noah is poorly." asked which Noah when the
    little cousin was also stored as "cousin": the stored descriptor of the same words wins."""
    kin = {"big": ["cousin", "big cousin"], "little": ["cousin", "little cousin", "owner's little cousin"]}
    assert descriptor_rules.described(["big cousin"], kin) == {"big", "little"}
    assert descriptor_rules.best_described(["big cousin"], kin) == {"big"}
    assert descriptor_rules.best_described(["little cousin"], kin) == {"little"}
    assert descriptor_rules.best_described(["cousin"], kin) == {"big", "little"}  # said no nearer: both
    assert descriptor_rules.best_described(["old school friend"], {"a": ["school friend"], "b": ["neighbour"]}) == {"a"}
