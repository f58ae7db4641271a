"""Generate tests/data/pii_conversational.jsonl from docs/pii-eval-spec.md.

``python tests/data/pii_conversational_gen.py`` (seeded, deterministic; prints counts).
Written apart from the recognizers: own templates and vocabularies, nothing imported from
``policy_service``. Slots in templates: {P} phone, {P2} second phone, {E} e-mail, {A} address,
{C} card, {I} IBAN, {D} date of birth, {S} SSN, {N} a negative value (not PII).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_phone_formats as pf  # noqa: E402
from pii_conv_vocab import (  # noqa: E402
    ADDRESS_TEMPLATES, CARD_TEMPLATES, CUE_TEMPLATES, DOB_TEMPLATES, EMAIL_TEMPLATES, IBAN_TEMPLATES,
    LOCAL_CUE_TEMPLATES, MIXED_TEMPLATES, NEGATIVES, NO_CUE_TEMPLATES, SPELLED_TEMPLATES, SSN_TEMPLATES,
    UNASSIGNED_TEMPLATES, address, dob, email,
)

SEED = 1717
OUT = Path(__file__).resolve().parent / "pii_conversational.jsonl"
SLOT_TYPES = {"P": "PHONE", "P2": "PHONE", "E": "EMAIL", "A": "ADDRESS", "C": "CARD", "I": "IBAN",
              "D": "DOB", "S": "SSN", "N": None}
TYPOS = [("number", "nubmer"), ("mobile", "moblie"), ("please", "pls"), ("Please", "pls"), ("because", "bc"),
         ("you", "u"), ("tomorrow", "tmrw"), ("phone", "fone"), ("'s", "s"), ("I'm", "im")]
LOCALE_OF_LANGUAGE = {"de": "DE", "fr": "FR", "es": "ES", "it": "IT", "nl": "NL"}


def split_of(record_id: str) -> str:
    return "test" if hashlib.sha256(record_id.encode()).digest()[0] % 2 else "tune"


def roughen(template: str, style: str, rng: random.Random) -> str:
    """Casual writing on the template's own words (slot values are never touched)."""
    if style == "business" and rng.random() > 0.1:
        return template
    if rng.random() < 0.25:
        old, new = rng.choice(TYPOS)
        template = template.replace(old, new, 1)
    if rng.random() < 0.3:
        template = re.sub(r"[^{}]+(?=\{|$)", lambda m: m.group(0).lower(), template)
    if rng.random() < 0.3:
        template = template.rstrip(".!")
    return template


def fill(template: str, values: dict[str, str]) -> tuple[str, list[dict]]:
    text, spans, pos = "", [], 0
    for m in re.finditer(r"\{(P2|[PEACIDSN])\}", template):
        text += template[pos:m.start()]
        value = values[m.group(1)]
        kind = SLOT_TYPES[m.group(1)]
        if kind:
            spans.append({"type": kind, "start": len(text), "end": len(text) + len(value)})
        text += value
        pos = m.end()
    return text + template[pos:], spans


class Builder:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.records: list[dict] = []

    def add(self, template: str, values: dict[str, str], style: str, locale: str, kind: str) -> None:
        text, spans = fill(roughen(template, style, self.rng), values)
        record_id = f"conv-{len(self.records):04d}"
        self.records.append({"id": record_id, "split": split_of(record_id), "style": style, "locale": locale,
                             "kind": kind, "text": text, "spans": spans})

    def pick(self, templates: list[tuple[str, str]]) -> tuple[str, str]:
        return self.rng.choice(templates)


def build() -> list[dict]:
    rng = random.Random(SEED)
    b = Builder(rng)
    for locale, (national, international) in pf.PHONES.items():
        for _ in range(15):
            style, template = b.pick(CUE_TEMPLATES)
            b.add(template, {"P": national(rng)}, style, locale, "phone-national")
        for _ in range(11):
            style, template = b.pick(CUE_TEMPLATES)
            b.add(template, {"P": international(rng)}, style, locale, "phone-international")
        if locale in pf.SHAPED_WITHOUT_CUE:
            for _ in range(2):
                style, template = b.pick(NO_CUE_TEMPLATES)
                b.add(template, {"P": national(rng), "P2": international(rng)}, style, locale, "phone-no-cue")
        else:
            style, template = b.pick(NO_CUE_TEMPLATES)
            b.add(template, {"P": international(rng), "P2": international(rng)}, style, locale, "phone-no-cue")
    for lang, templates in LOCAL_CUE_TEMPLATES.items():
        locale = LOCALE_OF_LANGUAGE[lang]
        national, international = pf.PHONES[locale]
        for i in range(8):
            number = national(rng) if i % 3 else international(rng)
            b.add(rng.choice(templates), {"P": number}, "adult", locale, f"phone-{lang}")
    for _ in range(22):
        style, template = b.pick(UNASSIGNED_TEMPLATES)
        area = rng.choice(pf.UNASSIGNED_NANP)
        b.add(template, {"P": pf.nanp(rng, area)}, style, "US", "phone-unassigned")
    for _ in range(14):
        locale = rng.choice(["GB", "IE", "AU", "US", "IN"])
        style, template = b.pick(SPELLED_TEMPLATES)
        b.add(template, {"P": pf.spelled(rng, pf.PHONES[locale][0](rng))}, style, locale, "phone-spelled")
    for _ in range(40):
        locale = rng.choice(list(pf.PHONES))
        style, template = b.pick(EMAIL_TEMPLATES)
        b.add(template, {"E": email(rng, locale)}, style, locale, "email")
    for _ in range(40):
        locale = rng.choice(["GB", "IE", "AU", "CA", "US"])
        style, template = b.pick(ADDRESS_TEMPLATES)
        b.add(template, {"A": address(rng, locale)}, style, locale, "address")
    for _ in range(25):
        style, template = b.pick(CARD_TEMPLATES)
        b.add(template, {"C": pf.card(rng)}, style, "-", "card")
    for _ in range(25):
        locale = rng.choice(list(pf.IBAN_BBAN))
        style, template = b.pick(IBAN_TEMPLATES)
        b.add(template, {"I": pf.iban(rng, locale)}, style, locale, "iban")
    for _ in range(30):
        style, template = b.pick(DOB_TEMPLATES)
        b.add(template, {"D": dob(rng)}, style, "-", "dob")
    for _ in range(10):
        style, template = b.pick(SSN_TEMPLATES)
        b.add(template, {"S": pf.ssn(rng)}, style, "US", "ssn")
    for _ in range(30):
        locale = rng.choice(["GB", "IE", "AU", "CA", "US"])
        style, template = b.pick(MIXED_TEMPLATES)
        values = {"P": pf.PHONES[locale][rng.random() < 0.3](rng), "E": email(rng, locale),
                  "A": address(rng, locale), "D": dob(rng)}
        b.add(template, values, style, locale, "mixed")
    for kind, count, templates, make in NEGATIVES:
        for _ in range(count):
            style, template = b.pick(templates)
            b.add(template, {"N": make(rng)}, style, "-", f"negative-{kind}")
    return b.records


def main() -> None:
    records = build()
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    print(f"wrote {OUT} ({len(records)} utterances)")
    for key in ("split", "style", "locale"):
        print(f"  by {key}: {dict(Counter(r[key] for r in records))}")
    kinds = Counter(r["kind"].split("-")[0] if r["kind"].startswith("negative") else r["kind"] for r in records)
    print(f"  by kind: {dict(kinds)}")
    print(f"  gold spans: {dict(Counter(s['type'] for r in records for s in r['spans']))}")


if __name__ == "__main__":
    main()
