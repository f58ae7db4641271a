"""The Luhn check the card recognizer validates with, and the check digit the PII generators use."""
import pytest

from memcore.luhn import check_digit, is_valid


@pytest.mark.parametrize("number", ["4539148803436467", "378282246310005", "2221000000000009", "4222222222222"])
def test_known_card_numbers_pass(number):
    assert is_valid(number)
    assert check_digit(number[:-1]) == number[-1]


@pytest.mark.parametrize("number", ["4539148803436468", "378282246310006", "1234567812345678", "", "7", "4539 1488"])
def test_wrong_check_digits_and_non_digits_fail(number):
    assert not is_valid(number)


def test_every_completed_body_is_valid():
    for body in ("453201511283036", "54545454545454", "601100000000000"):
        assert is_valid(body + check_digit(body))
