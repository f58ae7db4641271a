"""The NER model is skipped only where no name can start (memcore.extraction.name_candidates.may_hold_names),
and extraction is the same either way."""
from datetime import datetime, timezone

import pytest

from memcore.extraction import name_candidates as N
from memcore.extraction.pipeline import extract

AT = datetime(2024, 5, 1, tzinfo=timezone.utc)


def _may(text):
    return N.may_hold_names(text, frozenset(s for s, _ in N.split_sentences(text)))


@pytest.mark.parametrize("text", ["I'm going to the shops. The weather is nice.", "Yeah, I think so!",
                                  "wow that sounds amazing", "So I've been baking bread all week."])
def test_no_name_can_start_here(text):
    assert not _may(text)


@pytest.mark.parametrize("text", ["Kate looked well.", "we met Sam at the park", "Honestly, Priya was right.",
                                  "It is in New York.", "\"Biscuit ate my sock,\" he said."])
def test_a_name_can_start_here(text):
    assert _may(text)


@pytest.mark.parametrize("text", ["Kate looked well.", "Yeah, I think so!", "The weather in Leeds was awful.",
                                  "we met Sam at the park"])
def test_extraction_is_the_same_with_the_model_forced(text, monkeypatch):
    skipped = extract(text, "user", AT)
    monkeypatch.setattr(N, "may_hold_names", lambda t, s: True)
    assert extract(text, "user", AT) == skipped
