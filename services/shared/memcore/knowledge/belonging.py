"""Teams, clubs and groups one belongs to, and one's place in a team (issue 35): identity, said a
child's ways. "I'm on the school netball team", "I'm in the chess club", "I'm a Brownie", "I go to
Beavers", "I'm the goalie for the Hornets" (two cards: the position and the team); "I'm in Mrs
Lee's class" names one's teacher.

A club said with when it meets ("I go to chess club on Fridays") is a routine, read by the routine
family, not here; "in the team" without a name or a kind of team says too little. Pure regex work on
one clause (lead-ins stripped, contractions expanded).
"""
from __future__ import annotations

import re

from .models import Fact
from .rule_basics import RECURRENCE, TurnContext

_GROUP_NOUN = (r"(?:team|club|squad|choir|band|orchestra|troupe|crew|academy|league|group|society|ensemble|council|committee|"
               r"board|panel|governors|(?i:pta|pto)|union|co-?op|collective|circle|guild|association)")
# "the school netball team", "Hornets under-9s", "the Year 5 choir", "Oakfield Juniors"
_GROUP = (rf"(?P<group>(?:(?:the|a|my|our)\s+)?(?:[\w'’-]+\s+){{0,3}}?{_GROUP_NOUN}s?\b"
          rf"(?:\s+(?i:and)\s+(?:(?:the|a|my|our)\s+)?(?:[\w'’-]+\s+){{0,2}}?{_GROUP_NOUN}s?\b)?"
          r"|(?:the\s+)?[A-Z][\w'’-]+(?:\s+[A-Z0-9][\w'’-]*){0,2})")
# "I'm in London": a place; a name without a kind of group only after "play for" ("I play for Oakfield Juniors")
_MEMBER = re.compile(rf"^(?i:I\s+am|I\s+play)\s+(?i:on|in|for)\s+{_GROUP}\s*$")
_NAMED_ONLY = re.compile(r"^(?:the\s+)?[A-Z][\w'’-]+(?:\s+[A-Z0-9][\w'’-]*){0,2}$")
_GO_TO = re.compile(rf"^(?i:I\s+go\s+to)\s+(?P<group>(?:[\w'’-]+\s+){{0,2}}?(?i:{_GROUP_NOUN}|brownies|cubs|scouts|"
                    r"beavers|rainbows|guides|explorers))\s*$")
_A_MEMBER = re.compile(r"^(?i:I\s+am)\s+(?i:a|an)\s+(?P<group>(?i:brownie|cub|scout|beaver|rainbow|guide|explorer|"
                       r"sea\s+scout|girl\s+guide|cub\s+scout))\s*$")
_POSITION = re.compile(rf"^(?i:I\s+am|I\s+play)\s+(?i:the\s+|a\s+|an\s+)?(?P<pos>(?i:goalie|goalkeeper|keeper|captain|"
                       r"vice[- ]captain|striker|defender|midfielder|winger|centre[- ]back|full[- ]back|bowler|"
                       r"batter|batsman|pitcher|catcher|shooter|goal\s+attack|goal\s+defence|wing\s+attack|centre|"
                       r"lead\s+singer|drummer|guitarist|first\s+violin|second\s+violin))"
                       rf"(?:\s+(?i:for|in|on|of|at)\s+{_GROUP})?\s*$")


# "I'm in Mrs Lee's class": whose class one is in is one's teacher
_TEACHERS_CLASS = re.compile(r"^(?i:I\s+am)\s+(?i:in)\s+(?P<who>(?:Mrs|Mr|Ms|Miss|Mx|Dr)\.?\s+[A-Z][\w'’-]+)['’]s?\s+"
                             r"(?i:class|group|form)\s*$")


def _group_name(group: str) -> str:
    return re.sub(r"^(?i:my|our|a)\s+", "", group.strip()).strip()


def belonging(clause: str, ctx: TurnContext) -> list[Fact]:
    """The groups the owner says they belong to, and their place in one."""
    if ctx.org or RECURRENCE.search(clause):
        return []  # a team's own members are its roles (roles.py); a club with its day is a routine
    o = ctx.owner
    out: list[Fact] = []
    if m := _TEACHERS_CLASS.match(clause):
        who = m.group("who")
        return [Fact(o, "teacher", who, "relationship", 0.8, f"{who} is {o}'s teacher")]
    if m := _POSITION.match(clause):
        pos = m.group("pos").lower()
        where = f" for {_group_name(m.group('group'))}" if m.group("group") else ""
        out.append(Fact(o, "position", pos, "identity", 0.8, f"{o} plays as {pos}{where}"))
        if m.group("group"):
            group = _group_name(m.group("group"))
            out.append(Fact(o, "member_of", group, "identity", 0.8, f"{o} is in {group}"))
        return out
    m = _MEMBER.match(clause)
    if m and _NAMED_ONLY.match(m.group("group")) and not re.match(r"(?i)^I\s+play\s+for\b", clause):
        m = None
    m = m or _GO_TO.match(clause) or _A_MEMBER.match(clause)
    if not m:
        return out
    for group in re.split(r"\s+(?i:and)\s+", _group_name(m.group("group"))):  # "the choir and the orchestra"
        group = _group_name(group)
        if group.lower() not in ("team", "club", "group", "band", "the team", "the club", "the group"):
            out.append(Fact(o, "member_of", group, "identity", 0.8, f"{o} is in {group}"))
    return out


__all__ = ["belonging"]
