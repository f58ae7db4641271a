"""Someone's name said as "X's name is N" (issue 35), read as "X is N".

"my sister's name is Ama" gave the tie and a second card "Sam's sister | name | Ama"; a name said through a
chain, "my brother's girlfriend's name is Chloe", "my wife's brother's name is Femi", gave nothing at all, while
"my brother's girlfriend is Chloe" and "my wife's brother is Femi" are read by the tie readers (ties.py,
chain_holders.py). The reading says the same thing the way those readers read it. Only where the word before
"'s name" stands for a person (kin, a friend, a post that works with one): "our company's name is Ardent", "my
dog's name is Pip" (the pet readers read that as said) and "my name is Sam" are left as said. Pure string work
on the reading.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .occupation import is_job
from .vocabulary import PETS, RELATIONS

_NAME_IS = re.compile(rf"\b(?P<whose>(?i:my|our|his|her|their)\s+(?:[\w-]+['’]s?\s+){{0,2}}?(?P<who>[a-z-]+))['’]s\s+"
                      rf"name(?:\s+(?P<verb>is|was)|['’]s)\s+(?P<name>{NAME})\b")


def names_said(text: str) -> str:
    """The reading with "X's name is N" said as "X is N" where X is a person."""
    def said(m: re.Match[str]) -> str:
        who = m.group("who").lower()
        if who not in RELATIONS and not is_job([who], False) or who in PETS:
            return m.group(0)
        return f"{m.group('whose')} {m.group('verb') or 'is'} {m.group('name')}"
    return _NAME_IS.sub(said, text)
