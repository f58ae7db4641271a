"""The cheap pre-filter may skip a text only if no recognizer could have matched it."""
import json
from pathlib import Path

from policy_service.recognizers import could_hold_pii

DATA = Path(__file__).resolve().parents[1] / "data" / "pii_labelled.jsonl"


def test_every_labelled_pii_utterance_passes_the_prefilter():
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    with_pii = [r for r in rows if r.get("spans")]
    assert with_pii
    assert all(could_hold_pii(r["text"]) for r in with_pii)


def test_hand_written_examples():
    for text in ["reach me at kai.long@example.org", "my number is 415 555 0199", "I live on Juniper Court",
                 "she was born on May 3rd", "SSN 123-45-6789", "we moved to 9 Elm Rd last spring"]:
        assert could_hold_pii(text), text
    for text in ["I love triceratops!", "Peter is one of our writers.", "Can you tell me a bedtime story?"]:
        assert not could_hold_pii(text), text


def test_findings_are_remembered_per_text_without_keeping_the_text():
    from policy_service.pii import FindingsCache, PiiFinding

    cache = FindingsCache(max_entries=2)
    f = (PiiFinding("PHONE", 12, 24, 0.9),)
    cache.put("my number is 415-555-0199", f)
    assert cache.get("my number is 415-555-0199") == f
    assert all(b"415" not in key for key in cache._entries)
    cache.put("b", ())
    cache.put("c", ())
    assert cache.get("my number is 415-555-0199") is None  # bounded: the oldest entry went
