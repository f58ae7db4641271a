"""A turn's texts are parsed once, whichever step of `reading.learn` asks (the reading, the readers, the passes after
them): one memo a turn (parse.parse_once), handed to each. Before, the passes after the readers ("when we win the cup
we're going to have a party": awaited_events; "And Praline?": pronoun_values) parsed the turn's statements again."""
from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone

import pytest

import memcore.knowledge.parse as parse_module
import memcore.knowledge.reading as reading_module
from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, previous", [
    ("when my team wins the cup we're going to have a huge party", []),
    ("I walk her before work, my husband feeds her", ["assistant: And Praline? How is she?"]),
    ("Ama and Kwesi are my cousins. They run a pharmacy in Kumasi", []),
])
def test_no_text_of_a_turn_is_parsed_twice(monkeypatch: pytest.MonkeyPatch, text: str, previous: list[str]) -> None:
    real = parse_module.parse
    asked: Counter[str] = Counter()

    def counting(texts: list[str]):  # the spaCy call, counted text by text
        asked.update(texts)
        return real(texts)

    monkeypatch.setattr(parse_module, "parse", counting)  # what parse_once calls
    monkeypatch.setattr(reading_module, "parse", counting)  # and what reading.py holds of it
    learn(text, None, at=AT, owner="Efua", role="owner", previous=previous)
    assert asked, "the turn was not parsed at all"
    assert [t for t, n in asked.items() if n > 1] == []
