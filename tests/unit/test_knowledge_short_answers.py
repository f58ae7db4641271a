"""Short answers that say more than the frame of their question (memcore.knowledge.short_answers, read
by answers.complete; issue 35). Questions and answers written for these tests, in three voices (a child,
an adult, a team):

- an age, then the names of the group asked about: each one named is that age;
- a count, then the names of those counted: each one named is one of them;
- how long, said as a span, after "How long have you lived with / worked at ...?": a tenure;
- a "no" and what is so instead, after a yes/no question about a habit or a kind;
- a part or a role one sings or plays ("What part do you sing?") is not a choice in the chat.
The assistant's words are never knowledge: a "no" alone, a thanks, a question back teach nothing.
"""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.answers import complete
from memcore.knowledge.reading import learn
from memcore.retrieval.document_text import render_turn

AT = datetime(2026, 4, 14, 17, 0, tzinfo=timezone.utc)


def read(owner, question, answer):
    previous = [render_turn(question, "assistant", None)]
    return {(f.subject, f.predicate, f.value) for f in
            learn(answer, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous)}


@pytest.mark.parametrize("question, answer, statement", [
    ("Aww. How old are the puppies' owners, your cousins?", "Nine. Esi and Abena.", None),  # "cousins?" after a comma: no group named
    ("How old are the girls?", "Nine. Esi and Abena. They never stop", "Esi and Abena are nine. They never stop"),
    ("Lovely. How old are your boys?", "6. Tomasz and Piotr", "Tomasz and Piotr are 6."),
    ("How old are the twins?", "Eleven months. Noor and Zain.", "Noor and Zain are eleven months."),
])
def test_an_age_then_the_names_is_each_ones_age(question, answer, statement):
    assert complete(question, answer) == (statement or answer)


@pytest.mark.parametrize("question, answer", [
    ("How old are they?", "Nine. Esi and Abena."),  # "they": whom is the assistant's word, left to the frame
    ("How old are the girls?", "Nine. It flies by."),  # no names after the age
    ("How old are the girls?", "dunno. Esi and Abena"),  # no age
])
def test_no_names_or_no_age_is_not_read_as_each_ones_age(question, answer):
    assert "abena are" not in complete(question, answer).lower()


@pytest.mark.parametrize("question, answer, statement", [
    ("How long have you lived with your nan?", "three years in june", "I have been with my nan for three years in june."),
    ("How long have you worked at the depot?", "nearly a year. long days", "I have been at the depot for nearly a year. long days"),
    ("How long have you had Biscuit?", "about 4 months", "I have had Biscuit for about 4 months."),
])
def test_how_long_said_as_a_span(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("How long have you lived there?", "ages"),  # no span said
    ("How long have you lived there?", "why?"),  # a question back
])
def test_how_long_without_a_span_is_left_alone(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.parametrize("question, answer, statement", [
    ("Does your brother drive a van?", "no, a lorry. for Tesco", "My brother drives a lorry. for Tesco"),
    ("Do you play football at school?", "nah, netball", "I play netball."),
    ("Is Ama a teacher too?", "nope, a nurse", "Ama is a nurse."),
    ("Does the team use Slack?", "no, Teams", None),  # "the team": not a person asked about
    ("Do you need help with that?", "no, thanks", None),
    ("Do you drink coffee?", "no, never", "I do not drink coffee."),  # a no to a question about the owner carries
    # its fact (formation-spec, "Relayed plans, settled"; yes_no_answers.py)
    ("Do you want me to add it?", "no, later", None),
    ("Do you lead the walks alone?", "no, with Jonah", None),  # who with, not a thing instead
    ("Would you like me to track that?", "no, my phone does it", None),
])
def test_no_then_what_is_so_instead(question, answer, statement):
    assert complete(question, answer) == (statement or answer)


@pytest.mark.parametrize("question, answer, statement", [
    ("What part do you sing?", "alto. second alto", "I sing alto. second alto"),
    ("Which part do you play in the band?", "rhythm guitar", None),  # no frame for "in the band": as said
    ("Which one do you like?", "the red one", None),  # a choice in the chat
    ("Which bit do you like best?", "the end", None),
])
def test_a_part_one_sings_is_a_role_not_a_choice(question, answer, statement):
    assert complete(question, answer) == (statement or answer)


@pytest.mark.parametrize("question, answer, statement", [
    ("Do you have any cousins?", "Three. Yaw, Kojo and Efua", "I have three cousins, Yaw, Kojo and Efua."),
    ("Ooh. How many nephews?", "two, Olek and Bruno! wild pair", "I have two nephews, Olek and Bruno. wild pair"),
    ("How many children do you have?", "One, Marisol.", "I have one child, Marisol."),
    ("Have you got any volunteers?", "four - Dee, Sunil, Rob & Kat", "I have four volunteers, Dee, Sunil, Rob & Kat."),
])
def test_a_count_then_the_names_are_the_ones_counted(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer, statement", [
    ("How many kids?", "Two. Both girls", None),  # no names
    ("Do you have any questions?", "One. Can I add Sam?", None),  # a question back
    ("How many people are coming?", "Two. Sam and Joe", None),  # not what one has
    ("How many sisters do you have?", "two, Ines", "I have two sisters. Ines"),  # two counted, one named: the count only
])
def test_a_count_without_the_names_counted_is_not_read_as_them(question, answer, statement):
    assert complete(question, answer) == (statement or answer)


pytestmark_parser = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytestmark_parser
@pytest.mark.parametrize("owner, question, answer, expected", [
    ("Mags", "How old are the twins?", "Seven. Ola and Femi. Trouble, both", {("Ola", "age", "seven"), ("Femi", "age", "seven")}),
    ("Ben", "How old are your girls?", "4. Hana and Mei", {("Hana", "age", "4"), ("Mei", "age", "4")}),
])
def test_the_names_ages_are_learned(owner, question, answer, expected):
    assert expected <= read(owner, question, answer)


@pytestmark_parser
def test_a_tenure_is_learned_from_how_long():
    got = read("Tayo", "How long have you lived with your aunt?", "two years in may")
    assert any(p == "tenure" and "two years" in v for _, p, v in got)


@pytestmark_parser
@pytest.mark.parametrize("owner, question, answer, expected", [
    ("Rosa", "Do you drink coffee?", "no, tea. loads of it", ("Rosa", "drink", "tea")),
    ("Jem", "Do you play football?", "nah, rugby", ("Jem", "plays", "rugby")),
])
def test_what_is_so_instead_is_learned(owner, question, answer, expected):
    assert expected in read(owner, question, answer)


@pytestmark_parser
@pytest.mark.parametrize("question, answer", [
    ("Do you need help with that?", "no, thanks"),
    ("Would you like me to set a reminder?", "nah"),
    ("How old are the girls?", "how old do you think?"),
])
def test_nothing_is_learned_from_a_no_or_a_question_back(question, answer):
    assert read("Kit", question, answer) == set()


@pytestmark_parser
def test_the_ones_counted_are_learned_as_ties():
    got = read("Abena", "Do you have any nieces?", "Two, Kemi and Tolu. both little")
    assert {("Abena", "niece", "Kemi"), ("Abena", "niece", "Tolu")} <= got
