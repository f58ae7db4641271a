from memcore.retrieval.turn_diversity import one_per_turn


def test_a_turn_keeps_one_place_whatever_ranked_first():
    turn_of = {"rec1": "rec1", "fact1a": "rec1", "fact1b": "rec1", "rec2": "rec2", "doc": None}
    ranked = ["fact1a", "rec1", "fact1b", "doc", "rec2"]
    # a second fact of the same turn waits too: a talkative turn does not crowd out the others
    assert one_per_turn(ranked, turn_of) == ["fact1a", "doc", "rec2", "rec1", "fact1b"]


def test_facts_give_way_to_their_record_ranked_above():
    turn_of = {"rec1": "rec1", "fact1a": "rec1", "rec2": "rec2"}
    assert one_per_turn(["rec1", "fact1a", "rec2"], turn_of) == ["rec1", "rec2", "fact1a"]


def test_items_of_no_turn_are_never_repeats():
    assert one_per_turn(["a", "b", "c"], {"a": None, "b": None}) == ["a", "b", "c"]
