"""What someone is, and where someone is just now (issue 35), with near misses that must not change:

- a trade no word list holds is still a job: a noun of a craft's ending ("winemaker", "wheelwright", "gamekeeper"),
  a plain agent noun ("a cobbler", "a boat builder", "a seamstress"), or any noun in a frame of work ("trained as
  an electrician", "a cobbler by trade", "does joinery for a living"); past, it is who one was;
- an evaluated doer, a habit or a standing is no job: "an early riser", "a fast reader", "a light sleeper", "a
  heavy smoker", "a real worrier", "a big fan of jazz", "a nice person", "a Leo", "a menace", "a vegetarian";
- where someone is this hour is not kept ("Mum's at the shops", "Dad is at work till 6", "the boss is off today",
  "working from home today"); a stay worth knowing later ("in hospital", "in Osaka till Thursday", "on holiday
  until Friday") is an episodic card; where one studies ("at Leeds Uni") and a habit ("at work every Saturday")
  are not passing states;
- a post said with what it heads is the relation ("my head of department is Mrs Okafor").

Sentences written for this test in three voices (a child with its companion, an adult with an assistant, a team's
chat), names from many languages; none is taken from the labelled sets."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.knowledge import trade_nouns
from memcore.knowledge.occupation import is_job
from memcore.knowledge.passing_states import passing
from memcore.knowledge.reading import learn
from tests.unit.owner_voice import owner_cards

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def team_cards(text: str, org: str = "Kettle & Loom", owner: str = "Noor") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=org)


def child_cards(text: str, owner: str = "Amara") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None,
                 previous=["assistant: What did you do today?"], account_org=None)


def _jobs(cards: list) -> list:
    return [c for c in cards if c.type == "identity" and c.predicate in ("job", "occupation", "role", "used_to_be")]


# --- the shape of the noun -------------------------------------------------------------------------------------

@pytest.mark.parametrize("words", [["winemaker"], ["cabinetmaker"], ["wheelwright"], ["blacksmith"], ["fishmonger"],
                                   ["gamekeeper"], ["beekeeper"], ["cartographer"], ["cobbler"], ["boat", "builder"],
                                   ["seamstress"], ["bookbinder"], ["net", "mender"]])
def test_a_trade_by_its_shape_is_a_job(words):
    assert is_job(words, False, set())  # a noun said with "a" (the parse or the rules know it)


@pytest.mark.parametrize("words,adjectives", [(["early", "riser"], {"early"}), (["fast", "reader"], {"fast"}),
                                              (["light", "sleeper"], {"light"}), (["heavy", "smoker"], {"heavy"}),
                                              (["smoker"], set()), (["real", "worrier"], {"real"}), (["toddler"], set()),
                                              (["pensioner"], set()), (["stranger"], set()), (["book", "lover"], set()),
                                              (["coffee", "drinker"], set()), (["football", "player"], set()),
                                              (["perfectionist"], set()), (["newcomer"], set())])
def test_a_habit_a_judgement_or_a_standing_is_no_job(words, adjectives):
    assert not is_job(words, False, adjectives)


@pytest.mark.parametrize("word", ["brilliant", "better", "intolerant", "quarter", "stricter"])
def test_a_word_not_known_as_a_noun_said_with_a_is_no_plain_agent(word):
    assert not is_job([word], False)  # (a reader of bare words: "he's brilliant", "I'm lactose intolerant")


def test_a_classifying_adjective_keeps_a_trade_and_an_evaluating_one_does_not():
    assert not trade_nouns.judged(["dental"], {"dental"}) and not trade_nouns.judged(["qualified"], {"qualified"})
    assert not trade_nouns.judged(["taxi"])  # a noun before a noun classifies
    assert trade_nouns.judged(["fast"], {"fast"}) and trade_nouns.judged(["shy"], {"shy"})


# --- the three voices ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,who,job", [
    ("Ante is a winemaker.", "Ante", "winemaker"),
    ("My husband Joaquín is a cabinetmaker.", "Joaquín", "cabinetmaker"),
    ("Our landlord Dmitri is a wheelwright.", "Dmitri", "wheelwright"),
    ("My flatmate Chiara is a bookbinder.", "Chiara", "bookbinder"),
    ("Kwame is a gamekeeper.", "Kwame", "gamekeeper"),
    ("Tevita is a boat builder.", "Tevita", "boat builder"),
    ("Rahel is a cobbler by trade.", "Rahel", "cobbler"),
    ("Sipho trained as an electrician.", "Sipho", "electrician"),
    ("Bjørn does joinery for a living.", "Bjørn", "joinery"),
    ("My neighbour Fumiko is a blacksmith.", "Fumiko", "blacksmith"),
])
def test_an_adults_people_and_their_trades(text, who, job):
    cards = owner_cards(text, owner="Leila")
    assert any(c.subject == who and job in c.value for c in _jobs(cards)), cards
    assert not [c for c in cards if c.type == "semantic" and job in c.value], cards


@pytest.mark.parametrize("text,job", [("My uncle Tiago is a beekeeper.", "beekeeper"), ("Mamá is a seamstress.", "seamstress"),
                                      ("My grandad was a shipwright.", "shipwright")])
def test_a_childs_family_and_their_trades(text, job):
    assert any(job in c.value for c in _jobs(child_cards(text))), child_cards(text)


def test_a_trade_in_the_past_is_who_one_was():
    cards = owner_cards("My father-in-law was a fishmonger.", owner="Leila")
    assert any(c.predicate == "used_to_be" and c.value == "fishmonger" for c in cards), cards


@pytest.mark.parametrize("text", ["I'm an early riser.", "Esperanza is a fast reader.", "My wife is a light sleeper.",
                                  "Hamid is a heavy smoker.", "Lukas is a nice person.", "Giulia is a real worrier.",
                                  "My son Mateo is a Scorpio.", "My sister is a Leo.", "My cousin Ilse is a menace.",
                                  "My brother is a big fan of jazz.", "Aroha is a vegetarian.", "Mehdi is a smoker."])
def test_a_trait_a_habit_or_a_sign_is_no_job(text):
    cards = owner_cards(text, owner="Leila")
    assert not _jobs(cards), cards
    assert not [c for c in cards if c.type == "relationship" and c.value.lower().startswith(("a ", "an "))], cards


@pytest.mark.parametrize("text", ["Leilani is a fast learner.", "Astrid is a great communicator."])
def test_a_teams_traits_are_no_posts(text):
    assert not _jobs(team_cards(text)), team_cards(text)


@pytest.mark.parametrize("text,who,post", [("Dolores is a bookkeeper.", "Dolores", "bookkeeper"),
                                           ("Siddharth is a potter.", "Siddharth", "potter"),
                                           ("Mireille is a glassblower.", "Mireille", "glassblower"),
                                           ("Tariq works as a courier for us.", "Tariq", "courier")])
def test_a_teams_people_and_their_work(text, who, post):
    cards = _jobs(team_cards(text))
    assert [c for c in cards if c.subject == who and c.value == post], cards
    assert len({(c.subject, c.value) for c in cards}) == len(cards), cards  # one card, not a job and a role


@pytest.mark.parametrize("text,job", [("I'm a baker", "baker"), ("Mum works as a dental nurse.", "dental nurse"),
                                      ("Ayesha is a lorry driver.", "lorry driver"), ("Olga is a translator for the UN.", "translator")])
def test_jobs_read_before_stay_jobs(text, job):
    assert any(job in c.value for c in _jobs(owner_cards(text))), owner_cards(text)


def test_a_keen_gardener_stays_a_liking_and_a_terrible_dancer_a_skill():
    cards = owner_cards("My dad is a keen gardener.")
    assert any(c.predicate == "likes" and c.value == "gardening" for c in cards) and not _jobs(cards), cards
    assert not _jobs(owner_cards("my husband Kenji is a terrible dancer"))


# --- where someone is just now ------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Dad is at work till 6", "Mum's at the shops", "at my nan's", "Rosa is in a meeting right now",
                                  "is off sick today", "Kalani is working from home today", "Kofi is at football",
                                  "Mum is at Auntie Efua's", "Chidi is at the depot till 4",
                                  "my sister is at her dance class right now"])
def test_a_passing_state(line):
    assert passing(line)


@pytest.mark.parametrize("line", ["Dad is at work every Saturday", "my cousin is at Leeds Uni", "Grandpa is in hospital",
                                  "she is a nurse at the hospital", "my sister is in Toronto", "Mei is in the office on Tuesdays",
                                  "he is at sea six months a year", "Tavita is at the university in Suva studying law",
                                  "she's at a new school now", "my son is at university in Kraków now"])
def test_not_a_passing_state(line):
    assert not passing(line)


@pytest.mark.parametrize("text,voice", [("Mum's at the shops.", child_cards), ("Dad is at work till 6.", child_cards),
                                        ("My husband is at the gym.", owner_cards), ("My daughter is at school today.", owner_cards),
                                        ("Sanjay is still at the office.", owner_cards), ("Kalani is working from home today.", team_cards),
                                        ("Chidi is at the depot till 4.", team_cards), ("The boss is off today.", owner_cards)])
def test_where_someone_is_this_hour_is_not_kept(text, voice):
    assert not voice(text), voice(text)


@pytest.mark.parametrize("text,voice,words", [("My mum is in hospital.", owner_cards, "hospital"),
                                              ("Grandpa is in hospital this week.", child_cards, "hospital"),
                                              ("Hiroshi is in Osaka till Thursday.", team_cards, "Osaka"),
                                              ("Ingrid is on holiday until Friday.", owner_cards, "holiday")])
def test_a_stay_worth_knowing_later_is_an_event(text, voice, words):
    cards = voice(text)
    assert [c for c in cards if c.type == "episodic" and words in c.value], cards
    assert not [c for c in cards if c.type != "episodic"], cards


def test_a_habit_of_being_somewhere_and_a_home_stay_kept():
    assert any(c.type == "routine" for c in owner_cards("Dad is at work every Saturday."))
    assert any(c.predicate == "lives_in" and c.value == "Leeds" for c in owner_cards("My son lives in Leeds."))


# --- posts said with what they head ------------------------------------------------------------------------------

def test_a_post_said_with_what_it_heads_is_the_relation():
    cards = owner_cards("My head of department is Mrs Okafor.", owner="Leila")
    assert any(c.predicate == "head_of_department" and c.value == "Mrs Okafor" for c in cards), cards
    assert any(c.predicate == "line_manager" and c.value == "Olusegun" for c in owner_cards("My line manager is Olusegun."))
    assert any(c.predicate == "manager" and c.value == "Priya" for c in owner_cards("My manager is Priya.", owner="Leila"))


def test_a_tie_named_with_an_honorific_after_the_name_stays_the_tie():
    cards = child_cards("my coach is Farid aga", owner="Leyla")
    assert any(c.predicate == "coach" and c.value == "Farid" for c in cards), cards
    assert not [c for c in cards if c.type == "semantic"], cards


@pytest.mark.parametrize("text,liked", [("I am a keen gardener.", "gardening"), ("I am an avid reader.", "reading")])
def test_a_pastime_said_as_a_keen_doer_stays_a_liking(text, liked):
    cards = owner_cards(text, owner="Pita")
    assert any(c.predicate == "likes" and c.value == liked for c in cards) and not [c for c in cards if c.type == "skill"], cards


def test_how_one_does_a_thing_said_as_a_doer_is_a_skill():
    cards = child_cards("im a fast bowler", owner="Zainab")
    assert any(c.type == "skill" and "fast bowler" in c.value for c in cards), cards
    assert not _jobs(cards), cards


@pytest.mark.parametrize("text,voice,who,post", [("Dr Osei is the vet from the clinic in Kumasi.", team_cards, "Dr Osei", "vet"),
                                                 ("My cousin is a nurse at the hospital.", owner_cards, "Priya's cousin", "nurse")])
def test_a_post_said_with_where_it_is_held_is_no_organisation(text, voice, who, post):
    cards = voice(text)
    assert [c for c in _jobs(cards) if c.subject == who and c.value == post], cards
    assert not [c for c in cards if c.predicate == "business_kind"], cards


def test_a_friend_from_somewhere_is_no_organisation():
    assert not [c for c in owner_cards("Ilse is a friend from the gym.") if c.predicate == "business_kind"]


def test_a_teams_post_keeps_what_it_heads():
    cards = learn("Kofi is our head of production.", None, at=AT, owner="Nia", role="owner", speaker="user", speaker_org=None,
                  previous=[], account_org="Harbourside Bakery")
    assert any(c.subject == "Kofi" and c.value == "head of production" for c in _jobs(cards)), cards
    assert trade_nouns.role_said_whole("owner", "Zeynep is the owner of the bakery") == "owner"
