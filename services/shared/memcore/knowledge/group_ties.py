"""Ties said of several people at once (issue 35): children name their friends in twos and threes.

- "Ruby and Kofi are my best friends", "Sol, Ada and Pim are my cousins": one card a name;
- "me and Ola are besties", "Ola and me are best mates": the owner's tie to each other name;
- "a sleepover with Rukmini and Ola, they are my besties": "they" is the list named last in the
  same statement;
- "I have a brother called Sam and a sister called Ada", "I've got two cousins, Tam and Roo".

Chat words for a tie ("bestie", "bff", "bezzie") are the tie they stand for. A tie word that is not a
relation (vocabulary.RELATIONS) is not read: "Ruby and Kofi are my heroes" says no tie.
Pure regex work over one statement.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .person import possessive
from .rule_basics import _REL, TurnContext

_SLANG = {"bestie": "best friend", "besties": "best friend", "bff": "best friend", "bffs": "best friend",
          "bezzie": "best friend", "bezzies": "best friend", "best mate": "best friend", "best mates": "best friend"}
_SLANG_WORDS = "|".join(sorted((re.escape(w) for w in _SLANG), key=len, reverse=True))
_TIE = rf"(?P<rel>(?i:{_SLANG_WORDS}|(?:{_REL})s?))"
_NOT_A_NAME = r"(?!(?:I|Me|My|We|They|Then|And|But|So|Maybe|Yes|No|The|A|An)\b)"
_ONE = rf"{_NOT_A_NAME}{NAME}"
_NAMES = rf"(?P<names>{_ONE}(?:\s*,\s*{_ONE})*,?\s+(?:and|&)\s+{_ONE})"
_START = r"(?:^|[,.;!]\s*|\b(?i:and|but|so)\s+)"
_ARE_MY = re.compile(rf"{_START}{_NAMES}\s+(?i:are|r)\s+(?i:both\s+|all\s+)?(?i:my|our)\s+"
                     rf"(?i:(?:best|closest|good|new|old)\s+)?{_TIE}\b")
_ME_AND = re.compile(rf"{_START}(?i:me|I)\s+(?i:and|&)\s+(?P<names>{_ONE}(?:(?:\s*,\s*|\s+and\s+){_ONE})*)"
                     rf"\s+(?i:are|r)\s+(?i:(?:best|good|really\s+good)\s+)?{_TIE}\b|"
                     rf"(?P<names2>{_ONE})\s+(?i:and|&)\s+(?i:me|I)\s+(?i:are|r)\s+(?i:(?:best|good)\s+)?"
                     rf"(?P<rel2>(?i:{_SLANG_WORDS}|(?:{_REL})s))\b")
_THEY_ARE_MY = re.compile(rf"\b(?i:they|they're|they\s+are)\s+(?i:are\s+)?(?i:both\s+|all\s+)?(?i:my|our)\s+"
                          rf"(?i:(?:best|closest|good)\s+)?{_TIE}\b")
_LAST_NAMES = re.compile(_NAMES)
# "I have a brother called Sam and a sister called Ada", "I've got two brothers, Sam and Leo"
_HAVE = re.compile(r"\b(?i:I\s+have|I\s+have\s+got|I've\s+got|I\s+got)\s+(?P<rest>.+)$")
_ONE_CALLED = re.compile(rf"(?:^|\s)(?i:a|an|one|my)\s+(?:(?i:little|big|older|younger|baby|twin|step)\s+)?"
                         rf"(?P<rel>(?i:{_REL}))\s+(?i:called|named)\s+(?P<name>{_ONE})")
_SOME_CALLED = re.compile(rf"^(?i:two|three|four|2|3|4)\s+(?:(?i:little|big|older|younger|twin|step)\s+)?"
                          rf"(?P<rel>(?i:{_REL}))s(?:,|\s+(?i:called|named))\s+{_NAMES}")


def _names(listed: str) -> list[str]:
    return [n.strip() for n in re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", listed) if n.strip()]


def _tie(rel: str, before: str) -> str:
    """The tie's name: a chat word read as the tie it stands for; "best" said before it kept."""
    low = rel.lower()
    if low in _SLANG:
        return _SLANG[low]
    one = low[:-1] if low.endswith("s") and not low.endswith("ss") else low
    tie = f"best {one}" if re.search(r"\bbest\s+$", before, re.I) and not one.startswith("best") else one
    return _SLANG.get(tie, tie)


def _cards(names: list[str], tie: str, ctx: TurnContext, said: str = "") -> list[Fact]:
    mine = possessive(ctx.owner)
    if said.lower() in _BORN_TOGETHER:  # "our twins Bryn and Lowri": children, not a twin sibling (kin_groups.py)
        return [Fact(ctx.owner, "child", n, "relationship", 0.8, f"{n} is one of {mine} {said.lower()}") for n in names]
    return [Fact(ctx.owner, tie.replace(" ", "_"), n, "relationship", 0.8, f"{n} is {mine} {tie}")
            for n in names if n.lower() != ctx.owner.lower()]


# kin listed under a heading, each with an age or not: "Kids: Daan is 9, Fenna is 6", "Grandkids: Ivo (4) and Pia (2)"
_KIN_HEADED = re.compile(r"^(?:(?i:my|our)\s+)?(?P<kin>(?i:kids|children|sons|daughters|grandkids|grandchildren|boys|girls))"
                         r"\s*:\s*(?P<body>.+)$")
_KIN_ITEM = re.compile(rf"^(?P<name>{_ONE})(?:\s+(?:is|['’]s)\s+(?P<age>\d{{1,2}})|\s*\((?P<age2>\d{{1,2}})\)|,?\s+(?P<age3>\d{{1,2}}))?$")
_BORN_TOGETHER = frozenset({"twins", "triplets"})
_KIN_OF = {"kids": "child", "children": "child", "sons": "son", "daughters": "daughter", "grandkids": "grandchild",
           "grandchildren": "grandchild", "boys": "son", "girls": "daughter"}


def kin_headed(statement: str, ctx: TurnContext) -> list[Fact]:
    """The owner's children (or grandchildren) listed under a heading, one tie a name and an age each said."""
    m = _KIN_HEADED.match(statement.strip().rstrip(".!"))
    if not m:
        return []
    items = [_KIN_ITEM.match(i.strip()) for i in re.split(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", m.group("body")) if i.strip()]
    if not items or not all(items):
        return []
    tie = _KIN_OF[m.group("kin").lower()]
    out = []
    for item in items:
        if item is None:
            continue
        name, age = item.group("name"), item.group("age") or item.group("age2") or item.group("age3")
        out += _cards([name], tie, ctx)
        if age:
            out.append(Fact(name, "age", age, "identity", 0.8, f"{name} is {age}"))
    return out


# the tie first, then the names: "my twin sisters Neema and Imani", "our two cousins, Tam and Roo"
_MY_TIES_NAMED = re.compile(rf"(?:^|\s)(?i:my|our)\s+(?:(?i:twin|little|big|older|younger|two|three|four)\s+)*"
                            rf"(?P<rel>(?i:{_REL})s),?\s+{_NAMES}")


def group_ties(statement: str, ctx: TurnContext) -> list[Fact]:
    """The ties a statement gives several named people at once, one card a name."""
    out: list[Fact] = kin_headed(statement, ctx)
    for m in _MY_TIES_NAMED.finditer(statement):
        out += _cards(_names(m.group("names")), _tie(m.group("rel"), ""), ctx, m.group("rel"))
    for m in _ARE_MY.finditer(statement):
        out += _cards(_names(m.group("names")), _tie(m.group("rel"), statement[:m.start("rel")]), ctx)
    for m in _ME_AND.finditer(statement):
        names, rel = (m.group("names"), m.group("rel")) if m.group("names") else (m.group("names2"), m.group("rel2"))
        out += _cards(_names(names), _tie(rel, statement[:m.end() - len(rel)]), ctx)
    had = _HAVE.search(statement)
    if had:
        called = list(_ONE_CALLED.finditer(had.group("rest")))
        if len(called) > 1:  # one tie alone is the relationship family's ("I have a sister called Ada")
            out += [c for m in called for c in _cards([m.group("name")], _tie(m.group("rel"), ""), ctx)]
        if m2 := _SOME_CALLED.match(had.group("rest")):
            out += _cards(_names(m2.group("names")), _tie(m2.group("rel") + "s", ""), ctx)
    for m in _THEY_ARE_MY.finditer(statement):
        listed = list(_LAST_NAMES.finditer(statement[:m.start()]))
        if listed:
            out += _cards(_names(listed[-1].group("names")), _tie(m.group("rel"), statement[:m.start("rel")]), ctx)
    return out


__all__ = ["group_ties"]
