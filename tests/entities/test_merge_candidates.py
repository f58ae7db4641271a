"""Which of an owner's people may be one person (memcore.entities.merge_candidates): the rule behind
merge proposals. Different names on purpose: no rule may be written for one example."""
import pytest

from memcore.entities.merge_candidates import Person, propose
from memcore.entities.profiles import Facets


def _p(eid, name, aliases=(), memories=1, **facets):
    return Person(eid, name, tuple(aliases), Facets(**facets), memories)


@pytest.mark.parametrize("first,full", [("Tom", "Tom Baker"), ("Priya", "Priya Raman"), ("Søren", "Søren Lund")])
def test_a_first_name_entry_and_a_full_name_sharing_a_facet_are_proposed(first, full):
    [p] = propose([_p("a", first, kin=["cousin"]), _p("b", full, memories=5, kin=["cousin"])])
    assert (p.keep_id, p.merge_id, p.rule) == ("b", "a", "first_name_and_facet")
    assert p.evidence == {"kin": ["cousin"]}


def test_the_same_full_name_twice_keeps_the_entry_with_more_memories():
    [p] = propose([_p("a", "Dana Whitfield", memories=1), _p("b", "Dana Whitfield", memories=4)])
    assert (p.keep_id, p.merge_id, p.rule) == ("b", "a", "same_full_name")
    [p] = propose([_p("a", "Dana", aliases=["Dana Whitfield"]), _p("b", "Dana Whitfield")])
    assert p.rule == "same_full_name"


@pytest.mark.parametrize("people", [
    [_p("a", "Tom Baker", roles=["bus driver"]), _p("b", "Tom Price", roles=["bus driver"])],  # two full names
    [_p("a", "Tom", roles=["plumber"]), _p("b", "Tom Baker", roles=["bus driver"])],  # roles conflict
    [_p("a", "Tom"), _p("b", "Tom Baker")],  # nothing shared: the first name alone says nothing
    [_p("a", "Tom", kin=["cousin"]), _p("b", "Tom", kin=["cousin"])],  # two first-name entries
    [_p("a", "Tommy", orgs=["Acme"]), _p("b", "Tom Baker", orgs=["Acme"])],  # another first name
])
def test_two_people_are_not_proposed(people):
    assert propose(people) == []
