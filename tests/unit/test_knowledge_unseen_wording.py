"""memcore.knowledge on wording no rule was written for (issue 35): general readings of the parse and
of chat fragments that let an adult's facts through whatever the words. Sentences written for these
tests (not from any labelled set of the formation benchmark)."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.chat_text import for_reading
from memcore.knowledge.dependency import facts_of_sentence
from memcore.knowledge.models import Fact
from memcore.knowledge.parse import parse
from memcore.knowledge.rule_basics import TurnContext
from memcore.knowledge.vocabulary import content_words

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
needs_parser = pytest.mark.usefixtures("parser_installed")


def facts(text, owner="Gareth", previous=()):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous)


def slots(text, owner="Gareth", previous=()):
    return {(f.type, f.subject, f.predicate, f.value) for f in facts(text, owner, previous)}


def test_a_line_that_also_says_another_facts_value_is_said_from_its_own_slots():
    from memcore.knowledge.own_lines import one_fact_each

    job = Fact("Gareth", "job", "sound engineer", "identity", 0.8, "Gareth is a sound engineer at the Royal Opera House")
    place = Fact("Gareth", "works_at", "Royal Opera House", "identity", 0.8, "Gareth is a sound engineer at the Royal Opera House")
    kept = Fact("Gareth", "rule", "no phones at the Royal Opera House", "safety", 0.9, "no phones at the Royal Opera House")
    out = one_fact_each([job, place, kept])
    assert [f.text for f in out] == ["Gareth is a sound engineer", "Gareth works at Royal Opera House", kept.text]


@needs_parser
def test_a_job_and_its_workplace_in_one_clause_are_two_cards_each_without_the_other():
    got = facts("I'm a sound engineer at the Royal Opera House.")
    job = next(f for f in got if f.predicate == "job")
    place = next(f for f in got if f.predicate.startswith("works"))
    assert job.value == "sound engineer" and "opera" not in job.text.lower()
    assert "Opera" in place.value and "engineer" not in place.text


@needs_parser
def test_what_one_used_to_be_or_do_is_a_past_job_or_a_past_habit():
    parsed = facts_of_sentence(parse(["I used to be a lorry driver in Hull."])[0], TurnContext(owner="Gareth"))
    assert [(f.type, f.predicate, f.value) for f in parsed] == [("identity", "used_to_be", "lorry driver")]
    got = slots("My uncle Pat used to play in a jazz band.")
    assert any(t == "semantic" and who == "Pat" and p == "used_to" and "jazz band" in v for t, who, p, v in got)
    assert not any(p == "used_to" for _, _, p, _ in slots("My grandad used to say I was the best swimmer in Rhyl."))


@needs_parser
def test_ages_of_named_children():
    assert ("identity", "Oskar", "age", "six") in slots("My youngest Oskar is six.")
    got = slots("We've got two girls, Maya and Isla, they're five.")
    assert {("identity", "Maya", "age", "five"), ("identity", "Isla", "age", "five")} <= got


@needs_parser
def test_obsessed_with_is_a_liking_and_a_keen_doer_likes_the_doing():
    assert ("preference", "Rui", "likes", "trains") in slots("My nephew Rui is obsessed with trains.")
    assert ("preference", "Gareth", "likes", "gardening") in slots("I'm an avid gardener.")
    assert not any(p == "likes" for _, _, p, _ in slots("I'm a keen user of the library."))


@needs_parser
def test_a_habit_before_every_thing_is_a_routine():
    got = facts("I stretch my back for five minutes after every run.")
    assert any(f.type == "routine" and "stretch" in f.value for f in got)


@needs_parser
def test_lessons_one_has_started_are_a_skill_being_learnt():
    assert ("skill", "Gareth", "learning", "Spanish") in slots("I've started Spanish lessons.")


@needs_parser
def test_what_a_place_of_ones_lacks_is_a_fact_and_chat_nouns_are_not():
    assert any(p == "has" and v == "no driveway" for _, _, p, v in slots("Our house has no driveway."))
    assert slots("I have no idea.") == set()


@needs_parser
def test_work_for_a_kind_of_client_is_no_employer():
    got = slots("I do bookkeeping for small firms.")
    assert any(v == "bookkeeping" for _, _, _, v in got)
    assert not any(p.startswith("works") for _, _, p, _ in got)


@needs_parser
def test_named_grandchildren_in_a_habit_are_ties_too():
    got = slots("On Thursdays I have my grandsons, Olly and Finn, after school.")
    assert {("relationship", "Gareth", "grandson", "Olly"), ("relationship", "Gareth", "grandson", "Finn")} <= got


def test_a_filler_inside_a_sentence_keeps_the_comma_that_starts_the_next_clause():
    assert for_reading("I'm hopeless at maths tbh, doing a night class though") == \
        "I'm hopeless at maths, doing a night class though"
    assert for_reading("lol, I love it") == "I love it"


@needs_parser
def test_an_introduction_may_open_a_later_sentence_and_keeps_a_households_workplace():
    got = slots("long week. Gareth, tree surgeon, based in Brecon.")
    assert {("identity", "Gareth", "job", "tree surgeon"), ("identity", "Gareth", "lives_in", "Brecon")} <= got
    got = slots("Gareth. Sous chef at The Anchor in Tenby.")
    assert ("identity", "Gareth", "works_at", "The Anchor") in got
    assert ("identity", "Gareth", "retired", "retired") in slots("Morning. Gareth. Retired now.")


@needs_parser
def test_a_person_the_parse_named_is_who_she_is_next():
    got = slots("my sous chef Ailsa. she's great at pastry.")
    assert ("relationship", "Gareth", "sous_chef", "Ailsa") in got
    assert ("skill", "Ailsa", "good_at", "pastry") in got


@needs_parser
def test_a_name_said_with_my_and_an_agents_noun_is_a_tie():
    assert ("relationship", "Gareth", "second_shooter", "Kit") in slots("my second shooter Kit will cover the evening")


@needs_parser
def test_hours_said_without_a_verb_are_a_routine_and_a_one_off_time_is_not():
    got = facts("weekdays mostly, 6am till 2pm")
    assert any(f.type == "routine" and content_words(f.value) >= {"6am", "2pm"} for f in got)
    assert not any(f.type == "routine" for f in facts("ok 4pm tomorrow then"))


@needs_parser
def test_where_one_lives_works_or_what_one_runs_is_the_place_or_thing_not_the_clause():
    assert ("identity", "Sarah", "lives_in", "Dublin") in slots("Sarah, my sister, lives in Dublin")
    assert ("identity", "Gareth", "works_for", "garden centre") in slots("I work part time at a garden centre")
    assert any(p == "runs" and v.startswith("small pottery studio") for _, _, p, v in slots("I run a small pottery studio"))
    assert any(p == "learning" and v.startswith("training for") for _, _, p, v in slots("I'm training for a triathlon in May"))


@needs_parser
def test_him_or_her_in_a_habit_is_the_person_just_named():
    got = slots("My dad is in a care home, I see him on Sundays")
    assert any(t == "routine" and "Gareth's dad" in v for t, _, _, v in got)
    assert any(t == "routine" and "her dog" in v for t, _, _, v in slots("I walk her dog every morning"))


@needs_parser
def test_a_pet_named_after_a_comma_is_a_pet_whatever_its_word():
    assert ("relationship", "Gareth", "has_cockapoo", "Nala") in slots("we've got a cockapoo, she's called Nala")


@needs_parser
def test_an_age_to_come_a_degree_and_a_skill_that_names_no_employer():
    assert ("identity", "Noor", "turns", "6") in slots("my niece Noor turns 6 next month")
    assert ("identity", "Gareth", "studies", "geology") in slots("I'm doing a part-time degree in geology")
    got = slots("I'm hopeless at DIY")
    assert ("skill", "Gareth", "weak_at", "DIY") in got and not any(p.startswith("works") for _, _, p, _ in got)


def test_a_liking_said_without_its_subject_is_the_owners():
    from memcore.knowledge.subjectless import with_subject

    assert with_subject("not keen on olives") == "I'm not keen on olives"
    assert with_subject("big fan of jazz. Love gardening too") == "I'm a big fan of jazz. I love gardening too"
    assert with_subject("love it!") == "love it!" and with_subject("Love you") == "Love you"


@needs_parser
def test_a_liking_held_always_is_a_preference_not_a_habit():
    got = slots("I've always loved horses")
    assert ("preference", "Gareth", "likes", "horses") in got and not any(t == "routine" for t, _, _, _ in got)
    got = slots("Terrified of wasps, always have been")
    assert got == {("preference", "Gareth", "fears", "wasps")}
    assert ("preference", "Gareth", "dislikes", "spicy food") in slots("not keen on spicy food tbh")


def test_short_answers_to_questions_about_work_time_and_a_pets_kind_are_statements():
    from memcore.knowledge.answers import complete

    assert complete("What do you do for work?", "electrician, self-employed") == "I work as an electrician, self-employed."
    assert complete("What are you into?", "climbing") == "I'm into climbing."
    assert complete("How do you spend your weekends?", "gardening") == "I enjoy gardening."
    assert complete("What breed is Pickle?", "A whippet") == "Pickle is a whippet."
    assert complete("What kind of music is it?", "jazz") == "jazz"  # "it" is no one's


@needs_parser
def test_a_names_age_said_with_s_and_a_place_said_with_outside():
    assert {("identity", "Ella", "age", "9"), ("identity", "Sam", "age", "6")} <= slots("Ella's 9 and Sam is 6")
    assert ("identity", "Gareth", "lives_in", "outside York") in slots("I live just outside York.")
    assert ("preference", "Gareth", "likes", "climbing") in slots("I'm into climbing mostly, and a bit of running")


@needs_parser
def test_a_new_job_an_apposed_name_and_introduction_pieces():
    got = slots("I've just started a new job at Aviva as a data analyst")
    assert {("identity", "Gareth", "job", "data analyst"), ("identity", "Gareth", "works_at", "Aviva")} <= got
    got = facts("my eldest, Maya, is 14 and plays the cello")
    assert ("identity", "Maya", "age", "14") in {(f.type, f.subject, f.predicate, f.value) for f in got}
    assert all("Maya" in f.text for f in got if f.subject == "Maya")  # each line names whom it is about
    got = slots("hi! I'm Gareth, 41, GP in Bristol, married, two kids")
    assert {("identity", "Gareth", "job", "gp"), ("identity", "Gareth", "works_in", "Bristol"),
            ("identity", "Gareth", "status", "married"), ("relationship", "Gareth", "has_child", "two kids")} <= got


@needs_parser
def test_a_people_or_faith_is_no_name_a_relative_is_no_employer_and_a_booked_thing_is_an_event():
    got = slots("I'm Jewish so I don't eat pork")
    assert ("identity", "Gareth", "is", "Jewish") in got and not any(p == "name" for _, _, p, _ in got)
    assert ("identity", "Gareth", "name", "Denise") in slots("I'm Denise")
    got = slots("I'm a carer for my mum three days a week")
    assert ("identity", "Gareth", "job", "carer") in got and not any(p.startswith("works") for _, _, p, _ in got)
    assert any(t == "episodic" and "dentist appointment" in v for t, _, _, v in slots("I've got a dentist appointment on Friday at 3"))
    assert ("identity", "Gareth", "runs", "B&B") in slots("my husband and I run a B&B in Whitby")


@needs_parser
def test_a_relatives_birthday_is_theirs():
    assert ("identity", "Gareth's son", "birthday", "3rd of June") in slots("my son's birthday is on the 3rd of June")
    got = facts("Ana's birthday is in March")
    assert [(f.subject, f.predicate, f.value, f.text) for f in got if f.predicate == "birthday"] == [
        ("Ana", "birthday", "March", "Ana's birthday is in March")]


@needs_parser
def test_a_comment_after_which_is_no_part_of_the_facts_line():
    got = facts("I'm allergic to eggs, which makes parties tricky")
    assert [(f.predicate, f.value, f.text) for f in got] == [("allergic_to", "eggs", "Gareth is allergic to eggs")]
    said = facts("My sister is allergic to wasps, which is a worry as we camp a lot")
    assert any(f.type == "safety" and f.value == "wasps" and "camp" not in f.text for f in said)


@needs_parser
@pytest.mark.parametrize("chat", ["big fan of this plan", "not a fan of that answer", "terrible at this game haha",
                                  "hate when that happens lol", "love that!", "Love it, thanks"])
def test_a_reaction_to_the_chat_said_without_a_subject_teaches_nothing(chat):
    assert facts(chat) == []


@needs_parser
def test_an_age_said_before_who_someone_is_and_a_role_one_had():
    got = slots("I have a 6 year old daughter called Mia")
    assert {("identity", "Mia", "age", "6"), ("relationship", "Gareth", "has_daughter", "Mia")} <= got
    assert ("identity", "Jack", "age", "8") in slots("my 8-year-old son Jack loves dinosaurs")
    assert not any(p == "runs" for _, _, p, _ in slots("I ran a 10 year old car into the ground"))
