"""A full name the tagger cut (pure): "Lily Hale sat next to me at lunch" came out of the small NER model
as the person "Hale" alone, the first name, also a word ("Lily", "Willow", "Holly"), left before it at
the start of the sentence. The write path then found "Lily" as a known person's first name of its own
(coreference.known_first_names) and linked the turn to a namesake ("Lily Oakley sat next to me at lunch"
stored in Lily Hale's profile), or, said so at her introduction, made a person "Hendry" and, at the next
"Lily ...", a person "Lily" who took her facts and later another Lily's full name (issue 37, child voice;
"Claire" once in the adult voice). The name said is the full name: the capitalised word right before a
person named by one word is their first name when a known person has that first name, or when it opens
the sentence and is no word that opens sentences or says when (the tagger's failure: a sentence-initial
name it read as a word), says who they are ("Cousin", "Grandad"), is no name or is a common word of the language
("Bye Jon", "Absolutely Jon": COMMON_WORD). Only the first rule holds in a
fact learned from a turn: its words are rewritten ("Honest, Grace lives by the pond" was learned as "Honest Grace
lives by the pond", "my cousin Mia" as "Cousin Mia is owner's cousin"). memory_api.coreference.full_names_said
asks which words are known first names."""
from __future__ import annotations

import re

from ..extraction.lexicon import KIN_HE, KIN_SHE, KINSHIP, OPENER_WORDS, ROLE_WORDS, TIME_WORDS
from ..textnorm import norm_name
from . import matching

_WORD = r"[A-Z][a-z]+(?:['’-][A-Za-z]+)?"
_OPENS = re.compile(r"(?:^|[.!?…]\s+|[\"“(]\s*)$")


def word_before(text: str, name: str) -> tuple[str, bool] | None:
    """The capitalised word said right before a one-word name, one space between ("Lily" of "Lily Hale
    sat ..."), and whether it opens its sentence; None: no such word, a name of more words, or the name
    not in the text."""
    if not re.fullmatch(_WORD, name):
        return None
    m = re.search(rf"(?<![\w'’-])({_WORD}) {re.escape(name)}(?![\w'’-])", text)
    return (m.group(1), bool(_OPENS.search(text[:m.start()]))) if m else None


def first_name_cut(text: str, name: str, known_first_names: set[str], said: bool = True) -> str | None:
    """The first name the tagger cut from a person named by one word (see the module), or None.
    `known_first_names`: the normalised names of known people among the words before such names;
    `said`: the text is the turn's own words, not a fact learned from it."""
    found = word_before(text, name)
    if found is None:
        return None
    word, opens = found
    n = norm_name(word)
    if n in known_first_names:
        return word
    if not said or not opens or n in OPENER_WORDS or n in TIME_WORDS or n in KINSHIP or n in ROLE_WORDS \
            or n in KIN_HE or n in KIN_SHE \
            or not matching.plausible_name(word) or matching.clean_person_name(f"{word} {name}") != f"{word} {name}" \
            or _a_common_word(word):
        return None
    return word


# Zipf frequency (wordfreq) from which an unknown sentence-opening word is a word of the language, not a first
# name the tagger cut: "Absolutely Jon", "Bye Jon", "Learning German" were people on LoCoMo ("oliver" 4.2 and
# "lily" 4.0 stay names; "bye" 4.4, "absolutely" 5.0 do not)
COMMON_WORD = 4.35


def _a_common_word(word: str) -> bool:
    from wordfreq import zipf_frequency

    low = word.lower()
    return low.endswith("ing") or zipf_frequency(low, "en") >= COMMON_WORD
