from memcore.retrieval.turn_diversity import one_per_turn


def test_a_turns_facts_give_way_to_other_turns():
    turn_of = {"rec1": "rec1", "fact1a": "rec1", "fact1b": "rec1", "rec2": "rec2", "doc": None}
    ranked = ["fact1a", "rec1", "fact1b", "doc", "rec2"]
    assert one_per_turn(ranked, turn_of) == ["fact1a", "doc", "rec2", "rec1", "fact1b"]


def test_items_of_no_turn_are_never_repeats():
    assert one_per_turn(["a", "b", "c"], {"a": None, "b": None}) == ["a", "b", "c"]


def test_order_within_firsts_and_repeats_is_kept():
    turn_of = {1: "t", 2: "u", 3: "t", 4: "u", 5: "v"}
    assert one_per_turn([1, 2, 3, 4, 5], turn_of) == [1, 2, 5, 3, 4]
