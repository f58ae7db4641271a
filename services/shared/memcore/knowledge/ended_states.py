"""States that ended are not kept as current (issue 35: change over time).

People say what stopped being true: "I'm no longer scared of the dark", "I don't live in Lagos anymore",
"Beatriz isn't our accountant any more", "Priya was our office manager until last year". The readers see
the state's words ("scared of the dark", "live in Lagos") and may write a card of the state as if it held
now. The note-taker keeps what is true NOW, so a card read from such a clause becomes:

- a fear the owner no longer has: a negative card (`not_afraid_of`; the spec's "i also used to be
  scared of the river at night but not now"), a liking that ended a negative one (`dislikes`);
- any other state (a home, a job, a workplace, a habit, a post): a card of the past (`used_to`), its
  line as said ("Chidi no longer lives in Lagos"), never the state as current;
- a relationship that ended (a post or tie said after the negation, "Ngozi isn't my best friend
  anymore"): no card; the relation was the news and it is over.

Only the clause that says the state ended is read so: the negation must come before the card's value
or its relation words in the same clause ("My aunt Folake no longer works at the hospital": the aunt
stays, the workplace becomes past). A card already negative ("not_afraid_of", "dislikes", "avoids",
"does_not_accept", "cannot") says what is true now and is left as it is, and so is a card of the past
("used_to", an event). "I still love horses", "I'm not scared of dogs" (no end said) do not change.
Pure: the turn's text as read and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .vocabulary import content_words

# what says a state is over: "no longer", a negation with "anymore"/"any more" in the same clause,
# "not ... now" said after a "used to" (read by now_said.py before this); "was ... until <a past time>"
_NO_LONGER = re.compile(r"(?i)\bno\s+longer\b")
_NEGATION = re.compile(r"(?i)\b(?:not|never|no|isn[’']t|aren[’']t|wasn[’']t|don[’']t|doesn[’']t|didn[’']t|"
                       r"won[’']t|can[’']t|cannot|haven[’']t|hasn[’']t|ain[’']t|[a-z]+n[’']t)\b")
_ANY_MORE = re.compile(r"(?i)\bany\s?more\b")
_USED_TO = re.compile(r"(?i)\bused\s+to\b")
_ANY_MORE_END = re.compile(r"(?i)\s+any\s?more$")
_UNTIL_PAST = re.compile(
    r"(?i)\b(?:was|were)\b.{1,60}?\buntil\s+(?:last\s+(?:year|month|week|spring|summer|autumn|fall|winter|"
    r"january|february|march|april|may|june|july|august|september|october|november|december)|"
    r"recently|yesterday|(?:19|20)\d\d|(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b(?!\s+\d{1,2}(?:st|nd|rd|th)?\s*(?:[.,;!?]|$))|\w+\s+ago)")
# a clause ends at a sentence end, a semicolon, a comma, a dash or a clause-joining conjunction
_CLAUSE_CUT = re.compile(r"(?i)[.;!?]+\s+|[.;!?]+$|,\s*|\s+[-–—]\s+|\s+(?=(?:but|and\s+now|so|because|cos|though|"
                         r"although|while|whereas)\b)")

_FEARS = frozenset("fears afraid_of scared_of frightened_of terrified_of".split())
_LIKINGS = frozenset("likes loves enjoys adores favourite favorite prefers into fan_of".split())
# a card that already says what is true now (a negative) or what was (the past, an event)
_SETTLED = re.compile(r"^(?:not_|no_|does_not|do_not|dis|avoid|cannot|can_not|never|must_|used_to|former|past_|"
                      r"ex_|stopped|quit|gave_up|left|retired|moved|event|did|had|was|closed|weak_at)")
_SETTLED_TYPES = frozenset("episodic safety process".split())
_IDENTITY_PAST = frozenset("lives_in works_for works_at job occupation role school studies_at from".split())


def _clauses(text: str) -> list[str]:
    return [c for c in (p.strip() for p in _CLAUSE_CUT.split(text)) if c]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w’']+", text.lower())


def _first_at(words: list[str], wanted: set[str]) -> int | None:
    return next((i for i, w in enumerate(words) if w in wanted or w.rstrip("s") in wanted), None)


def _ended_over(clause: str, wanted: set[str]) -> bool:
    """Whether the clause says the state of `wanted` words (a value, a relation) is over: "no longer"
    or a negation with "anymore" before them, or "was ... until <a past time>"."""
    words = _words(clause)
    at = _first_at(words, wanted)
    if at is None:
        return False
    until = _UNTIL_PAST.search(clause)
    if until and len(_words(clause[:until.start()])) <= at:  # "Priya was our manager until ...", not "my aunt ... was"
        return True
    before = " ".join(words[:at])
    if _NO_LONGER.search(before):
        return True
    return bool(_ANY_MORE.search(clause)) and bool(_NEGATION.search(before))


def _said_words(text: str) -> set[str]:
    """A text's words with content, as _words splits them ("Kraków" one word)."""
    return {w for w in _words(text) if content_words(w)}


def _holding_clauses(text: str, f: Fact) -> list[str]:
    want = _said_words(f.value)
    return [c for c in _clauses(text) if want and want <= set(_words(c))]


def _relation_words(f: Fact) -> set[str]:
    return _said_words(f.predicate.replace("_", " ")) - {"is", "has", "of"}


def _as_now(f: Fact, text: str) -> Fact | None:
    """The card as what is true now, or None when nothing of it is (a tie that ended)."""
    if f.type in _SETTLED_TYPES or _SETTLED.match(f.predicate):
        return f
    if _USED_TO.search(f.value):  # "is | the boathouse used to open at 6": a habit of the past, said so
        return Fact(f.subject, "used_to", f.value, "identity" if f.type == "identity" else "semantic", f.certainty, f.text)
    held = _holding_clauses(text, f)
    if not held:
        return f
    value_words = _said_words(f.value)
    if f.type == "relationship":  # "Ngozi isn't my best friend anymore": the tie is over
        rel = _relation_words(f)
        return None if rel and all(_ended_over(c, rel) for c in held) else f
    if not all(_ended_over(c, value_words) for c in held):
        return f
    if f.predicate in _FEARS:
        return Fact(f.subject, "not_afraid_of", f.value, "preference", f.certainty, f.text)
    if f.predicate in _LIKINGS or f.type == "preference":
        return Fact(f.subject, "dislikes", f.value, "preference", f.certainty, f.text)
    kind = "identity" if f.predicate in _IDENTITY_PAST or f.type == "identity" else "semantic"
    return Fact(f.subject, "used_to", f.value, kind, f.certainty, f.text if _SAYS_PAST.search(f.text) else _past_line(f))


# a line that says the state is over or was ("no longer", "any more", "used to", "was", "until"); else said again
_SAYS_PAST = re.compile(r"(?i)\b(?:no\s+longer|any\s?more|used\s+to|was|were|until|n[’']t|not)\b")
_PAST_LINES = {"lives_in": "{s} no longer lives in {v}", "works_for": "{s} no longer works at {v}",
               "works_at": "{s} no longer works at {v}", "works_in": "{s} no longer works in {v}"}


def _past_line(f: Fact) -> str:
    """The line of a state that ended, said so: "Sam is no longer a nurse", "Sam no longer lives in Lyon"."""
    article = "an " if f.value[:1].lower() in "aeio" else "a "
    form = _PAST_LINES.get(f.predicate, "{s} is no longer " + ("" if f.type != "identity" else article) + "{v}")
    return form.format(s=f.subject, v=f.value)


def current_only(cards: list[Fact], text: str) -> list[Fact]:
    """The turn's cards with every state the turn says has ended kept as past or negative, never as now."""
    if not (_NO_LONGER.search(text) or _ANY_MORE.search(text) or _UNTIL_PAST.search(text) or _USED_TO.search(text)):
        return cards
    out = []
    for f in cards:
        if _ANY_MORE_END.search(f.value) and _ANY_MORE_END.sub("", f.value):  # "broccoli any more": the words said, not the thing
            f = Fact(f.subject, f.predicate, _ANY_MORE_END.sub("", f.value), f.type, f.certainty, f.text)
        g = _as_now(f, text)
        if g is not None:
            out.append(g)
    return out


__all__ = ["current_only"]
