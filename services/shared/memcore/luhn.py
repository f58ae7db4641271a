"""The Luhn check (payment card numbers): the card recognizer validates with it, and the
generators of labelled PII sets complete numbers with its check digit."""
from __future__ import annotations


def check_digit(body: str) -> str:
    """The digit that makes `body` + it pass the Luhn check."""
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d -= 9 if d > 9 else 0
        total += d
    return str((10 - total % 10) % 10)


def is_valid(number: str) -> bool:
    """Whether a string of digits passes the Luhn check (its last digit is the check digit)."""
    return len(number) > 1 and number.isdigit() and check_digit(number[:-1]) == number[-1]
