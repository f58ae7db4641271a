"""Profanity and age-appropriateness rules: a maintained term list plus pattern rules.

The list lives in ``policy_service/data/safety_terms.txt`` ("category: term" per line).
Matching is whole-word and case-insensitive with plural stemming, and catches common evasions:
leetspeak ("sh1t"), repeated letters ("shiiit"), masking ("f*ck") and dotted letters ("f.u.c.k").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable

from memcore.stemming import stem

PROFANITY = "profanity"
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})
_TOKEN = re.compile(r"(?:[A-Za-z]\.){2,}[A-Za-z]?|[A-Za-z0-9@$*]*[A-Za-z*][A-Za-z0-9@$*]*(?:'[A-Za-z]+)?")
_RUNS = re.compile(r"(.)\1+")


@dataclass(frozen=True, slots=True)
class SafetyHit:
    category: str
    start: int
    end: int


@dataclass(frozen=True)
class SafetyLexicon:
    """Term stems grouped by their first stem, for phrase lookup."""

    by_first: dict[str, tuple[tuple[tuple[str, ...], str], ...]]
    single_words: dict[int, tuple[str, ...]]  # length -> single-word stems (for masked matching)

    @staticmethod
    def build(entries: Iterable[tuple[str, str]]) -> "SafetyLexicon":
        grouped: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        singles: dict[int, set[str]] = {}
        for term, category in entries:
            stems = tuple(stem(w) for w in term.split())
            if not stems:
                continue
            grouped.setdefault(stems[0], []).append((stems, category))
            if len(stems) == 1:
                singles.setdefault(len(stems[0]), set()).add(stems[0])
        return SafetyLexicon(
            by_first={k: tuple(sorted(v, key=lambda p: -len(p[0]))) for k, v in grouped.items()},
            single_words={k: tuple(sorted(v)) for k, v in singles.items()},
        )


def parse_terms(lines: Iterable[str]) -> list[tuple[str, str]]:
    """Parse "category: term" lines; blank lines and '#' comments are skipped."""
    entries = []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        category, term = (part.strip().lower() for part in line.split(":", 1))
        if category and term:
            entries.append((term, category))
    return entries


@lru_cache(maxsize=1)
def base_terms() -> tuple[tuple[str, str], ...]:
    text = resources.files("policy_service").joinpath("data/safety_terms.txt").read_text(encoding="utf-8")
    return tuple(parse_terms(text.splitlines()))


@lru_cache(maxsize=256)
def household_lexicon(extra_words: tuple[str, ...] = (), allow_words: tuple[str, ...] = ()) -> SafetyLexicon:
    """The base list plus a household's extra words, minus its allowed words."""
    allowed = {tuple(stem(w) for w in a.lower().split()) for a in allow_words}
    entries = [(t, c) for t, c in base_terms() if tuple(stem(w) for w in t.split()) not in allowed]
    entries += [(w.lower(), PROFANITY) for w in extra_words if w.strip()]
    return SafetyLexicon.build(entries)


def _variants(token: str) -> set[str]:
    lowered = token.lower().replace(".", "")
    forms = {lowered, lowered.translate(_LEET)}
    for form in list(forms):
        forms.add(_RUNS.sub(r"\1", form))  # "shiiit" -> "shit"
        forms.add(_RUNS.sub(r"\1\1", form))  # "asssss" -> "ass"
    return {stem(f) for f in forms if f}


def _masked_match(token: str, lexicon: SafetyLexicon) -> str | None:
    """"f*ck" / "sh**" -> the listed word it masks, if exactly one letter pattern fits."""
    lowered = token.lower().translate(_LEET)
    if "*" not in lowered or len(lowered) < 3 or lowered.strip("*") == "":
        return None
    pattern = re.compile("^" + re.escape(lowered).replace(r"\*", "[a-z]") + "$")
    for word in lexicon.single_words.get(len(lowered), ()):
        if pattern.match(word):
            return word
    return None


def find_safety_terms(text: str, lexicon: SafetyLexicon) -> list[SafetyHit]:
    """Every listed word or phrase in ``text``, with its category and character span."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]
    token_variants = []
    for _, _, tok in tokens:
        variants = _variants(tok)
        masked = _masked_match(tok, lexicon)
        if masked:
            variants.add(masked)
        token_variants.append(variants)
    hits: list[SafetyHit] = []
    i = 0
    while i < len(tokens):
        matched = 0
        for variant in token_variants[i]:
            for stems, category in lexicon.by_first.get(variant, ()):
                n = len(stems)
                if i + n <= len(tokens) and all(stems[k] in token_variants[i + k] for k in range(1, n)):
                    hits.append(SafetyHit(category, tokens[i][0], tokens[i + n - 1][1]))
                    matched = max(matched, n)
                    break
            if matched:
                break
        i += matched or 1
    return hits


def find_for_household(text: str, extra_words: Iterable[str] = (), allow_words: Iterable[str] = ()) -> list[SafetyHit]:
    lexicon = household_lexicon(tuple(sorted(set(extra_words))), tuple(sorted(set(allow_words))))
    return find_safety_terms(text, lexicon)
