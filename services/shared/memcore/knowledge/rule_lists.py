"""A list of rules under a header (issue 35): "our floor rules: hi-vis at all times, no phones while
walking the aisles, and nobody under 18 on the forklifts" is three safety rules, one fact each,
each kept with its header and said of whoever the rules belong to (kinds: the organisation in a
team, the owner when said with "my"). Pure."""
from __future__ import annotations

import re

from .kinds import RULE_CERTAINTY, clean, named_text
from .kinds import _holder as holder
from .models import Fact
from .rules import TurnContext

_HEADED = re.compile(r"^(?P<head>[^:]{2,40}?)\s*:\s*(?P<body>\S.+)$", re.S)
_RULE_HEADER = re.compile(r"(?i)\b(?:rules?|polic(?:y|ies)|rule\s+of\s+thumb|do['’]?s\s+and\s+don['’]?ts|non-negotiables?|"
                          r"golden\s+rules?|house\s+rules?)\b")
_ITEMS = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=(?:we|no|nobody|no\s+one|never|always|don['’]t|everyone)\b)", re.I)
_BAN = re.compile(r"(?i)^(?:no|nobody|no\s+one|never|don['’]t)\b|\b(?:never|not|n['’]t)\b")


def rule_list(statement: str, ctx: TurnContext) -> list[Fact]:
    """One safety fact per rule of a headed list of two or more; [] when the statement is not one."""
    m = _HEADED.match(clean(statement))
    if not m or not _RULE_HEADER.search(m.group("head")):
        return []
    items = [i.strip(" .!") for i in _ITEMS.split(m.group("body")) if i and i.strip(" .!")]
    if len(items) < 2:
        return []
    head = m.group("head").strip()
    who = holder(statement, ctx)
    return [Fact(who, "must_avoid" if _BAN.search(item) else "rule", item, "safety", RULE_CERTAINTY,
                 named_text(f"{head[:1].upper()}{head[1:]}: {item}", ctx)) for item in items]
