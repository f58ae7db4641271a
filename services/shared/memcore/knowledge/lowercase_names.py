"""Names typed in lower case, as children and phone keyboards leave them (issue 35): "i have a hamster his
name is nibbles", "my big brother zaid plays fortnite", "my best friends are amelia and rosa". The readers
know a name by its capital; a turn typed all in lower case has none, so its names are given theirs where
the sentence says a name stands:

- after a naming word: "name is", "name's", "called", "named" (not "called me", "named after");
- after a tie or a pet said with "my"/"our" ("my brother zaid plays", "my cat misty is 12"), when the word is no word of the language's
  common stock and the next word is not a noun it qualifies: a word rarer than COMMON in English (wordfreq's
  Zipf scale: "zaid" 2.4, "amelia" 3.6, "plays" 4.8), not a form of a common word ("nibbles" is), no
  adverb (-ly), gerund or participle;
- in the list after a plural tie and "are" ("my best friends are amelia and rosa"), by the same test.

Only a turn with no capital but "I" is read so: a writer who uses capitals has given names theirs. A common
first name that is also a common word ("tom", "max") keeps its lower case: a missed name costs a card, a
capitalised word a wrong person. Pure, apart from wordfreq's table (read on first use)."""
from __future__ import annotations

import re
from functools import lru_cache

from .vocabulary import PETS, RELATIONS

COMMON = 4.2  # Zipf frequency at which a word is part of the language's common stock
_NOT_NAMES = frozenset("""me him her it us them you a an the that this something what whatever back out off up in on
after by for to like so really just because my his our their your its and or but not no yes""".split())
_NAMING = re.compile(r"\b(?:name\s+is|name'?s|names\s+is|called|named)\s+([a-z][a-z'-]+)\b")
_TIE_WORDS = "|".join(sorted((re.escape(r) for r in RELATIONS | PETS if " " not in r), key=len, reverse=True))
_ADJ = r"(?:(?:big|little|baby|older|younger|best|step|twin|new|old)\s+)*"
_AFTER_TIE = re.compile(rf"\b(?i:my|our)\s+{_ADJ}(?:{_TIE_WORDS})\s+([a-z][a-z'-]+)(?=\s+[a-z]|\s*[,.!?]|\s*$)")
_PLURAL_LIST = re.compile(rf"\b(?i:my|our)\s+{_ADJ}(?:{_TIE_WORDS})s?\s+are\s+([a-z][a-z' ,-]+?)(?=\s*[.!?]|\s*$)")


@lru_cache(maxsize=4096)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


def a_name(word: str) -> bool:
    """Whether a word (lower case) is no word of the language's common stock: it may be a name."""
    if word in _NOT_NAMES or word.endswith(("ing", "ed")) or _an_adverb(word) or _zipf(word) >= COMMON:
        return False
    stem = word[:-2] if word.endswith(_SIBILANT_ES) else word[:-1]  # "teaches": "teach", not "teache"
    return not (word.endswith("s") and _zipf(stem) >= COMMON - 1)  # "nibbles", "plays": a form of a common word


def capital_name(word: str) -> bool:
    """A word written with a capital that is no word of the language's common stock: a name the tagger may have taken
    for a common noun, an adjective or an adverb ("Jun's girlfriend is Mariko", "Abena is my son's wife")."""
    return word[:1].isupper() and word[1:].islower() and word.isalpha() and a_name(word.lower())


def _an_adverb(word: str) -> bool:
    """An adverb made of a common word ("quickly", "happily", "gently"), not a name that ends so ("lily", "emily",
    "holly", "sally"): the word the "-ly" was put on is of the common stock."""
    if not word.endswith("ly") or len(word) < 4:
        return False
    if _zipf(word[:-2]) >= 4.4:  # "quick-ly" ("li" of "lily" is 4.25, "quick" 4.98)
        return True
    if word.endswith("ily") and _zipf(word[:-3] + "y") >= 4.0:  # "happi-ly": "happy"
        return True
    return word[-3] in "bptgkd" and _zipf(word[:-1] + "e") >= 4.0  # "gent-ly": "gentle", "simply": "simple"
_SIBILANT_ES = ("ches", "shes", "sses", "xes", "zes")  # a verb's or a noun's "-es" after a hissing sound ("Ines" keeps its "e")


# words that follow a verb, never a name said after a tie ("our dog howls when it thunders", "my cat purrs all
# night", "my brother snores like a train"): "my dog rex barks", "my sister ines is 9" have a verb after the name
_AFTER_A_VERB = re.compile(r"^\s+(?:when|whenever|if|because|all|every|at|like|so|too|loads|lots|a|an|the|on|in|to|"
                           r"with|for|about|around|constantly|always|really|non-?stop)\b")


def _a_verb_said(word: str, after: str) -> bool:
    """Whether the word after a tie is its verb in the third person ("howls", "snores"), read from what follows it."""
    return word.endswith("s") and bool(_AFTER_A_VERB.match(after))


def _capitalised(text: str, start: int, end: int) -> str:
    return text[:start] + text[start].upper() + text[start + 1:end] + text[end:]


def typed_lowercase(text: str) -> bool:
    """Whether the writer used no capital but for "I" (as typed, before any reading)."""
    return not re.search(r"[A-Z]", re.sub(r"\bI\b", "", text))


def with_names(text: str) -> str:
    """The text (typed in lower case: typed_lowercase) with the names it says given their capitals."""
    out = text
    for m in _NAMING.finditer(text):
        if m.group(1) not in _NOT_NAMES:
            out = _capitalised(out, m.start(1), m.end(1))
    for m in _AFTER_TIE.finditer(text):
        if a_name(m.group(1)) and not _a_verb_said(m.group(1), text[m.end(1):]):
            out = _capitalised(out, m.start(1), m.end(1))
    for m in _PLURAL_LIST.finditer(text):
        names = [w for w in re.split(r"\s*,\s*|\s+and\s+", m.group(1)) if w]
        if names and all(len(w.split()) == 1 and a_name(w) for w in names):
            for w in re.finditer(r"[a-z][a-z'-]+", m.group(1)):
                if w.group(0) != "and":
                    out = _capitalised(out, m.start(1) + w.start(), m.start(1) + w.end())
    return out


__all__ = ["COMMON", "a_name", "typed_lowercase", "with_names"]
