"""Names are names, sentence openers are not (issue 12): precision/recall floors on a held set.

The labelled sentences and their spec are in tests/data/extraction_names.py; rules are tuned on
its even half and measured here on its odd half.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path


from memcore.extraction.entities import extract_entities
from memcore.extraction.models import EntityType
from tests.conftest import require_spacy_model

_spec = importlib.util.spec_from_file_location("extraction_names", Path(__file__).parents[1] / "data" / "extraction_names.py")
names_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(names_data)


def score(cases: list[dict]) -> dict:
    produced = correct = gold = found = 0
    errors: list[str] = []
    placeholder_entities: list[str] = []
    for case in cases:
        mentions = extract_entities(case["text"]).mentions
        people = {m.name for m in mentions if m.type == EntityType.PERSON}
        expected = set(case["people"])
        produced += len(people)
        correct += len(people & expected)
        gold += len(expected)
        found += len(expected & people)
        if people != expected:
            errors.append(f"{case['text']!r}: got {sorted(people)}, want {sorted(expected)}")
        if case.get("placeholders"):
            placeholder_entities += [m.name for m in mentions if "<" in case["text"][max(0, m.start - 1):m.end + 1]]
    return {"precision": correct / produced if produced else 1.0, "recall": found / gold if gold else 1.0,
            "errors": errors, "placeholder_entities": placeholder_entities}


def test_halves_are_disjoint_and_balanced():
    tune, held = names_data.halves()
    assert len(tune) + len(held) == len(names_data.CASES)
    assert abs(len(tune) - len(held)) <= 1
    assert sum(bool(c["people"]) for c in held) >= 10


def test_person_precision_and_recall_on_the_held_half():
    require_spacy_model()
    _, held = names_data.halves()
    result = score(held)
    assert result["placeholder_entities"] == []
    assert result["precision"] >= 0.9, result["errors"]
    assert result["recall"] >= 0.9, result["errors"]
