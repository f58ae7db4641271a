"""Who a conversation is about (memcore.entities.conversation_people), over turns built here."""
from memcore.entities import conversation_people as cp


def test_rows_group_into_turns_latest_first_each_person_once():
    rows = [(7, "ines", "subject"), (7, "ines", "mention"), (7, "bo", "mention"), (5, "cy", "mention")]
    turns = cp.turns(rows)
    assert [(t.seq, t.people) for t in turns] == [(7, (("ines", "subject"), ("bo", "mention"))),
                                                   (5, (("cy", "mention"),))]
    assert cp.active(turns) == {"ines", "bo", "cy"}


def test_the_conversation_is_about_the_one_person_of_the_latest_turn_that_named_someone():
    assert cp.discussed(cp.turns([(9, "ines", "mention"), (4, "bo", "mention")]), moved_on=False) == "ines"
    # several people: their one subject, else nobody
    assert cp.discussed(cp.turns([(9, "ines", "mention"), (9, "bo", "subject")]), moved_on=False) == "bo"
    assert cp.discussed(cp.turns([(9, "ines", "mention"), (9, "bo", "mention")]), moved_on=False) is None
    assert cp.discussed([], moved_on=False) is None


def test_a_later_turn_naming_an_unlinked_namesake_moves_the_conversation_on():
    assert cp.discussed(cp.turns([(9, "ines", "subject")]), moved_on=True) is None
