"""A first name alone among namesakes is the namesake the conversation is about
(conversation_people.about with `among` and `name`; issue 37, the child voice's clarification).

Whoever else was named since is no rival for a first name: "Dad says the boiler is broken." between
"Rohan Patel lent me a ladder." and "Rohan has a van." made Dad the person the conversation was
about, and "Rohan" was left unlinked (no Rohan was); "my aunt's neighbour Rohan" names the aunt
beside Rohan, and the two in one turn were not told apart. Only someone called Rohan can be meant by
"Rohan". Turns built here, folded as the write path folds them (tracking.replay)."""
import pytest

from memcore.entities import conversation_people as cp
from memcore.entities.tracking import replay

ROHANS = {"rohan patel", "rohan gill"}


def _person(key: str, start: int = 0, **kw) -> cp.TurnMention:
    return cp.TurnMention(key, key.title(), "person", start, **kw)


def _turns(*named: list[cp.TurnMention]) -> list[cp.Turn]:
    return [cp.Turn(i + 1, "", tuple(n)) for i, n in enumerate(named)]


def test_someone_else_named_since_is_no_rival_for_a_first_name():
    state = replay(_turns([_person("rohan patel")], [_person("dad")]))
    assert cp.about(state).key == "dad"  # whom "he" means now
    meant = cp.about(state, ROHANS, "Rohan")
    assert (meant.key, meant.sure) == ("rohan patel", True)
    assert cp.namesake(meant, sorted(ROHANS)) == "rohan patel"


def test_the_one_a_descriptor_names_beside_is_no_rival():
    state = replay(_turns([_person("rohan patel")], [_person("aunt", 3), _person("rohan gill", 20)]))
    assert not cp.about(state).sure  # the aunt and Rohan Gill in one turn
    meant = cp.about(state, ROHANS, "Rohan")
    assert (meant.key, meant.sure) == ("rohan gill", True)


def test_a_namesake_nobody_could_tell_apart_still_moves_the_conversation_on():
    state = replay(_turns([_person("rohan patel")], [_person(f"{cp.UNSTORED}rohan")], [_person("dad")]))
    assert cp.namesake(cp.about(state, ROHANS, "Rohan"), sorted(ROHANS)) is None


@pytest.mark.parametrize("turns", [
    [[_person("rohan patel")], [_person("dad")]],
    [[_person("rohan patel")], [_person("aunt", 3), _person("rohan gill", 20)]],
])
def test_before_only_the_person_the_conversation_was_about_counted(monkeypatch, turns):
    monkeypatch.setattr(cp, "NAMESAKES_ONLY", False)
    assert cp.namesake(cp.about(replay(_turns(*turns)), ROHANS, "Rohan"), sorted(ROHANS)) is None
