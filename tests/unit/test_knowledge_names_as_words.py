"""A person's name that is also an English word or a chat spelling (issue 35, names_as_words.py, spelling.py):
"Will", "May" and "Can" read as modals, "Sunny" and "Precious" as adjectives, "Wen" as chat's "when". Where the
word stands as a clause's subject before a verb of the third person, it is the name; where it asks, requests or
describes ("Will you ...?", "May I ...?", "Sunny mornings ...", "Wen is ur bday?") it stays the word.
Sentences written for these tests."""
import pytest

from owner_voice import owner_cards

pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text, owner="Ngozi"):
    return {(f.subject, f.predicate, f.value) for f in owner_cards(text, owner)}


@pytest.mark.parametrize("text, card", [
    ("Wen is a sound engineer.", ("Wen", "job", "sound engineer")),
    ("Will is a nurse at the county hospital.", ("Will", "job", "nurse")),
    ("May works as a pharmacist.", ("May", "job", "pharmacist")),
    ("Can is a welder in Izmir.", ("Can", "job", "welder")),
    ("Sunny lives in Hanoi.", ("Sunny", "lives_in", "Hanoi")),
    ("Precious is a midwife.", ("Precious", "job", "midwife")),
    ("and Will lives in Oslo.", ("Will", "lives_in", "Oslo")),
    ("My friend Will is a nurse.", ("Will", "job", "nurse")),
    ("My friend Wen is a sound engineer.", ("Ngozi", "friend", "Wen")),
    ("My daughter May teaches piano.", ("Ngozi", "daughter", "May")),
])
def test_a_name_that_is_a_word_is_the_name(text, card):
    assert card in said(text)


@pytest.mark.parametrize("text", [
    "Will you be a nurse?",
    "May I ask a question?",
    "Can we talk about my schedule?",
    "Will be there at 5.",
    "Will not be able to come.",
    "Sunny mornings make me happy.",
    "Wen is ur bday?",
    "when is the party",
])
def test_the_word_said_as_a_word_learns_no_name(text):
    assert not owner_cards(text, "Ngozi")


@pytest.mark.parametrize("text", ["Japanese is good too.", "Blue is nice.", "Organic is better."])
def test_an_adjective_said_as_a_subject_names_nobody(text):
    assert not [f for f in owner_cards(text, "Ngozi") if f.subject in ("Japanese", "Blue", "Organic")]


def test_chat_when_at_the_start_of_a_clause_stays_when():
    from memcore.knowledge.spelling import respelt
    assert respelt("Wen I was little I had a dog").startswith("When I")
    assert respelt("wen is the party").startswith("when is")
    assert respelt("Wen is a sound engineer.") == "Wen is a sound engineer."
    assert respelt("my mate Wen works nights") == "my mate Wen works nights"


def test_the_parse_keeps_the_word_as_said_and_reads_it_as_a_subject():
    from memcore.knowledge.parse import parse
    will, may = parse(["Will you help me?", "May teaches piano."])
    assert will[0].tag == "MD"  # a modal before a pronoun: a question
    assert (may[0].text, may[0].tag, may[0].dep, may[0].head) == ("May", "NNP", "nsubj", 1)
