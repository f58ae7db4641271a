"""Turns a careful note-taker keeps nothing from, and their near misses that keep their fact (issue 35, item 2):
a child's make-believe (make_believe.py), someone else's opinion of what a person is (opinions_held.py), a secret the
assistant is asked to keep (secrets_kept.py) and what the owner takes back as a joke (retractions.py).

Sentences written for these tests, in a child's, an adult's and a team's voice, with names from many languages;
none is from a benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.make_believe import play_sentences, without_make_believe
from memcore.knowledge.models import Fact
from memcore.knowledge.opinions_held import held_opinion
from memcore.knowledge.parse import parse
from memcore.knowledge.retractions import pieces, without_retracted
from memcore.knowledge.secrets_kept import kept_secret

AT = datetime(2026, 9, 14, 16, 0, tzinfo=timezone.utc)
ORG = "Tidewater Print Co"


def cards(owner: str, text: str, team: bool = False) -> list[Fact]:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=[],
                 account_org=ORG if team else None)


NOTHING = [
    # the owner cast as a creature or a part of a game
    ("Wanjiru", "I'm a tiger now, rawr!"),
    ("Wanjiru", "I'm a jaguar"),
    ("Itzel", "I'm a fairy princess and I live in a castle made of sweets"),
    ("Itzel", "I'm a lion and I eat zebras for breakfast"),
    ("Bodhi", "I'm the king and you have to bow to me"),
    ("Bodhi", "I'm a superhero and my power is super speed"),
    ("Noor", "I'm a baby dragon and I live in a volcano"),
    # a game's frame
    ("Noor", "let's play shops, I'm the shopkeeper and you buy apples"),
    ("Ilse", "in my story the princess Oyelaran has a pet tiger"),
    ("Ilse", "you be the monster and I'll be the knight"),
    # a pretend creature or a toy brought to life
    ("Kaito", "my teddy is the king and he eats clouds"),
    ("Kaito", "my dolly Anahera is the queen of the moon"),
    ("Siobhan", "my unicorn Pipistrelle can fly to the stars"),
    ("Siobhan", "my dragon breathes purple fire"),
    ("Tomasz", "my toy truck goes a million miles an hour"),
    # someone else's opinion of what someone is
    ("Rustam", "the grandkids think I'm a walking bank lol"),
    ("Rustam", "my manager thinks he's a stand-up comedian"),
    ("Rustam", "Grandma thinks Ikaika is a genius"),
    # a secret the assistant is asked to keep
    ("Femi", "don't tell her, she'll tease me forever"),
    ("Femi", "Please don't tell Dad yet."),
    # a grumble said in a rule's shape
    ("Oksana", "honestly the paperwork never ends"),
    ("Oksana", "nobody reads the minutes anyway"),
    ("Oksana", "teenagers these days never take their earbuds out"),
    # a thing spoken of as if alive
    ("Oksana", "the radio has a mind of its own"),
    ("Oksana", "the kettle walks off on its own in the staff room"),
    ("Oksana", "the dishwasher is the first thing to break every summer"),
    ("Oksana", "the photocopier hates me"),
    # what is only awaited
    ("Sefa", "when we win the cup we're going to have a huge party"),
    ("Sefa", "after I pass my test I'm going to buy a car"),
    # taken back
    ("Aroha", "my brother ate a whole birthday cake, just kidding"),
    ("Aroha", "we're moving to Antarctica, only joking"),
]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, text", NOTHING)
def test_a_turn_that_asserts_nothing_gives_no_card(owner, text):
    assert cards(owner, text) == []


# near misses: said like the lines above, they tell something the note-taker keeps
KEPT = [
    ("Lucía", "I'm a nurse", "nurse"),
    ("Lucía", "I have a teddy called Bao", "Bao"),
    ("Lucía", "my dragon plushie is named Fang", "Fang"),
    ("Lucía", "my favourite toy is my dinosaur Rex", "Rex"),
    ("Dawit", "I'm the captain of the netball team", "captain"),
    ("Dawit", "we play football every Tuesday", "football"),
    ("Dawit", "when my cousin Aziz visits we always go to the beach", "beach"),
    ("Dawit", "when I grow up I want to be a vet", "vet"),
    ("Dawit", "the boiler died on us last winter", "died"),
    ("Dawit", "my gran Efua loves me", "Efua"),
    ("Dawit", "I'm scared of sharks", "sharks"),
    ("Ngozi", "my doctor thinks I have asthma", "asthma"),
    ("Ngozi", "I think my brother Kwabena is a pilot now", "pilot"),
    ("Ngozi", "no kidding, I ran a marathon last Sunday", "marathon"),
    ("Ngozi", "I'm only joking about the marathon, but I do swim every Saturday", "swim"),
]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, text, word", KEPT)
def test_a_near_miss_keeps_its_fact(owner, text, word):
    assert any(word.lower() in f"{c.value} {c.predicate}".lower() for c in cards(owner, text)), cards(owner, text)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, word", [("nobody goes in the cold store alone", "cold store"),
                                        ("we never take cheques", "cheques"),
                                        ("staff never leave the till open", "till")])
def test_a_team_rule_said_with_its_force_stays(text, word):
    assert any(word in c.value for c in cards("Ayesha", text, team=True) if c.type == "safety")


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("owner, text, team", [
    ("Kerstin", "the pigeons sit on the roof every morning", True),
    ("Kerstin", "the foxes get into the bins every night", True),
    ("Tavita", "the squirrels steal the bird seed every morning", False),
])
def test_wild_animals_doings_are_nobody_s_routine(owner, text, team):
    assert cards(owner, text, team=team) == []


@pytest.mark.usefixtures("parser_installed")
def test_the_team_s_own_animals_keep_their_routine():
    got = cards("Kerstin", "the cows go out to the field at 6 every morning", team=True)
    assert any("field" in c.value for c in got if c.type == "routine")


@pytest.mark.usefixtures("parser_installed")
def test_a_team_line_of_play_words_keeps_its_rule():
    got = cards("Ayesha", "don't leave the back door open after six", team=True)
    assert got and all("back door" in c.value for c in got)


def test_play_sentences_are_read_alone():
    text = "I'm a tiger now. My sister Mele is eleven."
    assert play_sentences(text) == ["I'm a tiger now."]
    tiger = Fact("Ana", "job", "tiger", "identity", 0.8, "Ana is a tiger")
    age = Fact("Mele", "age", "eleven", "identity", 0.8, "Mele is eleven")
    assert without_make_believe([tiger, age], text, "Ana") == [age]


@pytest.mark.parametrize("text", ["I'm a night owl", "I'm an early bird", "I'm a cat person", "I'm a dog walker",
                                  "my doll is from my grandma", "my teddy is called Bao", "my little monster Ayo is 3",
                                  "my robot vacuum is called Dusty", "let's say about 40 people work here",
                                  "in my dream job I work with horses"])
def test_a_trait_or_a_toy_s_fact_is_no_play(text):
    assert play_sentences(text) == []


def test_what_follows_a_retraction_is_said_straight():
    assert pieces("I have ten cats. jk, I have two") == [("I have ten cats.", True), (" I have two", False)]
    two = Fact("Ana", "has", "two cats", "semantic", 0.8, "Ana has two cats")
    ten = Fact("Ana", "has", "ten cats", "semantic", 0.8, "Ana has ten cats")
    assert without_retracted([ten, two], "I have ten cats. jk, I have two cats", "Ana") == [two]


@pytest.mark.parametrize("said, kept", [
    ("don't tell him", True), ("Please don't tell Mum yet", True), ("don't mention it to anyone", True),
    ("Don't tell him, his head's big enough", True), ("don't say anything to Kofi yet", True),
    ("don't tell him about the surprise party on Friday", False), ("don't leave the back door open", False),
    ("please don't suggest pubs", False), ("never tell customers our supplier prices", False), ("don't tell lies", False),
])
def test_a_secret_kept_is_a_request(said, kept):
    assert kept_secret(said) is kept


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, held", [
    ("the grandkids think I'm a walking bank", True), ("my manager thinks he's a comedian", True),
    ("they think we are fishermen", True), ("Grandma thinks Ikaika is a genius", True),
    ("my physio reckons it's my IT band", False), ("my doctor thinks I'm a diabetic", False),
    ("Mum thinks I have a cold", False), ("Dad thinks we're moving to Leeds", False), ("I think he's a pilot", False),
])
def test_an_opinion_of_what_someone_is(text, held):
    assert held_opinion(list(parse([text])[0])) is held
