"""Alias and nickname rules.

"Harbour Lantern Media, also known as HLM", "Northwind Traders (NWT)", "NWT stands for
Northwind Traders", "Margaret, aka Peggy", "Tomás, nicknamed \"Flash\"",
"we called him Biscuit".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .patterns import NAME, NAME_WITH_AND, clean_name

_CUE = r"(?:also\s+known\s+as|otherwise\s+known\s+as|better\s+known\s+as|a\.k\.a\.?|aka|also\s+called|or\s+just)"
_QUOTED_OR_NAME = rf"[\"“‘']?(?P<b>{NAME}|[\w\-]+)[\"”’']?"

_ALIAS_CUE = re.compile(rf"(?P<a>{NAME_WITH_AND}),?\s+\(?{_CUE}\s+{_QUOTED_OR_NAME}")
_PARENTHESISED = re.compile(
    rf"(?P<a>{NAME_WITH_AND})\s*\(\s*(?P<cue>{_CUE}\s+|or\s+)?[\"“‘']?(?P<b>[^()\"”’']{{1,40}}?)[\"”’']?\s*\)"
)
_STANDS_FOR = re.compile(
    rf"(?P<a>{NAME})\s+(?:stands\s+for|is\s+short\s+for|is\s+an?\s+(?:abbreviation|acronym)\s+(?:for|of))\s+"
    rf"[\"“]?(?P<b>{NAME})"
)
_FOR_SHORT = re.compile(rf"(?P<a>{NAME}),?\s+(?:or\s+)?(?P<b>{NAME})\s+for\s+short")
_NICKNAMED = re.compile(
    r"\b(?:nicknamed|nicknames?\s+(?:was|is)|(?:goes|went)\s+by|known\s+to\s+us\s+as)\s+"
    r"[\"“‘']?(?P<b>[^\"”’',.;!?()]{1,30}?)[\"”’']?(?=[\"”’',.;!?()]|\s+(?:who|and|but|because|from)\b|$)",
    re.IGNORECASE,
)
_CALLED_PRONOUN = re.compile(
    r"\b(?i:we|i|everyone|everybody|they|people|the\s+kids)\s+(?i:used\s+to\s+|always\s+|all\s+)?(?i:call(?:ed|s)?)\s+"
    rf"(?P<obj>(?i:him|her|them)|{NAME})\s+[\"“‘']?(?P<b>[^\"”’',.;!?()]{{1,30}}?)[\"”’']?"
    r"(?=[\"”’',.;!?()]|\s+(?i:because|since|at|in|back)\b|$)"
)
_ACRONYM_SHAPE = re.compile(r"^[A-Z0-9&]{2,8}$")


@dataclass(frozen=True)
class AliasFinding:
    name: str  # the full / canonical name as written
    alias: str
    start: int  # offset of the alias in the text
    end: int
    kind: str  # "alias" | "acronym" | "nickname"
    anchor: str | None = None  # "him"/"her"/"them" when the holder is a pronoun


def _is_acronym_of(short: str, long: str) -> bool:
    """HLM / Harbour Lantern Media, KPX / Kestrel Platform Extensions: same first letter and the
    acronym's letters appear in order in the long name."""
    letters = short.replace("&", "").lower()
    full = long.lower()
    if not letters or not full or letters[0] != full[0] or len(long.split()) < 2:
        return False
    pos = 0
    for ch in letters:
        pos = full.find(ch, pos)
        if pos < 0:
            return False
        pos += 1
    return True


def find_aliases(text: str) -> list[AliasFinding]:
    found: list[AliasFinding] = []
    for m in _ALIAS_CUE.finditer(text):
        a, b = clean_name(m.group("a")), clean_name(m.group("b"))
        if a and b and a != b:
            found.append(AliasFinding(a, b, m.start("b"), m.start("b") + len(b), "alias"))
    for m in _PARENTHESISED.finditer(text):
        a, b = clean_name(m.group("a")), (m.group("b") or "").strip()
        if not a or not b or a == b:
            continue
        if m.group("cue") or (_ACRONYM_SHAPE.match(b) and _is_acronym_of(b, a)):
            kind = "acronym" if _ACRONYM_SHAPE.match(b) else "alias"
            found.append(AliasFinding(a, b, m.start("b"), m.end("b"), kind))
    for m in _STANDS_FOR.finditer(text):
        short, long = clean_name(m.group("a")), clean_name(m.group("b"))
        if short and long and short != long:
            found.append(AliasFinding(long, short, m.start("a"), m.start("a") + len(short), "acronym"))
    for m in _FOR_SHORT.finditer(text):
        a, b = clean_name(m.group("a")), clean_name(m.group("b"))
        if a and b and a != b:
            found.append(AliasFinding(a, b, m.start("b"), m.start("b") + len(b), "alias"))
    return _dedupe(found)


def find_nicknames(text: str) -> list[AliasFinding]:
    """Nicknames; `name` is empty when the holder must be found from context (nearest person)."""
    found: list[AliasFinding] = []
    for m in _NICKNAMED.finditer(text):
        nick = m.group("b").strip()
        if nick:
            found.append(AliasFinding("", nick, m.start("b"), m.start("b") + len(nick), "nickname"))
    for m in _CALLED_PRONOUN.finditer(text):
        nick = m.group("b").strip()
        obj = m.group("obj")
        if not nick:
            continue
        if obj.lower() in ("him", "her", "them"):
            found.append(
                AliasFinding("", nick, m.start("b"), m.start("b") + len(nick), "nickname", obj.lower())
            )
        else:
            holder = clean_name(obj)
            if holder:
                found.append(AliasFinding(holder, nick, m.start("b"), m.start("b") + len(nick), "nickname"))
    return _dedupe(found)


def _dedupe(items: list[AliasFinding]) -> list[AliasFinding]:
    seen: set[tuple[str, str]] = set()
    out: list[AliasFinding] = []
    for item in items:
        key = (item.name.lower(), item.alias.lower())
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
