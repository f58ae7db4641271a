"""A full name the small NER model cut to its last word ("Holly Penrose sat next to me on the bus." gave
the person "Penrose", the first name "Holly" left as a word) is still the full name said: the turn is
the new Holly's, not the known namesake's whose first name the write path found in it, and no person is
made of the first name or the surname alone (issue 37: "Lily Oakley sat next to me at lunch" was stored
in Lily Hale's profile, or on a person called "Lily"; memcore.entities.full_names,
memory_api.coreference.full_names_said). Sentences written for this test."""
from types import SimpleNamespace
from uuid import uuid4

import pytest

from memcore.entities import full_names
from memory_api import coreference
from memory_api.entity_refs import MentionRef
from tests.entities.turns_kit import entities_named, people_named_stub, post_turn


@pytest.mark.parametrize("text,name,known,first", [
    ("Holly Penrose sat next to me on the bus.", "Penrose", set(), "Holly"),  # opens the sentence
    ("Wow. Holly Penrose sat next to me!", "Penrose", set(), "Holly"),
    ("On Monday Holly Penrose lent me a pen.", "Penrose", {"holly"}, "Holly"),  # a known first name
    ("On Monday Holly Penrose lent me a pen.", "Penrose", set(), None),  # neither
    ("Penrose sat next to me.", "Penrose", set(), None),  # nothing before it
    ("My friend Penrose sat next to me.", "Penrose", set(), None),  # a lower-case word before it
    ("Holly Penrose sat down.", "Holly Penrose", set(), None),  # a name of two words already
    ("Tuesday Penrose came round.", "Penrose", set(), None),  # when, not who
    ("Yesterday Penrose came round.", "Penrose", set(), None),
    ("Texted Penrose about the bus.", "Penrose", set(), None),  # a verb the note opens with
    ("Grandad Penrose came round.", "Penrose", set(), None),  # who they are to the speaker
    ("Cousin Penrose came round.", "Penrose", set(), None),
])
def test_the_first_name_the_tagger_cut(text, name, known, first):
    assert full_names.first_name_cut(text, name, known) == first


def test_a_fact_learned_from_a_turn_is_made_whole_only_by_a_known_first_name():
    """A learned fact's words are rewritten: "Honest, Holly has a kite" may come back as "Honest Holly has a
    kite"; "Honest" is nobody's first name, "Holly" may be."""
    assert full_names.first_name_cut("Honest Holly has a kite", "Holly", set(), said=False) is None
    assert full_names.first_name_cut("Honest, Holly has a kite", "Holly", set(), said=True) is None
    assert full_names.first_name_cut("Holly Penrose has a kite", "Penrose", {"holly"}, said=False) == "Holly"


async def test_a_known_first_name_before_a_surname_makes_the_full_name(monkeypatch):
    monkeypatch.setattr(coreference.entity_repo, "people_named", people_named_stub(["holly", "holly ashdown"]))
    text = "Holly Penrose sat next to me on the bus."
    named, cut = await coreference.full_names_said(SimpleNamespace(), uuid4(), text, [MentionRef("Penrose", "person")])
    assert [m.name for m in named] == ["Holly Penrose"] and cut == {"Holly Penrose": "Penrose"}
    assert await coreference.known_first_names(SimpleNamespace(), uuid4(), text, named) == []


async def test_a_word_no_one_is_called_is_left_alone(monkeypatch):
    monkeypatch.setattr(coreference.entity_repo, "people_named", people_named_stub(["holly"]))
    text = "On Friday Baxter Penrose came round."
    named, cut = await coreference.full_names_said(SimpleNamespace(), uuid4(), text, [MentionRef("Penrose", "person")])
    assert [m.name for m in named] == ["Penrose"] and cut == {}


@pytest.mark.usefixtures("parser_installed")
def test_the_turn_goes_to_the_full_name_said_not_to_a_namesake(new_tenant):
    c = new_tenant("user")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "My cousin Holly Ashdown came round for tea.")
    post_turn(c, "2024-05-01T09:01:00Z", "She has a pet tortoise.")
    post_turn(c, "2024-05-02T09:00:00Z", "Holly Penrose sat next to me on the bus.", session="s2")
    post_turn(c, "2024-05-02T09:01:00Z", "Holly Penrose? Turns out she plays the trumpet!", session="s2")
    people = {e["name"]: e for e in entities_named(c, "Holly") + entities_named(c, "Penrose") if e["type"] == "person"}
    assert set(people) == {"Holly Ashdown", "Holly Penrose"}, set(people)
    cousin = c.get(f"/v1/entities/{people['Holly Ashdown']['id']}").json()
    assert not any("Penrose" in m["text"] for m in cousin["memories"]), cousin["memories"]


@pytest.mark.usefixtures("parser_installed")
def test_a_first_name_cut_at_the_introduction_is_still_the_full_name(new_tenant):
    """No Holly known yet: the cut name made a person "Penrose", the next "Holly ..." a person "Holly"."""
    c = new_tenant("user")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Holly Penrose sat next to me on the bus.")
    post_turn(c, "2024-05-01T09:01:00Z", "Holly has a giant trampoline!")
    people = {e["name"] for e in entities_named(c, "Holly") + entities_named(c, "Penrose") if e["type"] == "person"}
    assert people == {"Holly Penrose"}, people


@pytest.mark.parametrize("said", ["Bye Jon, see you Friday!", "Absolutely Jon, that sounds great.", "Learning German is hard."])
def test_a_common_word_opening_the_sentence_is_no_first_name_cut(said):
    from memcore.entities.full_names import first_name_cut

    name = said.split()[1].strip(",")
    assert first_name_cut(said, name, set()) is None
