"""A first name rare in English that opens a sentence, said with who one is and a verb ("Annika from the gym is
a paramedic"), is a person, however the small tagger read it (an adjective, a common noun): the name rules took
it (names.described_subject) and the grammar check used to drop it as a common word opening the sentence
(memcore.extraction.name_candidates). Common words in that place stay out."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memcore.extraction.pipeline import extract

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _mentions(text: str) -> list[tuple[str, str]]:
    r = extract(text, speaker="user", at=AT)
    return [(m.name, m.type.value) for s in r.statements for m in s.mentions]


@pytest.mark.parametrize("text, name", [
    ("Annika from the gym is a paramedic.", "Annika"),
    ("Marek from the gym is a paramedic.", "Marek"),
    ("Tjorven on the night shift rang.", "Tjorven"),
    ("Ximena from accounts sent the invoice.", "Ximena"),
])
def test_a_rare_first_name_said_with_who_one_is_is_a_person(text: str, name: str) -> None:
    assert (name, "person") in _mentions(text)


@pytest.mark.parametrize("text", [
    "Nature from the start was kind.",
    "Apart from the rain it was fine.",
    "Photography from the archive is stunning.",
    "Honestly from the start it was fine.",
])
def test_a_common_word_opening_the_sentence_is_no_person(text: str) -> None:
    assert not any(kind == "person" for _, kind in _mentions(text))


@pytest.mark.parametrize("text", [
    "Remenber the festival I told you about?",  # a typo, then "the"
    "Appreciating the journey and being aware of it can be a game-changer.",
    "Appreciating in small ways is what counts.",
])
def test_a_typo_or_a_gerund_opening_the_sentence_is_no_person(text: str) -> None:
    assert not any(kind == "person" for _, kind in _mentions(text))
