"""The write path links a first name said with who they are to the speaker to the namesake described
most nearly so (memcore.entities.identity._described over descriptors.best_described), as the read
path resolves it (issue 37, the child voice's clarification): "my older cousin Wren" is the older
cousin, though the younger one was stored as "cousin" too. Before, both matched "cousin", the turn
was linked to neither, and the facts told after it about her by pronoun or first name were lost.
Candidates built here: no database, no embedder."""
from uuid import uuid4

from memcore.entities import identity as ident
from memcore.entities.profiles import Facets
from memcore.textnorm import norm_name


def _person(name: str, kin: list[str]) -> ident.Candidate:
    return ident.Candidate(uuid4(), name, "person", (), (norm_name(name), norm_name(name).split()[0]),
                           Facets([], [], [], kin))


def _decide(kin: str):
    older, younger = _person("Wren Ashby", ["older cousin", "cousin"]), _person("Wren Moss", ["younger cousin", "cousin"])
    mention = ident.Mention("Wren", "person", (), (), None, None, kin, ("wren",))
    text = f"I went skating with my {kin} Wren."
    decision = ident.decide(mention, [older, younger], ident.Statement(text, "episodic"),
                            {older.entity_id: 0.2, younger.entity_id: 0.2},
                            ident.Conversation(discussed=None, discussed_fetched=True))
    return decision, older, younger


def test_the_nearest_description_names_the_namesake():
    decision, older, _ = _decide("older cousin")
    assert (decision.action, decision.entity_id, decision.reason) == ("link", older.entity_id, "described so before")
    decision, _, younger = _decide("younger cousin")
    assert decision.entity_id == younger.entity_id


def test_a_description_both_were_stored_with_still_names_neither(monkeypatch):
    decision, _, _ = _decide("cousin")
    assert decision.entity_id is None


def test_before_both_cousins_matched_and_neither_was_linked(monkeypatch):
    monkeypatch.setattr(ident, "NEAREST_DESCRIPTION", False)
    decision, _, _ = _decide("older cousin")
    assert decision.entity_id is None
