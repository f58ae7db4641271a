"""Habits that stopped, as the note-taker writes them (issue 35: change over time).

"I don't chew betel anymore", "we don't print invoices any more", "I quit smoking three years ago",
"I gave up the choir", "Arnav has stopped biking to work": what ended is a habit, and the card the
note-taker keeps is the change itself, "stopped chewing betel" (a card of the past: the habit is not
kept as current, and the ending is news worth keeping). The readers read these as nothing, as a routine
("quits piano in the summer") or as a liking ("gave up swimming"), never as what stopped.

A card is added only where the turn kept none of the habit's words already: "I don't drink coffee
anymore" stays what one avoids now (a card true now), and "I no longer live in Lima" is a home of the
past (ended_states.py). A clause that is no statement of the speaker's own (a question, "if ...",
"don't you ...") is not read. Pure: the turn's text as read and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import about
from .vocabulary import content_words

_OPENER = r"(?:(?:and|but|so|also|well|honestly|oh|now|these\s+days|nowadays)\s*,?\s+)*"
_WHO = r"(?P<who>I|we|he|she|they|(?-i:[A-Z][a-zà-ÿ-]+))"
_CUT = r"(?=\s*(?:[.,;!?)]|$|\s+(?:any\s?more|last|in|on|at|since|because|cos|when|after|before|ago|years?|months?|weeks?|" \
       r"a\s+(?:year|month|week)|three|two|four|five|six|ten|\d|but|and|so|for|now|either|though|tho|lol)\b))"
_OBJECT = r"(?P<obj>(?!(?:any\s?more|last|in|on|at|since|because|cos|when|after|before|ago|but|and|so|for|now|either|" \
          r"though|tho|it|that|this|them)\b)[a-zà-ÿ'’-]+(?:\s+(?!(?:any\s?more|last|in|on|at|since|because|cos|when|after|before|ago|but|and|so|for|" \
          r"now|either|though|tho)\b)[a-zà-ÿ0-9'’-]+){0,3}?)"
# "I don't chew betel anymore", "she doesn't cycle to work any more", "we no longer print invoices"
_NOT_ANY_MORE = re.compile(
    rf"(?i)^{_OPENER}{_WHO}\s+(?:(?P<neg>don['’]?t|doesn['’]?t|do\s+not|does\s+not)\s+(?P<verb>[a-z]+)(?:\s+(?P<obj>[^,.;!?]{{1,40}}?))?"
    r"\s+(?:any\s?more|any\s+longer)\b"
    rf"|no\s+longer\s+(?P<verb2>[a-z]+)(?:\s+{_OBJECT.replace('obj', 'obj2')})?{_CUT})")
# "I stopped smoking", "I quit piano in the summer", "we've given up the Friday quiz", "Arnav has stopped biking to work"
_STOPPED = re.compile(
    rf"(?i)^{_OPENER}{_WHO}(?:['’](?:ve|d|s)|\s+(?:have|has|had))?\s+(?:(?:finally|just|recently|since)\s+)*"
    rf"(?P<stop>stopped|quit|quitted|gave\s+up|given\s+up|packed\s+in|dropped\s+out\s+of|dropped)\s+{_OBJECT}{_CUT}")
# "I haven't played the guitar since I moved", "we haven't used the fax since March": a habit that stopped then
_NOT_SINCE = re.compile(
    rf"(?i)^{_OPENER}{_WHO}(?:\s+(?:haven['’]?t|hasn['’]?t|have\s+not|has\s+not)|['’]ve\s+not)\s+(?P<done>[a-z]+ed)"
    r"(?:\s+(?P<obj>[^,.;!?]{1,40}?))?\s+since\b")
_CLAUSE_CUT = re.compile(r"(?i)[.;!?]+\s*|,\s*|\s+[-–—]\s+|\s+(?=(?:but|and|so|because|cos)\s+(?:I|we|he|she|they)\b)")
_OPENERS = frozenset("why what how when where who whom whose which maybe perhaps please then now today yesterday "
                     "tomorrow sometimes probably surely hopefully obviously apparently also".split())
_LIKING = frozenset("likes loves enjoys prefers".split())
_NOT_A_HABIT = frozenset("it that this them him her there here so much enough".split())
# verbs whose "don't ... anymore" says a state or a mood, read elsewhere or no habit at all
_NOT_DOING = frozenset("know think care mind remember believe need want have like love hate mean feel "
                       "understand see hear smell notice get be am is are live work".split())
_DOUBLED = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")


def gerund(verb: str) -> str:
    """The -ing form of a verb ("chew" chewing, "drive" driving, "swim" swimming, "lie" lying)."""
    v = verb.lower()
    if v.endswith("ing"):
        return v
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and len(v) > 2:
        return v[:-1] + "ing"
    if _DOUBLED.match(v) and len(v) <= 4:
        return v + v[-1] + "ing"
    return v + "ing"


def _base(verb: str) -> str:
    """The verb without the third person -s ("cycles" cycle, "watches" watch, "goes" go)."""
    v = verb.lower()
    if v.endswith(("ches", "shes", "sses", "xes", "oes")):
        return v[:-2]
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "y"
    if v.endswith("s") and not v.endswith("ss") and len(v) > 3:
        return v[:-1]
    return v


def _who(said: str, owner: str, team: str | None) -> str:
    low = said.lower()
    if low == "i":
        return owner
    if low == "we":
        return team or owner
    # a name, not a capitalised word that opens a question or a clause ("Why", "Maybe")
    return said if said[:1].isupper() and low not in ("he", "she", "they") and content_words(said) \
        and low not in _OPENERS else ""


def _kept_already(cards: list[Fact], words: set[str]) -> bool:
    return any(words & content_words(f"{f.value}") for f in cards)


def _stopped_card(who: str, what: str, clause: str, owner: str, team: str | None, cards: list[Fact]) -> Fact | None:
    words = content_words(what) - {"doing"}
    if not who or not words or what.split()[-1].lower() in _NOT_A_HABIT or _kept_already(cards, words):
        return None
    line = re.sub(r"\bquits\b", "quit", about(clause.strip().rstrip(".!,;"), owner, team))  # "I quit": past
    return Fact(who, "stopped", what, "episodic", 0.8, line[:1].upper() + line[1:])


# a card whose value is the ending itself ("my dad has stopped smoking" read as "has | stopped smoking",
# "my sister has left the hospital" as "has | left the hospital")
_VALUE_STOP = re.compile(r"(?i)^(?P<verb>stopped|quit|given\s+up|gave\s+up|left)\s+(?P<rest>\S.*)$")


# a card whose value is the start of a pursuit ("learning | taken up running", "has | taken up chess"): the
# pursuit itself, a skill one is at now
_VALUE_START = re.compile(r"(?i)^(?:taken|took|take|takes)\s+up\s+(?P<rest>\S.*?)(?:\s+(?:in|last|this|since)\s+\w+)?$")


def _as_change(f: Fact) -> Fact:
    start = _VALUE_START.match(f.value)
    if start and f.type != "episodic" and f.predicate in ("learning", "has", "have", "had", "is", "did", "does"):
        return Fact(f.subject, "learning" if f.predicate == "learning" else "took_up", start.group("rest"), "skill",
                    f.certainty, f.text)
    m = _VALUE_STOP.match(f.value)
    if not m or f.type == "episodic" or f.predicate not in ("has", "have", "had", "is", "did", "does", "event"):
        return f
    verb = "left" if m.group("verb").lower() == "left" else "stopped"
    return Fact(f.subject, verb, m.group("rest"), "episodic", f.certainty, f.text)


def habits_ended(cards: list[Fact], text: str, owner: str, team: str | None = None) -> list[Fact]:
    """The turn's cards with each habit it says stopped as a "stopped" card, and no routine or liking
    read from the same words."""
    if not re.search(r"(?i)\b(?:any\s?more|any\s+longer|no\s+longer|stopped|quit|quitted|gave\s+up|given\s+up|"
                     r"packed\s+in|dropped|left|taken\s+up|took\s+up|since)\b", text):
        return cards
    out = [_as_change(f) for f in cards]
    told = " ".join(x for x in re.split(r"(?<=[.!?])\s+", text) if not x.rstrip().endswith("?"))  # no question
    for clause in _CLAUSE_CUT.split(told):
        clause = clause.strip()
        if not clause or re.match(r"(?i)(?:if|when|unless|would|should|could|do|does|did|don['’]?t\s+you)\b", clause):
            continue
        m = _STOPPED.match(clause)
        if m:
            who = _who(m.group("who"), owner, team)
            what = m.group("obj")
            words = content_words(what)
            # what a reader made of the stopped habit as if it went on ("quits piano in the summer") goes
            # (what one gave up and goes without now, "gave_up sugar", "avoids sugar", stays: it is true now)
            out = [f for f in out if not (f.subject == who and (f.type in ("routine", "skill") or f.type == "preference"
                                          and f.predicate in _LIKING) and words and words <= content_words(f.value))]
            card = _stopped_card(who, what, clause, owner, team, out)
            out += [card] if card else []
            continue
        m = _NOT_SINCE.match(clause)
        if m:
            done = m.group("done").lower()
            doing = done[:-3] + "ying" if done.endswith("ied") else done[:-2] + "ing"  # "smoked": smoking
            card = _stopped_card(_who(m.group("who"), owner, team), f"{doing} {m.group('obj') or ''}".strip(), clause,
                                 owner, team, out)
            out += [card] if card else []
            continue
        m = _NOT_ANY_MORE.match(clause)
        if m:
            verb = m.group("verb") or m.group("verb2")
            obj = m.group("obj") or m.group("obj2") or ""
            if _base(verb) in _NOT_DOING or verb.lower() in _NOT_DOING:
                continue
            card = _stopped_card(_who(m.group("who"), owner, team), f"{gerund(_base(verb))} {obj}".strip(), clause,
                                 owner, team, out)
            out += [card] if card else []
    return out


__all__ = ["gerund", "habits_ended"]
