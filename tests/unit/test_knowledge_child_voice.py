"""A child's ways of telling (issue 35): short answers read with the question they answer (answers.py),
ties said of several people at once (group_ties.py), chat and child spellings (spelling.py), greetings
as typed (fragments.py), and certainty from hedges and hearsay (certainty.said_of). Sentences written
for these tests, not from any benchmark's data."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.answers import complete
from memcore.knowledge.certainty import HEARSAY, HEDGED, PLAIN, said_of, trailing_hedge
from memcore.knowledge.reading import as_read
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 4, 11, 16, 0, tzinfo=timezone.utc)


pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def facts(text, asked=None, owner="Wren"):
    previous = [f"companion: {asked} (11 April 2026)"] if asked else []
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous)


def slots(text, asked=None, owner="Wren"):
    return {(f.type, f.subject, f.predicate, f.value) for f in facts(text, asked, owner)}


@pytest.mark.parametrize("question, answer, statement", [
    ("How old are you, Wren?", "9", "I am 9."),  # a vocative in the question
    ("Ooh, so Wren, how old are you?", "nine", "I am nine."),
    ("First, what's your name, so I can write it on the card?", "Wren", "My name is Wren."),
    ("Do you have a favourite kind of bird?", "the puffin one", "My favourite bird is the puffin."),
    ("What are you scared of?", "wasps", "I am scared of wasps."),
    ("What scares you?", "thunder", "I am scared of thunder."),
    ("What are you good at?", "umm handstands", "I am good at handstands."),
    ("Who do you play with at lunch?", "mostly Tobi and Ines", "My friends are Tobi and Ines."),
    ("Do you play any instruments?", "yeah the trumpet", "I play the trumpet."),
    ("Do you have any pets?", "yes a tortoise called Dash", "I have a tortoise called Dash."),
    ("Do you have a teddy?", "yes his name is Barnaby", "My teddy is called Barnaby"),
    ("What did you do at the weekend?", "went rock pooling with Grandpa", "I went rock pooling with Grandpa"),
    ("When do you have gymnastics?", "thursdays after school", "I have gymnastics on thursdays after school."),
    ("Where does your uncle live?", "Cardiff", "My uncle lives in Cardiff."),
    ("Where do you live?", "near the docks in Hull", "I live near the docks in Hull."),
    ("What does your dad do?", "he's a postman", "My dad is a postman"),
    ("How old are you?", "ten next month", "I turn ten next month."),
    ("What class are you in?", "5C", "I am in class 5C."),
])
def test_a_short_answer_is_read_with_its_question(question, answer, statement):
    assert as_read(answer, [f"companion: {question}"], "Wren") == statement


@pytest.mark.parametrize("question, answer", [
    ("Who's your favourite singer?", "who is the best singer ever?"),  # a question back
    ("What's your favourite food?", "idk"),
    ("Do you have any pets?", "yes"),  # a bare yes never turns the question into a fact
    ("Do you have any pets?", "no"),
    ("How old is your bread starter?", "about a week"),  # no age in years
    ("What do you mean?", "the green one"),
])
def test_what_is_not_completed(question, answer):
    assert complete(question, answer) == answer


def test_an_age_to_come_is_no_age_yet():
    got = slots("twelve next week! im 11 now", asked="How old are you, Wren?")
    assert ("identity", "Wren", "turns", "12") in got and ("identity", "Wren", "age", "11") in got
    assert ("identity", "Wren", "age", "12") not in got


@pytest.mark.parametrize("text, ties", [
    ("Tobi and Ines are my best friends", {("best_friend", "Tobi"), ("best_friend", "Ines")}),
    ("Dara, Lou and Pip are my cousins", {("cousin", "Dara"), ("cousin", "Lou"), ("cousin", "Pip")}),
    ("me n Tobi r besties", {("best_friend", "Tobi")}),
    ("Ines and me are best mates", {("best_friend", "Ines")}),
    ("probably a picnic with Tobi and Ines, they are my bffs", {("best_friend", "Tobi"), ("best_friend", "Ines")}),
])
def test_ties_said_of_several_people_give_a_card_a_name(text, ties):
    got = {(f.predicate, f.value) for f in facts(text) if f.type == "relationship" and f.subject == "Wren"}
    assert ties <= got


def test_a_list_that_is_no_tie_gives_no_relationship():
    assert not [f for f in facts("Tobi and Ines are my heroes") if f.type == "relationship"]


def test_a_household_playing_is_no_teams_tool():
    assert not [f for f in facts("I play with Tobi and Ines") if f.subject == "the team"]


@pytest.mark.parametrize("typed, read", [
    ("i luv pancakes", "i love pancakes"),
    ("my fav colour is teal", "my favourite colour is teal"),
    ("Fav colour is teal", "Favourite colour is teal"),
    ("my bro is 13 n my sis is 4", "my brother is 13 and my sister is 4"),
    ("my favourite kind of bird is the puffin", "my favourite bird is the puffin"),
])
def test_child_spellings_are_read_as_words(typed, read):
    assert respelt(typed) == read


@pytest.mark.parametrize("text", ["Jay R is here", "my favour to you", "we saw Dr N Patel"])
def test_words_that_only_look_like_chat_stay(text):
    assert respelt(text) == text


@pytest.mark.parametrize("text", ["hiii its Wren!", "hello its Wren. i am 8", "heyyy im Wren"])
def test_a_greeting_as_typed_still_introduces(text):
    assert ("identity", "Wren", "name", "Wren") in slots(text)


def test_a_hedge_and_a_report_reach_only_what_is_said_after_them():
    said = "My sister Lou says she saw a heron at the canal"
    assert said_of("Lou", "relationship", "sister", said) == PLAIN  # who reported it: stated
    assert said_of("saw a heron at the canal", "episodic", "event", said) == HEARSAY
    assert said_of("purple", "preference", "favourite_colour", "I think my favourite colour is purple") == HEDGED
    assert said_of("no sweets", "safety", "must_avoid", "Dad says no sweets before dinner") == PLAIN  # a parent's rule
    assert said_of("cats", "safety", "allergic_to", "Mum says I'm allergic to cats") == HEARSAY
    assert said_of("bird", "preference", "favourite_bird", "my favourite kind of bird is the puffin") == PLAIN
    assert said_of("Emrys", "relationship", "teacher", "My teacher Emrys apparently sang in a choir") == PLAIN
    assert said_of("sang in a choir", "episodic", "event", "My teacher Emrys apparently sang in a choir") == HEARSAY


def test_a_hedge_at_the_end_reaches_the_whole_statement():
    assert said_of("a rosette", "episodic", "won", "I won a rosette at the show, I think") == HEDGED
    assert trailing_hedge("I won a rosette at the show in 2019, I think.") == " (I think)"
    assert trailing_hedge("I think I won a rosette") == ""
    got = {f.predicate: f.certainty for f in facts("I won a rosette at the pony show, I think")}
    assert got and all(c == HEDGED for c in got.values())


def test_hearsay_from_anyone_lowers_the_fact_not_the_tie():
    got = {(f.predicate, f.value): f.certainty for f in facts("My brother Kit says he saw an otter in the river")}
    assert got[("brother", "Kit")] == PLAIN
    assert [c for (p, v), c in got.items() if "otter" in v] == [HEARSAY]


def test_what_someone_said_and_a_past_obligation_are_no_facts():
    assert not facts("my gran sayd it might snow")
    assert not [f for f in facts("we had a fire alarm and I had to leave my lunch") if f.type == "safety"]


@pytest.mark.parametrize("text, cards", [
    ("I'm the keeper for the Hornets", {("position", "keeper"), ("member_of", "the Hornets")}),
    ("I'm on the school hockey team", {("member_of", "the school hockey team")}),
    ("I'm in the choir and the orchestra", {("member_of", "the choir"), ("member_of", "the orchestra")}),
    ("I play for Riverside Colts", {("member_of", "Riverside Colts")}),
    ("I go to Cubs", {("member_of", "Cubs")}),
])
def test_teams_and_clubs_one_belongs_to_are_identity(text, cards):
    got = {(f.predicate, f.value) for f in facts(text) if f.type == "identity" and f.subject == "Wren"}
    assert cards <= got


@pytest.mark.parametrize("text", ["I'm in Leeds this week", "I'm in the team", "I'm in the bath"])
def test_being_somewhere_is_no_membership(text):
    assert not [f for f in facts(text) if f.predicate == "member_of"]


@pytest.mark.parametrize("typed, read", [
    ("I love love love otters", "I love otters"),
    ("we had choo choo trains", "we had choo choo trains"),  # a word said twice as its name stays
    ("me and my uncle go sailing on sundays", "my uncle and I go sailing on sundays"),
    ("i hate wasps they are scary", "i hate wasps, they are scary"),
    ("I have a toy owl, his name is Hoot", "I have a toy owl called Hoot"),
])
def test_child_wording_is_read_as_the_rules_read_it(typed, read):
    assert respelt(typed) == read


def test_ties_and_things_had_in_one_breath():
    got = {(f.predicate, f.value) for f in facts("I've got a brother called Rafe and a sister called Noor")}
    assert {("brother", "Rafe"), ("sister", "Noor")} <= got
    got = {(f.predicate, f.value) for f in facts("I have two cousins, Tam and Roo")}
    assert {("cousin", "Tam"), ("cousin", "Roo")} <= got


@pytest.mark.parametrize("text, card", [
    ("sprouts are yucky", ("dislikes", "sprouts")),
    ("my grandad's stew is the best", ("likes", "stew")),
    ("spelling tests are so boring", ("dislikes", "spelling tests")),
    ("trampolining is super fun", ("likes", "trampolining")),
])
def test_a_verdict_on_a_thing_is_a_taste(text, card):
    assert ("preference", "Wren", *card) in slots(text)


@pytest.mark.parametrize("text", ["my teacher is the best", "Ruby is so annoying", "this story is amazing",
                                  "it's the best", "that is awesome"])
def test_a_verdict_on_a_person_or_the_chat_is_no_taste(text):
    assert not [f for f in facts(text) if f.type == "preference"]


@pytest.mark.parametrize("question, answer", [
    ("Which one do you like?", "the red one"),  # a choice in the chat
    ("Do you like the story?", "yes the bit with the owl"),
    ("What should we call the owl?", "Hoot"),
    ("Would you like a story?", "yes one about a fox please"),
    ("What's the biggest ocean?", "the pacific"),
    ("How was your day?", "good. we had chips for lunch"),
])
def test_answers_about_the_chat_teach_nothing(question, answer):
    assert not facts(answer, asked=question)


def test_a_place_named_by_whose_it_is_stays_a_place():
    assert any(f.type == "routine" and "Wednesdays" in f.value for f in facts("I go to my nan's on Wednesdays"))


def test_but_not_is_a_dislike_of_its_own():
    got = slots("i like hamsters and rabbits but not rats")
    assert {("preference", "Wren", "likes", "hamsters"), ("preference", "Wren", "dislikes", "rats")} <= got
    assert not [f for f in facts("I like swimming but not in winter") if f.predicate == "dislikes"]


def test_whose_class_one_is_in_is_ones_teacher():
    assert ("relationship", "Wren", "teacher", "Mr Osei") in slots("I'm in Mr Osei's class")


def test_an_answer_about_the_person_named_before_is_about_them():
    previous = ["Wren: I have a cousin called Maya (11 April 2026)", "companion: Where does she live? (11 April 2026)"]
    got = learn("Glasgow", None, at=AT, owner="Wren", role="owner", speaker="Wren", previous=previous)
    assert ("Maya", "lives_in", "Glasgow") in {(f.subject, f.predicate, f.value) for f in got}
    previous = ["Wren: my big brother is called Leo (11 April 2026)", "companion: How old is he? (11 April 2026)"]
    got = learn("14", None, at=AT, owner="Wren", role="owner", speaker="Wren", previous=previous)
    assert ("Leo", "age", "14") in {(f.subject, f.predicate, f.value) for f in got}


def test_another_value_offered_with_a_doubt_is_a_hedged_card():
    got = {(f.predicate, f.value): f.certainty for f in facts("I think my favourite animal is the otter. Or maybe the seal.")}
    assert got[("favourite_animal", "otter")] == HEDGED
    assert any(v.endswith("seal") and c == HEDGED for (p, v), c in got.items() if p == "favourite_animal")


@pytest.mark.parametrize("text, words", [
    ("karate is on saturdays", {"karate", "saturdays"}),
    ("my cello lessons are every tuesday after school", {"cello", "tuesday"}),
])
def test_when_an_activity_is_is_the_owners_routine(text, words):
    got = [f for f in facts(text) if f.type == "routine" and f.subject == "Wren"]
    assert got and all(w in got[0].value for w in words)


@pytest.mark.parametrize("text", ["my mum is away on mondays", "it is on fridays", "the party is on saturday"])
def test_when_someone_or_something_else_is_is_no_routine_of_the_owner(text):
    assert not [f for f in facts(text) if f.type == "routine" and f.subject == "Wren"]


@pytest.mark.parametrize("text", ["no never", "no chance", "no not really"])
def test_a_no_with_no_thing_after_it_is_no_rule(text):
    assert not facts(text)


def test_where_one_has_been_said_with_how_often_is_an_event():
    got = facts("yes twice", asked="Have you ever been to Lisbon?")
    assert any(f.type == "episodic" and "Lisbon" in f.value for f in got)
    assert not facts("yes", asked="Have you been to Lisbon?")  # a bare yes stays small talk


@pytest.mark.parametrize("text, pets", [
    ("I have a hamster", {"hamster"}),
    ("we've got a cat and a rabbit", {"cat", "rabbit"}),
    ("I have two guinea pigs", {"guinea pig"}),
])
def test_pets_said_without_names_are_a_card_each(text, pets):
    assert pets <= {f.value for f in facts(text) if f.type == "relationship" and f.predicate == "pet"}


def test_a_pet_named_after_is_its_names_card():
    got = facts("I have a dog and he is called Pip")
    assert any("Pip" in f.value for f in got) and not [f for f in got if f.predicate == "pet" and f.value == "dog"]


@pytest.mark.parametrize("question, answer, statement", [
    ("Who's your teacher this year?", "Mr Hale", "My teacher is Mr Hale."),
    ("What's your favourite thing at school?", "PE", "My favourite thing is PE."),
    ("What games do you like to play?", "tag", "I like tag."),
])
def test_a_question_with_when_or_where_still_frames_its_answer(question, answer, statement):
    assert as_read(answer, [f"companion: {question}"], "Wren") == statement


@pytest.mark.parametrize("first, asked, then", [
    ("I got a new kitten", "Lovely! What's her name?", "Pebble"),
    ("I have a rabbit", "Aww.", "he's called Pebble"),
    ("my hamster is really fluffy", "So cute.", "her name is Pebble"),
])
def test_a_pet_told_in_pieces_is_named_by_the_later_turn(first, asked, then):
    previous = [f"Wren: {first} (11 April 2026)", f"companion: {asked} (11 April 2026)"]
    got = learn(then, None, at=AT, owner="Wren", role="owner", speaker="Wren", previous=previous)
    assert [f for f in got if f.type == "relationship" and f.subject == "Wren" and f.value == "Pebble"]


def test_a_report_said_first_reaches_the_clauses_after_it():
    got = facts("according to my cousin, our tortoise is 40")
    assert got and all(f.certainty == HEARSAY for f in got)
    got = facts("my gran told us my great grandad was born in Accra")
    assert got and all(f.certainty == HEARSAY for f in got if "Accra" in f.value)


@pytest.mark.parametrize(("text", "who", "words"), [
    ("Grandpa collects me Thursdays.", "Grandpa", "thursdays"),
    ("My dad works nights Saturdays and Sundays.", "Wren's dad", "saturdays"),
    ("I do gymnastics Mondays.", "Wren", "gymnastics mondays"),
])
def test_a_habit_said_with_a_days_plural_and_no_on_is_a_routine(text, who, words):
    got = [f for f in facts(text) if f.type == "routine"]
    assert [f.subject for f in got] == [who] and words in got[0].value.lower(), got


@pytest.mark.parametrize("text", ["Tell me a joke about Mondays.", "I hate Sundays.", "Write me a poem for Fridays."])
def test_a_days_plural_as_a_topic_a_liking_or_a_past_is_no_routine(text):
    assert not [f for f in facts(text) if f.type == "routine"]


@pytest.mark.parametrize(("text", "words"), [
    ("Mum says we only cycle on the path when it's dark.", "only cycle on the path"),
    ("My stepdad says I can only go on the quad with a helmet.", "only go on the quad with a helmet"),
    ("Nana says I'm only allowed two sweets after tea.", "only two sweets after tea"),
])
def test_what_a_parent_says_one_may_do_only_so_is_a_rule(text, words):
    got = [f for f in facts(text) if f.type == "safety"]
    assert [(f.subject, f.predicate) for f in got] == [("Wren", "rule")] and words in got[0].value, got


@pytest.mark.parametrize("text", ["Dad says I only ever talk about football.", "My friend Ola says she only eats rice."])
def test_what_someone_says_one_only_does_is_no_rule(text):
    assert not [f for f in facts(text) if f.type == "safety"]


def test_what_one_may_not_do_until_something_happens_is_a_rule_but_until_a_day_is_not():
    got = [f for f in facts("We can't go in the sea until Mum says so.") if f.type == "safety"]
    assert [(f.subject, f.predicate) for f in got] == [("Wren", "must_avoid")] and "go in the sea" in got[0].value
    assert not [f for f in facts("I can't come until Saturday.") if f.type == "safety"]
