"""Who a conversation is about (memcore.entities.conversation_people, the one model of both paths),
over turns built here and folded as the write path folds the turns it reads back
(memcore.entities.tracking.replay)."""
from memcore.entities import conversation_people as cp
from memcore.entities.tracking import replay, update


def _person(key: str, start: int = 0, **kw) -> cp.TurnMention:
    return cp.TurnMention(key, key.title(), "person", start, **kw)


def _turns(*named: list[cp.TurnMention], texts: list[str] | None = None) -> list[cp.Turn]:
    return [cp.Turn(i + 1, (texts or [""] * len(named))[i], tuple(n)) for i, n in enumerate(named)]


def test_a_pronoun_means_the_person_the_conversation_turned_to_last():
    state = replay(_turns([_person("ines")], [_person("bo")]))
    decision = cp.meant(state, "he")
    assert (decision.key, decision.sure) == ("bo", True)
    assert cp.about(state).key == "bo"


def test_after_a_change_of_topic_the_topics_person_is_meant_not_the_one_named_before():
    # "Dana sent the figures." / "Let's get to the harbour podcast." (its producer joins, not said)
    state = replay(_turns([_person("dana")], [_person("marco", 40, said=False)],
                          texts=["Dana sent the figures.", "Let's get to the harbour podcast."]))
    assert cp.meant(state, "he").key == "marco"
    assert state.entities["dana"].layer == "mention"


def test_two_people_named_in_one_turn_are_not_told_apart_unless_the_turn_defines_one():
    both = replay(_turns([_person("tom", 0), _person("sarah", 10)]))
    decision = cp.meant(both, "he")
    assert decision.key == "tom" and not decision.sure  # the read path's guess; the write path links no one
    defined = replay(_turns([_person("tom", 0, defined=True), _person("sarah", 30)]))
    assert cp.meant(defined, "he").sure


def test_a_pronoun_never_lands_on_someone_only_called_the_other_one():
    state = replay(_turns([_person("sarah", pronouns=("she",))], [_person("marco", pronouns=("he",))]))
    assert cp.meant(state, "she").key == "sarah"
    assert cp.meant(state, "he").key == "marco"
    # the read path learns it from the conversation itself: "he" resolved to Marco
    fresh = replay(_turns([_person("sarah")], [_person("marco")]))
    after = update(fresh, "He stayed for lunch.", [], [cp.TurnPronoun("He", 0)])
    assert after.entities["marco"].pronouns == ["he"]
    assert cp.meant(after, "she").key == "sarah"


def test_an_unresolved_namesake_moves_the_conversation_on_to_someone_unknown():
    state = replay(_turns([_person("ines")], [_person(f"{cp.UNSTORED}tom")]))
    assert cp.meant(state, "he").key == f"{cp.UNSTORED}tom"


def test_named_is_everyone_said_not_a_topics_people_nor_unstored_names():
    turns = _turns([_person("ines"), _person(f"{cp.UNSTORED}tom")], [_person("marco", 40, said=False)])
    assert cp.named(turns) == {"ines"}


def test_no_one_of_the_pronouns_kind_means_no_one():
    state = replay(_turns([cp.TurnMention("acme", "Acme", "org", 0)]))
    assert cp.meant(state, "she").entity is None
    assert cp.about(state).entity is None


def test_a_first_name_among_namesakes_is_the_one_the_conversation_is_about_only_when_sure():
    state = replay(_turns([_person("priya")], [_person("tom reyes", 40, said=False)]))
    assert cp.namesake(cp.about(state), ["tom baker", "tom reyes"]) == "tom reyes"
    assert cp.namesake(cp.about(state), ["tom baker", "tom hale"]) is None
    unsure = replay(_turns([_person("tom reyes", 0), _person("tom baker", 20)]))
    assert cp.namesake(cp.about(unsure), ["tom baker", "tom reyes"]) is None
