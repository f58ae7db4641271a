from memcore.retrieval.list_questions import is_list_question, subjects_asked


def test_questions_that_ask_for_a_list():
    for q in ("What foods does Maria like?", "How many pets does Omar have?", "Which books has Melanie read?",
              "What are Jon's hobbies?", "What activities does Caroline do with her kids?", "What kinds of music does Ana like?"):
        assert is_list_question(q), q


def test_questions_that_do_not():
    for q in ("When did Maria move to Leeds?", "Is Omar allergic to nuts?", "Tell me a story", "Where is the zoo?",
              "What did Caroline research?", "What is Omar's job?"):
        assert not is_list_question(q), q


def test_the_people_asked_about():
    assert subjects_asked("What are Jon's hobbies?", []) == ["Jon"]
    assert subjects_asked("What foods does Maria like?", ["Maria"]) == ["Maria"]
    assert subjects_asked("When did Maria move?", ["Maria"]) == []
