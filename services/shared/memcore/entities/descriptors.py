"""Who someone is to the speaker, as said next to their name (pure).

People tell namesakes apart by what they say beside the name: "my cousin Tom", "the kids' swimming
coach Nadia", "Tom from accounting", "Claire from the third floor", "Leila on the support team".
descriptors() reads those phrases around a name; they are kept on the person (facets.kin) when the
name is a full name or otherwise resolved, and a first name alone that carries one is the namesake
who was described so before (same_descriptor).

Only identity phrases count: a determiner ("my", "our", "the") or a name's possessive ("Mia's")
and up to four lowercase words right before the name, or "from ..." / "on the ... team" right after it. An event's place ("Ran into Tom at
the petrol station") is not who Tom is, so "at"/"in" phrases are never read.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence, TypeVar

from ..extraction.lexicon import IRREGULAR_PAST, TIME_WORDS

# Words that end a descriptor phrase (what follows is the rest of the sentence, not who they are).
_STOP = frozenset("""
    a an the my our your his her their its this that these those
    at in on to with by for of about into onto over under after before during since until than
    and or but nor so because if when while where who whom whose which that as
    is are was were be been being am has have had do does did will would can could should may might must
    i you he she we they me him us them it
    yesterday today tonight tomorrow morning afternoon evening night week weekend month year ago now
    again too also just still already really very
""".split()) | frozenset(IRREGULAR_PAST) | frozenset(TIME_WORDS)
# Determiners that open a descriptor before a name.
_PRE_DETERMINERS = frozenset("my our the".split())
# Group nouns after "on the ...": "on the support team", "on the parish council".
_GROUPS = frozenset("team staff board committee council crew squad panel desk rota".split())
# Nouns that end a "from ..." phrase: what follows is what they do ("Tom from my climbing club runs ...").
_PHRASE_ENDS = _GROUPS | frozenset("""club group class gym office school church choir band society league
    surgery practice department floor unit ward course""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_NAME_POSSESSIVE = re.compile(r"[A-Z][a-z]+['’]s")
MAX_WORDS = 4
K = TypeVar("K")


def _norm(words: list[str]) -> str:
    return " ".join(w.lower().replace("’", "'") for w in words)


def _is_verb_like(word: str) -> bool:
    w = word.lower()
    return (w.endswith("ed") and len(w) > 4) or w in IRREGULAR_PAST


def before(text: str, start: int) -> str | None:
    """ "my old school friend" before the name -> "old school friend"."""
    phrase: list[str] = []
    edge = start
    for m in reversed(list(_WORD.finditer(text[:start]))):
        if text[m.end():edge].strip():
            return None  # punctuation between the phrase and the name: not a descriptor of it
        w, low = m.group(0), m.group(0).lower()
        if low in _PRE_DETERMINERS:
            return _norm(phrase) if phrase else None
        if phrase and _NAME_POSSESSIVE.fullmatch(w):  # "Mia's teacher Anna": whose teacher is part of who
            return _norm([w, *phrase])
        if not w.islower() or low in _STOP or _is_verb_like(w) or len(phrase) >= MAX_WORDS:
            return None
        phrase.insert(0, w)
        edge = m.start()
    return None


def after(text: str, end: int) -> str | None:
    """ "from the third floor" after the name -> "third floor"; "on the support team" -> "support team"."""
    m = re.match(r"\s+(from|on)\s+(?:(?:the|my|our)\s+)?", text[end:], re.I)
    if not m:
        return None
    on = m.group(1).lower() == "on"
    phrase: list[str] = []
    edge = end + m.end()
    for w in _WORD.finditer(text, edge):
        word = w.group(0)
        stop = word.lower() in _STOP and not (word.isupper() and len(word) > 1)  # "from IT", "from HR"
        if text[edge:w.start()].strip() or stop or _is_verb_like(word) or len(phrase) >= MAX_WORDS:
            break
        phrase.append(word)
        edge = w.end()
        if word.lower() in _PHRASE_ENDS:
            break
    if not phrase or (on and phrase[-1].lower() not in _GROUPS):
        return None
    return _norm(phrase)


def descriptors(text: str, name: str) -> tuple[str, ...]:
    """The identity phrases beside the first occurrence of `name` in `text`."""
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    if not m:
        return ()
    return tuple(d for d in (before(text, m.start()), after(text, m.end())) if d)


_ARTICLES = frozenset("a an the my our your his her their".split())


def _content(phrase: str) -> set[str]:
    return {w for w in phrase.replace("'s", "").split() if w not in _ARTICLES}


def same_descriptor(said: str, known: str) -> bool:
    """Does a descriptor said now name the one stored? The same words, or fewer of them with the
    same last word ("coach" / "swimming coach", "school friend" / "old school friend")."""
    a, b = _content(said), _content(known)
    if not a or not b:
        return False
    if a == b:
        return True
    head_a, head_b = said.split()[-1], known.split()[-1]
    return head_a == head_b and (a <= b or b <= a)


def described(said: Sequence[str], kin_of: Mapping[K, Sequence[str]]) -> set[K]:
    """Which of the candidates (key -> their stored descriptors) are what was said beside the name."""
    return {key for key, kin in kin_of.items() if any(same_descriptor(d, k) for d in said for k in kin)}


def best_described(said: Sequence[str], kin_of: Mapping[K, Sequence[str]]) -> set[K]:
    """The candidates described most nearly as the text describes the name: those with a stored
    descriptor of the same words when any has one ("big cousin" said: the big cousin, not also the
    little cousin who is stored as "cousin" too), else every candidate described so (described)."""
    said_words = [_content(d) for d in said]
    exact = {key for key, kin in kin_of.items()
             if any(w and w == _content(k) for w in said_words for k in kin)}
    return exact or described(said, kin_of)


def said_word_for_word(said: Sequence[str], kin_of: Mapping[K, Sequence[str]]) -> set[K]:
    """The candidates with a stored descriptor of the very words said ("cheese counter" said, "cheese
    counter" kept; not "counter"): how a phrase that may be only where something happened (beside_name
    .where) still says who someone is, when a namesake was described by exactly it."""
    said_words = [w for w in (_content(d) for d in said) if w]
    return {key for key, kin in kin_of.items() if any(w == _content(k) for w in said_words for k in kin)}


def _stems(words: Sequence[str]) -> set[str]:
    return {w[:5] for phrase in words for w in _content(phrase.lower()) if len(w) > 2}


def may_describe(said: Sequence[str], identity: Sequence[str]) -> bool:
    """Could what was said beside a name be a way of saying who a known person is (their roles,
    organisations, who they are to the speaker)? Any word in common by its first five letters
    ("from accounting" / "accountant"): then the clue does not set a new person apart."""
    return bool(_stems(said) & _stems(identity))
