"""The one check a fact passes before it becomes knowledge (statement_check.py), and two readers that
took talk for a rule: a past obligation ("I had to stay late" is an event) and an answer's "no"
("no, never" is no ban). Sentences written for these tests."""
import pytest

from memcore.knowledge import kinds
from memcore.knowledge.dependency import facts_of_sentence
from memcore.knowledge.models import Fact
from memcore.knowledge.parse import parse
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.statement_check import ASSERTION, Part, act_of, parts, stated, told
from memcore.knowledge.worth_keeping import worth_keeping


def acts(text):
    return [p.act for p in parts(text, parse([text])[0])]


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, act", [
    ("is it too late to plant tomatoes", "question"),  # an auxiliary before its subject, no "?"
    ("how many legs does a spider have", "question"),
    ("So the train leaves at ten, right?", "question"),  # a tag: asked throughout
    ("dinosaurs were real, weren't they", "question"),
    ("I wonder whether Stellan signed the lease.", "question"),
    ("Draft an email to the suppliers about the late gloves.", "request"),  # a bare verb, no subject
    ("let's play twenty questions", "request"),
    ("If we had another hygienist we could open Saturdays.", "hypothetical"),
    ("You told me the deadline was Friday.", "assistant_said"),
    ("Perhaps we'll switch to a new booking system.", "uncertain_future"),
    ("Long week.", "small_talk"),
    ("no not really", "small_talk"),  # an answer's leftover, no thing in it
    ("The kids are driving me mad this afternoon.", "small_talk"),  # the moment's news
    ("I want to hear about space", "request"),  # what the owner wants from the chat now
    ("We should get a new kettle.", "request"),  # a proposal, no rule
    ("I should mention I'm on warfarin.", ASSERTION),  # a lead-in to telling
    ("When I was five I broke my arm.", ASSERTION),  # a wh-word under another verb asks nothing
    ("If a patient is late by 15 minutes, we rebook them.", ASSERTION),  # a condition that holds
    ("Please note that invoices go out on the 1st.", ASSERTION),
    ("We close at 6 on Saturdays.", ASSERTION),
])
def test_each_statement_is_one_act(text, act):
    assert set(acts(text)) == {act}


@pytest.mark.usefixtures("parser_installed")
def test_a_question_beside_a_statement_leaves_the_statement():
    assert acts("My grandma lives in Malta, do you know it?") == [ASSERTION, "question"]
    assert stated("My grandma lives in Malta, do you know it?") == "My grandma lives in Malta"
    assert stated("can you tell me a story") == ""


def test_a_fact_is_kept_only_when_an_assertion_of_the_turn_says_it():
    turn = [Part("I wish I had more time", "hypothetical"), Part("I work two jobs", ASSERTION)]
    assert told(Fact("Rafe", "works", "two jobs", "semantic", 0.8, "Rafe works two jobs"), turn)
    assert not told(Fact("Rafe", "has", "more time", "semantic", 0.8, "Rafe has more time"), turn)
    asked = [Part("Just book the usual room for the training day", "request")]
    assert not told(Fact("Just", "role", "book the usual room", "identity", 0.8, "Just books the usual room"), asked)
    assert not told(Fact("Rafe", "likes", "it", "preference", 0.8, "Rafe likes it"), [Part("I like it", ASSERTION)])


def test_an_assertion_part_is_what_the_words_say_without_a_parse():
    assert act_of("you're a lifesaver") == "small_talk"  # about the assistant, not the owner
    assert act_of("I can't eat nuts") == ASSERTION


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text", ["I had to stay late at work.", "We had to cancel the picnic because of rain."])
def test_a_past_obligation_is_no_rule(text):
    found = facts_of_sentence(parse([text])[0], TurnContext(owner="Rafe"))
    assert not [f for f in found if f.type == "safety"], found


@pytest.mark.usefixtures("parser_installed")
def test_a_present_obligation_is_still_a_rule():
    found = facts_of_sentence(parse(["I have to take my inhaler every morning."])[0], TurnContext(owner="Rafe"))
    assert [f for f in found if f.type == "safety" and f.predicate == "rule"], found


@pytest.mark.parametrize("text", ["No never.", "no, never", "No, never mind", "no chance"])
def test_an_answers_no_is_no_ban(text):
    found, _ = kinds.statement_facts(text, TurnContext(owner="Rafe"), "safety")
    assert found == []


@pytest.mark.parametrize("text, value", [("No nuts for Theo.", "nuts for Theo"),
                                         ("No, he can't have nuts.", "nuts")])
def test_a_ban_said_with_no_is_still_a_ban(text, value):
    found, _ = kinds.statement_facts(text, TurnContext(owner="Rafe"), "safety")
    assert [f.value for f in found] == [value]


def test_worth_keeping_still_decides_a_values_form():
    assert not worth_keeping(Fact("Rafe", "birthday", "was last month", "identity", 0.8, "x"))
    assert not worth_keeping(Fact("Dad", "event", "said there are newts", "episodic", 0.8, "x"))


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, act", [
    # the moment judged, of nobody in particular: small talk (docs/formation-spec.md: "long week", "it's raining again")
    ("The bus was a disaster this morning.", "small_talk"),
    ("honestly traffic was a nightmare today", "small_talk"),
    ("The weather is gorgeous today!", "small_talk"),
    ("It was chaos again at the school gate.", "small_talk"),
    ("Swimming was fun today.", "small_talk"),
    # the owner's, someone named, a fact with a date or a habit: told
    ("My exam was hard today.", "assertion"),
    ("Ravi was grumpy this morning.", "assertion"),
    ("The investor demo is on the 14th.", "assertion"),
    ("The kitchen is closed on Mondays.", "assertion"),
    ("The parcel was 3 days late again.", "assertion"),
    ("when the till sticks, the trick is simple: lift the tray and push it back again", "assertion"),
])
def test_the_moment_judged_is_small_talk_and_what_is_someones_is_told(text, act):
    assert acts(text) == [act], text


@pytest.mark.parametrize("text", ["byeee see you tomorrow", "thaaanks!!", "okkk", "gotta go, speak soon", "see ya tomorrow x"])
def test_farewells_and_stretched_words_teach_nothing(text):
    assert act_of(text) == "small_talk", text


@pytest.mark.parametrize("text", ["see you tomorrow at the dentist", "I see Gran tomorrow", "sooo tired of the night shifts"])
def test_what_follows_a_farewell_or_a_stretched_word_still_counts(text):
    from memcore.extraction.intent import memory_need
    assert memory_need(text).needed, text


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, act", [
    # a condition does what its main clause does (statement_mood.py): hypothetical beside "we'd", "we could"
    ("Were we to open on Sundays, we'd need more staff.", "hypothetical"),
    ("Should business pick up, we could maybe open a second yard.", "hypothetical"),  # no question
    ("If the ferry's cancelled, I suppose we'd take the long way round.", "hypothetical"),
    ("In case the van breaks down again.", "hypothetical"),  # a condition said alone
    ("Assuming the quote comes back cheap, we might go for the solar panels.", "uncertain_future"),
    ("We could perhaps trial Sunday collections next year.", "uncertain_future"),
    ("We're opening a second studio in May, fingers crossed.", "uncertain_future"),
    ("I'm thinking of maybe taking up yoga.", "uncertain_future"),
    ("A bigger van would be handy.", "uncertain_future"),
    # the moment's chat about a thing
    ("That new logo looks really sharp.", "small_talk"),
    ("The printer's playing up again.", "small_talk"),
    ("Someone's left a lasagne in the staff fridge and it's getting scary.", "small_talk"),
    ("Bit of a scramble this morning, the van wouldn't start.", "small_talk"),
    ("Dana claims she invented the tape gun trick, I don't believe her.", "small_talk"),  # a claim the owner doubts
    ("At this rate we'll be here till midnight.", "hypothetical"),
    ("Jo thinks we'll be twice as busy next year.", "small_talk"),  # someone's opinion about the future
    # the same words in facts: a rule with its condition, a permission, a past ability, a hedged state
    ("If it rains, we move the class indoors.", ASSERTION),
    ("We always lock the shed unless Pim is still working.", ASSERTION),
    ("Customers may bring their own mugs if they book ahead.", ASSERTION),
    ("My daughter could read at three.", ASSERTION),
    ("I might be allergic to latex.", ASSERTION),
    ("I'd rather not get calls after 8pm.", ASSERTION),
    ("if it's about money only Fiona or the GM can authorise a refund", ASSERTION),
    ("Dana says the van is booked in for Tuesday.", ASSERTION),  # hearsay nobody doubts
    ("The warehouse feels cold in winter.", ASSERTION),  # a judgement that recurs
])
def test_conditions_plans_and_the_moments_chat(text, act):
    assert set(acts(text)) == {act}, text


@pytest.mark.usefixtures("parser_installed")
def test_a_fact_said_only_in_a_rules_condition_is_not_told():
    text = "In case the boss asks, I was at the depot all morning."
    turn = parts(text, parse([text])[0])
    assert [p.condition for p in turn] == [True, False]
    assert not told(Fact("Larkspur", "said", "In case the boss asks", "semantic", 0.8, "Larkspur: In case the boss asks"), turn)
    rule = "If it rains, we move the packing into the back shed."
    turn = parts(rule, parse([rule])[0])
    assert told(Fact("Larkspur", "process", "It rains", "process", 0.9,
                     "If it rains, Larkspur moves the packing into the back shed"), turn)
