"""A name said again as "he"/"she" right after it, the way speech and dictated messages run on (issue 35): "my wife
Sipho she works at the clinic", "the oldest one Kai he is at college in Denver", "and then Dolores she does the
books". The pronoun repeats the name just said; it points at that person, not at whoever a tie named before ("my
wife Aiyana ... the oldest one Kai he is at college": Kai, not Aiyana).

`name_said_again`: the last name in a text said so, for mentions.last_mention and named_before_pronoun. Only a
capitalised word (or two) that is not a sentence opener, right before "he"/"she" and a verb, where a clause starts
or after the person's tie, "one", "called" or a filler of speech; "I told Kai he is late" or "I met Tomás. She said
..." is no such repeat (after a verb or a preposition, the pronoun may be someone else).
`said_once`: a card's line the pronoun's mending made say the name twice ("Aiyana Aiyana works") says it once.
`name_ending`: the same, when the clause cut falls between the name and its pronoun. `name_right_before`: the same read on a parsed sentence, for the dependency reader: the proper noun standing right
before the pronoun that is the clause's subject, unless it is the object of a preposition ("in Lima she ...") or a
possessor. Pure: regex work and token tuples."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..extraction.lexicon import SENTENCE_OPENERS, TIME_WORDS
from ..extraction.patterns import NAME_WORD
from .vocabulary import RELATION_PHRASES, RELATIONS

# a verb, said or in a learner's bare form, after the repeated pronoun
_VERB = r"(?:is|was|['’]s|has|had|can|does|did|will|works|lives|goes|[a-z]+s|[a-z]+ed)\b"
_SAID_AGAIN = re.compile(rf"(?<![\w'’-])(?P<name>{NAME_WORD}(?:\s+{NAME_WORD})?)\s+(?:[Hh]e|[Ss]he)\s+(?={_VERB})")
# what may stand right before a name that its pronoun repeats: where a clause starts, the person's tie ("my wife
# Sipho she ..."), "the oldest one Kai he ...", "a boy called Leo he ...", a filler of speech ("and um Dolores she
# ..."); not a verb or a preposition ("I met Tomás. She ...", "lunch with Tomás, she ...": someone else may be she)
_TIES = "|".join(re.escape(w) for w in sorted((*RELATION_PHRASES, *RELATIONS), key=len, reverse=True))
_BEFORE_NAME = re.compile(rf"(?i)(?:^|[,.;:!?(]|\s[–—-]|\b(?:{_TIES}|one|called|named|and|then|so|um+|uh+|er|like|also|plus|"
                          rf"mr|mrs|ms|miss|dr|auntie|uncle|aunt|grandma|grandpa))\s*$")
_NOT_A_NAME = SENTENCE_OPENERS | TIME_WORDS | frozenset("i and but so then um uh er like ok okay yes no oh".split())


def name_said_again(text: str) -> tuple[str, int] | None:
    """The last (name, where it starts) the text repeats as "he"/"she" right after it, or None."""
    found = None
    for m in _SAID_AGAIN.finditer(text):
        words = m.group("name").split()
        while words and words[0].lower() in _NOT_A_NAME:
            words.pop(0)
        if not words:
            continue
        at = m.start("name") + m.group("name").index(words[0])
        if _BEFORE_NAME.search(text[:at]):
            found = (" ".join(words), at)
    return found


def name_ending(before: str, clause: str, said_in: str | None = None) -> str | None:
    """The name the text before a clause ends on, when the clause opens on "he"/"she" and a verb ("... the oldest
    one Kai" + "he is at college"): the clause's pronoun repeats it. `said_in`: the sentence the two were cut from,
    which must say the pronoun right after the name ("a trawler called Norðlýsið and he goes away": he is not the
    boat). None otherwise."""
    head = before.rstrip(" ,.;")
    said = name_said_again(f"{head} {clause.lstrip()}")
    if not said or said[1] + len(said[0]) != len(head):
        return None
    run_on = said_in is None or re.search(rf"(?<![\w'’-]){re.escape(said[0])}\s+(?:he|she)\b", said_in, re.I)
    return said[0] if run_on else None


def said_once(cards: list[Any], text: str) -> list[Any]:
    """The cards (models.Fact) with a name said again as its pronoun said once in their lines and values: "my wife
    Aiyana she works ..." mended reads "Aiyana Aiyana works"; only names the text repeats so (a name that is two
    equal words, "Lan Lan", stays)."""
    names = {m.group("name").split()[-1] for m in _SAID_AGAIN.finditer(text)}
    if not names:
        return cards
    twice = re.compile(rf"\b({'|'.join(re.escape(n) for n in sorted(names, key=len, reverse=True))})\s+\1\b")
    out = []
    for f in cards:
        if twice.search(f.text) or twice.search(f.value):
            f = replace(f, text=twice.sub(r"\1", f.text), value=twice.sub(r"\1", f.value))
        out.append(f)
    return out


def name_right_before(s: Sequence[Any], subj: Any) -> str | None:
    """The name a parsed sentence says right before its "he"/"she" subject `subj` (parse.Tok tuples), or None."""
    if subj.i == 0 or subj.lower not in ("he", "she"):
        return None
    last = s[subj.i - 1]
    if last.pos != "PROPN" or last.dep in ("pobj", "poss") or last.lower in _NOT_A_NAME:
        return None
    first = last.i
    while first > 0 and s[first - 1].pos == "PROPN" and s[first - 1].dep == "compound" and s[first - 1].head == last.i:
        first -= 1
    if not _BEFORE_NAME.search(" ".join(t.text for t in s[:first])):
        return None
    return " ".join(t.text for t in s[first:last.i + 1])


__all__ = ["name_ending", "name_right_before", "name_said_again", "said_once"]
