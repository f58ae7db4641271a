"""Team rules the kinds rules do not read (issue 35), said of whoever the rules belong to (kinds:
the organisation in a team, the owner when said with "my"). Pure.

- A list of rules under a header: "our floor rules: hi-vis at all times, no phones while walking
  the aisles, and nobody under 18 on the forklifts" is three safety rules, one fact each, each kept
  with its header.
- A ban with its exception: "nothing goes out unless QA signs it off".
- Someone with a say insisting on a rule: "Rhiannon (our studio head) is strict about no weekend work".
- A policy said as one: "it's against policy to ...", "under no circumstances do we ...", "we don't allow ...",
  "phones are not permitted on the floor", "hard hats are compulsory".
"""
from __future__ import annotations

import re

from .kinds import _rule_parts as rule_parts
from .models import Fact
from .person import third_person_verb
from .rule_basics import TurnContext
from .statement_basics import RULE_CERTAINTY, clean, named_text
from .statement_basics import _holder as holder
from .vocabulary import NUMBER_SAID

_HEADED = re.compile(r"^(?P<head>[^:]{2,40}?)\s*:\s*(?P<body>\S.+)$", re.S)
_RULE_HEADER = re.compile(r"(?i)\b(?:rules?|polic(?:y|ies)|rule\s+of\s+thumb|do['’]?s\s+and\s+don['’]?ts|non-negotiables?|"
                          r"golden\s+rules?|house\s+rules?)\b")
_ITEMS = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=(?:we|no|nobody|no\s+one|never|always|don['’]t|everyone)\b)", re.I)
_BAN = re.compile(r"(?i)^(?:no|nobody|no\s+one|never|don['’]t)\b|\b(?:never|not|n['’]t)\b")


# a piece that goes on the rule before it: its condition, its means or its exception ("with ID if ...", "unless ...")
_GOES_ON = re.compile(r"(?i)^(?:with|without|unless|if|except|apart\s+from|other\s+than|until|when|while|by|via|through)\b")


def rule_list(statement: str, ctx: TurnContext) -> list[Fact]:
    """One safety fact per rule of a headed list of two or more; [] when the statement is not one."""
    m = _HEADED.match(clean(statement))
    if not m or not _RULE_HEADER.search(m.group("head")):
        return []
    items = [i.strip(" .!") for i in _ITEMS.split(m.group("body")) if i and i.strip(" .!")]
    if len(items) < 2:
        return []
    for n in range(len(items) - 1, 0, -1):  # "only adults on the list, with ID if we don't know them": one rule
        if _GOES_ON.match(items[n]):
            items[n - 1:n + 1] = [f"{items[n - 1]}, {items[n]}"]
    head = m.group("head").strip()
    who = holder(statement, ctx)
    return [Fact(who, "must_avoid" if _BAN.search(item) else "rule", item, "safety", RULE_CERTAINTY,
                 named_text(f"{head[:1].upper()}{head[1:]}: {item}", ctx)) for item in items]


_EXCEPT = re.compile(r"(?i)^(?:nothing|no\s+[a-z]+|none\s+of\s+[a-z ]+)\s+[a-z' ]+?\s+(?:unless|until|without)\s+(?P<cond>.+)$")
_STRICT = re.compile(r"^(?P<who>.+?)\s+(?:\([^)]*\)\s+)?(?:is|are|['’]s)\s+(?:(?i:very|really|super|quite)\s+)?"
                     r"(?:strict\s+about|a\s+stickler\s+for|firm\s+about)\s+(?P<what>.+)$")


# "refunds over £50 need sign-off from Marta": what a thing needs before it goes ahead
_NEEDS_SAY_SO = re.compile(r"(?i)^(?!(?:I|we|you|he|she|they)\b)[a-z][\w£$%' -]{1,50}?\s+(?:needs?|requires?|must\s+have)\s+"
                           r"(?:an?\s+|two\s+|2\s+)?(?:[a-z]+\s+){0,3}?"
                           r"(?:sign-?offs?|sign\s+off|signed\s+off|approval|approved|authori[sz]ation|signatures?|"
                           r"a\s+second\s+check|counter-?signature|"
                           r"the\s+ok|the\s+okay|(?:\w+\s+)?(?:weeks?|days?)['’]?\s+notice)\b")
# "only first aiders can hand out medication": a restriction on everyone else
_ONLY = re.compile(r"(?i)(?:^|\s)only\s+(?P<who>[a-z][\w -]{1,40}?)\s+(?:can|may|are\s+allowed\s+to|is\s+allowed\s+to|get\s+to)\s+(?P<what>.+)$")
# a team's standing instruction: "never leave the till open", "always lock up after the last client"
# (a verb after "always": "Always the devil." names a thing, no instruction)
_INSTRUCTION = re.compile(r"(?i)^(?P<how>never|don['’]t|do\s+not|always)\s+"
                          r"(?P<what>(?!(?:the|a|an|my|our|your|his|her|their|this|that|these|those)\b)[a-z]+\b.{3,})$")


# a team's policy said as a policy: "it's against policy to hand keys to anyone ...", "under no circumstances
# do we accept cash", "we don't allow pets in the flats", "it's compulsory to wear gloves", "X isn't permitted"
_POLICY = re.compile(r"(?i)^(?:it['’]s|it\s+is)\s+(?P<how>against\s+(?:the\s+|our\s+)?(?:policy|rules?|the\s+law)|"
                     r"(?:compulsory|mandatory|required|forbidden|not\s+allowed|not\s+permitted))\s+to\s+(?P<what>.{3,})$"
                     r"|^(?:under\s+no\s+circumstances|on\s+no\s+account)\s*,?\s+(?:(?:do|does|can|may|should|will)\s+)?(?P<what2>.{3,})$"
                     r"|^(?i:we)\s+(?:don['’]t|do\s+not|never)\s+(?:allow|accept|permit|tolerate|take)\s+(?P<what3>.{3,})$"
                     r"|^(?P<what4>(?!(?:I|we|you|he|she|they|it|that|this)\b)[a-z][\w£$%' -]{1,50}?)\s+(?:is|are|isn['’]t|aren['’]t)\s+"
                     r"(?:not\s+)?(?P<how4>permitted|allowed|forbidden|banned|compulsory|mandatory|required)\b(?P<rest4>.*)$"
                     # said as a note, without "is": "hard hats compulsory for everyone on site", "glass not allowed on the terrace"
                     r"|^(?P<what5>(?!(?:I|we|you|he|she|they|it|that|this|the|a|an|my|our)\b)[a-z][\w£$%'-]*(?:\s+[\w£$%'-]+){0,3}?)\s+"
                     r"(?P<not5>not\s+)?(?P<how5>permitted|allowed|forbidden|banned|compulsory|mandatory|required)"
                     r"(?P<rest5>(?:\s+(?:for|in|on|at|when|while|during|inside|outside|near|around|by|from|before|after|until|unless)\b.*)?)$")


def _policy(part: str, ctx: TurnContext) -> Fact | None:
    m = _POLICY.match(part)
    if not m or not ctx.org:
        return None
    said = named_text(part[:1].upper() + part[1:], ctx)
    if m.group("what4") or m.group("what5"):
        n = "4" if m.group("what4") else "5"
        how = m.group(f"how{n}").lower()
        banned = how in ("forbidden", "banned") or bool(re.search(r"(?i)\b(?:not|isn['’]t|aren['’]t)\b", part[:m.start(f"how{n}")]))
        if how in ("allowed", "permitted") and not banned:
            return None  # "dogs are allowed in the garden": a fact, the things reading keeps it
        what = m.group(f"what{n}") if banned else f"{m.group(f'what{n}')} {how}"  # "hard hats compulsory", "no glass"
        return Fact(ctx.org, "must_avoid" if banned else "rule", f"{what}{m.group(f'rest{n}')}".strip(), "safety",
                    RULE_CERTAINTY, said)
    what = m.group("what") or m.group("what2") or m.group("what3")
    we = re.match(r"(?i)we\s+(?P<verb>[a-z]+)\s+(?P<rest>.+)$", m.group("what2") or "")
    if we:  # "under no circumstances do we accept cash": the team never does
        what = f"{we.group('verb')} {we.group('rest')}"
        said = f"{ctx.org} never {third_person_verb(we.group('verb'))} {we.group('rest')}"
    ban = bool(m.group("what2") or m.group("what3")) or bool(m.group("how") and re.search(
        r"(?i)against|forbidden|not", m.group("how")))
    return Fact(ctx.org, "must_avoid" if ban else "rule", what.strip(" ."), "safety", RULE_CERTAINTY, said)


# a team's limit, a consequence and what anyone of a kind must do: "max 8 kids per instructor", "miss 3 classes in a
# row = you lose your spot", "anyone under 16 needs a parent to sign the waiver"
_LIMIT = re.compile(rf"(?i)^(?:max(?:imum)?|min(?:imum)?|no\s+more\s+than|at\s+most|at\s+least)\.?\s+(?:\d+|{NUMBER_SAID})\s+(?!of\b)[a-z].{{2,}}$")
# (the number said in words too: "no more than fifteen people on board")
_CONSEQUENCE = re.compile(r"^(?P<cond>[^=→]{3,60}?)\s*(?:=|->|→)\s*(?P<then>[^=→]{3,})$")
_ANYONE_MUST = re.compile(r"(?i)^(?:anyone|everyone|everybody|anybody|all|any|every)\b[\w\s'’-]{0,40}?\s+"
                          r"(?:needs?\s+(?:to\s+|an?\s+|the\s+)|has\s+to|have\s+to|must|should\s+always)\s*.{3,}$")


def _team_standard(part: str, ctx: TurnContext) -> Fact | None:
    if not ctx.org or not (_LIMIT.match(part) or _CONSEQUENCE.match(part) or _ANYONE_MUST.match(part)):
        return None
    part = re.sub(r"(?i)^(?:no|not)\s+more\s+than\b", "max", part.strip(" ."))  # a limit said as one: "max 15 on board"
    return Fact(ctx.org, "rule", part, "safety", RULE_CERTAINTY, named_text(part[:1].upper() + part[1:], ctx))


def _one_rule(part: str, ctx: TurnContext) -> Fact | None:
    policy = _policy(part, ctx) or _team_standard(part, ctx)
    if policy:
        return policy
    m = _INSTRUCTION.match(part)
    if m and ctx.org and not re.match(r"(?i)(?:you|we|I|worry|mind|forget|know|think)\b", m.group("what")):
        ban = m.group("how").lower() != "always"
        return Fact(ctx.org, "must_avoid" if ban else "rule", m.group("what"), "safety", RULE_CERTAINTY,
                    named_text(part[:1].upper() + part[1:], ctx))
    m = _ONLY.search(part)
    if m and ctx.org:
        return Fact(ctx.org, "rule", part, "safety", RULE_CERTAINTY, named_text(part[:1].upper() + part[1:], ctx))
    if _NEEDS_SAY_SO.match(part):
        return Fact(ctx.org or ctx.owner, "rule", part, "safety", RULE_CERTAINTY, named_text(part, ctx))
    m = _EXCEPT.match(part)
    if m:
        return Fact(holder(part, ctx), "rule", m.group("cond"), "safety", RULE_CERTAINTY, named_text(part, ctx))
    m = _STRICT.match(part)
    if m and re.match(r"[A-Z]|(?i:the|our|my)\s", m.group("who")):
        who = re.sub(r"\s*\([^)]*\)", "", m.group("who"))
        said = named_text(f"{who} is strict about {m.group('what')}", ctx)
        return Fact(ctx.org or ctx.owner, "rule", m.group("what"), "safety", RULE_CERTAINTY, said)
    return None


def team_rules(statement: str, ctx: TurnContext) -> tuple[list[Fact], str]:
    """The rules of a headed list, or of the parts of a statement that set one in these shapes, and
    what is left of the statement for the other readings ("" when all of it was a rule)."""
    listed = rule_list(statement, ctx)
    if listed:
        return listed, ""
    # chat's sentences run on in lower case ("... even to family. and kids under 11 have to ..."): apart
    statement = re.sub(r"(?<=[a-z0-9])[.!]\s+(?=[a-z])", "; ", statement)
    parts = [p for part in rule_parts(statement) for p in re.split(r"\s+[–—-]\s+", part) if p.strip()]
    found, left = [], []
    for part in parts:
        rule = _one_rule(clean(part), ctx)
        if rule:
            found.append(rule)
        else:
            left.append(part)
    return (found, "; ".join(left)) if found else ([], statement)  # ";": the parts stay apart for the readings after
