"""A first name said alone at the head of a sentence, after a full name the small NER model took for
something else, reaches that person (issue 37, business calibration 8282: "Our sparky Tracey Haworth
phoned" was kept as a place, and "Tracey is based at the Eastgate branch." then named no one, since the
tagger took neither "Tracey" for a name nor found a known person of it; her place never reached her
profile and the resolver picked her namesake). The capitalised word is the first name of the one
person-shaped full name kept under another type (misread.introduced_as_other), so it is a mention of them.
A title said in quotes is no one's name. Sentences written for this test."""
import pytest

from tests.entities.turns_kit import entities_named, post_turn

pytestmark = pytest.mark.usefixtures("parser_installed")


def _texts(client, entity_id: str) -> list[str]:
    r = client.get(f"/v1/entities/{entity_id}")
    assert r.status_code == 200, r.text
    return [m["text"] for m in r.json()["memories"]]


def test_a_first_name_at_the_head_of_a_sentence_reaches_the_misread_introduction(new_tenant):
    c = new_tenant("user", kind="organisation")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Our glazier Ines Calloway rang while I was out.")
    post_turn(c, "2024-05-01T09:01:00Z", "Ines is based at the Westgate depot.")
    post_turn(c, "2024-05-01T09:02:00Z", "Ines never returns calls.")
    found = [e for e in entities_named(c, "Ines") if e["name"] == "Ines Calloway"]
    assert [e["type"] for e in found] == ["person"], found
    said = " ".join(_texts(c, found[0]["id"]))
    assert "Westgate depot" in said and "never returns calls" in said, said


def test_an_organisation_with_members_is_not_reached_by_a_first_word(new_tenant):
    c = new_tenant("user")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", "Priya works for Morgan Stanley in the City.")
    post_turn(c, "2024-05-01T09:01:00Z", "Morgan never called back about the flat.")
    assert {(e["type"], e["name"]) for e in entities_named(c, "Morgan Stanley")} == {("org", "Morgan Stanley")}


def test_a_title_said_in_quotes_is_not_reached_by_its_first_word(new_tenant):
    """LoCoMo conv-30: a dance piece called "Finding Freedom" became a person when a sentence opened with
    "Finding that happy medium is key"."""
    c = new_tenant("user")["clients"][0]
    post_turn(c, "2024-05-01T09:00:00Z", 'We rehearsed a new piece called "Falling Water." It was really moving.')
    post_turn(c, "2024-05-01T09:01:00Z", "Falling asleep early tonight, long day.")
    assert [e["type"] for e in entities_named(c, "Falling Water") if e["name"] == "Falling Water"] == ["concept"]
