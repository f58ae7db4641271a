"""Find capitalised names by rule: "Peter", "Bank of East Anglia", "Zoë Brandão", "GPTZero".

Used alongside spaCy NER (which misses multi-word names with lowercase connector
words and product names) and as the only name finder when NER is switched off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..textnorm import TITLES_WITH_POINTS
from .lexicon import (
    CONCEPT_ACRONYMS,
    IMPERATIVE_VERBS,
    IRREGULAR_PAST,
    ORG_SUFFIXES,
    ROLE_ACRONYMS,
    SENTENCE_OPENERS,
    TIME_WORDS,
)

_TOKEN = re.compile(r"[^\W_](?:[\w&'’.\-]*[^\W_])?|&")
_POSSESSIVE = re.compile(r"['’]s?$")
# Lowercase words allowed inside a name between capitalised words.
_CONNECTORS = frozenset("of the de da del della di du la le van von der den y & für".split())
_VERBISH_NEXT = frozenset(
    "is was are were has had have will would can could should said says and or who , 's".split()
)


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class NameSpan:
    text: str
    start: int
    end: int
    sentence_initial: bool


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def strip_possessive(word: str) -> str:
    if len(word) > 2 and (word.endswith("'s") or word.endswith("’s")):
        return word[:-2]
    return word


def is_capitalised(word: str) -> bool:
    """Proper-name shape: Peter, WOBS, Zoë, GPTZero, iPad, Originality.ai."""
    if not word or word == "I" or word.isdigit():
        return False
    if word[0].isupper():
        return True
    return word[0].isalpha() and any(c.isupper() for c in word[1:])


def _is_sentence_initial(text: str, tok: Token, sentence_starts: frozenset[int]) -> bool:
    if tok.start in sentence_starts:
        return True
    before = text[: tok.start].rstrip(" \t\"'“‘(")
    return before == "" or before.endswith((".", "!", "?", ":", "\n", ";", "-", "•"))


def _looks_like_subject(next_tok: Token | None, gap: str, word: str) -> bool:
    """Sentence-initial single word: accept it as a name when it is followed by a verb."""
    if word.endswith(("'s", "’s")):
        return True
    if gap.strip().startswith(","):
        return True
    if next_tok is None:
        return False
    nxt = next_tok.text.lower()
    if nxt in _VERBISH_NEXT or nxt in IRREGULAR_PAST:
        return True
    if nxt.endswith("ed") and len(nxt) > 3:
        return True
    return nxt.endswith("s") and not nxt.endswith(("ss", "us", "is")) and len(nxt) > 3


# Said of someone right after their name, before what they did: "Tadhg from next door dropped by",
# "Ngozi on the support team came round".
# Also "in"/"at" ("Charlie in Year 6 gave me a sticker"), an epithet ("Dan the driver rang") and a
# present-tense "who" ("Nell who lives across the road waved"); the verb may be in -s ("Tom from my
# climbing club runs the Thursday sessions").
DESCRIPTOR_WORDS = frozenset({"from", "on", "in", "at", "the", "who"})
_DESCRIPTOR_LEN = 5
# Where they live, said right after the name: "Petra next door is a nurse", "Ros across the road".
_WHERE_THEY_LIVE = (("next", "door"), ("across", "the", "road"), ("over", "the", "road"), ("down", "the", "road"))


def _lives_where_subject(tokens: list[Token], i: int, text: str) -> bool:
    """Sentence-initial single word, then where they live ("next door") with nothing between, then a verb."""
    for phrase in _WHERE_THEY_LIVE:
        end = i + 1 + len(phrase)
        if end >= len(tokens) or tuple(t.text.lower() for t in tokens[i + 1:end]) != phrase:
            continue
        if any(text[tokens[k - 1].end:tokens[k].start].strip() for k in range(i + 1, end + 1)):
            return False
        word = tokens[end].text.lower()
        return word in _VERBISH_NEXT or word in IRREGULAR_PAST or (word.endswith("ed") and len(word) > 3)
    return False


def _described_subject(tokens: list[Token], i: int, text: str) -> bool:
    """Sentence-initial single word followed by who they are ("from accounts", "on the support team")
    and then a verb: the subject of the sentence. (The tagger still has to read the word as a proper
    noun, so "Apart from the rain it was fine" stays out.)"""
    if i + 2 >= len(tokens) or tokens[i + 1].text.lower() not in DESCRIPTOR_WORDS \
            or text[tokens[i].end : tokens[i + 1].start].strip():
        return False
    for k in range(i + 2, min(len(tokens), i + 3 + _DESCRIPTOR_LEN)):
        if text[tokens[k - 1].end : tokens[k].start].strip():
            return False  # a comma or a full stop ends the phrase
        word = tokens[k].text.lower()
        if word == "and" and k + 1 < len(tokens) and tokens[k + 1].text == "I":
            return True
        if k > i + 2 and (word in _VERBISH_NEXT or word in IRREGULAR_PAST
                          or (word.endswith("ed") and len(word) > 3) or _verb_in_s(tokens, k)):
            return True
    return False


def described_subject(text: str, start: int) -> bool:
    """Is the one word at `start` followed by who they are and then a verb ("Lorcan the roofer rang",
    "Odette from my pottery class runs ...")? Then it is a person's name, however rare (the tagger
    reads an unknown first name opening a sentence as a common noun)."""
    tokens = tokenize(text)
    i = next((k for k, t in enumerate(tokens) if t.start == start), None)
    return i is not None and _described_subject(tokens, i, text)


def _verb_in_s(tokens: list[Token], k: int) -> bool:
    """ "runs the", "wants paying", "keeps asking": a word in -s followed by a determiner, a pronoun or
    an -ing word is a verb, not a plural noun ("the council parks team")."""
    word = tokens[k].text.lower()
    if not (word.endswith("s") and not word.endswith(("ss", "us", "is", "'s", "’s")) and len(word) > 3):
        return False
    nxt = tokens[k + 1].text.lower() if k + 1 < len(tokens) else ""
    return nxt in _AFTER_VERB or nxt.endswith("ing")


_AFTER_VERB = frozenset("a an the my our your his her their its this that me us him them it to up".split())


def _is_name_word(word: str) -> bool:
    bare = strip_possessive(word)
    if not is_capitalised(bare):
        return False
    if bare in ROLE_ACRONYMS or bare.lower() in TIME_WORDS:
        return False
    return True


def find_name_spans(text: str, sentence_starts: frozenset[int] = frozenset()) -> list[NameSpan]:
    """Spans of capitalised names, possessive 's removed."""
    tokens = tokenize(text)
    spans: list[NameSpan] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if not _is_name_word(tok.text):
            i += 1
            continue
        initial = _is_sentence_initial(text, tok, sentence_starts)
        if initial and tok.text.lower() in SENTENCE_OPENERS | IMPERATIVE_VERBS:
            i += 1
            continue
        j = i  # index of last token in the span
        while j + 1 < len(tokens) and not tokens[j].text.endswith(("'s", "’s")):
            gap = text[tokens[j].end : tokens[j + 1].start]
            if gap.strip() == "." and j == i and tokens[j].text.lower() in TITLES_WITH_POINTS and gap[-1:].isspace() \
                    and _is_name_word(tokens[j + 1].text):
                j += 1  # "Mrs. Okafor", "Dr. Lee": a title's point ends no name
                continue
            if gap.strip():
                break
            nxt = tokens[j + 1]
            if _is_name_word(nxt.text):
                if nxt.text in CONCEPT_ACRONYMS and not tokens[j].text.isupper():
                    break  # "the Airtable QA column": Airtable, then the concept QA
                j += 1
                continue
            k = j + 1  # try connector words: "of", "of the", "&"
            while k < len(tokens) and tokens[k].text.lower() in _CONNECTORS and k - j <= 2:
                if text[tokens[k - 1].end : tokens[k].start].strip():
                    break
                k += 1
            if k > j + 1 and k < len(tokens) and _is_name_word(tokens[k].text) and not text[
                tokens[k - 1].end : tokens[k].start
            ].strip():
                j = k
                continue
            if nxt.text.lower() == "and" and _and_joins(tokens, j + 1, text):
                j += 2
                continue
            break
        if i == j and initial:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            gap = text[tok.end : nxt.start] if nxt else text[tok.end :]
            if not (_looks_like_subject(nxt, gap, tok.text) or _described_subject(tokens, i, text)
                    or _lives_where_subject(tokens, i, text)):
                i += 1
                continue
        start, end = tok.start, tokens[j].end
        surface = strip_possessive(text[start:end])
        spans.append(NameSpan(surface, start, start + len(surface), initial))
        i = j + 1
    return spans


def _and_joins(tokens: list[Token], and_index: int, text: str) -> bool:
    """'and' joins two capitalised parts only when the whole ends in an organisation word."""
    k = and_index + 1
    last = None
    while k < len(tokens) and _is_name_word(tokens[k].text):
        if text[tokens[k - 1].end : tokens[k].start].strip():
            break
        last = tokens[k]
        k += 1
    return last is not None and last.text.lower().rstrip(".") in ORG_SUFFIXES
