"""Values whose span is the fact's, no more and no less (issue 35, docs/formation-spec.md: "the content word(s)
that make the card true"): a birthplace without "was born", a workplace with the town it is in, a pronoun
standing for what the turn named. Sentences of our own, in many voices and names; near misses must not change."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from memcore.knowledge.reading import as_read, learn
from tests.unit.owner_voice import owner_cards


def _values(text: str, subject: str, predicate: str, owner: str = "Priya") -> list[str]:
    return [c.value for c in owner_cards(text, owner) if c.subject == subject and c.predicate == predicate]


@pytest.mark.parametrize("text, subject, place", [
    ("My grandmother was born in Galway.", "Priya's grandmother", "Galway"),
    ("i think bubu was born on tanna.", "bubu", "tanna"),
    ("My mum was born on Skye.", "Priya's mum", "Skye"),
    ("Grandpa Hamid was born in Tabriz in 1941.", "Hamid", "Tabriz"),
    ("my cousin Aroha was born in Rotorua and lives in Auckland now.", "Aroha", "Rotorua"),
    ("Oma was born in a small village near Graz.", "Oma", "small village near Graz"),
])
def test_a_birthplace_is_the_place_without_was_born(text: str, subject: str, place: str) -> None:
    assert [v.lower() for v in _values(text, subject, "born_in")] == [place.lower()]
    assert not [c for c in owner_cards(text) if "born" in c.value.split()]


@pytest.mark.parametrize("text, subject, when", [
    ("My daughter was born in March.", "Priya's daughter", "in March"),
    ("my son was born in 2019.", "Priya's son", "in 2019"),
    ("My niece was born during the war.", "Priya's niece", "during the war"),
])
def test_a_birth_said_with_a_time_is_no_birthplace(text: str, subject: str, when: str) -> None:
    cards = owner_cards(text)
    assert not [c for c in cards if c.predicate in ("born_in", "from")], cards
    assert _values(text, subject, "born") == [when]


@pytest.mark.parametrize("text, owner, place, town", [
    ("I teach chemistry at a girls' secondary school in Ibra.", "Shamsa", "girls' secondary school", "Ibra"),
    ("I teach maths at a primary school in Cusco.", "Wayra", "primary school", "Cusco"),
    ("I teach English at a language school in Osaka.", "Amara", "language school", "Osaka"),
])
def test_a_workplace_said_with_its_town_keeps_the_town(text: str, owner: str, place: str, town: str) -> None:
    assert _values(text, owner, "works_at", owner) == [place]
    assert _values(text, owner, "works_in", owner) == [town]


@pytest.mark.parametrize("text", ["I buy bread at a bakery in Lyon.", "we eat lunch at a café in Bergen on Sundays."])
def test_a_place_one_only_visits_is_no_workplace(text: str) -> None:
    assert not [c for c in owner_cards(text, "Amara") if c.predicate.startswith("works")]


def _card(text: str, subject: str, owner: str = "Tunde"):
    return [c for c in owner_cards(text, owner) if c.subject == subject]


@pytest.mark.parametrize("text, subject, named", [
    ("My cat Mochi is 3, my husband feeds him every morning.", "Tunde's husband", "Mochi"),
    ("My tortoise Gaston is 40, my dad got him in 1985.", "Tunde's dad", "Gaston"),
    ("My son Bilal is 9. His grandma Rosa picks him up from school on Wednesdays.", "Rosa", "Bilal"),
    ("yes, Dmitri is my neighbour, I help him with his garden on Sundays.", "Tunde", "Dmitri"),
    ("My boss Mr Adeyemi is strict, never email him after 6.", "Tunde", "Mr Adeyemi"),
    ("my aunty Claudette lives in St George's. i stay by her monday to friday for school", "Tunde", "Claudette"),
])
def test_him_or_her_in_a_value_is_said_as_the_one_named_before(text: str, subject: str, named: str) -> None:
    said = [c for c in _card(text, subject) if named in c.value]
    assert said, owner_cards(text, "Tunde")
    assert not [c for c in said if re.search(r"\b(?:him|her)\b", c.value)]
    assert all(named in c.text for c in said)


@pytest.mark.parametrize("text, subject, kept", [
    ("My sister Hana loves her job, she walks her dog at 6 every morning.", "Hana", "her dog"),  # whose dog: hers
    ("Ifeoma loves her cat.", "Ifeoma", "her cat"),
])
def test_her_said_of_a_thing_stays(text: str, subject: str, kept: str) -> None:
    assert any(kept in c.value for c in _card(text, subject))


@pytest.mark.parametrize("text", ["I take her to school every day.", "I drive him to football on Saturdays."])
def test_a_pronoun_no_one_was_named_for_stays(text: str) -> None:
    assert all(re.search(r"\b(?:him|her)\b", c.value) for c in owner_cards(text, "Tunde") if c.type == "routine")


@pytest.mark.parametrize("text, kept, cut", [
    ("We go to the market on Saturdays, Pieter buys cheese there.", "market", "cheese"),
    ("I play chess on Thursdays at the library, it's free.", "chess", "free"),
    ("I do yoga on Tuesdays, it helps my back.", "yoga", "back"),
])
def test_a_habit_ends_where_a_clause_of_another_subject_is_spliced_on(text: str, kept: str, cut: str) -> None:
    habits = [c for c in owner_cards(text, "Ilse") if c.type == "routine" and kept in c.value]
    assert habits and not [c for c in habits if cut in c.value or cut in c.text], habits


def test_a_time_said_first_stays_with_the_habit_when_a_comment_is_cut() -> None:
    habits = [c for c in owner_cards("Every friday we go to nani's house and eat nihari, its the best", "Mahnoor")
              if c.type == "routine"]
    assert [c.value for c in habits] == ["go to nani's house every friday"]
    assert "best" not in habits[0].text and "every friday" in habits[0].text


def test_a_second_habit_of_the_same_one_is_not_cut_away() -> None:
    cards = owner_cards("I stay with my aunt in the week, then I take the boat home on Fridays", "Ilse")
    assert any("boat" in c.value and "Fridays" in c.value for c in cards), cards


@pytest.mark.parametrize("text, place", [
    ("I stay at my dad's at weekends.", "dad's"),
    ("We eat at my mum's on Sundays, she makes dolma.", "mum's"),
    ("I sleep at my big sister's on Saturdays", "sister's"),
])
def test_whose_place_said_with_my_is_no_is(text: str, place: str) -> None:
    habits = [c for c in owner_cards(text, "Wanjiru") if c.type == "routine"]
    assert habits and all(place in c.value and " is " not in c.value for c in habits), habits


@pytest.mark.parametrize("text, read", [
    ("My dad's at work.", "My dad is at work."),
    ("my mum's in Leeds", "My mum is in Leeds"),
])
def test_a_ties_s_before_where_is_still_is(text: str, read: str) -> None:
    assert as_read(text, [], "user") == read


@pytest.mark.parametrize("text, when", [
    ("I work in the mornings.", "mornings"),
    ("I stay with my aunt in the week.", "week"),
    ("I work at weekends at a garage in Limerick.", "weekends"),
])
def test_a_time_is_no_workplace_or_home(text: str, when: str) -> None:
    cards = owner_cards(text, "Wanjiru")
    assert not [c for c in cards if c.predicate in ("works_at", "works_for", "works_in", "lives_in") and when in c.value], cards


@pytest.mark.parametrize("text, predicate, place", [
    ("I work at weekends at a garage in Limerick.", "works_at", "garage"),
    ("my sister works at night at the airport.", "works_at", "airport"),
    ("I work at the hospital.", "works_for", "the hospital"),
    ("We live in a flat in Nairobi.", "lives_in", "a flat in Nairobi"),
])
def test_the_place_said_beside_the_time_is_kept(text: str, predicate: str, place: str) -> None:
    assert any(c.predicate == predicate and c.value == place for c in owner_cards(text, "Wanjiru"))


def _team_cards(text: str, owner: str = "Yadiel", org: str = "Taller Coquí") -> list:
    return learn(text, None, at=datetime(2026, 3, 2, tzinfo=timezone.utc), owner=owner, role="owner", previous=[],
                 account_org=org)


@pytest.mark.parametrize("text, who, what", [
    ("Keishla does the design. and the new girl is Nayelis, she starts Monday as receptionist", "Nayelis", "Monday"),
    ("Marit does the books, and the new apprentice is Jonas, he's 17.", "Jonas", "17"),
])
def test_he_or_she_after_who_someone_is_means_that_one(text: str, who: str, what: str) -> None:
    cards = _team_cards(text)
    assert any(c.subject == who and c.value == what for c in cards), cards
    assert not any(c.subject in ("Keishla", "Marit") and what in c.value for c in cards)


@pytest.mark.parametrize("text, who, when, post", [
    ("my son Kwabena starts on Monday as an apprentice.", "Kwabena", "on Monday", "apprentice"),
    ("my wife Ines joined the bank in 2019 as a cashier.", "Ines", "joined the bank in 2019", "cashier"),
    ("I start in June as a teaching assistant.", "Yadiel", "start in June", "teaching assistant"),
])
def test_a_post_taken_up_is_a_card_of_its_own(text: str, who: str, when: str, post: str) -> None:
    cards = owner_cards(text, "Yadiel")
    assert any(c.subject == who and c.value == when and c.type == "episodic" for c in cards), cards
    assert any(c.subject == who and c.predicate == "role" and c.value == post for c in cards), cards


@pytest.mark.parametrize("text", ["I started swimming as a kid.", "I start work at 7, as usual."])
def test_as_without_a_post_changes_nothing(text: str) -> None:
    assert not [c for c in owner_cards(text, "Yadiel") if c.predicate == "role"]


@pytest.mark.parametrize("text, named", [
    ("I have a cat called Luna, I play with her every evening.", "play with Luna every evening"),
    ("i have a toy rabbit, her name is Pip, i sleep with her every night", "sleep with Pip every night"),
])
def test_with_whom_a_bare_doing_is_done_is_what_is_done(text: str, named: str) -> None:
    assert named in [c.value for c in owner_cards(text, "Yara") if c.type == "routine"]


@pytest.mark.parametrize("text, value", [
    ("I play the lyra. lessons every Tuesday with kyrios Manolis", "lessons every Tuesday"),
    ("I walk to school with my friend Ayo every morning.", "walk to school every morning"),
])
def test_company_with_a_card_of_its_own_still_leaves_a_habit_that_says_something(text: str, value: str) -> None:
    assert value in [c.value for c in owner_cards(text, "Yara") if c.type == "routine"]


@pytest.mark.parametrize("text, who, subject_taught, town", [
    ("Elira, my granddaughter, she is 19 and studies medicine in Tirana", "Elira", "medicine", "Tirana"),
    ("My son Arben studies law in Vienna.", "Arben", "law", "Vienna"),
    ("my niece Sokoli is 20 and studies architecture in Bologna", "Sokoli", "architecture", "Bologna"),
])
def test_what_one_studies_and_where_are_two_cards(text: str, who: str, subject_taught: str, town: str) -> None:
    cards = owner_cards(text, "Drita")
    assert _values(text, who, "studies", "Drita") == [subject_taught], cards
    assert _values(text, who, "studies_in", "Drita") == [town], cards


def _answer(question: str, text: str, owner: str = "Gilles") -> list:
    return learn(text, None, at=datetime(2026, 3, 2, tzinfo=timezone.utc), owner=owner, role="owner", speaker="user",
                 previous=[f"assistant: {question}"], account_org=None)


@pytest.mark.parametrize("question, text, named", [
    ("Noted. And Praline?", "Sandrine walks her before work, I do the afternoon.", "walks Praline before work"),
    ("And how is Bongani doing?", "my sister drives him to school every morning.", "drives Bongani to school every morning"),
])
def test_him_or_her_after_a_question_about_someone_is_that_one(question: str, text: str, named: str) -> None:
    assert named in [c.value for c in _answer(question, text)]


def test_a_question_that_names_nobody_leaves_the_pronoun() -> None:
    got = [c.value for c in _answer("What do you do on Sundays?", "I take her to church every week.") if c.type == "routine"]
    assert got and all("her" in v.split() for v in got)
