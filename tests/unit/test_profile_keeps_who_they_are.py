"""A profile's summary keeps MAX_FACTS facts: what someone is, does or has goes before what only
tells what the speaker did with them (memcore.entities.profiles.select_facts, with
clue_words.tells_an_encounter): "We went skating with Wren" and "I saw Wren at the fair" tell no Wren
apart, and they had kept "She got her grade three at the piano" out of the summary, where a question
about the piano could find it. Who someone is to the speaker ("Wren is our goalkeeper") is not set
back. Sentences written for this test."""
from memcore.entities import profiles as pf

ENCOUNTERS = ["We went skating with Wren Arkwright", "Owner saw Wren at the fair", "Wren Arkwright gave owner a badge",
              "Owner played conkers with Wren", "Owner sat next to Wren on the coach", "We made a den with Wren"]
SAID = ["Wren lives on the houseboat by the lock", "Wren keeps stick insects", "Wren came for a sleepover",
        "Wren is our goalkeeper"]


def _facts() -> list[pf.Fact]:
    return [*(pf.Fact(t, "semantic", 0.5) for t in ENCOUNTERS + SAID),
            pf.Fact("She got her grade three at the piano", "episodic", 0.5)]


def test_what_someone_does_is_kept_before_what_the_speaker_did_with_them():
    chosen = [f.text for f in pf.select_facts(_facts(), names=["Wren Arkwright", "Wren"])]
    assert chosen[:len(SAID)] == SAID  # what was said of Wren first, in order, who she is to us too
    assert "She got her grade three at the piano" in chosen
    s = pf.compose_summary("Wren Arkwright", "person", [], pf.Facets(), None, [], _facts())
    assert "grade three at the piano" in s


def test_before_the_encounters_filled_the_summary(monkeypatch):
    monkeypatch.setattr(pf, "SPEAKER_LAST", False)
    chosen = [f.text for f in pf.select_facts(_facts(), names=["Wren Arkwright", "Wren"])]
    assert "She got her grade three at the piano" not in chosen
