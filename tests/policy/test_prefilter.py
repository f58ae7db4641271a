"""The cheap pre-filter may skip a text only if no recognizer could have matched it."""
import json
from pathlib import Path

import pytest

from policy_service import pii
from policy_service.recognizers import could_hold_pii

DATA = Path(__file__).resolve().parents[1] / "data" / "pii_labelled.jsonl"
SETS = ["pii_labelled.jsonl", "pii_conversational.jsonl", "pii_heldout.jsonl"]


def test_every_labelled_pii_utterance_passes_the_prefilter():
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    with_pii = [r for r in rows if r.get("spans")]
    assert with_pii
    assert all(could_hold_pii(r["text"]) for r in with_pii)


def test_hand_written_examples():
    for text in ["reach me at kai.long@example.org", "my number is 415 555 0199", "I live on Juniper Drive",
                 "she was born on May 3rd", "SSN 123-45-6789", "we moved to 9 Elm Rd last spring"]:
        assert could_hold_pii(text), text
    for text in ["I love triceratops!", "Peter is one of our writers.", "Can you tell me a bedtime story?",
                 "we walked a long way to the park", "the view from the hill", "I live close to the high street"]:
        assert not could_hold_pii(text), text


def test_findings_are_remembered_per_text_without_keeping_the_text():
    from policy_service.pii import FindingsCache, PiiFinding

    cache = FindingsCache(max_entries=2)
    f = (PiiFinding("PHONE", 12, 24, 0.9),)
    cache.put("my number is 415-555-0199", f)
    assert cache.get("my number is 415-555-0199") == f
    assert all(b"415" not in key for key in cache._entries.keys())
    cache.put("b", ())
    cache.put("c", ())
    assert cache.get("my number is 415-555-0199") is None  # bounded: the oldest entry went


@pytest.fixture(scope="module")
def unfiltered():
    """A detector that analyzes every text (the pre-filter switched off)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pii, "could_hold_pii", lambda text: True)
        yield pii.PiiDetector()


def test_the_prefilter_passes_every_text_the_recognizers_flag(unfiltered):
    """Every utterance of the three labelled sets, negatives included, and generated chat text:
    whatever the analyzer finds when it reads everything, the pre-filter let through."""
    from memclient.bench.textgen import utterances

    texts = [json.loads(line)["text"] for name in SETS for line in (DATA.parent / name).read_text().splitlines()
             if line.strip()]
    texts += utterances(11, 3000)
    texts += ["I live on Maple Drive", "we moved to Cherry Tree Lane", "my address is 4 the green",
              "12 Oak Avenue, Apt 4B", "Flat 3, 22 Elm Road", "we live at 3/45 Smith Street"]
    flagged = [t for t, found in zip(texts, unfiltered.detect_many(texts)) if found]
    assert len(flagged) > 500
    assert [t for t in flagged if not could_hold_pii(t)] == []
