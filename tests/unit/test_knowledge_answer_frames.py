"""Short answers framed by the question before them (memcore/knowledge/answers.py, issue 35): a question
said after a lead-in and a dash, a part one sings or plays asked with "what part", the thing first and the
yes after it. Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.answers import complete
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("question, answer, statement", [
    ("Lovely. And you - how do you unwind?", "gardening and crosswords", "I enjoy gardening and crosswords."),
    ("Ooh, a band! What part do you play?", "trumpet mostly", "I play trumpet mostly."),
    ("Do you like vegetables?", "sweetcorn yes. not sprouts", "I like sweetcorn. not sprouts"),
])
def test_an_answer_is_completed_by_its_question(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("Which one do you want?", "the red one"),  # a choice in the chat, not a taste
    ("Do you like your new school?", "not really yes"),  # no thing said before the yes
])
def test_a_choice_or_a_hedge_is_not_completed(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
def test_the_part_one_sings_is_a_skill():
    got = learn("tenor. first tenor", None, at=AT, owner="Ivo", role="owner", speaker="Ivo",
                previous=["helper: A choir! What part do you sing?"])
    assert ("Ivo", "sings", "tenor", "skill") in {(f.subject, f.predicate, f.value, f.type) for f in got}, got


@pytest.mark.parametrize("question, answer, statement", [
    ("Do your boys eat fish?", "they love salmon but hate prawns", "My boys love salmon but hate prawns"),
    ("Do the volunteers enjoy it?", "yes they adore the Friday shifts", "The volunteers adore the Friday shifts"),
])
def test_they_in_an_answer_is_whom_the_question_asked_of(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("Do the neighbours mind the noise?", "they do"),  # a bare yes
    ("Do you like the actors?", "they are great"),  # asked of the owner
])
def test_they_is_left_alone_without_a_many_asked_of(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("org", [None, "Elmfield Care Home"])
def test_a_second_verb_of_taste_keeps_its_subject_in_its_line(org):
    got = learn("Our members love the quiz nights and hate the raffle.", None, at=AT, owner="Dana", role="owner",
                speaker="Dana", account_org=org)
    lines = [f.text for f in got if f.predicate == "dislikes" and f.value.endswith("raffle")]
    assert lines and all("members" in t for t in lines), got
    assert not [f for f in got if f.type == "semantic"], got  # no thing's fact of what they like


@pytest.mark.parametrize("question, answer, statement", [
    ("And what time do you usually wake up?", "quarter to seven", "I usually wake up at quarter to seven."),
    ("What time do you eat dinner?", "around 8, later on Fridays", "I eat dinner around 8, later on Fridays."),
    ("Who drives you to the clinic?", "my son-in-law Rafe", "My son-in-law Rafe drives me to the clinic."),
    ("Who takes you to swimming?", "Nonna mostly", "Nonna takes me to swimming."),
    ("Who looks after you on Tuesdays?", "my aunt Priti, she lives close", "My aunt Priti looks after me on tuesdays. she lives close"),
])
def test_a_clock_time_or_a_doer_is_completed_by_its_question(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("Who takes you to swimming?", "my dad does"),  # a statement of its own
    ("Who is your teacher?", "my teacher is Mr Vance"),
    ("Who says you can't?", "my mum"),  # who said it, not who does something for the owner
])
def test_a_doer_frame_leaves_statements_and_other_questions_alone(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
def test_a_clock_time_answer_is_a_routine_and_the_doer_is_tied():
    habit = learn("ten past six", None, at=AT, owner="Oona", role="owner", speaker="Oona",
                  previous=["assistant: What time do you usually get up?"])
    assert any(f.type == "routine" and "ten past six" in f.value and f.subject == "Oona" for f in habit), habit
    doer = learn("my neighbour Ilse, she's retired", None, at=AT, owner="Oona", role="owner", speaker="Oona",
                 previous=["assistant: Who walks you to the bus stop?"])
    assert any(f.subject == "Ilse" and "bus stop" in f.value for f in doer), doer


@pytest.mark.parametrize("question, answer, statement", [
    ("Who handles the refunds?", "Dilys", "Dilys handles the refunds."),
    ("Who's in charge of the rota?", "Ben, he's our shift lead", "Ben is in charge of the rota. he's our shift lead"),
    ("Who can sign off a new supplier?", "only the directors", "The directors can sign off a new supplier."),
    ("Where do you keep the spare keys?", "in the blue tin behind the till", "We keep the spare keys in the blue tin behind the till."),
    ("How many volunteers do you have?", "about 30, a dozen of them regulars", "We have about 30 volunteers. a dozen of them regulars"),
    ("When do you meet?", "second Monday of the month, at the scout hut", "We meet on second Monday of the month, at the scout hut."),
    ("How much is the annual fee?", "40 euros", "The annual fee is 40 euros."),
    ("When's the open day?", "in June, always a Saturday", "The open day is in June, always a Saturday."),
    ("What happens if a child is not collected?", "two staff stay and we ring the parents",
     "If a child is not collected, two staff stay and we ring the parents."),
])
def test_a_teams_answer_is_completed_as_the_teams(question, answer, statement):
    assert complete(question, answer, team=True) == statement


@pytest.mark.parametrize("question, answer", [
    ("When's the inspection?", "the fire inspection is on the 3rd"),  # the topic, then its own verb
    ("And deliveries - where do you get them?", "deliveries come from the depot in Tarn"),
    ("Where do you keep it?", "the cupboard"),  # "it": nothing to say what is kept
])
def test_a_teams_statement_or_an_unknown_thing_is_not_framed(question, answer):
    assert complete(question, answer, team=True) == answer


def test_a_persons_own_frames_stay_first_person_in_a_teams_chat():
    assert complete("Where do you live?", "Tarn", team=True) == "I live in Tarn."
    assert complete("Who runs the shop when you're away?", "my cousin Ivo") == "My cousin Ivo runs the shop when I'm away."


@pytest.mark.usefixtures("parser_installed")
def test_a_teams_short_answers_become_the_teams_knowledge():
    def read(question, answer):
        return learn(answer, None, at=AT, owner="Sion", role="owner", speaker="Sion", account_org="Tarn Rowing Club",
                     previous=[f"assistant: {question}"])
    kept = read("Where do you keep the oars?", "in the boathouse loft")
    assert any(f.subject == "Tarn Rowing Club" and "boathouse loft" in f.value for f in kept), kept
    doer = read("Who handles the bookings?", "Carys")
    assert any(f.subject == "Carys" and "bookings" in f.value for f in doer), doer
    size = read("How many members do you have?", "about 60")
    assert any(f.subject == "Tarn Rowing Club" and "60" in f.value for f in size), size


def test_a_doer_question_answered_with_a_statement_is_left_alone():
    assert complete("Who runs the shop?", "manager is Oksana, she has keys", team=True) == "manager is Oksana, she has keys"


@pytest.mark.parametrize("question, answer, statement", [
    ("And who lives with you?", "my dad and my stepmum Rosa", "I live with my dad and my stepmum Rosa."),
    ("Who's at home with you?", "my nan (mum's mum) and my two cousins", "I live with my nan (mum's mum) and my two cousins."),
    ("When does she start?", "next Tuesday", "She will start next Tuesday."),
    ("When does Marek come home?", "october, if the contract ends", "Marek will come home in october, if the contract ends."),
])
def test_ties_named_after_who_lives_with_you_and_when_someone_named_does_something(question, answer, statement):
    assert complete(question, answer) == statement


def test_ties_said_with_a_verb_are_a_statement_of_their_own():
    assert complete("Who do you live with?", "my dad works away a lot") == "my dad works away a lot"


@pytest.mark.parametrize("question, answer, statement", [
    ("A ramp is a great project. How high is the veranda?", "60 cm", "My veranda is 60 cm high."),
    ("How long is your boat?", "about 7 metres", "My boat is about 7 metres long."),
    ("Nice. How wide is the gate?", "three metres", "My gate is three metres wide."),
    ("How heavy is your kayak?", "22 kg", "My kayak is 22 kg heavy."),
])
def test_a_measure_asked_of_a_thing_is_completed_with_its_dimension(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("How tall is your son now?", "taller than me!"),  # no number: no measure
    ("How big is the garden?", "huge, too big to mow"),
    ("How long is the wait?", "no idea"),
])
def test_a_measure_question_answered_without_a_number_is_left_alone(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
def test_a_measured_answer_is_knowledge_of_the_thing():
    got = learn("1.2 metres", None, at=AT, owner="Teodor", role="owner", speaker="Teodor",
                previous=["assistant: A new fence! How high is the fence?"])
    assert any(f.type == "semantic" and "fence" in f.text and "1.2 metres" in f.value for f in got), got


@pytest.mark.parametrize("question, answer", [
    ("How long are the tours?", "Five days."),  # how long it lasts: no measure of a thing
    ("How long is the drive?", "two hours"),
])
def test_how_long_answered_with_a_span_of_time_is_not_a_measure(question, answer):
    assert complete(question, answer) == answer
