"""What a person is called besides their name (issue 35, docs/formation-spec.md "The eleventh set": "a nickname then
a name gives one name or relation card ..., the nickname is an identity card of its own"). Pure regex over a turn.

- The real name, then what everyone calls them: "Tinu - his real name is Celestino Belo, but everyone calls him Tinu",
  "her real name is Ana Lima but we all call her Nina": "Celestino Belo is called Tinu", the full name the subject.
- A name, then what they are called, set off by commas or a dash: "Kolab, we call her Lablab, does the money",
  "my neighbour Ruth - the kids call her Granny Ru - ...": "Kolab is called Lablab".

Only "call"/"calls": "we say X" or "known as X" may be a title or a way of speaking to them, not a name they go by.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .models import Fact
from .vocabulary import RELATIONS

_NAME = rf"{NAME_WORD}(?:\s+{NAME_WORD}){{0,2}}"
# who calls them it, and the verb (case-blind), then the nickname (a name's capitals)
_CALLS = (r"(?i:(?:everyone|everybody|we(?:\s+all)?|people|they|the\s+(?:kids|children|family|others|team))\s+"
          r"(?:always\s+|just\s+)?call(?:s|ed)?\s+(?:him|her|them))\s+")
_REAL_NAME = re.compile(rf"\b(?i:(?:his|her|their)\s+(?:real|full|proper)\s+name\s+(?:is|'s))\s+(?P<full>{_NAME})"
                        rf"\s*[,;-]?\s*(?i:(?:but|and)\s+)?{_CALLS}(?P<nick>{_NAME})")
_SET_OFF = re.compile(rf"(?:^|(?<=[\s,.!?:;]))(?P<full>{_NAME})\s*(?:,|\s[-–]\s)\s*{_CALLS}(?P<nick>{_NAME})"
                      r"\s*(?:,|\s[-–]\s|[.!;]|$)")
_NO_NAME = frozenset("And But So Then Well Oh Yes No Ok Okay".split())
_GATE = re.compile(r"(?i)\bcall(?:s|ed)?\s+(?:him|her|them)\b")


def said_nicknames(text: str) -> list[Fact]:
    """The nickname cards `text` says in the shapes of this module; [] without "call(s) him/her/them"."""
    if not _GATE.search(text):
        return []
    out: list[Fact] = []
    for pattern in (_REAL_NAME, _SET_OFF):
        for m in pattern.finditer(text):
            full, nick = m.group("full"), m.group("nick")
            if full == nick or full.split()[0].lower() in RELATIONS or full.split()[0] in _NO_NAME:
                continue  # "Dad, everyone calls him Big Joe": a tie is no name to file it under
            if not any(f.subject == full for f in out):
                out.append(Fact(full, "nickname", nick, "identity", 0.85, f"{full} is called {nick}"))
    return out


def with_nicknames(cards: list[Fact], statements: list[str]) -> list[Fact]:
    """The turn's cards with the nicknames its statements say, each once."""
    out = list(cards)
    for text in statements:
        for card in said_nicknames(text):
            if not any(f.subject == card.subject and f.value == card.value for f in out):
                out.append(card)
    return out


__all__ = ["said_nicknames", "with_nicknames"]
