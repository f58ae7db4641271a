"""When someone else does something, asked of the owner (issue 35, short answers; read with answers.complete):
"When does he come back?" "april i think", "When does your mum work?" "nights mostly", "When does Kalani start
school?" "in September". The frame is the question said of that person, in the third person ("He comes back in
april"), so the answer is a time of theirs; "he"/"she" is the person the conversation named (mentions.py), "your"
the owner's. Only "when" and "what day(s)" are read so: what one does then is the question's own verb.
Pure string work."""
from __future__ import annotations

import re

from .person import third_person_verb

_WHEN_DOES = re.compile(r"(?i)^(?:when|what\s+days?)\s+does\s+(?P<who>he|she|your\s+\w+(?:\s+\w+)??|(?-i:[A-Z][\w'’-]+))\s+"
                        r"(?:(?P<adv>usually|normally|generally)\s+)?(?P<verb>[a-z]+)(?P<rest>(?:\s+\w+){0,3})$")
_NOT_DOINGS = frozenset("think say mean know want need like feel".split())


def when_they_do(question: str, team: bool = False) -> str | None:
    """The statement template ({} for the answer, {on} for its preposition) of "When does X VERB ...?", else None."""
    m = _WHEN_DOES.match(question.strip().rstrip("?!. ").strip())
    if m is None or m.group("verb").lower() in _NOT_DOINGS:
        return None
    who = m.group("who")
    who = re.sub(r"(?i)^your\b", "our" if team else "my", who)
    who = who[:1].upper() + who[1:]
    adv = f"{m.group('adv').lower()} " if m.group("adv") else ""
    return f"{who} {adv}{third_person_verb(m.group('verb').lower())}{m.group('rest')} {{on}} {{}}."


__all__ = ["when_they_do"]
