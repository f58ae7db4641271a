"""Names typed in lower case (issue 35, lowercase_names.py): a turn with no capital but "I" gets capitals for
the names it says after a naming word, after a tie or a pet, and in a list after a plural tie. A typed verb,
an adverb or a common word after a tie stays as it is, and a writer who uses capitals is read as typed.
Sentences written for these tests."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge.lowercase_names import typed_lowercase, with_names
from memcore.knowledge.reading import learn
from memcore.knowledge.spelling import respelt

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
OWNER = "Ilse"

pytestmark = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


def slots(text):
    return {(f.predicate, f.value) for f in learn(text, None, at=AT, owner=OWNER, role="owner", speaker=OWNER)}


@pytest.mark.parametrize(("text", "slot"), [
    ("i got a rabbit her name is pumpernickel", ("has_rabbit", "Pumpernickel")),
    ("my little sister yusra is 5", ("little_sister", "Yusra")),
    ("my best friends are ottilie and branwen", ("best_friend", "Branwen")),
    ("our dog is called biscuit", ("has_dog", "Biscuit")),
])
def test_a_name_typed_in_lower_case_is_read_as_a_name(text, slot):
    got = slots(text)
    assert any(v == slot[1] and (p == slot[0] or p.startswith("has_")) for p, v in got), got


@pytest.mark.parametrize("text", [
    "my brother plays football", "my mum really likes it", "my dog barks at the postman", "he called me names",
    "my dad teaches history at a secondary school",  # a verb's "-es" after a hissing sound: "teach", not "teache"
    "my nan watches the snooker", "my sister fixes bikes",
])
def test_a_verb_an_adverb_or_a_common_word_after_a_tie_keeps_its_case(text):
    assert with_names(text) == text


def test_a_misspelt_verb_is_respelt_before_names_are_looked_for():
    out = with_names(respelt("my dad sayd there are newts"))  # as reading.as_read does: respelt first
    assert "Sayd" not in out and "said" in out, out


def test_a_writer_who_uses_capitals_is_read_as_typed():
    assert not typed_lowercase("My brother Zaid plays")
    assert typed_lowercase("i think my brother zaid plays")


def test_a_verb_in_es_after_a_tie_is_no_one_named():
    assert not any(p == "dad" for p, _ in slots("my dad teaches history at a secondary school"))
