"""What someone else said, relayed by the owner (issue 35): a report said after what it reports, and a
pronoun in a report by a person's tie that cannot be the reporter (memcore.knowledge.reported).
Sentences written for these tests in three voices (a child, an adult, a team), not taken from any
labelled set of the formation benchmark."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.certainty import HEARSAY
from memcore.knowledge.reported import reports_read

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, read", [
    ("Leo plays the cello, his mum says.", "His mum says Leo plays the cello."),
    ("The depot opens at six now, my manager Ruth said", "My manager Ruth said the depot opens at six now."),
    ("Grandpa Ike was a welder in Gdansk, Mum told me!", "Mum told me Grandpa Ike was a welder in Gdansk!"),
    ("Ola's mum says he's scared of geese.", "Ola's mum says Ola is scared of geese."),
    ("Tariq's sister told me he's been a firefighter for ten years.",
     "Tariq's sister told me Tariq has been a firefighter for ten years."),
])
def test_a_report_is_read_first_and_its_pronoun_named(text, read):
    assert reports_read(text) == read


@pytest.mark.parametrize("text", [
    "I love it, Mum said.",  # the reporter's own words: not the owner's
    "We're nearly there, Dad says",
    "ok, he said",  # too short to be a report of anything
    "Ola's mum says she's worn out.",  # she may be the mum
    "My dad says he's working late.",  # whose "he" is not said here
    "Priya plays the flute and I play the drums.",  # no report at all
])
def test_what_is_no_report_of_another_stays_as_said(text):
    assert reports_read(text) == text


def _slots(text, owner="Ines", org=None, previous=()):
    got = learn(text, None, at=AT, owner=owner, role="owner", speaker=owner, previous=previous, account_org=org)
    return {(f.type, f.subject, f.predicate, f.value): f.certainty for f in got}


@pytest.mark.usefixtures("parser_installed")
@pytest.mark.parametrize("text, org, fact", [
    ("Nico plays the trumpet, his dad says", None, ("skill", "Nico", "plays", "trumpet")),  # child
    ("Bea is allergic to penicillin, her husband told me.", None, ("safety", "Bea", "allergic_to", "penicillin")),  # adult
    ("Marta's brother says she's scared of spiders.", None, ("preference", "Marta", "fears", "spiders")),
    ("Dawit's wife said he's a paramedic now.", None, ("identity", "Dawit", "job", "paramedic")),
])
def test_a_relayed_fact_is_the_persons_and_hearsay(text, org, fact):
    got = _slots(text, org=org)
    assert fact in got, got
    assert got[fact] <= HEARSAY + 0.05  # said by someone else: hearsay, however it was put
