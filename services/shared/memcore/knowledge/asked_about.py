"""The person a question just asked about, by name (issue 35: who a fact is about).

"Who's Olek?" "our lodger. he's from Gdańsk", "Tell me about Mrs Osei." "She's my piano teacher, she's 60",
"What about your brother Rafael?" "he's a chef in Lisbon": the answer's "he"/"she" is the one the question
named, and an answer that is only a tie ("my cousin, she lives in Rabat" after "Who's Nadia?") says who that
one is to the owner. The readers looked for a "he"/"she" only in the owner's own turns, so these answers gave
nothing or a card of "Ingrid's cousin".

`person_asked_about` gives the one name a question says (not the owner's: "Hi Ingrid, how's Tomás?" asks
about Tomás), or None when it says none or several. `tie_answered` says a tie-only answer to "Who's NAME?"
as the sentence it answers ("Nadia is my cousin, she lives in Rabat"). Pure string work.
"""
from __future__ import annotations

import re

from ..calendar_words import FESTIVAL_ALT, MONTH_ALT, WEEKDAY
from ..extraction.lexicon import SENTENCE_OPENERS
from ..extraction.patterns import NAME
from .vocabulary import RELATION_PHRASES, RELATIONS

_NOT_NAMES = re.compile(rf"(?i)^(?:(?:{WEEKDAY})s?|{MONTH_ALT}|i|i['’]m|i['’]ll|i['’]d|i['’]ve|ok|okay|oh|hi|hey|hello|great|"
                        rf"thanks|{FESTIVAL_ALT}|english|french|spanish|maths|science)$")
_NAMED = re.compile(rf"(?<=[\s(\"“])(?P<name>{NAME})(?=[\s,.?!'’)\"”]|$)")
_FIRST_WORDS = re.compile(r"((?:^|[.!?:;]|\s[-–—])\s*)(\S+)")
_FUNCTION = SENTENCE_OPENERS | frozenset("""who what where when why how which whose whom do does did is are was were can could
will would should shall may might must have has had any some every no yes so and but or if then also just your my our their
his her its it that this those these there here aww wow ah oh""".split())
_QUESTION = re.compile(r"(?is)^(?:.*\?\s*$|\s*(?:and\s+)?(?:tell|talk)\s+me\s+(?:a\s+bit\s+|more\s+)?about\b.*)")
_TIES = "|".join(sorted((re.escape(w) for w in RELATIONS | set(RELATION_PHRASES)), key=len, reverse=True))
_WHO_IS = re.compile(rf"^\s*(?i:and\s+)?(?i:who)(?:['’]s|\s+is)\s+(?P<name>{NAME})\s*\?\s*$")
_TIE_ONLY = re.compile(rf"^(?P<lead>(?:(?:she|he)(?:['’]s|\s+is)\s+)?)(?P<tie>(?:my|our)\s+(?:[a-z]+\s+)?(?:{_TIES}))"
                       r"(?P<end>\s*(?:[,.;!]|$))", re.I)


def person_asked_about(question: str, owner: str = "") -> str | None:
    """The one person the question names (with a title when it says one: "Mrs Osei"); None: none, or several."""
    if not _QUESTION.match(question.strip()):
        return None
    first = owner.split()[0].lower() if owner else ""
    # a sentence's first word is no name ("Who's", "Tell", "Does", "And", "Aww! Would ...")
    blanked = _FIRST_WORDS.sub(lambda m: m.group(1) + " " * len(m.group(2)), question)
    names = {m.group("name") for m in _NAMED.finditer(f" {blanked}")
             if not _NOT_NAMES.match(m.group("name")) and m.group("name").split()[0].lower() != first
             and m.group("name").split()[0].lower().replace("’", "'").split("'")[0] not in _FUNCTION}
    return names.pop() if len(names) == 1 else None


def tie_answered(question: str | None, answer: str) -> str:
    """A tie said alone to "Who's NAME?" ("my cousin, she lives in Rabat", "our lodger."), said as "NAME is my
    cousin, ..."; any other answer as it is."""
    asked = _WHO_IS.match(question or "")
    said = _TIE_ONLY.match(answer.strip())
    if asked is None or said is None:
        return answer
    rest = answer.strip()[said.end("tie"):]
    return f"{asked.group('name')} is {said.group('tie')}{rest if rest.strip() else '.'}"


__all__ = ["person_asked_about", "tie_answered"]
