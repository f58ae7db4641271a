"""A how-to the owner announces and tells in the same turn ("Want to know how to tie a bowline? You make a
little loop, then ..."): one process card, the thing announced as its subject, the steps as said
(knowledge/how_shown.py). Sentences written for these tests."""
from datetime import datetime, timezone

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _learn(text, owner="Ilse", org=None):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=["assistant: Nice."], account_org=org)


def _processes(got):
    return [f for f in got if f.type == "process"]


def test_asked_back_if_they_want_to_know_then_the_steps():
    got = _learn("Do you want to know how to tie a bowline? You make a little loop, then the rabbit comes up "
                 "through the hole, then it goes round the tree and back down.", owner="Keoni")
    (card,) = _processes(got)
    assert card.subject == "bowline" and "Keoni" in card.text and "little loop" in card.text


def test_wanna_see_how_then_steps_said_with_you():
    got = _learn("wanna see how to fold a paper crane? you fold the square in half, then you open it, then you fold "
                 "the corners to the middle", owner="Mei")
    (card,) = _processes(got)
    assert "paper crane" in card.subject and "corners" in card.text


def test_let_me_tell_you_how_then_steps():
    got = _learn("Let me tell you how to bleed a radiator. First you turn the heating off, then you open the valve "
                 "with the key until water comes out, then you close it.", owner="Hamid")
    (card,) = _processes(got)
    assert "radiator" in card.subject and "valve" in card.text


def test_an_announcement_with_no_steps_is_no_process():
    assert not _processes(_learn("Want to know how to make slime?"))


def test_a_how_to_said_as_a_story_in_the_past_is_no_process():
    assert not _processes(_learn("Wanna know how to lose a phone? I put it on the roof of the car, then drove off."))
