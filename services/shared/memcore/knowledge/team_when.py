"""When a colleague works, said after their post or duty with a comma (issue 35): "Nerea does payroll,
Tuesdays and Thursdays only", "the head chef is Marco, weekends", "Sam covers reception, 9 to 5". The
piece after the comma has no words but days, parts of the day and clock times: it is when the person
of the clause before works, a routine of theirs, and the post or duty stays a card of its own (without
it, the days went to the organisation as a rule of its own, or stayed inside the duty's value).
Pure: `when_only` reads a piece's text, `named_person` a clause's parse (parse.Tok tuples).
"""
from __future__ import annotations

import re

from .parse import Sentence, Tok
from .tree import children, subtree, text_of
from .team_words import DAY_WORD

# the words a piece that says only when may hold: days (one, a range, a list), parts of the day, clock
# times and ranges, "only", "every", "till close"
_PART = r"(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?|weekdays?|weekends?)"
_HOUR = r"(?:\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)?|noon|midday|midnight|close|closing)"
_WHEN_WORD = re.compile(rf"(?i)\b(?:{DAY_WORD}|{_PART}|{_HOUR}|every|each|only|and|to|till|until|from|on|at|in|the|"
                        r"day|days|shifts?|mostly|usually|just)\b|[-–&/,]")


def when_only(text: str) -> bool:
    """Whether a piece says only when ("Tuesdays and Thursdays only", "nights", "mornings, 9 to 1"),
    with at least one day, part of the day or clock time in it."""
    if not re.search(rf"(?i)\b(?:{DAY_WORD}|{_PART})\b|\d", text):
        return False
    return not _WHEN_WORD.sub(" ", text).strip(" .!")


def named_person(s: Sentence) -> str | None:
    """The colleague a clause is about, by name: its subject ("Nerea does payroll") or, in "X is
    <Name>", the name ("the head chef is Marco"); None for a pronoun or a thing."""
    kids = children(s)
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is None:
        return None
    subj = next((c for c in kids.get(root.i, []) if c.dep in ("nsubj", "nsubjpass")), None)
    name: Tok | None = None
    if subj is not None and subj.pos == "PROPN" and subj.text[:1].isupper():
        name = subj
    elif root.lemma == "be":
        name = next((c for c in kids.get(root.i, []) if c.dep == "attr" and c.pos == "PROPN" and c.text[:1].isupper()), None)
    if name is None:
        return None
    words = [i for i in subtree(kids, name.i) if s[i].pos == "PROPN" and s[i].text[:1].isupper()]
    return text_of(s, words) if words and words == list(range(words[0], words[-1] + 1)) else None


__all__ = ["named_person", "when_only"]
