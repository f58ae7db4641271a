"""A street said where someone works is that street, whatever the sentence goes on to say (issue 37, business
calibration 7070: "Gemma Gallagher from the deli on Bell Street popped in earlier" made a person "Bell
Street", since "popped in" after a name says a person). A name ending in a street's or a square's word
right after "on", "off", "at"... is the place; a person whose surname is such a word is still one when
nothing places them. Sentences written for this test."""
import pytest

from memcore.extraction import EntityType, extract_entities
from tests.conftest import require_spacy_model


@pytest.fixture(params=[False, True], ids=["rules", "ner"])
def use_ner(request):
    if request.param:
        require_spacy_model()
    return request.param


def _types(text: str, use_ner: bool) -> dict[str, EntityType]:
    return {m.name: m.type for m in extract_entities(text, speaker="owner", use_ner=use_ner).mentions}


@pytest.mark.parametrize("text,place,person", [
    ("Hamish Dorrell from the bakery on Crane Street popped in earlier.", "Crane Street", "Hamish Dorrell"),
    ("Orla from the garage off Tanner Lane came round with the invoice.", "Tanner Lane", None),
    ("Priyanka Bose at the florist on Abbey Road dropped by this morning.", "Abbey Road", "Priyanka Bose"),
])
def test_a_street_where_someone_works_is_the_place(text, place, person, use_ner):
    found = _types(text, use_ner)
    assert found.get(place) == EntityType.PLACE, found
    if person:
        assert found.get(person) == EntityType.PERSON, found


def test_a_surname_like_a_street_is_still_a_person(use_ner):
    assert _types("Spoke to Della Street about the case.", use_ner).get("Della Street") == EntityType.PERSON
