"""The Luhn check digit (payment card numbers), for the generators of labelled PII sets."""
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
