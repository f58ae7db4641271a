"""What the owner said laughing (issue 35, precision): a passing happening or a loose remark told with "lol",
"haha" or a laughing emoji is a joke or chat, not a card a note-taker writes.

"lol my cat just knocked my coffee over", "we lost again lol", "my life is chaos haha", "he eats socks lol", "my mum
is going to kill me lol": the laugh marks the clause it ends (or opens) as said for fun. What such a clause gives is
kept only when it is a lasting fact in a slot of its own: a relation, an age, a liking, an allergy, a habit, a skill,
who does which work ("lol my brother Tariq is 9", "haha yes I'm allergic to kiwi", "I play football every Saturday
lol", "my partner Teodoro does the books haha" stay). Only the
loose kinds are dropped: a one-off event (episodic) or an "other lasting fact" (semantic) whose predicate is no
known slot, and then only when the clause the card's words come from is the laughing one (laughter at the end of
one sentence says nothing of the next: "my wife makes a mean jollof, but maybe not the night before 😂").

Kept although laughed at: a dated event ("haha I broke my arm last March" is still news), a "used to" (a lasting
past: "my teacher used to play in a punk band lol"). Pure: the turn's text as typed and its cards in, cards out.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..calendar_words import MONTH_ALT, WEEKDAY_ALT
from .models import Fact
from .verb_classes import LEAD

# laughter as typed: "lol", "lmao", "haha"/"hahaha", "hehe", "ha ha", "xD", and the laughing emojis ("ha" alone is
# also a name and is left out)
_LAUGH = re.compile(r"(?<![\w'])(?:lol+|lmf?ao+|rofl|(?:ha){2,}h?|ha ha(?: ha)*|(?:he){2,}|xd)(?![\w'])"
                    r"|[\U0001F602\U0001F923\U0001F606\U0001F605\U0001F639\U0001F92D]", re.I)
# where one said thing ends: a sentence's end, a comma, colon or dash, and the clause-joining "but"/"though"
_BOUNDS = re.compile(r"(?<=[.!?;])\s+|\s*[,:()]\s*|\s+[-\u2013\u2014]+\s+|\s+(?=(?:but|though|tho)\b)", re.I)
_SENTENCES = re.compile(r"(?<=[.!?;])\s+")
_OPENING_LAUGH = re.compile(r"\s*(?:" + _LAUGH.pattern + r")\s*[,!]?\s*\w", re.I)
_TURNING = re.compile(r"(?i)(?:but|though|tho)\b")
_WORD = re.compile(r"[^\W_]+")
_SMALL = frozenset("""a an the and or of to in on at for with by from is are was were be been am i me my mine you your he
    him his she her it its we us our they them their this that s t m ll re ve d""".split())
# slots that say a lasting fact of their own, kept however it was said
_SLOTS = frozenset("""age name nickname lives_in from born birthday job role works_at works_for works_in organisation
    allergic_to intolerant_to condition used_to school school_year pet supplier member_of""".split())
# who does which work is kept however it was said ("my partner Teodoro does the books haha": his duty)
_DUTIES = frozenset(f"{v}{end}" for v in (*LEAD, "do", "handle", "teach", "look_after", "fix", "cover")
                    for end in ("", "s", "es"))
# a calendar anchor makes a laughed-at event a dated one worth keeping ("lol I broke my arm last March")
_DATED = re.compile(rf"(?i)\b(?:{WEEKDAY_ALT}|{MONTH_ALT}|yesterday|last (?:week|month|year|night)|"
                    r"\d{1,2}(?:st|nd|rd|th)|\d{4})\b")


def _content(text: str, owner: str) -> set[str]:
    mine = {w.lower() for w in _WORD.findall(owner)}
    return {w.lower() for w in _WORD.findall(text)} - _SMALL - mine


def said_things(text: str) -> list[tuple[str, bool]]:
    """The turn's said things in order, each with whether it was said laughing: a laugh marks the clause it
    stands in; a laugh standing alone ("..., lol.") marks the clause before it; a laugh that opens a sentence
    ("haha not from me, I burn water") marks the sentence up to a "but" or "though"."""
    out: list[tuple[str, bool]] = []
    for sentence in _SENTENCES.split(text):
        opened = bool(_OPENING_LAUGH.match(sentence))
        for part in (p for p in _BOUNDS.split(sentence) if p and p.strip()):
            laughs = bool(_LAUGH.search(part))
            rest = " ".join(_LAUGH.sub(" ", part).split())
            if laughs and not _WORD.search(rest):  # the laugh alone: it ends what came before
                if out:
                    out[-1] = (out[-1][0], True)
                continue
            opened = opened and not _TURNING.match(rest)
            out.append((rest, laughs or opened))
    return out


def _loose(card: Fact) -> bool:
    if card.type not in ("episodic", "semantic") or card.predicate in _SLOTS | _DUTIES or card.predicate.startswith("has_"):
        return False
    return not (card.type == "episodic" and _DATED.search(card.value))


def laughed_off(card: Fact, said: Sequence[tuple[str, bool]], owner: str) -> bool:
    """Whether the card is a loose remark the turn made laughing: its value's words come from a laughing clause
    (two thirds of them at least, and no clause said straight holds more of them)."""
    if not _loose(card):
        return False
    words = _content(card.value, owner)
    if not words:
        return False
    best_laughing = best_straight = 0
    for clause, laughs in said:
        share = len(words & _content(clause, owner))
        if laughs:
            best_laughing = max(best_laughing, share)
        else:
            best_straight = max(best_straight, share)
    return best_laughing * 3 >= len(words) * 2 and best_laughing > best_straight


def not_laughed_off(cards: list[Fact], text: str, owner: str) -> list[Fact]:
    """The turn's cards without the loose remarks it made laughing (see the module's docstring)."""
    if not _LAUGH.search(text):
        return cards
    said = said_things(text)
    return [c for c in cards if not laughed_off(c, said, owner)]


__all__ = ["laughed_off", "not_laughed_off", "said_things"]
