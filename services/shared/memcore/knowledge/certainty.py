"""How sure a fact is, from how it was said (issue 35 item 3): hedges and hearsay lower it, emphasis
raises it a little; repetition raises it later (consolidation)."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
PLAIN = 0.8
HEDGED = 0.55
HEARSAY = 0.5
EMPHATIC = 0.85
# the words a hedge is said with, for readers that take one off a short answer (hedged_answers.py)
HEDGE_WORDS = r"i\s+think|i\s+guess|i\s+suppose|i\s+believe|i\s+reckon|maybe|perhaps|probably|possibly"

# "kind of"/"sort of" hedge only where no word before them makes them a noun ("my favourite kind of shark")
_HEDGE = re.compile(r"\b(?:i\s+think|i\s+guess|i\s+suppose|i\s+believe|maybe|perhaps|probably|might|"
                    r"(?<!\bnot\s)(?:(?:i['’]?m|im)\s+)?(?:pretty|fairly|quite)\s+sure|"
                    r"not\s+(?:really\s+|100\s*%\s+)?sure|(?<!\ba\s)(?<!\bthe\s)(?<!\bany\s)(?<!\bwhat\s)(?<!\bthis\s)(?<!\bthat\s)"
                    r"(?<!\bsome\s)(?<!\bsame\s)(?<!\bfavourite\s)(?<!\bfavorite\s)(?<!\bwhich\s)(?:kind|sort)\s+of|"
                    r"i\s+reckon|possibly|don['’]?t\s+(?:quote\s+me(?:\s+on\s+(?:it|that|this))?|hold\s+me\s+to\s+(?:it|that|this))(?:\s+though)?|"
                    r"could\s+be\s+wrong|(?:may|could)\s+be)\b", re.I)  # "I may be allergic to latex": as "might" is
# Hearsay: a word that says so, or someone other than the owner reported as saying it ("my brother Kai says
# ...", "Nana told me ...", "Dad said ..."). The reporting word is group "verb": what is said after it is hearsay.
REPORTER = (r"(?:(?i:mum|mom|dad|mummy|daddy|mam|nan|nana|gran|granny|grandma|grandad|grandpa|someone|they|he|she|"
             rf"people|everyone|everybody|the\s+teacher|teacher)|(?i:my|our|his|her|their)\s+(?:[a-z]+\s+){{0,2}}?[a-z]+(?:\s+{NAME_WORD})?"
             rf"|{NAME_WORD}['’]s\s+[a-z]+"  # "Leo's dad says ...", "her husband told me ..."
             rf"|(?!(?:I|It|That|This|There|He|She|They|We|You)\b){NAME_WORD}(?:\s+{NAME_WORD})?)")
# the reporting word itself (reported.py reads a report said after what it reports with the same two patterns)
REPORTING = r"(?:says|said|sayd|sez|told\s+(?:me|us)|tells\s+(?:me|us)|reckons|thinks|heard|keeps\s+saying|swears|claims)"
_HEARSAY = re.compile(r"\b(?P<verb>(?i:apparently|i\s+heard|supposedly|allegedly|reportedly|according\s+to|"
                      r"rumou?r(?:\s+is|\s+has\s+it)?|word\s+is|(?:they|people)\s+say|i\s+was\s+told|i['’]ve\s+been\s+told|so\s+i['’]m\s+told))\b"
                      rf"|\b{REPORTER}\s+(?P<verb2>(?i:{REPORTING}))\b")
_EMPHASIS = re.compile(r"\b(?:really|absolutely|totally|so\s+much|definitely)\b", re.I)
# Lead-ins that carry the hedge but not the fact: "I think I'm allergic to cats" -> "I'm allergic to cats".
LEAD_INS = re.compile(r"^\s*(?:i\s+think|i\s+guess|i\s+suppose|i\s+believe|i\s+reckon|maybe|perhaps|probably|"
                      r"(?:(?:i['’]?m|im)\s+)?(?:pretty|fairly|quite)\s+sure(?:\s+that)?|"
                      r"apparently|actually|honestly|well|oh|so|and|but|also|plus|you\s+know(?:\s+what)?|"
                      # news passed on by no one named ("word is Kemal got an offer", "rumour has it the mill was a
                      # prison", "they say the bridge is from 1820"): the hearsay stays in the clause's certainty
                      r"(?:word\s+is|(?:they|people|everyone|everybody)\s+says?)(?:\s+that)?(?=\s)|"
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


_OF_THE_BODY = ("allergic", "intolerant", "health", "condition", "takes")


def said_of(value: str, kind: str, predicate: str, clause: str) -> float:
    """How sure one fact of the clause is: as certainty(clause), except that
    - a hedge or report that goes on to what it is about does not reach a fact whose words all come
      before it ("my brother Kai says he saw ...": Kai is his brother, stated; "My teacher Emrys
      apparently used to ...": Emrys is the teacher); one that ends its clause ("..., I think") reaches
      the whole clause;
    - a rule relayed from whoever set it is the rule, stated ("Mummy says no sweets")."""
    said = certainty(clause)
    if said >= PLAIN:
        return said
    if said == HEARSAY and kind == "safety" and not predicate.startswith(_OF_THE_BODY):
        return PLAIN  # (what one's body does is no rule: "apparently Tom is allergic to wasps" stays hearsay)
    marker = _HEARSAY.search(clause) if said == HEARSAY else _HEDGE.search(clause)
    if marker is None:
        return said
    at = marker.start("verb2") if said == HEARSAY and marker.group("verb2") else marker.start()
    carried = clause.rfind(" (") if clause.endswith(")") else -1  # the statement's hedge, added as "(...)"
    if re.match(r"\s*(?:[,.;:!?)]|$)", clause[marker.end():]) or 0 <= carried < marker.start():
        return said  # "..., I think": said of all that came before
    words = set(re.findall(r"[a-z0-9]+", value.lower()))
    before = set(re.findall(r"[a-z0-9]+", clause[:at].lower()))
    after = set(re.findall(r"[a-z0-9]+", clause[at:].lower()))
    return PLAIN if words and words <= before and not words & after else said


_TRAILING_HEDGE = re.compile(r"[,;]?\s*\b(?:i\s+think|i\s+guess|i\s+believe|i\s+reckon|i\s+suppose|maybe|probably|"
                             r"perhaps|or\s+so|i['’]m\s+not\s+sure|not\s+(?:100\s*%\s+)?sure|i\s+can['’]t\s+remember|"
                             r"(?:but\s+)?don['’]?t\s+(?:quote\s+me|hold\s+me\s+to\s+(?:it|that))(?:\s+on\s+(?:it|that))?(?:\s+though)?|"
                             r"(?:but\s+)?I\s+could\s+be\s+wrong)\s*[.!?]*\s*$", re.I)


def trailing_hedge(statement: str) -> str:
    """The hedge a statement ends on (" I think" in "I won it in 1989, I think"), which reaches every
    clause of it; "" when it ends on none."""
    m = _TRAILING_HEDGE.search(statement)
    return f" ({m.group(0).strip(' ,;.!?')})" if m else ""


_DOUBT_ONLY = re.compile(r"^(?:according\s+to\s+[\w'’ ]+|apparently|supposedly|allegedly|i\s+think|i\s+guess|i\s+reckon|"
                         r"maybe|probably|perhaps|i\s+heard|rumou?r\s+is|word\s+is)$", re.I)


def lead_in_doubt(first_clause: str) -> str:
    """A statement's first clause that is only a hedge or a report ("according to my brother, our dog is
    12"), which reaches the clauses after it; "" when the first clause says more."""
    clause = first_clause.strip(" ,.")
    return f" ({clause})" if _DOUBT_ONLY.match(clause) else ""


def strip_lead_ins(clause: str) -> str:
    previous = None
    while previous != clause:
        previous, clause = clause, LEAD_INS.sub("", clause, count=1)
    return clause
