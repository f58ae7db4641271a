#!/usr/bin/env python3
"""Build the held-out PII evaluation set.

This is an independent, held-out evaluation set for the PII detector.  The
utterances in ``pii_heldout_source.txt`` were written by hand, one by one, and
were written apart from the detector: its author did not look at the detector
code, its tests, its existing evaluation sets or generators, its spec, or any
benchmark results, and did not run the detector while writing them.  Keep it
that way -- do not tune the set to the detector, and do not edit utterances
after seeing how the detector scores on them.

Source format (``tests/data/pii_heldout_source.txt``), one utterance a line::

    style<TAB>locale<TAB>kind<TAB>text with inline markup

PII inside the text is marked as ``[[TYPE|literal text]]`` with TYPE one of
PHONE, EMAIL, ADDRESS, CARD, IBAN, DOB, SSN.  Lines starting with ``#`` and
blank lines are ignored.  Kinds starting with ``negative-`` must carry no
markup; every other kind must carry at least one span.

Output (``tests/data/pii_heldout.jsonl``), one JSON object a line::

    {"id": "held-0000", "split": "tune"|"test", "style": ..., "locale": ...,
     "kind": ..., "text": ..., "spans": [{"type": ..., "start": ..., "end": ...}]}

``start``/``end`` are Python string (code point) offsets into ``text``, end
exclusive.  ``split`` is ``test`` when the first byte of sha256(id) is odd,
else ``tune``.

The script fails loudly (non-zero exit) on malformed markup, an invalid card
(Luhn) or IBAN (mod-97), duplicate texts, a kind that does not match its spans,
and on unlabelled text that would itself pass as a card or an IBAN.

Usage: python tests/data/pii_heldout_build.py   (stdlib only)
"""

import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "pii_heldout_source.txt"
OUTPUT = HERE / "pii_heldout.jsonl"

TYPES = {"PHONE", "EMAIL", "ADDRESS", "CARD", "IBAN", "DOB", "SSN"}
STYLES = {"child", "adult", "business"}
LOCALES = {"GB", "DE", "FR", "ES", "IT", "NL", "IE", "IN", "AU", "CA", "US", "-"}
IBAN_LENGTHS = {"DE": 22, "FR": 27, "ES": 24, "IT": 27, "NL": 18, "IE": 22, "GB": 22}
# kind -> span type that must be present
KIND_NEEDS = {
    "email": "EMAIL", "address": "ADDRESS", "card": "CARD", "iban": "IBAN",
    "dob": "DOB", "ssn": "SSN",
}
NUMBER_WORDS = {"oh", "o", "zero", "one", "two", "three", "four", "five", "six",
                "seven", "eight", "nine", "double", "triple"}

MARK_RE = re.compile(r"\[\[([A-Z]+)\|([^\[\]|]+)\]\]")


class BuildError(Exception):
    pass


def luhn_ok(digits):
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def iban_ok(compact):
    if not re.fullmatch(r"[A-Z]{2}[0-9]{2}[A-Z0-9]+", compact):
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def looks_like_card(digits):
    if len(digits) == 15:
        return digits[:2] in ("34", "37")
    if len(digits) == 16:
        return (digits[0] == "4" or "51" <= digits[:2] <= "55"
                or "2221" <= digits[:4] <= "2720")
    return False


def check_span(where, typ, literal):
    if literal != literal.strip():
        raise BuildError(f"{where}: {typ} literal has leading/trailing space: {literal!r}")
    if typ == "CARD":
        if not re.fullmatch(r"[0-9][0-9 \-]*[0-9]", literal):
            raise BuildError(f"{where}: CARD must be digits with spaces/dashes: {literal!r}")
        digits = re.sub(r"\D", "", literal)
        if not looks_like_card(digits):
            raise BuildError(f"{where}: CARD is not a Visa/Mastercard/Amex shape: {literal!r}")
        if not luhn_ok(digits):
            raise BuildError(f"{where}: CARD fails the Luhn check: {literal!r}")
    elif typ == "IBAN":
        compact = literal.replace(" ", "")
        country = compact[:2]
        if country not in IBAN_LENGTHS:
            raise BuildError(f"{where}: IBAN country {country!r} not in the set")
        if len(compact) != IBAN_LENGTHS[country]:
            raise BuildError(f"{where}: IBAN length {len(compact)} wrong for {country}: {literal!r}")
        if not iban_ok(compact):
            raise BuildError(f"{where}: IBAN fails the mod-97 check: {literal!r}")
    elif typ == "SSN":
        if not re.fullmatch(r"[0-9]{3}-[0-9]{2}-[0-9]{4}", literal):
            raise BuildError(f"{where}: SSN must be NNN-NN-NNNN: {literal!r}")
    elif typ == "EMAIL":
        if not re.fullmatch(r"[^\s@]+@[^\s@]+\.[A-Za-z]{2,}", literal):
            raise BuildError(f"{where}: EMAIL does not look like an address: {literal!r}")
    elif typ == "PHONE":
        n_digits = sum(c.isdigit() for c in literal)
        words = [w for w in re.findall(r"[a-z]+", literal.lower())]
        if words and any(w not in NUMBER_WORDS for w in words):
            raise BuildError(f"{where}: PHONE contains non-number words: {literal!r}")
        if n_digits + len(words) < 7:
            raise BuildError(f"{where}: PHONE too short: {literal!r}")
        if not (literal[0].isdigit() or literal[0] in "+(" or words):
            raise BuildError(f"{where}: PHONE must start at a digit, '+' or '(': {literal!r}")
        if not (literal[-1].isdigit() or words):
            raise BuildError(f"{where}: PHONE must end at a digit: {literal!r}")
    elif typ == "ADDRESS":
        if not re.search(r"[0-9]", literal):
            raise BuildError(f"{where}: ADDRESS without a house number: {literal!r}")


def parse_text(where, marked):
    """Strip markup; return (plain text, spans)."""
    plain = []
    spans = []
    pos = 0  # position in marked
    out_len = 0
    for m in MARK_RE.finditer(marked):
        before = marked[pos:m.start()]
        if "[[" in before or "]]" in before:
            raise BuildError(f"{where}: malformed markup near {before[-30:]!r}")
        plain.append(before)
        out_len += len(before)
        typ, literal = m.group(1), m.group(2)
        if typ not in TYPES:
            raise BuildError(f"{where}: unknown type {typ!r}")
        check_span(where, typ, literal)
        spans.append({"type": typ, "start": out_len, "end": out_len + len(literal)})
        plain.append(literal)
        out_len += len(literal)
        pos = m.end()
    rest = marked[pos:]
    if "[[" in rest or "]]" in rest:
        raise BuildError(f"{where}: malformed markup near {rest[:40]!r}")
    plain.append(rest)
    return "".join(plain), spans


def check_unlabelled(where, text, spans):
    """Unlabelled text must not itself be a valid card or IBAN."""
    masked = list(text)
    for s in spans:
        for i in range(s["start"], s["end"]):
            masked[i] = "#"
    masked = "".join(masked)
    for m in re.finditer(r"(?<![0-9A-Za-z])[0-9](?:[ \-]?[0-9]){12,18}(?![0-9])", masked):
        digits = re.sub(r"\D", "", m.group(0))
        if looks_like_card(digits) and luhn_ok(digits):
            raise BuildError(f"{where}: unlabelled {m.group(0)!r} passes as a card")
    for m in re.finditer(r"\b([A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b", masked):
        compact = m.group(1).replace(" ", "")
        if compact[:2] in IBAN_LENGTHS and iban_ok(compact):
            raise BuildError(f"{where}: unlabelled {m.group(1)!r} passes as an IBAN")


def build():
    records = []
    seen = {}
    for lineno, raw in enumerate(SOURCE.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{SOURCE.name}:{lineno}"
        if not raw.strip() or raw.startswith("#"):
            continue
        parts = raw.split("\t")
        if len(parts) != 4:
            raise BuildError(f"{where}: expected 4 tab-separated fields, got {len(parts)}")
        style, locale, kind, marked = parts
        if style not in STYLES:
            raise BuildError(f"{where}: bad style {style!r}")
        if locale not in LOCALES:
            raise BuildError(f"{where}: bad locale {locale!r}")
        if not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", kind):
            raise BuildError(f"{where}: bad kind {kind!r}")
        if marked != marked.strip() or not marked:
            raise BuildError(f"{where}: text empty or with leading/trailing whitespace")
        text, spans = parse_text(where, marked)
        types = {s["type"] for s in spans}
        if kind.startswith("negative"):
            if spans:
                raise BuildError(f"{where}: negative kind {kind!r} has spans")
        else:
            if not spans:
                raise BuildError(f"{where}: positive kind {kind!r} has no spans")
            if kind.startswith("phone") and "PHONE" not in types:
                raise BuildError(f"{where}: kind {kind!r} without a PHONE span")
            if kind in KIND_NEEDS and KIND_NEEDS[kind] not in types:
                raise BuildError(f"{where}: kind {kind!r} without a {KIND_NEEDS[kind]} span")
            if kind == "mixed" and len(types) < 2:
                raise BuildError(f"{where}: kind 'mixed' needs at least two span types")
        check_unlabelled(where, text, spans)
        key = text.casefold()
        if key in seen:
            raise BuildError(f"{where}: duplicate text (first at line {seen[key]})")
        seen[key] = lineno
        rid = f"held-{len(records):04d}"
        split = "test" if hashlib.sha256(rid.encode("utf-8")).digest()[0] % 2 else "tune"
        records.append({"id": rid, "split": split, "style": style, "locale": locale,
                        "kind": kind, "text": text, "spans": spans})
    return records


def main():
    try:
        records = build()
    except BuildError as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 1
    with OUTPUT.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} utterances to {OUTPUT}")
    negatives = sum(r["kind"].startswith("negative") for r in records)
    print(f"positives {len(records) - negatives}, negatives {negatives}")
    span_types = Counter(s["type"] for r in records for s in r["spans"])
    for title, counter in (
        ("kind", Counter(r["kind"] for r in records)),
        ("style", Counter(r["style"] for r in records)),
        ("locale", Counter(r["locale"] for r in records)),
        ("split", Counter(r["split"] for r in records)),
        ("span type", span_types),
    ):
        print(f"\nby {title}:")
        for name, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {name:22s} {n:4d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
