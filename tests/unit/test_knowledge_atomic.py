"""memcore.knowledge: atomic facts, lists and who a pronoun points at (issue 35), on sentences
written for these tests. Each fact's line says its own value and relation and none of the others'."""
from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract
from memcore.knowledge.mentions import earlier_mention, last_mention
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Omar"


def turn(text, *before):
    """The facts of `text` said by the owner after the session lines `before` ("Speaker: text")."""
    statements = [s for s in extract(text, speaker=OWNER, at=AT).statements if s.text.strip()]
    return learn(text, statements, at=AT, owner=OWNER, role="owner", speaker=OWNER, previous=list(before))


def by(facts, predicate):
    return [f for f in facts if f.predicate == predicate]


def test_she_at_the_start_of_a_turn_is_the_person_the_owners_last_turn_named():
    facts = turn("she adores sailing but she hates crowds", "Omar: my aunt's birthday is in June",
                 "companion: That's lovely! What does she enjoy?")
    assert {(f.subject, f.predicate, f.value) for f in facts} >= {
        ("Omar's aunt", "likes", "sailing"), ("Omar's aunt", "dislikes", "crowds")}


def test_the_assistants_lines_name_nobody_for_the_owner():
    assert earlier_mention(["Omar: hi", "companion: Is your brother Zaid coming?"], "Omar", OWNER) is None


def test_they_is_not_carried_over_to_one_person_from_an_earlier_turn():
    facts = turn("they're five", "Omar: My uncle Idris lives in Cardiff")
    assert not [f for f in facts if f.subject == "Idris"]


def test_a_name_after_a_tie_said_earlier_names_that_tie():
    facts = turn("My nephew came to stay. His name is Tariq, he's my sister's son.")
    assert [(f.predicate, f.value) for f in facts if f.type == "relationship"] == [("nephew", "Tariq")]


def test_a_person_named_as_the_holder_of_a_thing_is_who_she_is():
    assert last_mention("my gran's flat is in Hull", OWNER) == "Omar's gran"
    assert last_mention("he is my daughter's boy", OWNER) is None  # the boy, whose name is not said here


def test_she_is_my_manager_ties_the_person_just_named():
    facts = turn("Nadia runs the shop floor, she's my manager too.")
    assert ("manager", "Nadia") in {(f.predicate, f.value) for f in facts if f.type == "relationship"}


def test_a_past_move_gives_where_one_lives_and_where_one_is_from_apart():
    facts = turn("I moved to Dundee from Lisbon two years ago")
    lives, origin = by(facts, "lives_in"), by(facts, "from")
    assert [f.value for f in lives] == ["Dundee"] and [f.value for f in origin] == ["Lisbon"]
    assert "Lisbon" not in lives[0].text and "Dundee" not in origin[0].text
    assert not by(facts, "moving_to")


def test_a_job_by_its_suffix_and_its_workplace_are_two_facts():
    facts = turn("I'm an electrician at Volt Works now")
    assert [f.value for f in by(facts, "occupation")] == ["electrician"]
    assert [f.value for f in by(facts, "works_for")] == ["Volt Works"]
    assert "Volt" not in by(facts, "occupation")[0].text


def test_a_pastime_is_no_job():
    assert not [f for f in turn("I'm a keen runner") if f.type == "identity"]


def test_household_members_with_names_are_facts_of_their_own():
    facts = turn("I live in York with my gran and my cousin Bilal")
    lives_with = {f.value for f in by(facts, "lives_with")}
    assert lives_with == {"gran", "cousin Bilal"}
    assert ("cousin", "Bilal") in {(f.predicate, f.value) for f in facts}
    assert all("Bilal" not in f.text for f in by(facts, "lives_with") if f.value == "gran")


def test_what_a_coach_makes_the_owner_do_every_week_is_the_owners_routine():
    facts = turn("my swim coach Mr Pike makes us do lengths every Thursday")
    routine = by(facts, "routine")
    assert [f.subject for f in routine] == [OWNER] and "lengths" in routine[0].value
    assert "Pike" not in routine[0].text
    assert ("swim_coach", "Mr Pike") in {(f.predicate, f.value) for f in facts}


@pytest.mark.parametrize("text", ["I can't do Mondays anymore", "I don't go on Saturdays now"])
def test_what_does_not_happen_is_no_routine(text):
    assert not by(turn(text), "routine")


def test_a_comment_after_the_object_is_no_item():
    facts = turn("I really don't like the canteen pasta, too salty")
    assert [f.value for f in by(facts, "dislikes")] == ["canteen pasta"]


def test_what_is_learnt_leaves_out_why():
    facts = turn("I'm trying to learn how to knit so I can make my dad a scarf")
    learning = by(facts, "learning")
    assert learning and "scarf" not in learning[0].text and "knit" in learning[0].value


def test_two_verbs_of_taste_in_one_turn_give_two_facts():
    facts = turn("I love jazz but I can't abide opera.")
    assert {(f.predicate, f.value) for f in facts} >= {("likes", "jazz"), ("dislikes", "opera")}


def test_a_full_name_and_a_chat_lead_in():
    assert ("name", "Ada Lovelace") in {(f.predicate, f.value) for f in turn("My name is Ada Lovelace.")}
    assert ("name", "Sami") in {(f.predicate, f.value) for f in turn("ok so I'm Sami, I'm in year 9")}


@pytest.mark.parametrize("text", ["yeah", "ok thanks", "yes please", "tbh no idea"])
def test_chat_fillers_alone_still_teach_nothing(text):
    assert turn(text) == []


def test_a_teams_offhand_answer_with_usually_in_it_is_no_routine():
    text = "it varies, twenty minutes usually"
    statements = [s for s in extract(text, speaker=OWNER, at=AT).statements if s.text.strip()]
    assert learn(text, statements, at=AT, owner=OWNER, role="owner", speaker=OWNER, speaker_org="Gearbox") == []


def test_an_item_said_with_a_possessive_is_an_item_not_a_clause():
    facts = by(turn("I adore sushi and my grandad's curry"), "likes")
    assert [f.value for f in facts] == ["sushi", "my grandad's curry"]
    assert "sushi" not in facts[1].text and "curry" not in facts[0].text


def test_a_verb_after_and_starts_a_clause_with_the_same_subject():
    facts = turn("I like skating and go to the rink every Sunday")
    assert [f.value for f in by(facts, "likes")] == ["skating"]
    routine = by(facts, "routine")
    assert routine and "rink" in routine[0].value and "skating" not in routine[0].text


def test_skills_in_a_list_are_one_fact_each():
    facts = turn("I can juggle and ride a unicycle. I'm good at chess and sudoku.")
    assert {(f.predicate, f.value) for f in facts} >= {("can", "juggle"), ("can", "ride a unicycle"),
                                                       ("good_at", "chess"), ("good_at", "sudoku")}
    assert all(" and " not in f.text for f in facts)


def test_what_someone_may_not_have_is_a_safety_fact_an_item():
    facts = turn("Priti can't eat peanuts or sesame while she's on this medicine, so bear that in mind")
    avoid = by(facts, "must_avoid")
    assert {(f.subject, f.value, f.type) for f in avoid} == {("Priti", "peanuts", "safety"), ("Priti", "sesame", "safety")}
    assert all(("sesame" in f.text) != ("peanuts" in f.text) for f in avoid)  # each line its own item


def test_weak_at_said_two_ways():
    assert ("weak_at", "drawing") in {(f.predicate, f.value) for f in turn("I'm hopeless at drawing myself")}
    assert ("weak_at", "geography") in {(f.predicate, f.value) for f in turn("geography is my worst subject")}


def test_what_one_used_to_be_or_do():
    was = by(turn("I used to be a postman but now I do gardening"), "used_to")
    assert [(f.value, f.type) for f in was] == [("postman", "identity")] and "gardening" not in was[0].text
    other = by(turn("my boss is Wendell and he seems kind. apparently he used to sing in a band"), "used_to")
    assert [(f.subject, f.type) for f in other] == [("Wendell", "semantic")]


def test_languages_one_fact_each_and_no_joined_restatement():
    facts = turn("my nan speaks Gaelic and English")
    assert {(f.subject, f.value) for f in facts} == {("Omar's nan", "Gaelic"), ("Omar's nan", "English")}


def test_a_tie_said_with_words_that_say_which_is_still_the_subject():
    facts = by(turn("apparently our new chemistry teacher used to be a chef"), "used_to")
    assert [(f.subject, f.value) for f in facts] == [("Omar's new chemistry teacher", "chef")]
    assert not by(turn("My late uncle Reg used to say I was the best cook in Leeds"), "used_to")


def test_what_a_place_is_and_where_it_is_are_two_facts():
    facts = turn("so Larkspur is a pottery studio in Frome, my sister Bea set it up")
    kinds = {(f.predicate, f.value.removeprefix("a ")) for f in facts if f.subject == "Larkspur"}
    assert kinds == {("business_kind", "pottery studio"), ("located_in", "Frome")}
    assert all(("Frome" in f.text) != ("pottery" in f.text) for f in facts if f.subject == "Larkspur")
    assert all("Bea" not in f.text for f in facts if f.subject == "Larkspur")


def test_a_teams_tools_each_without_what_they_are_for():
    statements = [s for s in extract("we use Notion for docs and Jira for bugs", speaker=OWNER, at=AT).statements]
    facts = learn("we use Notion for docs and Jira for bugs", statements, at=AT, owner=OWNER, role="owner",
                  speaker=OWNER, speaker_org="Kestrel")
    uses = by(facts, "uses")
    assert {(f.subject, f.value) for f in uses} == {("Kestrel", "Notion"), ("Kestrel", "Jira")}
    assert all(("Jira" in f.text) != ("Notion" in f.text) for f in uses)  # each tool its own line


@pytest.mark.parametrize("text", ["hehe she is a cheeky monkey", "yeah and she can fly", "she always does that lol",
                                  "she likes it too", "ok I do it every night"])
def test_chat_about_someone_named_in_an_earlier_turn_teaches_nothing(text):
    assert turn(text, "Omar: my friend Zoe came round, she has a rabbit", "companion: How fun!") == []


def test_a_lasting_fact_about_someone_named_in_an_earlier_turn_is_kept():
    facts = turn("she adores painting", "Omar: my friend Zoe came round", "companion: How fun!")
    assert [(f.subject, f.value) for f in facts] == [("Zoe", "painting")]


@pytest.mark.parametrize("text", ["ok do the one about the pirate cat", "yes make it about a brave knight",
                                  "yeah and put a dragon in it"])
def test_a_yes_before_a_request_keeps_it_a_request(text):
    assert turn(text) == []


def test_what_a_request_mentions_is_not_told():
    assert turn("yes make it about my cousin Noor") == []


def test_whom_a_team_works_for_is_not_another_thing_it_makes():
    text = "we make websites for cafes and bakeries"
    statements = [s for s in extract(text, speaker=OWNER, at=AT).statements]
    facts = learn(text, statements, at=AT, owner=OWNER, role="owner", speaker=OWNER, speaker_org="Kestrel")
    assert [f.value for f in facts if f.subject == "Kestrel" and f.predicate == "makes"] == ["websites"]


def test_what_comes_after_then_is_the_next_fact():
    facts = turn("my favourite film is Up, then Coco")
    assert [f.value for f in facts] == ["Up"] and "Coco" not in facts[0].text
    steps = turn("I feed the cat at 7, then I walk the dog every morning")
    routines = by(steps, "routine")  # the cat at 7 is a habit of its own (at an hour), never inside the dog's
    assert routines and all(("cat" in f.text) != ("dog" in f.text) for f in routines)


def test_subjects_joined_by_and_get_a_fact_each():
    facts = by(turn("My aunt Rhiannon and my cousin Dylan live in Conwy"), "lives_in")
    assert {(f.subject, f.text) for f in facts} == {("Rhiannon", "Rhiannon lives in Conwy"), ("Dylan", "Dylan lives in Conwy")}
    parents = by(turn("my mum and dad live in Hull"), "lives_in")
    assert {f.subject for f in parents} == {"Omar's mum", "Omar's dad"}


@pytest.mark.parametrize("text", ["It is a rainy day in Leeds", "Today is a big day in Bristol", "This is a nice cafe in Bath"])
def test_talk_about_the_day_or_a_thing_is_no_place(text):
    assert turn(text) == []
