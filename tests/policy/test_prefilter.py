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
