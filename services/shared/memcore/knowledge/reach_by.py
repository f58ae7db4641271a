"""How one wants to be reached, said as two commands (issue 35): "text me, don't phone", "don't email
him, call him", "ring her, don't text her" - a preference of whom the pronoun stands for (the owner for
"me", the person named last for "him"/"her"), the way asked for and the way refused in one card. Pure
regular expressions over a statement, gated on a refused way of reaching said in it."""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import TurnContext, resolve

_WAY = r"(?:text|txt|phone|call|ring|email|e-mail|message|whatsapp|voicemail)"
_NOT = r"(?:don['’]?t|do\s+not|never|please\s+don['’]?t)"
_WHOM = r"(?:me|him|her|them)"
_ASKED_FIRST = re.compile(rf"(?i)\b(?P<yes>{_WAY})\s+(?P<whom>{_WHOM})\b[^.;!?]{{0,40}}?\b{_NOT}\s+(?P<no>{_WAY})\b")
_REFUSED_FIRST = re.compile(rf"(?i)\b{_NOT}\s+(?P<no>{_WAY})\s+(?P<whom>{_WHOM})\b[^.;!?]{{0,60}}?\b(?P<yes>{_WAY})\s+(?P=whom)\b")
_PRONOUN = {"me": "I", "him": "he", "her": "she", "them": "they"}


def reach_by(statement: str, ctx: TurnContext) -> list[Fact]:
    """The way to reach someone and the way not to, or nothing."""
    if not re.search(rf"(?i)\b{_NOT}\s+{_WAY}\b", statement):
        return []
    m = _ASKED_FIRST.search(statement) or _REFUSED_FIRST.search(statement)
    if not m or m.group("yes").lower() == m.group("no").lower():
        return []
    who = resolve(_PRONOUN[m.group("whom").lower()], ctx)
    if not who:
        return []
    yes, no = m.group("yes").lower(), m.group("no").lower()
    return [Fact(who, "prefers_contact", f"{yes} not {no}", "preference", 0.8, f"{who} prefers {yes} and not {no}")]  # (no comma:
    # a value is cut where a clause starts)


__all__ = ["reach_by"]
