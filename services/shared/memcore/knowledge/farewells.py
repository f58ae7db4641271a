"""A farewell with its reason (issue 35, precision): "ok bye I have to feed the dog", "gotta run, I've
got to pick up the kids", "night night, I need to brush my teeth". What the owner has to go and do is why
the chat ends now, not a rule someone set or a habit: small talk, like the farewell itself
(docs/formation-spec.md, "What is not knowledge"). A farewell that also says something lasting keeps it:
a rule or a habit said with its force or its time ("bye! I'm never allowed on the trampoline", "bye, I
have to be in bed by 8 on school nights") is still told. Pure regex work over the turn's parts
(statement_check.parts), gated by the farewell: a turn without one is left as it is.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .rule_basics import RECURRENCE
from .statement_basics import HABIT
from .statement_check import ASSERTION, Part

_OPENING = r"(?:(?:ok(?:ay)?|right|well|anyway|alright|so|oh|ah|k|kk|cool|thanks|thank\s+you|cheers|ta|sorry|oops|ugh|argh)[\s,!.]*)*"
# the words that end a chat: "bye", "gtg", "gotta run", "must dash", "I'd better go", "night night", "see you", "I'm off"
_FAREWELL = re.compile(
    rf"(?i)^{_OPENING}(?:bye+(?:\s+bye+)?|goodbye|gtg|g2g|(?:I\s+)?(?:(?:have|'ve\s+got|got|need)\s+to|gotta|must|"
    r"(?:I'd\s+|I\s+)?better|should)\s+(?:go|dash|run|fly|scoot|head\s+off|log\s+off|be\s+off)|"
    r"(?:good\s*)?night(?:\s+night)?|nite|nighty\s+night|see\s+(?:you|ya)|cya|ttyl|laters|talk\s+(?:later|soon|tomorrow)|"
    r"(?:I'm|I\s+am)\s+off|that'?s\s+(?:all|it)\s+(?:for\s+(?:now|today|tonight))?)\b")
# what one has to do now: "have to", "got to", "gotta", "need to", "must", "'s bath time"
_HAS_TO = re.compile(r"(?i)\b(?:(?:have|has|had|need|needs)\s+to|got\s+to|gotta|must|(?:bath|bed|dinner|tea|lunch)\s*time)\b")
# what makes it more than this evening's errand: its force ("allowed", a rule) or its time (statement_basics.HABIT:
# "never", "always", "every", "on school nights"; rule_basics.RECURRENCE)
_LASTING = re.compile(r"(?i)\b(?:allowed|rule)\b")


def farewell(turn: list[list[Part]]) -> bool:
    """Whether one of the turn's parts says goodbye."""
    return any(_FAREWELL.match(p.text.strip()) for ps in turn for p in ps)


def reasons_for_leaving(turn: list[list[Part]]) -> list[list[Part]]:
    """The turn's parts (one list a statement), with what the owner has to go and do said as small talk
    when the turn says goodbye."""
    if not farewell(turn):
        return turn
    return [[replace(p, act="small_talk") if p.act == ASSERTION and _errand(p.text) else p for p in ps] for ps in turn]


def _errand(text: str) -> bool:
    """Something to go and do now: an obligation with no force or time that makes it last."""
    return bool(_HAS_TO.search(text)) and not _LASTING.search(text) and not HABIT.search(text) \
        and not RECURRENCE.search(text)


__all__ = ["farewell", "reasons_for_leaving"]
