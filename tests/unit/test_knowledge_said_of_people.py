"""What an owner says of the people and things around them, in the ways people talk (issue 35): a
name's "'s" that is "is", and the others below. Sentences written for these tests in three voices (a
child, an adult, a team), not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def slots(text, owner="Ines", org=None, previous=()):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value) for f in got}


@pytest.mark.parametrize("typed, read", [
    ("Priya's a vet in Truro.", "Priya is a vet in Truro."),
    ("and Lottie's our night porter", "and Lottie is our night porter"),
    ("Kemi's pretty good at chess already", "Kemi is pretty good at chess already"),
])
def test_a_names_s_before_what_no_possession_takes_is_is(typed, read):
    assert for_reading(typed) == read


@pytest.mark.parametrize("text", ["Sam's bike is red", "we get our bread from Ryan's in Carlow",
                                  "What's a good name for a goldfish?", "It's a long way"])
def test_a_possessive_or_a_place_by_its_owner_stays(text):
    assert for_reading(text) == text


@needs_parser
@pytest.mark.parametrize("text, who, job", [
    ("My husband Rui and the girls are fine. Rui's a baker in Porto.", "Rui", "baker"),  # adult
    ("Auntie Bea's a nurse", "Bea", "nurse"),  # child
    ("Dorota's an electrician, she does all our rewires", "Dorota", "electrician"),  # team
])
def test_a_job_said_with_a_names_s_is_their_job(text, who, job):
    got = slots(text, org="Brightline Builders" if "our" in text else None)
    assert ("identity", who, job) in {(t, s, v) for t, s, p, v in got if p in ("job", "role")}


@needs_parser
@pytest.mark.parametrize("text, previous, who, month", [
    ("I'm six and I turn seven in November", (), "Ines", "November"),  # child
    ("eight. in October I'm 9", ("companion: How old are you?",), "Ines", "October"),  # child, the month first
    ("Four. Turns five in March.", ("assistant: How old is Tomas?",), "Tomas", "March"),  # adult, of a child
    ("My dad is turning 60 in August, we're planning a party", (), "Ines' dad", "August"),
])
def test_an_age_to_come_said_with_its_month_says_the_birthdays_month(text, previous, who, month):
    got = slots(text, previous=previous)
    assert ("identity", who, "birthday", month) in got


def test_an_age_with_its_birthday_month_needs_no_age_to_come_card():
    got = slots("Four. Turns five in March.", previous=("assistant: How old is Tomas?",))
    assert {p for _, s, p, _ in got if s == "Tomas"} == {"age", "birthday"}


@pytest.mark.parametrize("text", ["He was four in June.", "I'm in Leeds in May"])
def test_a_month_said_with_no_age_to_come_is_no_birthday(text):
    assert not [s for s in slots(text) if s[2] == "birthday"]


@needs_parser
@pytest.mark.parametrize("text, who, employer", [
    ("I drive a taxi for a company called Citycabs.", "Ines", "Citycabs"),  # adult
    ("my brother works for a bakery called Crumbs", "Ines' brother", "Crumbs"),  # child
    ("I clean offices for an outfit called Sparkle Crew.", "Ines", "Sparkle Crew"),
])
def test_an_employer_said_as_a_thing_called_a_name_is_the_name(text, who, employer):
    got = slots(text)
    assert ("identity", who, "works_for", employer) in got
    assert not [s for s in got if s[2] == "works_for" and s[3] != employer]


@needs_parser
@pytest.mark.parametrize("text, with_whom, home", [
    ("i live with my gran in cardiff", "gran", "cardiff"),  # child, lower case
    ("I live with my dad in Oslo because my mum works in Spain", "dad", "Oslo"),
    ("we live with my in-laws in Leeds, in a terrace by the park", "in-laws", "Leeds"),  # adult
    ("i live with my yaya and dede in izmir", "yaya and dede", "izmir"),  # tie words of another language, one household as "my gran and grandad"
])
def test_whom_one_lives_with_and_where_are_two_cards(text, with_whom, home):
    got = slots(text)
    assert ("relationship", "Ines", "lives_with", with_whom) in got
    assert ("identity", "Ines", "lives_in", home) in got


def test_a_home_said_with_an_article_is_no_town():
    got = slots("I live with my partner in a flat near the station.")
    assert ("relationship", "Ines", "lives_with", "partner") in got
    assert not [s for s in got if s[2] == "lives_in" and s[3] in ("a", "flat")]


@needs_parser
@pytest.mark.parametrize("text, tie, name", [
    ("lola Rosa makes the best adobo", "lola", "Rosa"),  # child
    ("oma Greet taught me to ride a bike", "oma", "Greet"),
    ("We're staying with abuelo Tomas until Sunday.", "abuelo", "Tomas"),  # adult
    ("papi Luis picks me up on Fridays", "papi", "Luis"),
])
def test_a_family_word_of_another_language_before_a_name_is_a_tie(text, tie, name):
    got = slots(text, owner="Mia")
    assert ("relationship", "Mia", tie, name) in got
    assert not [s for s in got if s[1].lower().startswith(tie + " ")]  # what is said of them is of the name


@needs_parser
@pytest.mark.parametrize("text, who, can, cannot", [
    ("i can ride my bike but not without stabilisers yet", "Ines", "ride my bike", "ride without stabilisers"),  # child
    ("Nia can plait her own hair but not a fishtail yet", "Nia", "plait her own hair", "plait a fishtail"),
    ("I can do the front crawl, but not butterfly.", "Ines", "do the front crawl", "do butterfly"),  # adult
    ("I can swim a width. but I can't swim with goggles yet", "Ines", "swim a width", "swim with goggles"),
])
def test_an_ability_and_one_not_had_yet_are_two_cards(text, who, can, cannot):
    got = slots(text)
    assert ("skill", who, "can", can) in got and ("skill", who, "cannot", cannot) in got


@needs_parser
def test_a_reporting_verb_said_as_a_missing_ability_is_one():
    assert ("skill", "Tom", "cannot", "read") in slots("Tom can't read yet.")
    assert not slots("I can't say for sure.") and not slots("I can't tell.")


@pytest.mark.parametrize("text", ["We can do Monday but not Tuesday.", "I can come but not for long"])
def test_but_not_after_a_plan_or_a_time_is_no_ability(text):
    assert not [s for s in slots(text) if s[2] == "cannot"]


@pytest.mark.parametrize("question, answer, statement", [
    ("What's your favourite food at Grandma's?", "dumplings. but I hate mushrooms",
     "My favourite food is dumplings. but I hate mushrooms"),  # child: the thing asked, without where
    ("What's your favourite subject in school?", "maths", "My favourite subject is maths."),
    ("Got it. And how do you unwind?", "Crosswords and a long bath", "I enjoy Crosswords and a long bath."),  # adult
])
def test_an_answer_to_what_one_likes_asked_with_where_or_as_how_one_relaxes(question, answer, statement):
    from memcore.knowledge.reading import as_read

    assert as_read(answer, [f"helper: {question}"], "Ines") == statement


TEAM = "Harbour Bakery"


@needs_parser
def test_the_boss_named_in_a_teams_conversation_is_the_teams_and_owning_the_firm_is_a_post():
    got = slots("The boss is Maureen Kelly. She owns the firm and signs off the big orders.", owner="Col", org=TEAM)
    assert ("relationship", TEAM, "boss", "Maureen Kelly") in got
    assert ("identity", "Maureen Kelly", "role", "owner") in got


@needs_parser
@pytest.mark.parametrize("text", ["Head baker is Tomasz, early shifts.", "The ovens, head baker is Tomasz, nights."])
def test_a_post_said_without_the_before_a_name_is_their_role(text):
    assert ("identity", "Tomasz", "role", "head baker") in slots(text, owner="Col", org=TEAM)


@needs_parser
def test_in_ones_own_account_the_boss_is_ones_own():
    assert not [s for s in slots("The boss is Maureen, she's fine.") if s[1] == TEAM]


@needs_parser
@pytest.mark.parametrize("text, place", [
    ("We're a bike repair co-op in Leith: 6 mechanics, about 200 members.", "Leith"),
    ("We're a small bike shop in Leith - busy in summer.", "Leith"),
    ("We're Tern Cycles, a repair co-op on the shore in Leith.", "the shore in Leith"),
])
def test_where_a_team_is_said_with_its_kind_and_more_after_it(text, place):
    got = slots(text, owner="Ros", org="Tern Cycles")
    assert ("identity", "Tern Cycles", "located_in", place) in got


@needs_parser
def test_leading_the_school_projects_is_no_owner_of_a_school():
    got = slots("Kasia leads the school projects and Ben does the planning.", owner="Ros", org="Tern Cycles")
    assert ("identity", "Kasia", "role", "school projects") in got


@needs_parser
@pytest.mark.parametrize("text, value", [
    ("We're Tern Cycles. Nine people.", "nine people"),
    ("Team of four, looking after 300 bikes a month.", "four people"),
    ("We have 14 mechanics this summer, road and mountain.", "14 mechanics"),
])
def test_a_teams_headcount_said_as_a_note_or_with_when(text, value):
    assert value in {s[3] for s in slots(text, owner="Ros", org="Tern Cycles") if s[1] == "Tern Cycles"}


def test_a_while_is_still_no_headcount():
    assert not [s for s in slots("We have 2 weeks left, sadly.", owner="Ros", org="Tern Cycles") if s[2] in ("has", "size")]


@needs_parser
@pytest.mark.parametrize("text, tie, name", [
    ("my social worker Dionne takes me to the contact centre", "social_worker", "Dionne"),  # child
    ("i do reading at school. the teacher is Mrs Ade", "teacher", "Mrs Ade"),
    ("My key worker, Sam, rings on Mondays.", "key_worker", "Sam"),  # adult
])
def test_a_tie_said_with_the_or_as_a_worker_is_the_owners(text, tie, name):
    assert ("relationship", "Ines", tie, name) in slots(text)


def test_a_winner_named_is_no_tie():
    assert not slots("The winner is Tom.")


@needs_parser
@pytest.mark.parametrize("text, liked, disliked", [
    ("I love jazz. Not opera, I can't stand it.", "jazz", "opera"),  # adult
    ("i like the swings. not the slide, i hate it", "swings", "slide"),  # child
])
def test_a_dislike_named_first_then_said_as_it(text, liked, disliked):
    got = slots(text)
    assert ("preference", "Ines", "likes", liked) in got and ("preference", "Ines", "dislikes", disliked) in got


@needs_parser
@pytest.mark.parametrize("text, name", [
    ("I sing in a choir called the Larks.", "Larks"),  # adult
    ("We go to a church called St Mark's.", "St Mark's"),
    ("i swim for a club called the Otters", "Otters"),  # child
])
def test_a_thing_one_does_something_in_keeps_the_name_it_is_called_by(text, name):
    got = learn(text, None, at=AT, owner="Ines", role="owner", speaker="Ines")
    assert any(name in f.value and name in f.text for f in got)


@needs_parser
@pytest.mark.parametrize("text, other", [
    ("My name's Alexandra, but my friends call me Sasha.", "Sasha"),  # adult
    ("my name is Alexandra but you can say Sasha", "Sasha"),  # child
    ("my sisters call me Bug", "Bug"),
])
def test_a_name_others_call_one_by_is_a_name_of_ones_own(text, other):
    assert ("identity", "Ines", "name", other) in slots(text)


def test_you_can_say_that_names_nobody():
    assert not slots("you can say that again")


@needs_parser
@pytest.mark.parametrize("text, slot", [
    ("I think I'm finally getting the hang of the clutch, took me ages", ("skill", "Ines", "learning", "the clutch")),
    ("i'm good in maths", ("skill", "Ines", "good_at", "maths")),  # child
])
def test_an_ability_said_with_a_remark_after_it_or_good_in(text, slot):
    assert slot in slots(text)


def test_rubbish_in_the_mornings_is_no_skill():
    assert not [s for s in slots("I'm rubbish in the mornings.") if s[0] == "skill"]


@needs_parser
@pytest.mark.parametrize("text, liked, disliked", [
    ("Big fan of Bruce Springsteen, not so much of Dylan.", "Bruce Springsteen", "Dylan"),  # adult
    ("I love Italian food, not so much French.", "Italian food", "French"),
])
def test_not_so_much_after_a_liking_is_a_dislike(text, liked, disliked):
    got = slots(text)
    assert ("preference", "Ines", "likes", liked) in got and ("preference", "Ines", "dislikes", disliked) in got
    assert not [s for s in got if s[2] == "likes" and "much" in s[3]]


@needs_parser
def test_what_freaks_one_out_is_feared():
    assert ("preference", "Ines", "fears", "Spiders") in slots("Spiders freak me out.")  # child


@needs_parser
def test_an_item_with_a_verb_of_its_own_is_a_clause_not_an_item():
    got = slots("I'm allergic to penicillin and wasps scare me.")
    assert ("safety", "Ines", "allergic_to", "penicillin") in got and ("preference", "Ines", "fears", "wasps") in got
    assert not [s for s in got if "scare" in s[3]]


@needs_parser
def test_there_and_back_is_one_ability():
    got = slots("i can swim to the pontoon and back now")  # child
    assert ("skill", "Ines", "can", "swim to the pontoon and back") in got
    assert not [s for s in got if s[3] == "back"]
