"""List questions (issue 35 item 7): "What foods does Maria like?", "How many pets does Omar have?",
"Which books has Melanie read?" ask for all of one person's facts of a kind, which no single turn
holds. With typed knowledge the read path can gather that person's facts (the list path) and let
the ranking keep those that answer."""
from __future__ import annotations

import re

_LIST = re.compile(
    r"^\s*(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+[a-z]+|[a-z]+s)\s+(?:does|do|did|has|have|had|is|are)\b"
    r"|^\s*how\s+many\b|^\s*(?:name|list)\s+(?:all|every|the)\b|^\s*what\s+are\s+[\w'’]+['’]s\s+[a-z]+s\b",
    re.I)
# "What are Maria's hobbies?", "What does Omar like?": a question about one named person
_POSSESSIVE = re.compile(r"\b([A-Z][a-z]+)['’]s\b")


def is_list_question(question: str) -> bool:
    return bool(_LIST.search(question))


def subjects_asked(question: str, names: list[str]) -> list[str]:
    """The people a list question is about: the names given (speakers, resolved entities) and any
    possessive name it uses; none when it is no list question."""
    if not is_list_question(question):
        return []
    found = list(dict.fromkeys([*names, *_POSSESSIVE.findall(question)]))
    return [n for n in found if n]
