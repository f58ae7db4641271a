"""Kin of kin said as the owner's own tie (issue 35): "My daughter Lucía lives in Valencia with the two boys,
Pablo and Iker" makes Pablo and Iker the owner's grandsons; "my brother Stefan and his girls" her nieces; "my mum
Halina and her brother" her uncle. Sentences written for these tests in the voices of a grandparent, an adult and a
child, with names from several languages, not taken from any labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.kin_through import kin_through
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def ties(text, owner="Rosa"):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)
    return {(f.subject, f.predicate, f.value) for f in got if f.type == "relationship"}


def tie(subject, predicate, value):
    return Fact(subject, predicate, value, "relationship", 0.8, f"{value} is {subject}'s {predicate}")


@pytest.mark.parametrize("given, want", [
    (tie("Gary", "daughter", "Ruby"), ("Doreen", "granddaughter", "Ruby")),
    (tie("Gary", "son", "Tolu"), ("Doreen", "grandson", "Tolu")),
    (tie("Gary", "child", "Meera"), ("Doreen", "grandchild", "Meera")),
])
def test_a_childs_child_is_a_grandchild(given, want):
    got = kin_through([tie("Doreen", "son", "Gary"), given], "Doreen")
    assert [(f.subject, f.predicate, f.value) for f in got] == [("Doreen", "son", "Gary"), want]
    assert got[1].text == f"{want[2]} is Doreen's {want[1]}"


@pytest.mark.parametrize("owner_tie, their_tie, want", [
    ("big_sister", "son", "nephew"), ("brother", "daughter", "niece"),
    ("mum", "mother", "grandmother"), ("father", "dad", "grandfather"),
    ("mother", "brother", "uncle"), ("dad", "sister", "aunt"),
])
def test_other_kin_of_kin(owner_tie, their_tie, want):
    got = kin_through([tie("Amani", owner_tie, "Baraka"), tie("Baraka", their_tie, "Zawadi")], "Amani")
    assert (got[1].subject, got[1].predicate, got[1].value) == ("Amani", want, "Zawadi")


def test_a_tie_said_through_the_owners_kin_without_a_name():
    got = kin_through([tie("Rosa's son", "daughter", "Amara")], "Rosa")
    assert (got[0].subject, got[0].predicate, got[0].value) == ("Rosa", "granddaughter", "Amara")


@pytest.mark.parametrize("cards", [
    [tie("Rosa", "partner", "Facundo"), tie("Facundo", "mother", "Inés")],  # a partner's mother: no in-law by marriage
    [tie("Rosa", "best_friend", "Chiamaka"), tie("Chiamaka", "daughter", "Ada")],  # a friend's daughter
    [tie("Rosa", "ex_husband", "Gary"), tie("Gary", "sister", "Mele")],  # an ex's sister: no tie of the owner's today
    [tie("Rosa", "son", "Gary"), tie("Gary", "girlfriend", "Mele")],  # a son's girlfriend: no in-law
    [tie("Rosa", "mum", "Halina"), tie("Halina", "wife", "Ewa")],  # a mother's wife: no stepmother (two mums)
    [tie("Rosa", "cousin", "Iñaki"), tie("Iñaki", "son", "Unai")],
    [tie("Rosa", "sister", "Oksana"), tie("Oksana", "child", "Taras")],  # a sibling's child of no said sex
])
def test_near_misses_stay_as_said(cards):
    assert kin_through(cards, "Rosa") == cards


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("My daughter Lucía lives in Valencia with her husband and the two boys, Pablo and Iker.",
     {("Rosa", "grandson", "Pablo"), ("Rosa", "grandson", "Iker")}),
    ("My son Kenji and his wife have a little girl, Hana.", {("Rosa", "granddaughter", "Hana")}),
    ("My daughter Priya has twins, Arjun and Meera.", {("Rosa", "grandchild", "Arjun"), ("Rosa", "grandchild", "Meera")}),
    ("my son's daughter Amara is six.", {("Rosa", "granddaughter", "Amara")}),
    ("My brother Stefan lives in Graz with his wife and the two girls, Lena and Mia.",
     {("Rosa", "niece", "Lena"), ("Rosa", "niece", "Mia")}),
    ("My mum Halina and her brother Stefan live in Gdańsk.", {("Rosa", "uncle", "Stefan")}),
])
def test_turns_say_the_owners_tie(text, want):
    got = ties(text)
    assert want <= got
    assert not {t for t in got if t[0] not in ("Rosa",) and t[2] in {w[2] for w in want}}


@pytest.mark.usefixtures("parser_installed")
def test_a_friends_child_stays_the_friends():
    assert ("Chiamaka", "daughter", "Ada") in ties("My best friend Chiamaka and her daughter Ada came over.")


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want, not_want", [
    ("I live with my wife and my son, Dawit.", ("Tesfaye", "son", "Dawit"), ("Tesfaye", "wife", "Dawit")),
    ("Our Aroha lives in Napier with her partner and the baby, Mere.", None, ("Aroha", "partner", "Mere")),
])
def test_a_name_after_two_joined_nouns_is_the_seconds(text, want, not_want):
    got = ties(text, owner="Tesfaye")
    assert want is None or want in got
    assert not_want not in got


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, want", [
    ("My brother Kofi, my sister Ama and my cousin, Yaw, all live in Kumasi.", ("Tesfaye", "cousin", "Yaw")),
    ("My friends, Ana and Joon, love chess.", ("Tesfaye", "friend", "Joon")),
])
def test_names_said_after_their_own_noun_stay(text, want):
    assert want in ties(text, owner="Tesfaye")


def test_an_uncles_child_is_a_cousin():
    got = kin_through([tie("Yusmary", "uncle", "Ramiro"), tie("Ramiro", "son", "Jhonatan")], "Yusmary")
    assert (got[1].subject, got[1].predicate, got[1].value) == ("Yusmary", "cousin", "Jhonatan")
    got = kin_through([tie("Yusmary", "aunt", "Carmela"), tie("Carmela", "husband", "Gonzalo")], "Yusmary")
    # a tie of marriage through a named person: the marriage, with the owner's word beside it
    assert (got[1].subject, got[1].predicate, got[1].value) == ("Carmela", "husband", "Gonzalo")
    assert got[1].text == "Gonzalo is Carmela's husband, Yusmary's uncle"


@pytest.mark.parametrize("owner_tie, their_tie, want", [
    ("son", "wife", "daughter-in-law"), ("daughter", "husband", "son-in-law"),
    ("little_brother", "wife", "sister-in-law"), ("sister", "husband", "brother-in-law"),
    ("wife", "sister", "sister-in-law"), ("husband", "brother", "brother-in-law"),
    ("wife", "mum", "mother-in-law"), ("hubby", "father", "father-in-law"),
    ("dad", "wife", "stepmother"), ("mum", "husband", "stepfather"), ("uncle", "wife", "aunt"),
])
def test_ties_of_marriage(owner_tie, their_tie, want):
    # through a named person: the marriage is the card, the owner's word said beside it ("Zawadi is Baraka's wife,
    # Amani's daughter-in-law"); through a tie without a name: the owner's tie, the way it was said beside it
    got = kin_through([tie("Amani", owner_tie, "Baraka"), tie("Baraka", their_tie, "Zawadi")], "Amani")
    assert (got[1].subject, got[1].predicate, got[1].value) == ("Baraka", their_tie, "Zawadi")
    assert got[1].text == f"Zawadi is Baraka's {their_tie}, Amani's {want}"
    got = kin_through([tie(f"Amani's {owner_tie}", their_tie, "Zawadi")], "Amani")
    assert (got[0].subject, got[0].predicate, got[0].value) == ("Amani", want.replace("-", "_"), "Zawadi")
    assert got[0].text == f"Zawadi is Amani's {want}, Amani's {owner_tie.replace('_', ' ')}'s {their_tie}"


@pytest.mark.parametrize("owner_tie, their_tie, want", [
    ("partner", "son", "stepson"), ("wife", "daughter", "stepdaughter"), ("husband", "kid", "stepchild"),
])
def test_a_spouses_or_partners_child_is_a_step_child(owner_tie, their_tie, want):
    got = kin_through([tie("Amani", owner_tie, "Baraka"), tie("Baraka", their_tie, "Zawadi")], "Amani")
    assert (got[1].subject, got[1].predicate, got[1].value) == ("Amani", want, "Zawadi")
    # the way it was said beside it, without the partner's name (a card of its own)
    assert got[1].text == f"Zawadi is Amani's {want}, Amani's {owner_tie}'s {their_tie}"
