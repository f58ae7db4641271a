"""Whom one lives with, said as a list that holds kin words of the family's own tongue (issue 35).

"I live with my mama and bubu (that's my granny) and my big cousin Kalo", "ama and my apa and my little brother
Ugyen and meme" (an answer to "Who do you live with?", read by `answers.complete` as "I live with ..."): a member
said bare and in lower case ("bubu", "meme") is one of the household when the list also holds a kin word, and an
aside that explains a member ("(that's my granny)", "- grandmother and grandfather -", "(mother)") is skipped. A
member said with "my" marks the list as the owner's people too ("I live with my bebia and babua in Tbilisi").

`household` gives the members in order, each as said without "my", and where the list ends. The members said
before the first named one are one household card; a member named ("my little brother Ugyen") is a card of its
own, and so is an unnamed one said after a named one (`household_cards`). Pure regex work on one clause.
"""
from __future__ import annotations

import re

from ..extraction.lexicon import SENTENCE_OPENERS, TIME_WORDS
from ..extraction.patterns import CAP_WORD, NAME
from .rule_basics import _REL
from .vocabulary import RELATIONS

_HEAD = re.compile(rf"^(?i:I|we)\s+(?i:live|am\s+living|are\s+living)\s+(?:(?i:in)\s+(?:{NAME}|(?i:a|an|the|our|my)\s+"
                   r"(?:[a-z]+\s+){0,2}?[a-z]+)\s+)?(?i:with)\s+")  # "in Leeds with ...", "in a small flat with ..."
_WHERE = "in|near|outside|on|at|by"
_CLAUSE_STARTS = "because|cos|since|while|whilst|when|until|till|though|although|so|but|who|which|that"
_NOT_MEMBER = rf"(?:and|plus|or|{_WHERE}|{_CLAUSE_STARTS}|the|a|an|his|her|their|its|some|all|everyone|everybody|stuff|things|" \
              r"too|also|sometimes|usually|now|then|just|only|like|lots|love|work|go|have|am|is|are|it|them|him|me|us|you)"
_MINE = rf"(?i:my|our)\s+(?:(?!(?:{_NOT_MEMBER})\b(?!-))[a-z]+\s+)?(?!(?:{_NOT_MEMBER})\b(?!-))[a-z]+(?:-[a-z]+)*(?:\s+{CAP_WORD})?"
# a member said bare: a lower-case word the list goes on after (a comma, "and", an aside, the end)
_BARE = rf"(?!(?:{_NOT_MEMBER})\b(?!-))[a-z]+(?:-[a-z]+)*(?=\s*(?:[,.;!?()]|[-–—]\s|$)|\s+(?:and|plus|in|near)\b)"
_MEMBER = re.compile(rf"{_MINE}|{_REL}\b(?!-)|{_BARE}")
# what explains a member: "(thats my granny)", "(mother)", " - grandmother and grandfather -"
_ASIDE = re.compile(r"\s*\((?P<paren>[^()]{1,40})\)|\s+[-–—]\s+(?P<dash>[^-–—.,;!?]{1,40}?)\s+[-–—](?=\s|$)")
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+")
_NAMED_END = re.compile(rf"\s{CAP_WORD}$")


def _kin_word(member: str) -> bool:
    return member.split()[-1].lower() in RELATIONS or member.lower() in RELATIONS


def household(clause: str) -> tuple[list[str], int] | None:
    """The members of the household the clause says the owner lives with, and where the list ends in the
    clause; None when the clause says none, or names bare words and no kin (a bare "I live with pain and
    worry" is not a household)."""
    head = _HEAD.match(clause)
    if not head:
        return None
    members: list[str] = []
    pos, kin, bare = head.end(), False, False
    while True:
        m = _MEMBER.match(clause, pos)
        if not m or (not members and m.group(0).lower() in SENTENCE_OPENERS) or m.group(0).lower() in TIME_WORDS:
            break
        said = m.group(0)
        mine = re.match(r"(?i)^(?:my|our)\s+", said)
        member = said[mine.end():] if mine else said
        bare = bare or (not mine and member.lower() not in RELATIONS)
        kin = kin or bool(mine) or _kin_word(_NAMED_END.sub("", member) if _NAMED_END.search(member) else member)
        members.append(member)
        pos = m.end()
        end = pos
        if aside := _ASIDE.match(clause, pos):
            words = (aside.group("paren") or aside.group("dash") or "").lower().split()
            kin = kin or any(w.strip("'’") in RELATIONS for w in words)
            pos = aside.end()
            end = pos
        sep = _SEPARATOR.match(clause, pos)
        if not sep:
            break
        pos = sep.end()
    if not members or (bare and not kin):
        return None
    return members, end


def household_cards(members: list[str]) -> tuple[list[str], list[str]]:
    """The household said before its first named member (one card, its members joined with "and"), and the
    members that are each a card of their own: a named one, and an unnamed one said after a named one."""
    group: list[str] = []
    own: list[str] = []
    for member in members:
        if _NAMED_END.search(member) or own:
            own.append(member)
        else:
            group.append(member)
    return group, own
