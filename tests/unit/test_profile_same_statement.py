"""One statement said once with the full name and once with the first name takes one place of a
profile's summary (memcore.entities.profiles.statement_key, select_facts): "Otto Brandt is owner's
godfather" and "Otto is owner's godfather" say the same of Otto. Each copy took a place of
MAX_FACTS, and three such pairs had kept what was said of Otto last out of the summary, where no
question about the organs could find it. Sentences written for this test."""
from memcore.entities import profiles as pf

SAID_LAST = "Otto Brandt? Turns out he tunes church organs!"


def _facts() -> list[pf.Fact]:
    return [pf.Fact("Otto Brandt is owner's godfather", "relationship"),
            pf.Fact("Otto is owner's godfather", "relationship"),
            pf.Fact("Otto lives on a houseboat by the weir", "identity"),
            pf.Fact("My godfather Otto Brandt came for Sunday lunch.", "episodic"),
            pf.Fact("My godfather Otto came for Sunday lunch.", "episodic"),
            pf.Fact("Owner's godfather Otto Brandt came for Sunday lunch", "episodic"),
            pf.Fact("Owner's godfather Otto came for Sunday lunch", "episodic"),
            pf.Fact("Honest, he lives on a houseboat by the weir", "episodic"),
            pf.Fact("Did you know he grows chillies in a greenhouse?", "episodic"),
            pf.Fact("Otto was grumpy today", "episodic"),
            pf.Fact(SAID_LAST, "episodic")]


def test_a_statement_said_with_either_name_leaves_room_for_what_was_said_last():
    s = pf.compose_summary("Otto Brandt", "person", [], pf.Facets(), None, [], _facts())
    assert "tunes church organs" in s
    assert s.count("is owner's godfather") == 1
    assert s.count("godfather Otto Brandt came for Sunday lunch") == 2  # the speaker's words and the drawn fact's


def test_the_key_sets_aside_the_entity_s_names_and_nothing_else():
    names = pf.own_names("Otto Brandt", "person")
    assert pf.statement_key("Otto Brandt waved from the boat", names) == pf.statement_key("Otto waved from the boat", names)
    assert pf.statement_key("Otto met Greta at the weir", names) != pf.statement_key("Otto met Hanna at the weir", names)
    assert pf.statement_key("I like Otto", names) != pf.statement_key("Otto likes me", names)


def test_before_each_name_took_a_place(monkeypatch):
    monkeypatch.setattr(pf, "statement_key", lambda text, names=(): pf.normalise(text))  # the key before: the text alone
    s = pf.compose_summary("Otto Brandt", "person", [], pf.Facets(), None, [], _facts())
    assert "tunes church organs" not in s
