"""Query processing for lexical retrieval: stopwords, question words and named speakers.

Postgres' ``to_tsvector('english', ...)`` already drops its english stopwords (the Snowball
list, mirrored below as ``POSTGRES_ENGLISH_STOPWORDS``).  Questions carry more words that say
*what kind* of answer is wanted but never occur in the answer ("likely", "kind", "would") --
``QUESTION_WORDS``.  Questions also name the person they are about ("When did Caroline ...");
as a lexical term such a name matches every turn that person spoke, so the retriever drops
it from the query and boosts that speaker's memories instead (see ``NamedSpeakers``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Postgres ``tsearch_data/english.stop`` (the Snowball english stopword list).
POSTGRES_ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    """i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will
    just don should now""".split()
)

#: Words of a question's form that are not in the Postgres list and rarely in an answer.
QUESTION_WORDS: frozenset[str] = frozenset(
    """would could might may likely probably kind type sort ever also whose else many much
    something anything things thing""".split()
)

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?")


def words(text: str) -> list[str]:
    """Lower-cased word tokens of ``text``; a possessive/contraction stays one token ("mel's")."""
    return [w.lower().replace("\u2019", "'") for w in _WORD.findall(text)]


def _base(word: str) -> str:
    return word[:-2] if word.endswith("'s") else word


def content_words(question: str, drop_question_words: bool = True) -> list[str]:
    """Words of ``question`` that can match an answer: no stopwords, question words or duplicates.

    Possessives are reduced to their base ("caroline's" -> "caroline").
    """
    out: list[str] = []
    for word in words(question):
        base = _base(word)
        if base in POSTGRES_ENGLISH_STOPWORDS or (drop_question_words and base in QUESTION_WORDS):
            continue
        if "'" in base:  # contraction such as "didn't": its parts are stopwords
            continue
        if base not in out:
            out.append(base)
    return out


@dataclass(frozen=True)
class NamedSpeakers:
    """Known names that a question mentions, and the question text with them removed."""

    names: tuple[str, ...]
    remaining_text: str


def find_named_speakers(question: str, known_names: Iterable[str]) -> NamedSpeakers:
    """Detect which of ``known_names`` the question mentions (case-insensitive, possessive ok).

    Multi-word names match as a phrase.  Returned names keep the spelling of ``known_names``
    and the order of first mention; ``remaining_text`` is the question with those mentions
    (and a trailing "'s") removed and whitespace collapsed.
    """
    found: list[tuple[int, str]] = []
    remaining = question
    for name in sorted({n for n in known_names if n.strip()}, key=len, reverse=True):
        pattern = re.compile(
            r"(?<![\w])" + r"\s+".join(map(re.escape, name.split())) + r"(?:['\u2019]s)?(?![\w])",
            re.IGNORECASE,
        )
        match = pattern.search(remaining)
        if match:
            found.append((match.start(), name))
            remaining = pattern.sub(" ", remaining)
    found.sort()
    return NamedSpeakers(tuple(n for _, n in found), " ".join(remaining.split()))


def speakers_named_otherwise(question: str, known_names: Iterable[str],
                             people: Iterable[Sequence[str]] = ()) -> NamedSpeakers:
    """The known speakers a question names by another of their names (issue 17): ``people`` are the
    names (canonical name, aliases, nicknames) of each person the question names; a person one of whose
    names is a speaker's lends the speaker its other names ("Mel" for the speaker "Melanie"). A speaker
    with a full name is also named by their first name alone ("Jon" for "Jon Smith") when no other
    speaker or named person has that first name and no capitalised word follows it ("Jon Baker").
    Names as in ``find_named_speakers`` (the speakers' own spelling), ``remaining_text`` without the
    words that named them."""
    speakers = {n.casefold(): n for n in known_names if n.strip()}
    alias_of: dict[str, str] = {}
    claimed: dict[str, set[str]] = {}
    groups = [[n for n in names if n.strip()] for names in people]
    for names in groups:
        hit = {speakers[n.casefold()] for n in names if n.casefold() in speakers}
        if len(hit) == 1:
            speaker = hit.pop()
            for n in names:
                if n.casefold() not in speakers:
                    claimed.setdefault(n.casefold(), set()).add(speaker)
                    alias_of.setdefault(n, speaker)
    # a name two speakers' people share names neither
    alias_of = {n: s for n, s in alias_of.items() if len(claimed[n.casefold()]) == 1}
    firsts = [n.split()[0].casefold() for n in speakers.values()]
    for speaker in speakers.values():
        first = speaker.split()[0]
        key = first.casefold()
        if len(speaker.split()) < 2 or firsts.count(key) > 1 or key in speakers:
            continue
        others = [names for names in groups if speaker.casefold() not in {n.casefold() for n in names}]
        if any(n.split()[0].casefold() == key for names in others for n in names):
            continue  # another person of that first name is named: "Jon" is not surely the speaker
        if re.search(r"(?<![\w])(?i:" + re.escape(first) + r")\s+[A-Z]", question):
            continue
        alias_of.setdefault(first, speaker)
    found = find_named_speakers(question, list(alias_of))
    return NamedSpeakers(tuple(dict.fromkeys(alias_of[n] for n in found.names)), found.remaining_text)


def speaker_boost(
    speaker: str | None, named: Sequence[str], boost: float
) -> float:
    """Multiplier for a memory spoken by ``speaker`` when the question names ``named``.

    1 + ``boost`` when exactly that speaker is named (one of at most one named speaker among
    those who could have said it), else 1.  A question naming two speakers ("What did X tell Y")
    gives no boost: it is about both.
    """
    if boost < 0:
        raise ValueError("boost must be >= 0")
    if speaker is None or len(named) != 1:
        return 1.0
    return 1.0 + boost if speaker.casefold() == named[0].casefold() else 1.0
