"""What someone teaches, said as their work ("my wife Ilse teaches maths at the grammar school": teaching.py), whom a
tie names and whom a pronoun means (memcore/knowledge: ties.name_beside, mentions.earlier_mention):
a tie that is the subject of a clause of its own after a name ("the goat is called Pippa, my son named her") names
nobody; a turn that opens on "she" after a turn that named a son last means the last woman named with her tie.
Sentences written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("parser_installed")


def said(text: str, previous: tuple[str, ...] = ()) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.value, f.type)
            for f in learn(text, None, at=AT, owner="Noor", role="owner", speaker="Noor", previous=previous)}


@pytest.mark.parametrize("text, name", [
    ("The goat is called Pippa, my son named her", "Pippa"),
    ("The parrot is called Kiwi, my wife chose it", "Kiwi"),
    ("The boat is called Osprey, my dad built it", "Osprey"),
])
def test_a_tie_starting_its_own_clause_after_a_name_is_not_that_names_tie(text, name):
    assert not [f for f in said(text) if f[3] == "relationship" and f[2] == name]


@pytest.mark.parametrize("text, name, tie", [
    ("I met Dan, my brother, at the pub", "Dan", "brother"),
    ("we stayed with Hedda, my aunt, in Bergen", "Hedda", "aunt"),
])
def test_a_tie_set_beside_a_name_still_names_it(text, name, tie):
    assert ("Noor", tie, name, "relationship") in said(text)


@pytest.mark.parametrize("before, text, who", [
    ("Noor: my wife Ilse and her sister live with us, and our son Pavel, 16. Pavel wants to be a vet",
     "she teaches maths at the grammar school", "Ilse"),
    ("Noor: my husband Tom and our daughter Ada, 9.", "he teaches history at the high school", "Tom"),
    ("Noor: my partner Rhiannon and our boy Cai, 4.", "she teaches piano in Swansea", "Rhiannon"),
])
def test_a_pronoun_opening_a_turn_means_the_last_one_named_of_its_sex(before, text, who):
    got = said(text, (before,))
    assert {f[0] for f in got if f[1] == "job"} == {who}


def test_a_pronoun_after_one_of_its_sex_means_that_one():
    got = said("she teaches maths at the grammar school", ("Noor: our daughter Ada is 30 now",))
    assert {f[0] for f in got if f[1] == "job"} == {"Ada"}


@pytest.mark.parametrize("text, who, job, place", [
    ("my wife Ilse teaches maths at the grammar school", "Ilse", "teaches maths", ("works_at", "grammar school")),
    ("Ilse teaches piano in Graz", "Ilse", "teaches piano", ("works_in", "Graz")),
    ("my uncle teaches history at a college in Lyon", "Noor's uncle", "teaches history", ("works_at", "college")),
    ("my cousin teaches year 4 at Bramble Primary", "Noor's cousin", "teaches year 4", ("works_at", "Bramble Primary")),
])
def test_what_someone_teaches_is_their_job_and_where_their_workplace(text, who, job, place):
    got = said(text)
    assert (who, "job", job, "identity") in got
    assert (who, *place, "identity") in got
    assert not [f for f in got if f[0] == who and f[1] == "teaches"]


@pytest.mark.parametrize("text", [
    "my mum teaches me to knit",  # a lesson given to the owner
    "my dad teaches kids to swim",  # whom, no subject
    "Ilse teaches in the morning",  # when, no subject
])
def test_teaching_someone_or_at_a_time_is_no_job(text):
    assert not [f for f in said(text) if f[1] == "job"]
