"""How sure a fact is, from how it was said (issue 35 item 3): hedges and hearsay lower it, emphasis
raises it a little; repetition raises it later (consolidation)."""
from __future__ import annotations

import re

PLAIN = 0.8
HEDGED = 0.55
HEARSAY = 0.5
EMPHATIC = 0.85

_HEDGE = re.compile(r"\b(?:i\s+think|i\s+guess|i\s+suppose|i\s+believe|maybe|perhaps|probably|might|"
                    r"not\s+(?:really\s+)?sure|kind\s+of|sort\s+of|i\s+reckon|possibly)\b", re.I)
_HEARSAY = re.compile(r"\b(?:apparently|i\s+heard|(?:mum|mom|dad|mummy|daddy|someone|they|he|she|people)\s+"
                      r"(?:says|said|told\s+me)|supposedly|rumou?r)\b", re.I)
_EMPHASIS = re.compile(r"\b(?:really|absolutely|totally|so\s+much|definitely)\b", re.I)
# Lead-ins that carry the hedge but not the fact: "I think I'm allergic to cats" -> "I'm allergic to cats".
LEAD_INS = re.compile(r"^\s*(?:i\s+think|i\s+guess|i\s+suppose|i\s+believe|i\s+reckon|maybe|perhaps|probably|"
                      r"apparently|actually|honestly|well|oh|so|and|but|also|plus|you\s+know(?:\s+what)?|"
                      r"guess\s+what|fun\s+fact|by\s+the\s+way|btw|fyi|anyway|um|erm|tbh|nm|"
                      # "yeah I work Saturdays": an answer that goes on about the owner; "ok do the dragon one" stays a request
                      r"(?:ok|okay|yeah|yes|yep)(?=\s*[,:!.]?\s+(?:so\s+)?(?:I|I'm|I’m|im|my|we|our|me)\b))\s*[,:!.]?\s+", re.I)


def certainty(clause: str) -> float:
    if _HEARSAY.search(clause):
        return HEARSAY
    if _HEDGE.search(clause):
        return HEDGED
    if _EMPHASIS.search(clause):
        return EMPHATIC
    return PLAIN


def strip_lead_ins(clause: str) -> str:
    previous = None
    while previous != clause:
        previous, clause = clause, LEAD_INS.sub("", clause, count=1)
    return clause
