import pytest

from policy_service.pii import PiiFinding, redact, resolve_overlaps


@pytest.mark.parametrize("text, expected", [
    ("my address is 48 Birch Lane and my phone number is (415) 555-0199",
     "my address is <ADDRESS> and my phone number is <PHONE>"),
    ("email me at jane.doe@example.co.uk, my ssn is 536-22-8471", "email me at <EMAIL>, my ssn is <SSN>"),
    ("Pay with 4539 1488 0343 6467 please", "Pay with <CARD> please"),
    ("Amex 3782 822463 10005 on file", "Amex <CARD> on file"),
    ("I was born on March 3, 2015", "I was born on <DOB>"),
    ("my nana lives at 7 Rosewood Court, Apt 2", "my nana lives at <ADDRESS>"),
])
def test_hand_written_pii_is_redacted(detector, text, expected):
    assert redact(text, detector.detect(text)) == expected


@pytest.mark.parametrize("text", [
    "order 4521 ships on May 3",
    "I walked 3 blocks down the street",
    "The SSN field on the form is empty",
    "the meeting on June 12th is cancelled",
    "The invoice total was $1,249.50 paid on 03/14/2025",
    "we have 3 dogs and the vet is at 9:30",
    "card 4111 1111 1111 1112 is not a real number",  # fails Luhn
])
def test_hard_negatives_find_nothing(detector, text):
    assert detector.detect(text) == []


def test_us_phone_is_not_also_reported_as_another_type(detector):
    findings = detector.detect("call 212-555-0143 now")
    assert [f.type for f in findings] == ["PHONE"]


def test_spans_point_at_the_pii(detector):
    text = "reach me at 415.555.0188 tonight"
    [finding] = detector.detect(text)
    assert text[finding.start:finding.end] == "415.555.0188"


def test_resolve_overlaps_keeps_higher_score():
    kept = resolve_overlaps([PiiFinding("SSN", 0, 11, 0.5), PiiFinding("PHONE", 0, 12, 0.9), PiiFinding("EMAIL", 20, 30, 1.0)])
    assert [(f.type, f.start) for f in kept] == [("PHONE", 0), ("EMAIL", 20)]


def test_labelled_set_is_deterministic_and_large_enough():
    from memclient.bench.pii_dataset import generate
    first, second = generate(), generate()
    assert first == second
    assert len(first) >= 300
    assert any(r["spans"] for r in first) and any(not r["spans"] for r in first)
    for r in first:
        for span in r["spans"]:
            assert 0 <= span["start"] < span["end"] <= len(r["text"])
