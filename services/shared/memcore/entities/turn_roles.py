"""Who does what in a sentence, read from its dependency parse (pure; the parse is
memcore.knowledge.parse's token tuples), for conversation tracking (issue 37):

  * roles: a name is the agent of its clause when it is the verb's subject ("Kettlewell emailed the
    Pinecrest report": Kettlewell) or the "by" of a passive; it is what the verb acts on when it is,
    or modifies, the verb's object ("the Pinecrest report"). "It" with a verb said of things means
    what was acted on, not who acted;
  * topic owners: the person a sentence says a topic belongs to is the subject of the clause the
    topic's phrase hangs from ("Ilse is running the charity quiz.", "Fergus is in charge of the shop
    refit.", "Marco is the producer of the harbour podcast."), a name however it is written: a first
    name alone is a name as much as a full one.
"""
from __future__ import annotations

from typing import Sequence

from ..knowledge.parse import Sentence

AGENT = "agent"
ACTED_ON = "acted_on"
_NAME_PARTS = frozenset({"compound", "flat", "amod"})  # "Bastian" of "Bastian Larkin", "Pinecrest" of "the Pinecrest report"
_OBJECTS = frozenset({"dobj", "obj", "nsubjpass", "attr", "oprd"})
_SUBJECTS = frozenset({"nsubj"})
# A capitalised subject the tagger does not take for a name is one when rarer than this in English
# ("rashid" 3.1, "ilse" 2.3, "marco" 3.9; "mum" 4.4, "school" 5.7).
NAME_ZIPF = 4.0
MAX_CLIMB = 8  # heads followed from a topic's phrase up to its clause, at most


def offsets(sentence: Sentence) -> list[int]:
    """Each token's character offset in the parsed text (tokens and their whitespace make up the text)."""
    out, at = [], 0
    for t in sentence:
        out.append(at)
        at += len(t.text) + len(t.ws)
    return out


def _token_at(sentence: Sentence, starts: list[int], start: int) -> int | None:
    for i, s in enumerate(starts):
        if s <= start < s + max(len(sentence[i].text), 1):
            return i
    return None


def _phrase_head(sentence: Sentence, i: int) -> int:
    """The token a name part belongs to: "Bastian" -> "Larkin", "Pinecrest" -> "report"."""
    for _ in range(MAX_CLIMB):
        t = sentence[i]
        if t.dep not in _NAME_PARTS or t.head == i:
            break
        i = t.head
    return i


def role_at(sentence: Sentence, start: int, starts: list[int] | None = None) -> str:
    """The role in its clause of the name starting at character `start`: AGENT, ACTED_ON or ""."""
    starts = starts if starts is not None else offsets(sentence)
    i = _token_at(sentence, starts, start)
    if i is None:
        return ""
    h = _phrase_head(sentence, i)
    t = sentence[h]
    if t.dep in _SUBJECTS and sentence[t.head].pos in ("VERB", "AUX"):
        return AGENT
    if t.dep == "pobj" and sentence[t.head].dep == "agent":  # "... was emailed by Kettlewell"
        return AGENT
    if t.dep in _OBJECTS:
        return ACTED_ON
    return ""


def _name(sentence: Sentence, i: int) -> str | None:
    """The proper name a subject token is, with its compound parts ("Bastian Larkin"); None when
    the subject is not a name ("I", "the school"). The tagger reads a first name it does not know
    as a noun or an adjective ("Rashid drafts ...", "Ilse hosts ..."): a capitalised subject that is
    a rare word in English (NAME_ZIPF) is a name too."""
    t = sentence[i]
    if not t.text[:1].isupper() or t.pos in ("PRON", "DET"):
        return None
    if t.pos != "PROPN":
        from wordfreq import zipf_frequency

        if t.pos not in ("NOUN", "ADJ") or zipf_frequency(t.lower, "en") >= NAME_ZIPF:
            return None
    parts = [t for t in sentence if t.head == i and t.dep in ("compound", "flat") and t.pos == "PROPN" and t.i < i]
    return " ".join(t.text for t in [*parts, sentence[i]])


def topic_owner(sentence: Sentence, phrase: str) -> str | None:
    """The name a sentence says the topic `phrase` belongs to: the subject of the clause its phrase
    hangs from, when that subject is a name; None when the sentence does not say the phrase or its
    clause has no named subject."""
    words = [w.lower() for w in phrase.split()]
    if not words:
        return None
    lows = [t.lower for t in sentence]
    n = len(words)
    at = next((i for i in range(len(lows) - n + 1) if lows[i:i + n] == words), None)
    if at is None:
        return None
    i = _phrase_head(sentence, at + n - 1)
    for _ in range(MAX_CLIMB):
        subject = next((t.i for t in sentence if t.head == i and t.dep in _SUBJECTS and t.i != i), None)
        if subject is not None:
            return _name(sentence, subject)
        if sentence[i].head == i:
            return None
        i = sentence[i].head
    return None


def topic_owners(sentences: Sequence[Sentence], phrase: str, limit: int = 2) -> list[str]:
    """The names the sentences say the topic belongs to, most often said first (then first said)."""
    counts: dict[str, int] = {}
    for s in sentences:
        name = topic_owner(s, phrase)
        if name:
            counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda n: -counts[n])[:limit]
