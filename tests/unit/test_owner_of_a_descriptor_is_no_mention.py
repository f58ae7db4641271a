"""Whose someone is, said before their name ("Mum's friend Isla", "Grandad's neighbour Ptolemy"), is
part of who they are, not a second person of the turn: extraction's mentions leave the owner out
(beside_name.descriptor_owners), and so must the known names coreference adds back
(coreference.known_first_names). Child calibration 6655: "Mum's friend Isla sat next to me at lunch."
was linked to Isla and Mum, and the next turn's "she" could mean either, so it was linked to nobody."""
from types import SimpleNamespace
from uuid import uuid4

from memory_api import coreference
from memory_api.entity_refs import MentionRef
from tests.entities.turns_kit import people_named_stub


async def test_the_owner_of_a_descriptor_is_not_added_back(monkeypatch):
    monkeypatch.setattr(coreference.entity_repo, "people_named", people_named_stub(["grandad", "ptolemy"]))
    text = "Grandad's neighbour Ptolemy mended the fence."
    added = await coreference.known_first_names(SimpleNamespace(), uuid4(), text,
                                                [MentionRef("Ptolemy", "person", start=text.find("Ptolemy"))])
    assert added == []


async def test_a_known_name_said_as_a_person_still_is(monkeypatch):
    monkeypatch.setattr(coreference.entity_repo, "people_named", people_named_stub(["grandad", "ptolemy"]))
    text = "Grandad and Ptolemy mended the fence."
    added = await coreference.known_first_names(SimpleNamespace(), uuid4(), text,
                                                [MentionRef("Ptolemy", "person", start=text.find("Ptolemy"))])
    assert [m.name for m in added] == ["Grandad"]
    # said as whose someone is when that someone is a known name extraction missed as well
    text = "Grandad's neighbour Ptolemy mended the fence."
    assert [m.name for m in await coreference.known_first_names(SimpleNamespace(), uuid4(), text, [])] == ["Ptolemy"]
