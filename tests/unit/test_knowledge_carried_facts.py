"""Facts carried by the owner's questions, requests and short answers (issue 35; formation-spec, "What is not
knowledge" and "Relayed plans, settled"): memcore/knowledge/carried_facts.py and yes_no_answers.py. Sentences
written for these tests, in the three voices; the near misses must give nothing."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.answers import complete
from memcore.knowledge.carried_facts import carried
from memcore.knowledge.parse import parse
from memcore.knowledge.reading import learn
from memcore.knowledge.yes_no_answers import yes_or_no

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _cards(text, owner, previous=(), org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", previous=list(previous), account_org=org)
    return {(f.subject, f.predicate, f.value) for f in got}, got


# --- a statement said on the back of a question or a request


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, statement", [
    ("could you find me a soup recipe for my father, he's diabetic", "He's diabetic"),
    ("what should I knit for my aunt, she hates the cold?", "She hates the cold."),
    ("make a rota for the weekend - Oyelaran only works Sundays", "Oyelaran only works Sundays"),
])
def test_the_statement_after_a_request_or_question_stands_apart(text, statement):
    read = carried(text, parse)
    assert statement in read and read != text, read


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "can you tell me about octopuses?",
    "what do hedgehogs eat in winter?",
    "write a limerick about my grandad",  # a tie without its name: nothing to say
    "could you check the rota, and then send it to the team?",
    "is Mount Kosciuszko the highest peak in Australia?",
])
def test_a_question_or_request_that_only_names_things_is_left_alone(text):
    assert carried(text, parse) == text


@pytest.mark.usefixtures("parser_installed")
def test_a_preference_said_after_a_question_is_the_named_kin():
    cards, got = _cards("what could I cook for my granny, she adores mushrooms?", "Tavita")
    assert ("Tavita's granny", "likes", "mushrooms") in cards, got


@pytest.mark.usefixtures("parser_installed")
def test_a_working_pattern_said_after_a_team_request_is_kept():
    cards, got = _cards("draw up the shifts for May - Radek only works evenings", "Lenka", org="Kavárna Modrá")
    assert any(s == "Radek" and "evenings" in v for s, _, v in cards), got


# --- a tie named with its name inside a question or a request


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, tie", [
    ("help me write a card for my godson Tevita, he's turning 11", "Sione", ("Sione", "godson", "Tevita")),
    ("is it normal that my rabbit Mochi chews the cables?", "Haruto", ("Haruto", "has_rabbit", "Mochi")),
    ("could you make up a bedtime story for my little brother Kwabena?", "Esi", ("Esi", "brother", "Kwabena")),
])
def test_a_tie_named_in_a_request_or_question_is_kept(text, owner, tie):
    cards, got = _cards(text, owner)
    assert tie in cards, got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "write a limerick about my grandad",
    "can you draw a cat called Pickles?",  # not the owner's
    "tell me a story about a dragon named Ember",
    "if I had a pony I'd call her Clover",
    "what do vegans eat for breakfast?",
])
def test_a_question_or_request_without_a_tie_of_the_owner_gives_nothing(text):
    cards, got = _cards(text, "Noor")
    assert not got, got


# --- a yes or a no to a question about the owner


@pytest.mark.parametrize("question, answer, statement", [
    ("Do you get carsick?", "yes!!", "I get carsick."),
    ("Are you afraid of wasps?", "yeah", "I am afraid of wasps."),
    ("Can you whistle?", "no, not yet", "I cannot whistle yet."),
    ("Do you eat mushrooms?", "nope, yuck", "I do not eat mushrooms."),
    ("Does your sister drive?", "yes", "My sister drives."),
    ("Is your uncle a pilot?", "yep", "My uncle is a pilot."),
    ("Are you vegetarian?", "yes, since 2019", "I am vegetarian. Since 2019"),
])
def test_a_yes_or_no_about_the_owner_is_the_question_said(question, answer, statement):
    assert complete(question, answer) == statement


def test_a_team_yes_or_no_is_said_of_we():
    assert yes_or_no("Are you open on Sundays", "no", team=True) == "We are not open on Sundays."


@pytest.mark.parametrize("question, answer", [
    ("Shall I make you a checklist?", "yes please"),  # an offer
    ("Would you like another riddle?", "yes!"),
    ("Do you want me to remind you?", "yeah"),
    ("Are you ready for the quiz?", "yes"),  # the moment
    ("Is it sunny there today?", "yes"),
    ("Do you like it?", "yes"),  # a thing only a pronoun says
    ("Did you finish your homework?", "yes"),
    ("Can you tell me more?", "sure"),  # the chat
    ("Do you like cats or dogs?", "yes"),  # a choice
    ("Is Lake Titicaca the highest lake?", "yes"),  # not about the owner
    ("Do you like your new teacher?", "not really"),  # a hedge
])
def test_a_yes_or_no_to_anything_else_is_left_as_said(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
def test_a_bare_yes_to_a_fear_gives_the_fear():
    cards, got = _cards("yes!!", "Malak", previous=["companion: Are you scared of thunder?"])
    assert ("Malak", "fears", "thunder") in cards, got


@pytest.mark.usefixtures("parser_installed")
def test_a_yes_to_an_offer_gives_nothing():
    cards, got = _cards("yes please", "Malak", previous=["companion: Shall I tell you a joke about thunder?"])
    assert not got, got


# --- the one thing a question names, meant by "it" or "there" in the statement after it


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, said", [
    ("any tips for Tally? we moved to it in March", "we moved to Tally in March"),
    ("Could you give me ten words in Tigrinya? I'm learning it for my wedding.", "I'm learning Tigrinya for my wedding."),
    ("Is Rovaniemi nice in summer? My cousin lives there.", "My cousin lives in Rovaniemi."),
])
def test_it_or_there_after_a_question_is_the_thing_it_named(text, said):
    assert said in carried(text, parse)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "Can you explain Kubernetes? I don't get it.",  # the chat's "it"
    "Kotlin or Swift, which is faster? We use it daily.",  # two things named
    "Is it far? We go there every May.",  # nothing named
])
def test_it_is_left_alone_without_one_thing_named(text):
    assert carried(text, parse) == text


# --- short answers: a question by its noun alone, how long said after, a count then the things counted


@pytest.mark.parametrize("question, answer, statement", [
    ("And your role?", "quartermaster", "My role is quartermaster."),
    ("What's your role there?", "treasurer, for six years now", "My role is treasurer. For six years now."),
    ("Do you have kids?", "three, two girls and a boy", "I have three kids, two girls and a boy."),
    ("Where are you from originally?", "Jaffna, but I grew up in Toronto", "I am from Jaffna. I grew up in Toronto."),
    ("Do you have a sister?", "yes, Mereana, she's 15", "My sister is Mereana. She's 15"),
    ("Do you have a cat?", "yep, Kūmara", "My cat is called Kūmara."),
])
def test_a_short_answer_fills_the_question(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("And you?", "quartermaster"),  # asks again whatever was asked before
    ("And the twins?", "asleep"),
])
def test_an_answer_to_a_bare_and_is_left_alone(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.parametrize("question, answer, statement", [
    ("When does your brother finish work?", "at 6", "My brother finishes work at 6."),
    ("When does Oluchi start nursery?", "in January", "Oluchi starts nursery in January."),
])
def test_when_someone_else_does_something_is_their_time(question, answer, statement):
    assert complete(question, answer) == statement


@pytest.mark.parametrize("question, answer", [
    ("When does he think it'll be ready?", "no idea"),  # nothing known
    ("When does the film start?", "soon"),  # no one of the owner's
])
def test_when_asked_of_no_one_is_left_alone(question, answer):
    assert complete(question, answer) == answer


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, said", [
    ("can you write a post about our new flavour, black sesame?", "Our new flavour is black sesame."),
    ("make a poster for our new class called Kizomba Nights", "Our new class is Kizomba Nights."),
])
def test_a_new_thing_named_in_a_request_is_said(text, said):
    assert said in carried(text, parse)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", [
    "can you text my aunt, my uncle and my cousins?",  # a list, no statement
    "plan our new menu, please",  # a new thing without its name
])
def test_a_list_or_an_unnamed_new_thing_is_left_alone(text):
    assert carried(text, parse) == text
