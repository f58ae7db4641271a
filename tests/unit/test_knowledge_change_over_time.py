"""Change over time (issue 35): what changed, what stopped and what is true now. The cards keep what is
true NOW and never an ended state as current (ended_states.py, now_said.py). Sentences written for
these tests in three voices (a child with its companion, an adult with an assistant, a team), not taken
from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.ended_states import current_only
from memcore.knowledge.habits_ended import gerund, habits_ended
from memcore.knowledge.models import Fact
from memcore.knowledge.now_said import now_said
from memcore.knowledge.person import about

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def cards(text, owner="Tupac", org=None):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


def predicates(text, owner="Tupac", org=None):
    return {(f.subject, f.predicate) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner,
                                                    account_org=org)}


# pure: the reading of a "used to" sentence with the present written out
@pytest.mark.parametrize("said, read", [
    ("I used to detest olives but now I adore them.", "I used to detest olives. I adore olives."),
    ("my favourite animal used to be the owl but now it's the fox", "my favourite animal used to be the owl. "
                                                                   "My favourite animal is the fox"),
    ("Our chair used to be Halvard, but it's Mbali now.", "Our chair used to be Halvard. Our chair is Mbali."),
    ("I used to be frightened of horses but not any more.", "I used to be frightened of horses. "
                                                           "I'm not frightened of horses anymore."),
    ("she used to enjoy chess but she doesn't anymore", "she used to enjoy chess. She doesn't enjoy chess anymore"),
    ("Dagny used to be afraid of the lift but not now", "Dagny used to be afraid of the lift. "
                                                       "Dagny is not afraid of the lift anymore"),
    ("we moved the weekly review from Wednesday to Friday.", "The weekly review is on Friday now."),
    ("Coach Ivo moved my training to 6pm", "My training is at 6pm now"),
    ("the library used to shut at 8 but now it shuts at 7", "the library used to shut at 8. The library shuts at 7"),
    ("my bestie used to be Chloé but now its Anahí", "my bestie used to be Chloé. My bestie is Anahí"),
    ("We moved the quiz from Friday to the last Sunday of the month.", "The quiz is on the last Sunday of the month now."),
    ("Since we moved to Hilo I surf every weekend.", "We moved to Hilo. I surf every weekend."),
    ("Ever since my mum remarried, we live in Tromsø", "My mum remarried. We live in Tromsø"),
])
def test_the_present_of_a_change_is_written_out(said, read):
    assert now_said(said) == read


@pytest.mark.parametrize("said", [
    "I still adore horses.",  # no change said
    "I never used to like olives.",  # a past with no present
    "I used to paint but now I sculpt.",  # the present said in full already
    "I used to be shy but now I'm loud.",
    "We moved to Gdansk in June.",  # a move of home, not of a time
    "We moved the sofa to the attic.",
    "I used to like him but now I hate him.",  # a person, no thing to carry over
    "Since I was small I have loved kites.",  # how long, no change told
    "Since the storm we keep the canoes inside.",
])
def test_what_says_no_change_reads_as_it_was_said(said):
    assert now_said(said) == said


# pure: a card read from a clause that says the state ended
def _f(pred, value, kind, subject="Yusra", text="-"):
    return Fact(subject, pred, value, kind, 0.8, text)


def test_an_ended_fear_is_a_negative_card():
    got = current_only([_f("fears", "wasps", "preference")], "I'm no longer scared of wasps.")
    assert [(g.predicate, g.value) for g in got] == [("not_afraid_of", "wasps")]


def test_an_ended_home_is_a_past_card_and_the_new_one_stays():
    got = current_only([_f("lives_in", "Quito", "identity"), _f("lives_in", "Cuenca", "identity")],
                       "I don't live in Quito any more, I live in Cuenca now.")
    assert {(g.predicate, g.value) for g in got} == {("used_to", "Quito"), ("lives_in", "Cuenca")}


def test_an_ended_post_is_no_card_but_a_tie_named_before_the_negation_stays():
    ended = current_only([_f("treasurer", "Oskar", "relationship", subject="Lindenhof")],
                         "Oskar isn't our treasurer anymore.")
    assert ended == []
    kept = [_f("cousin", "Oskar", "relationship")]
    assert current_only(kept, "My cousin Oskar no longer works at the mill.") == kept


def test_a_post_held_until_a_past_time_is_no_card():
    assert current_only([_f("secretary", "Wanjiru", "relationship", subject="Lindenhof")],
                        "Wanjiru was our secretary until 2024.") == []
    kept = [_f("aunt", "Wanjiru", "relationship")]
    assert current_only(kept, "My aunt Wanjiru was a midwife until 2024.") == kept


@pytest.mark.parametrize("text, card", [
    ("I'm not scared of dogs.", _f("not_afraid_of", "dogs", "preference")),  # already negative, no end said
    ("I still love horses.", _f("likes", "horses", "preference")),
    ("We don't take cheques anymore.", _f("does_not_accept", "cheques", "semantic")),  # a negative is true now
    ("I'm at the bakery until March.", _f("works_at", "bakery", "identity")),  # "until" of the future
])
def test_what_is_true_now_is_left_as_it_is(text, card):
    assert current_only([card], text) == [card]


def test_a_habit_said_as_used_to_is_past_not_a_routine():
    card = _f("is", "The ferry used to leave at 7", "routine", subject="Harbour Co")
    got = current_only([card], "The ferry used to leave at 7 but now it leaves at 8.")
    assert [(g.predicate, g.type) for g in got] == [("used_to", "semantic")]


def test_adverbs_before_the_verb_are_not_conjugated():
    assert about("I no longer work at the mill", "Sione") == "Sione no longer works at the mill"
    assert about("I finally passed my theory test", "Sione") == "Sione finally passed Sione's theory test"
    assert about("I rarely apply for grants", "Sione") == "Sione rarely applies for grants"
    assert about("I haven't sung since May", "Sione") == "Sione hasn't sung since May"


@pytest.mark.parametrize("card, value, pred", [
    (_f("learning", "taken up archery", "skill"), "archery", "learning"),  # "I've taken up archery"
    (_f("has", "taken up the oud", "relationship", subject="Yusra's uncle"), "the oud", "took_up"),
])
def test_a_pursuit_taken_up_is_the_pursuit(card, value, pred):
    got = habits_ended([card], "x taken up", "Yusra")
    assert [(g.type, g.predicate, g.value) for g in got] == [("skill", pred, value)]


# the whole path, with the parser
@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, want, not_want", [
    # child
    ("im not scared of the hoover anymore", "Tupac", ("Tupac", "not_afraid_of"), ("Tupac", "fears")),
    ("I'm no longer afraid of the deep end", "Tupac", ("Tupac", "not_afraid_of"), ("Tupac", "fears")),
    ("I used to be scared of clowns but not now", "Tupac", ("Tupac", "not_afraid_of"), ("Tupac", "fears")),
    # adult
    ("I no longer live in Kraków.", "Małgosia", ("Małgosia", "used_to"), ("Małgosia", "lives_in")),
    ("I don't work at the call centre anymore.", "Małgosia", None, ("Małgosia", "works_for")),  # past or nothing
    ("My sister Ayşe doesn't live in Izmir any more.", "Małgosia", None, ("Ayşe", "lives_in")),
])
def test_an_ended_state_is_never_current(text, owner, want, not_want):
    got = predicates(text, owner)
    assert (want is None or want in got) and not_want not in got


@pytest.mark.usefixtures("parser_installed")
def test_the_liking_now_is_kept_with_what_it_is_of():
    got = cards("I used to hate aubergine but now I love it.", owner="Nomvula")
    assert ("preference", "Nomvula", "likes", "aubergine") in got


@pytest.mark.usefixtures("parser_installed")
def test_a_tie_that_changed_keeps_the_new_one():
    got = cards("My best mate used to be Rangi but now it's Tamati.", owner="Aroha")
    assert ("relationship", "Aroha", "best_mate", "Tamati") in got
    assert not any(c[0] == "relationship" and c[3] == "Rangi" for c in got)


@pytest.mark.usefixtures("parser_installed")
def test_a_team_post_held_until_last_year_is_not_current():
    got = cards("Bogdan was our head chef until last year.", owner="Ilse", org="Tafelrunde")
    assert not any(c[0] == "relationship" and c[3] == "Bogdan" for c in got)


@pytest.mark.usefixtures("parser_installed")
def test_a_meeting_moved_to_a_day_is_no_move_of_home():
    got = cards("We moved the supplier call to Thursday.", owner="Ilse", org="Tafelrunde")
    assert not any(c[2] in ("lives_in", "from", "moved_to") for c in got)


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, owner, card", [
    ("I still love my pony Rosie", "Tupac", ("Tupac", "likes")),  # near misses that must not change
    ("I'm not scared of spiders.", "Tupac", ("Tupac", "not_afraid_of")),
    ("My uncle Yerlan no longer drives a taxi, he's a plumber now.", "Dana", ("Dana", "uncle")),
])
def test_near_misses_keep_their_cards(text, owner, card):
    assert card in predicates(text, owner)


# habits that stopped: the change itself as a card of the past (habits_ended.py)
@pytest.mark.parametrize("verb, ing", [("chew", "chewing"), ("drive", "driving"), ("swim", "swimming"),
                                       ("lie", "lying"), ("see", "seeing"), ("visit", "visiting"), ("play", "playing")])
def test_gerund(verb, ing):
    assert gerund(verb) == ing


def test_a_habit_that_stopped_is_a_stopped_card_not_a_routine():
    routine = _f("routine", "quit netball in the autumn", "routine", subject="Siosaia")
    got = habits_ended([routine], "I quit netball in the autumn.", "Siosaia")
    assert [(g.type, g.predicate, g.value) for g in got] == [("episodic", "stopped", "netball")]


@pytest.mark.parametrize("text, what", [
    ("I don't bite my nails anymore", "biting my nails"),  # child
    ("Honestly I no longer cook on weekdays.", "cooking"),  # adult
    ("we don't send paper payslips any more", "sending paper payslips"),  # team
    ("Mehmet doesn't cycle to the depot any more.", "cycling to the depot"),
    ("I've given up the evening choir", "the evening choir"),
    ("i dont leave the hall light on anymore", "leaving the hall light on"),
    ("I haven't smoked since my daughter was born", "smoking"),  # "not since"
    ("We haven't printed the newsletter since March.", "printing the newsletter"),
])
def test_what_one_does_no_more_is_what_stopped(text, what):
    got = habits_ended([], text, "Siosaia", None)
    assert [(g.predicate, g.value) for g in got] == [("stopped", what)]


@pytest.mark.parametrize("text, card", [
    ("I don't drink cola anymore.", _f("avoids", "cola", "preference", subject="Siosaia")),  # true now, kept
    ("I still swim on Sundays.", _f("routine", "swim on Sundays", "routine", subject="Siosaia")),
])
def test_a_card_true_now_is_not_doubled(text, card):
    assert habits_ended([card], text, "Siosaia") == [card]


@pytest.mark.parametrize("text", [
    "If I quit my job I'd sail round the world.",  # hypothetical
    "Don't you play darts anymore?",  # question
    "Why don't you play darts anymore?",
    "You don't play darts anymore, do you?",
    "I don't know anymore.",  # a state, no habit
    "I stopped it.",  # what stopped is said elsewhere
    "I never stopped hoping.",
    "I haven't seen Dilnoza since Monday.",  # no habit
])
def test_no_stopped_card_from_what_asserts_no_ended_habit(text):
    assert habits_ended([], text, "Siosaia") == []


def test_a_card_whose_value_is_the_ending_is_that_change():
    has = _f("has", "left the bakery", "relationship", subject="Siosaia's brother")
    got = habits_ended([has], "My brother has left the bakery.", "Siosaia")
    assert [(g.type, g.predicate, g.value) for g in got] == [("episodic", "left", "the bakery")]
