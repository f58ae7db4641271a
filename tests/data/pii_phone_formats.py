"""Phone numbers, cards, IBANs and other values for the conversational PII set.

Written from the national numbering plans (docs/pii-eval-spec.md), not from the recognizers;
nothing here imports ``policy_service``. Every function takes the generator's ``random.Random``.
"""

from __future__ import annotations

import random
import string

from memcore.luhn import check_digit


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def nz(rng: random.Random, n: int) -> str:
    """n digits, the first not 0 or 1 (NANP exchange, subscriber numbers)."""
    return rng.choice("23456789") + digits(rng, n - 1)


def group(s: str, sizes: list[int], sep: str = " ") -> str:
    out, i = [], 0
    for size in sizes:
        out.append(s[i:i + size])
        i += size
    if i < len(s):
        out.append(s[i:])
    return sep.join(p for p in out if p)


# Each country: national(rng) and international(rng) -> str. "Significant" number = without the
# trunk 0, as dialled after the country code.

def gb_national(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.5:
        sig = "7" + rng.choice("4579") + digits(rng, 8)
        return rng.choice([group("0" + sig, [5, 6]), group("0" + sig, [5, 3, 3]), "0" + sig,
                           group("0" + sig, [3, 4, 4]), group("0" + sig, [5, 6], "-")])
    if kind < 0.75:
        sig = "20" + rng.choice("378") + digits(rng, 7)
        return rng.choice([group("0" + sig, [3, 4, 4]), "(" + "0" + sig[:2] + ") " + group(sig[2:], [4, 4])])
    area = rng.choice(["161", "113", "131", "117", "121", "141", "1632"])
    rest = digits(rng, 10 - len(area))
    return rng.choice([f"0{area} {group(rest, [3, 4])}", f"0{area} {rest}", f"(0{area}) {group(rest, [3, 4])}"])


def gb_international(rng: random.Random) -> str:
    sig = rng.choice(["7" + rng.choice("4579") + digits(rng, 8), "20" + rng.choice("378") + digits(rng, 7),
                      "161" + digits(rng, 7)])
    if sig.startswith("20"):
        return rng.choice([f"+44 20 {group(sig[2:], [4, 4])}", f"+44 (0)20 {group(sig[2:], [4, 4])}",
                           f"0044 20 {group(sig[2:], [4, 4])}", "+44" + sig])
    return rng.choice([f"+44 {group(sig, [4, 6])}", "+44" + sig, f"0044 {group(sig, [4, 3, 3])}",
                       f"+44 (0){group(sig, [4, 6])}", f"+44-{group(sig, [4, 6], '-')}"])


def de_national(rng: random.Random) -> str:
    if rng.random() < 0.5:
        pre = rng.choice(["151", "152", "160", "170", "171", "176", "157"])
        rest = digits(rng, 8 if pre.startswith("15") else 7)
        return rng.choice([f"0{pre} {rest}", f"0{pre}/{rest}", f"0{pre}-{rest}", f"0{pre} {group(rest, [4, 4])}",
                           f"0{pre}{rest}"])
    area = rng.choice(["30", "40", "89", "69", "221", "711"])
    rest = nz(rng, 10 - len(area))
    return rng.choice([f"0{area} {rest}", f"0{area}/{rest}", f"(0{area}) {group(rest, [4, 4])}",
                       f"0{area} {group(rest, [3, 3])}", f"0{area}-{rest}"])


def de_international(rng: random.Random) -> str:
    if rng.random() < 0.5:
        pre = rng.choice(["151", "160", "171", "176"])
        rest = digits(rng, 8 if pre.startswith("15") else 7)
        return rng.choice([f"+49 {pre} {rest}", f"+49 (0){pre} {rest}", f"0049 {pre} {rest}", f"+49{pre}{rest}"])
    area = rng.choice(["30", "40", "89"])
    rest = nz(rng, 8)
    return rng.choice([f"+49 {area} {rest}", f"+49 (0){area} {group(rest, [4, 4])}", f"+49-{area}-{rest}"])


def _fr_sig(rng: random.Random) -> str:
    return rng.choice("1234567") + digits(rng, 8) if rng.random() < 0.4 else rng.choice("67") + digits(rng, 8)


def fr_national(rng: random.Random) -> str:
    n = "0" + _fr_sig(rng)
    return rng.choice([group(n, [2, 2, 2, 2, 2]), group(n, [2, 2, 2, 2, 2], "."), n, group(n, [2, 2, 2, 2, 2], "-")])


def fr_international(rng: random.Random) -> str:
    s = _fr_sig(rng)
    return rng.choice([f"+33 {group(s, [1, 2, 2, 2, 2])}", f"+33 (0){group(s, [1, 2, 2, 2, 2])}",
                       f"0033 {group(s, [1, 2, 2, 2, 2])}", "+33" + s])


def _es_sig(rng: random.Random) -> str:
    return rng.choice(["6", "7"]) + digits(rng, 8) if rng.random() < 0.6 else rng.choice(["91", "93", "96", "95"]) + digits(rng, 7)


def es_national(rng: random.Random) -> str:
    s = _es_sig(rng)
    return rng.choice([group(s, [3, 3, 3]), group(s, [3, 2, 2, 2]), s, group(s, [3, 3, 3], "-")])


def es_international(rng: random.Random) -> str:
    s = _es_sig(rng)
    return rng.choice([f"+34 {group(s, [3, 3, 3])}", f"+34 {group(s, [3, 2, 2, 2])}", "+34" + s, f"0034 {s}"])


def _it_sig(rng: random.Random) -> str:
    if rng.random() < 0.55:
        return "3" + rng.choice("234789") + digits(rng, 8)
    return rng.choice(["06", "02"]) + digits(rng, 8) if rng.random() < 0.7 else "055" + digits(rng, 7)


def it_national(rng: random.Random) -> str:
    s = _it_sig(rng)
    if s.startswith("3"):
        return rng.choice([group(s, [3, 3, 4]), s, group(s, [3, 7]), group(s, [3, 7], "-")])
    return rng.choice([group(s, [2, 4, 4]) if s[1] != "5" else group(s, [3, 3, 4]), s])


def it_international(rng: random.Random) -> str:
    s = _it_sig(rng)
    body = group(s, [3, 3, 4]) if s.startswith(("3", "055")) else group(s, [2, 4, 4])
    return rng.choice([f"+39 {body}", f"0039 {body}", "+39" + s])


def _nl_sig(rng: random.Random) -> str:
    return "6" + digits(rng, 8) if rng.random() < 0.55 else rng.choice(["20", "10", "30", "70"]) + nz(rng, 7)


def nl_national(rng: random.Random) -> str:
    s = _nl_sig(rng)
    if s.startswith("6"):
        return rng.choice([f"06 {s[1:]}", f"06-{s[1:]}", f"06 {group(s[1:], [2, 2, 2, 2])}", "0" + s])
    return rng.choice([f"0{s[:2]} {group(s[2:], [3, 4])}", f"0{s[:2]}-{s[2:]}", f"0{s[:2]} {s[2:]}"])


def nl_international(rng: random.Random) -> str:
    s = _nl_sig(rng)
    if s.startswith("6"):
        return rng.choice([f"+31 6 {s[1:]}", f"+31 (0)6 {group(s[1:], [4, 4])}", f"+316{s[1:]}", f"0031 6 {s[1:]}"])
    return rng.choice([f"+31 {s[:2]} {group(s[2:], [3, 4])}", f"+31 (0){s[:2]} {s[2:]}"])


def _ie_sig(rng: random.Random) -> str:
    if rng.random() < 0.55:
        return "8" + rng.choice("35679") + digits(rng, 7)
    return "1" + nz(rng, 7) if rng.random() < 0.6 else rng.choice(["21", "91", "61"]) + nz(rng, 7)


def ie_national(rng: random.Random) -> str:
    s = _ie_sig(rng)
    if s.startswith("8"):
        return rng.choice([f"0{s[:2]} {group(s[2:], [3, 4])}", f"0{s[:2]}-{s[2:]}", "0" + s, f"0{s[:2]} {s[2:]}"])
    if s.startswith("1"):
        return rng.choice([f"01 {group(s[1:], [3, 4])}", f"(01) {s[1:]}", f"01-{s[1:]}"])
    return f"0{s[:2]} {group(s[2:], [3, 4])}"


def ie_international(rng: random.Random) -> str:
    s = _ie_sig(rng)
    if s.startswith("1"):
        return rng.choice([f"+353 1 {group(s[1:], [3, 4])}", f"+353 (0)1 {s[1:]}", f"00353 1 {s[1:]}"])
    return rng.choice([f"+353 {s[:2]} {group(s[2:], [3, 4])}", "+353" + s, f"+353 (0){s[:2]} {s[2:]}"])


def _in_mobile(rng: random.Random) -> str:
    return rng.choice("6789") + digits(rng, 9)


def in_national(rng: random.Random) -> str:
    if rng.random() < 0.65:
        m = _in_mobile(rng)
        return rng.choice([group(m, [5, 5]), m, "0" + group(m, [5, 5]), group(m, [3, 3, 4], "-"), "0" + m])
    area = rng.choice(["22", "11", "80", "44", "33"])
    rest = rng.choice("23456") + digits(rng, 7)
    return rng.choice([f"0{area} {group(rest, [4, 4])}", f"0{area}-{rest}", f"0{area} {rest}"])


def in_international(rng: random.Random) -> str:
    if rng.random() < 0.7:
        m = _in_mobile(rng)
        return rng.choice([f"+91 {group(m, [5, 5])}", f"+91-{m}", "+91" + m, f"+91 {m}", f"0091 {group(m, [5, 5])}"])
    area = rng.choice(["22", "11", "80"])
    return f"+91 {area} {group(rng.choice('23456') + digits(rng, 7), [4, 4])}"


def au_national(rng: random.Random) -> str:
    if rng.random() < 0.55:
        m = "04" + digits(rng, 8)
        return rng.choice([group(m, [4, 3, 3]), m, group(m, [2, 4, 4]), group(m, [4, 3, 3], "-")])
    area = rng.choice("2378")
    rest = rng.choice("3456789") + digits(rng, 7)
    return rng.choice([f"(0{area}) {group(rest, [4, 4])}", f"0{area} {group(rest, [4, 4])}", f"0{area}{rest}"])


def au_international(rng: random.Random) -> str:
    if rng.random() < 0.6:
        m = "4" + digits(rng, 8)
        return rng.choice([f"+61 {group(m, [3, 3, 3])}", "+61" + m, f"+61 (0){group(m, [3, 3, 3])}", f"0061 {group(m, [3, 3, 3])}"])
    area = rng.choice("2378")
    return f"+61 {area} {group(rng.choice('3456789') + digits(rng, 7), [4, 4])}"


CA_AREAS = ["416", "647", "604", "778", "514", "403", "613", "902", "780", "306"]
US_AREAS = ["212", "415", "312", "617", "206", "512", "305", "720", "646", "713", "404"]
# Area codes that no plan assigns (N9X is reserved for expansion, 37X/96X are held back).
UNASSIGNED_NANP = ["290", "295", "375", "392", "965", "967", "298", "376"]


def nanp(rng: random.Random, area: str) -> str:
    ex, sub = nz(rng, 3), digits(rng, 4)
    return rng.choice([f"({area}) {ex}-{sub}", f"{area}-{ex}-{sub}", f"{area}.{ex}.{sub}", f"{area} {ex} {sub}",
                       f"1-{area}-{ex}-{sub}", f"{area}{ex}{sub}", f"({area}){ex}-{sub}"])


def nanp_international(rng: random.Random, area: str) -> str:
    ex, sub = nz(rng, 3), digits(rng, 4)
    return rng.choice([f"+1 {area} {ex} {sub}", f"+1-{area}-{ex}-{sub}", f"+1 ({area}) {ex}-{sub}", f"+1{area}{ex}{sub}"])


PHONES = {
    "GB": (gb_national, gb_international),
    "DE": (de_national, de_international),
    "FR": (fr_national, fr_international),
    "ES": (es_national, es_international),
    "IT": (it_national, it_international),
    "NL": (nl_national, nl_international),
    "IE": (ie_national, ie_international),
    "IN": (in_national, in_international),
    "AU": (au_national, au_international),
    "CA": (lambda r: nanp(r, r.choice(CA_AREAS)), lambda r: nanp_international(r, r.choice(CA_AREAS))),
    "US": (lambda r: nanp(r, r.choice(US_AREAS)), lambda r: nanp_international(r, r.choice(US_AREAS))),
}

# Countries whose national numbers start with a trunk 0 or follow NANP, so the spec counts them
# as phones even without a cue.
SHAPED_WITHOUT_CUE = ("GB", "DE", "FR", "NL", "IE", "AU", "CA", "US")

WORD_DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def spelled(rng: random.Random, number: str) -> str:
    """'07911 123456' -> 'oh seven nine one one, one two three four five six' (doubles sometimes)."""
    groups = "".join(ch if ch.isdigit() else " " for ch in number).split()
    words_groups = []
    for g in groups:
        words, i = [], 0
        while i < len(g):
            d = g[i]
            word = "oh" if d == "0" and rng.random() < 0.6 else WORD_DIGITS[int(d)]
            if i + 1 < len(g) and g[i + 1] == d and rng.random() < 0.5:
                words.append("double " + word)
                i += 2
                continue
            words.append(word)
            i += 1
        words_groups.append(" ".join(words))
    return rng.choice([", ", " ", " - "]).join(words_groups)


def luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + digits(rng, length - len(prefix) - 1)
    return body + check_digit(body)


def card(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.4:
        n = luhn_complete("4", 16, rng)
    elif kind < 0.75:
        n = luhn_complete("5" + rng.choice("12345"), 16, rng)
    else:
        n = luhn_complete("3" + rng.choice("47"), 15, rng)
        return rng.choice([group(n, [4, 6, 5]), n, group(n, [4, 6, 5], "-")])
    return rng.choice([group(n, [4, 4, 4, 4]), n, group(n, [4, 4, 4, 4], "-")])


IBAN_BBAN = {  # country -> pieces: "n" digits, "a" upper letters, "c" alphanumerics
    "DE": ["n18"], "FR": ["n23"], "ES": ["n20"], "IT": ["a1", "n10", "c12"],
    "NL": ["a4", "n10"], "IE": ["a4", "n14"], "GB": ["a4", "n14"],
}


def iban(rng: random.Random, country: str) -> str:
    bban = ""
    for piece in IBAN_BBAN[country]:
        alphabet = {"n": string.digits, "a": string.ascii_uppercase, "c": string.digits + string.ascii_uppercase}[piece[0]]
        bban += "".join(rng.choice(alphabet) for _ in range(int(piece[1:])))
    numeric = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    check = 98 - int(numeric) % 97
    value = f"{country}{check:02d}{bban}"
    return rng.choice([group(value, [4] * 8), value])


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
