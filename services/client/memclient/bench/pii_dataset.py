"""Deterministic generator of a labelled PII set: ``python -m memclient.bench.pii_dataset [out.jsonl]``.

Writes child-companion and business utterances, with and without PII, each with gold spans
``{"type": PHONE|EMAIL|ADDRESS|SSN|CARD|DOB, "start", "end"}``. Hard negatives (order numbers,
prices, non-birth dates, times, room numbers, "3 blocks down the street") carry no spans.
Values are synthetic (555 exchanges, example domains, Luhn-valid test-style card numbers).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Callable

from memcore.luhn import check_digit

SEED = 20250826
DEFAULT_OUT = Path("tests/data/pii_labelled.jsonl")

AREA_CODES = ["212", "415", "312", "617", "206", "305", "512", "303", "404", "702", "646", "718", "619", "773"]
FIRST = ["jane", "omar", "li", "maria", "peter", "sam", "aisha", "tom", "nina", "diego", "emma", "raj"]
LAST = ["doe", "khan", "wong", "garcia", "smith", "lee", "okafor", "brown", "novak", "silva"]
DOMAINS = ["example.com", "gmail.com", "outlook.com", "wobs.co.uk", "school.org", "mail.example.net", "yahoo.com"]
STREETS = ["Birch", "Oak", "Maple", "Elm", "Cedar", "Sunset", "Willow Creek", "Main", "Park", "Lakeview",
           "Highland", "Magnolia", "Pine Ridge", "Chestnut", "Harbor", "Mill"]
SUFFIXES = ["Street", "St", "Avenue", "Ave", "Road", "Rd", "Lane", "Ln", "Drive", "Dr", "Boulevard", "Blvd",
            "Court", "Way", "Place", "Terrace", "Circle"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def phone(rng: random.Random) -> str:
    area, line = rng.choice(AREA_CODES), f"01{_digits(rng, 2)}"
    fmt = rng.randrange(7)
    if fmt == 0:
        return f"({area}) 555-{line}"
    if fmt == 1:
        return f"{area}-555-{line}"
    if fmt == 2:
        return f"{area}.555.{line}"
    if fmt == 3:
        return f"{area} 555 {line}"
    if fmt == 4:
        return f"+1 {area} 555 {line}"
    if fmt == 5:
        return f"1-{area}-555-{line}"
    return f"+44 20 7946 0{_digits(rng, 3)}"


def email(rng: random.Random) -> str:
    sep = rng.choice([".", "_", ""])
    user = f"{rng.choice(FIRST)}{sep}{rng.choice(LAST)}{rng.choice(['', str(rng.randrange(1, 99))])}"
    return f"{user}@{rng.choice(DOMAINS)}"


def address(rng: random.Random) -> str:
    number = str(rng.choice([rng.randrange(1, 99), rng.randrange(100, 999), rng.randrange(1000, 20000)]))
    direction = rng.choice(["", "", "", "N. ", "West ", "S "])
    unit = rng.choice(["", "", "", ", Apt 4B", " Unit 12", ", Suite 300"])
    return f"{number} {direction}{rng.choice(STREETS)} {rng.choice(SUFFIXES)}{unit}"


def ssn(rng: random.Random) -> str:
    area = rng.choice([rng.randrange(1, 666), rng.randrange(667, 900)])
    group, serial = rng.randrange(1, 100), rng.randrange(1, 10000)
    sep = rng.choice(["-", "-", "-", " "])
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


def _luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + _digits(rng, length - len(prefix) - 1)
    return body + check_digit(body)


def card(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 3:
        number = _luhn_complete(rng.choice(["34", "37"]), 15, rng)
        sep = rng.choice([" ", "-"])
        return f"{number[:4]}{sep}{number[4:10]}{sep}{number[10:]}"
    number = _luhn_complete(rng.choice(["4", "51", "53", "55", "6011"]), 16, rng)
    sep = rng.choice([" ", "-", ""])
    return sep.join(number[i : i + 4] for i in range(0, 16, 4))


def dob(rng: random.Random) -> str:
    year, month, day = rng.randrange(1950, 2021), rng.randrange(1, 13), rng.randrange(1, 29)
    fmt = rng.randrange(5)
    if fmt == 0:
        return f"{MONTHS[month - 1]} {day}, {year}"
    if fmt == 1:
        return f"{month:02d}/{day:02d}/{year}"
    if fmt == 2:
        return f"{year}-{month:02d}-{day:02d}"
    if fmt == 3:
        return f"{day} {MONTHS[month - 1]} {year}"
    return f"{MONTHS[month - 1]} {day}{'th' if day > 3 else ['st', 'nd', 'rd'][day - 1]}"


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    "PHONE": phone, "EMAIL": email, "ADDRESS": address, "SSN": ssn, "CARD": card, "DOB": dob,
}

# Distractors: never PII.
NEGATIVE_FILLERS: dict[str, Callable[[random.Random], str]] = {
    "ORDER": lambda r: rng_choice(r, [f"#{r.randrange(10000, 99999)}", str(r.randrange(1000, 9999)),
                                      f"A-{r.randrange(100000, 999999)}"]),
    "PRICE": lambda r: rng_choice(r, [f"${r.randrange(1, 2000)}.{r.randrange(0, 99):02d}", f"${r.randrange(5, 90)}",
                                      f"{r.randrange(2, 40)} dollars"]),
    "DATE": lambda r: rng_choice(r, [f"{r.choice(MONTHS)} {r.randrange(1, 29)}",
                                     f"{r.randrange(1, 13):02d}/{r.randrange(1, 29):02d}/2025",
                                     f"2024-{r.randrange(1, 13):02d}-{r.randrange(1, 29):02d}"]),
    "TIME": lambda r: rng_choice(r, [f"{r.randrange(1, 13)}:{r.choice(['00', '15', '30', '45'])} pm",
                                     f"{r.randrange(6, 10)}:{r.choice(['05', '30'])}", "noon"]),
    "NUM": lambda r: str(r.randrange(2, 500)),
}


def rng_choice(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


CHILD_TEMPLATES = {
    "PHONE": ["my mom's phone number is {PHONE}", "you can call my dad at {PHONE} okay",
              "grandma's number is {PHONE} and she has a cat", "if I get lost I call {PHONE}",
              "text my sister on {PHONE} she said it's fine", "our home phone is {PHONE}"],
    "EMAIL": ["my email is {EMAIL} can you remember it", "send the dinosaur picture to {EMAIL}",
              "my teacher's email is {EMAIL}", "mom uses {EMAIL} for my school stuff"],
    "ADDRESS": ["I live at {ADDRESS} with my two cats", "my address is {ADDRESS}", "we moved to {ADDRESS} last summer",
                "my best friend lives at {ADDRESS} near the park", "the party is at my house, {ADDRESS}"],
    "SSN": ["mom said my social security number is {SSN}", "my ssn is {SSN} is that a secret",
            "the paper says social security {SSN}"],
    "CARD": ["dad's credit card is {CARD} can we buy the lego set", "mom's card number is {CARD}",
             "I found a card that says {CARD}"],
    "DOB": ["I was born on {DOB}", "my birthday is {DOB} and I want a dino cake", "my date of birth is {DOB}",
            "my little brother was born {DOB}"],
    None: ["I love triceratops and stegosaurus", "we read {NUM} pages of the dragon book tonight",
           "my bedtime is {TIME} but I want to stay up", "I walked {NUM} blocks down the street with grandpa",
           "our school trip is on {DATE} and we go to the zoo", "I have {NUM} stickers in my album",
           "the toy costs {PRICE} and I saved up", "my room is number {NUM} at the hotel",
           "I scored {NUM} points in the game at {TIME}", "we live near a big oak tree on our street",
           "my teacher Ms Park said lunch is at {TIME}", "I can count to {NUM} now",
           "on {DATE} we are going to see the fireworks", "my friend Sam has a dog called Biscuit"],
}

BUSINESS_TEMPLATES = {
    "PHONE": ["Please call the client back on {PHONE} before Friday.", "Peter's mobile: {PHONE}",
              "Support line is {PHONE}, ask for Omar.", "Reach the vendor at {PHONE} regarding invoice {ORDER}.",
              "New fax number {PHONE} replaces the old one."],
    "EMAIL": ["Send the draft to {EMAIL} by end of day.", "Contact: {EMAIL}", "cc {EMAIL} on the link-building report",
              "The writer's address for invoices is {EMAIL}."],
    "ADDRESS": ["Ship the samples to {ADDRESS}.", "Our office moved to {ADDRESS} in March.",
                "Mailing address: {ADDRESS}", "The meeting is at {ADDRESS}, second floor."],
    "SSN": ["Employee SSN {SSN} is missing from payroll.", "For the tax form, her social security number is {SSN}.",
            "SSN: {SSN}"],
    "CARD": ["Charge the retainer to card {CARD}.", "Corporate Visa {CARD} expires next month.",
             "Payment card on file: {CARD}", "Use the company credit card {CARD} for the ads."],
    "DOB": ["Candidate DOB: {DOB}", "Peter's date of birth is {DOB}, needed for the contract.",
            "Birthday of the new writer: {DOB}"],
    None: ["Order {ORDER} ships on {DATE}.", "Invoice {ORDER} totals {PRICE}, due {DATE}.",
           "The standup moved to {TIME} tomorrow.", "We published {NUM} guest posts last quarter.",
           "Maya is one of our editors at Brightline.", "Ticket {ORDER} was closed at {TIME}.",
           "The budget for link building is {PRICE} per month.", "Deadline for the Q3 report is {DATE}.",
           "Room {NUM} is booked from {TIME} to {TIME}.", "Check if Maya's draft reads naturally.",
           "The client paid {PRICE} on {DATE} for order {ORDER}.", "Version {NUM} of the guideline is live."],
}

_SLOT = re.compile(r"\{([A-Z]+)\}")


def fill(template: str, rng: random.Random) -> tuple[str, list[dict[str, object]]]:
    """Fill slots left to right; PII slots become gold spans."""
    out, spans, cursor = [], [], 0
    length = 0
    for match in _SLOT.finditer(template):
        literal = template[cursor : match.start()]
        out.append(literal)
        length += len(literal)
        slot = match.group(1)
        value = GENERATORS[slot](rng) if slot in GENERATORS else NEGATIVE_FILLERS[slot](rng)
        if slot in GENERATORS:
            spans.append({"type": slot, "start": length, "end": length + len(value)})
        out.append(value)
        length += len(value)
        cursor = match.end()
    out.append(template[cursor:])
    return "".join(out), spans


def generate(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    records = []
    for style, templates in (("child", CHILD_TEMPLATES), ("business", BUSINESS_TEMPLATES)):
        for pii_type, options in templates.items():
            reps = 4 if pii_type is not None else 5
            for template in options:
                for _ in range(reps):
                    text, spans = fill(template, rng)
                    records.append({"style": style, "text": text, "spans": spans})
    # Two PII values in one utterance.
    for _ in range(40):
        a, b = rng.sample(list(GENERATORS), 2)
        style = rng.choice(["child", "business"])
        first = rng.choice((CHILD_TEMPLATES if style == "child" else BUSINESS_TEMPLATES)[a])
        second = rng.choice((CHILD_TEMPLATES if style == "child" else BUSINESS_TEMPLATES)[b])
        text, spans = fill(f"{first.rstrip('.')} and {second[0].lower()}{second[1:]}", rng)
        records.append({"style": style, "text": text, "spans": spans})
    for index, record in enumerate(records):
        record["id"] = f"pii-{index:04d}"
    return [{"id": r["id"], "style": r["style"], "text": r["text"], "spans": r["spans"]} for r in records]


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else DEFAULT_OUT
    records = generate()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    positives = sum(1 for r in records if r["spans"])
    print(f"wrote {len(records)} utterances ({positives} with PII) to {out}")


if __name__ == "__main__":
    main()
