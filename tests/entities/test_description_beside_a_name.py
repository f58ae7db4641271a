"""A description said right before a name says who that one is, and refers to no one else (issue 37, fresh
business calibration 9191: "Our sparky Tracey Rafferty phoned while I was driving." was kept as an
organisation, so the turn named no person, and "our sparky" was taken for a reference to the sparky the
conversation already knew: the turn went to her, and the next turn's "she" with it). With the description
kept to its name, the next "she" reaches the one introduced. Sentences written for this test."""
import pytest

from memcore.entities import beside_name
from memory_api.entity_refs import references
from tests.entities.turns_kit import entities_named, post_turn

pytestmark = pytest.mark.usefixtures("parser_installed")


def _texts(client, name: str) -> list[str]:
    found = [e for e in entities_named(client, name.split()[0]) if e["name"] == name]
    assert len(found) == 1, found
    return [m["text"] for m in client.get(f"/v1/entities/{found[0]['id']}").json()["memories"]]


def test_a_description_beside_a_misread_name_refers_to_no_one_else(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Met our glazier Harriet Moss this morning.")
    post_turn(c, "2024-05-01T09:01:00Z", "Harriet fitted the new skylight.")
    post_turn(c, "2024-05-01T09:02:00Z", "Our glazier Ines Calloway rang while I was out.")
    post_turn(c, "2024-05-01T09:03:00Z", "Worth noting she works out of the Westgate unit.")
    harriet = " ".join(_texts(c, "Harriet Moss"))
    assert "Ines" not in harriet and "Westgate" not in harriet, harriet
    assert any("Westgate" in t for t in _texts(c, "Ines Calloway"))


def test_which_descriptions_refer():
    text = "Our glazier Ines Calloway rang while I was out."
    assert beside_name.describes_a_name(text, "glazier", ["Ines Calloway"])
    assert not references(text, ["Ines Calloway"])
    assert references("Our glazier rang while I was out.")[0].aliases[0] == "glazier"  # no name: it refers
