"""Rules said with the limit or the condition they hold under (issue 35: boundaries and safety rules),
in any voice, the shapes the other rule readers leave (kinds._rule hands a clause here last, through
house_rules):
- a limit on what may come or go: "nothing over 10 kilos goes in the lift", "nothing heavier than 25 kilos on
  the roof rack";
- a limit said before what is not done under it: "over 30 degrees we don't walk the dogs", "after dark we never
  cycle on the main road";
- a ban that holds under a condition with a clause of its own: "no swimming when the red flag is up", "no
  screens unless homework is done" (the condition is part of the rule), outside a team (whose things' rules,
  "refunds in 5 days, no cash unless Petra signs", team_things reads);
- a rule the speaker names as one after it: "only wooden toys, this is our rule", "shoes off, that's the
  landlord's rule".
Each is one safety card, kept whole. Pure regular expressions over one clause; each shape is gated by a
cheap word check first."""
from __future__ import annotations

import re

from ..extraction.lexicon import banned_thing
from .models import Fact
from .rule_basics import TurnContext
from .statement_basics import RULE_CERTAINTY, _holder, named_text
from .vocabulary import NUMBER_SAID

_AMOUNT = rf"(?:\d[\d.,:]*|{NUMBER_SAID})(?:\s*(?:%|[a-z]+))?"
_MORE = r"(?:over|above|under|below|more\s+than|less\s+than|fewer\s+than|(?:bigger|heavier|longer|taller|wider|faster|older|younger)\s+than)"
# "nothing over 10 kilos goes in the lift": what may not pass a limit
_NOTHING_OVER = re.compile(rf"^(?P<rule>(?i:nothing|no\s+one|nobody|no-one)\s+{_MORE}\s+{_AMOUNT}\b.{{2,80}})$", re.I)
# "over 30 degrees we don't walk the dogs": the limit first, then what is not done beyond it
_FRONTED = re.compile(rf"^(?P<limit>(?:{_MORE}|past|after|before)\s+(?:{_AMOUNT}|dark|sunset|midnight)(?:\s+[a-z]+)?)\s*,?\s+"
                      r"(?P<who>we|they|I|you)\s+(?:don['’]?t|do\s+not|never|won['’]?t|can['’]?t|cannot|mustn['’]?t)\s+"
                      r"(?:ever\s+)?(?P<what>[a-z][^,;]{2,80})$", re.I)
# "no swimming when the red flag is up": a ban and the condition it holds under
_NO_UNDER = re.compile(r"^(?i:no)\s+(?P<what>[a-z][^,;]{1,50}?)\s+(?P<cond>(?:when|whenever|if|unless|until|till|while)\s+[^,;]{3,80})$")
# ", this is our rule", ", that's the landlord's rule", " - house rule": the speaker names what went before a rule
_NAMED_RULE = re.compile(r"^(?P<rule>.{3,100}?)\s*(?:,|-|–|—)\s*(?:(?:this|that|it)(?:['’]s|\s+is)\s+)?"
                         r"(?:(?:our|the|my|a|his|her|their)\s+|[A-Z]?[a-z]+['’]s\s+|the\s+[a-z]+['’]s\s+)(?:[a-z]+\s+)?rule[.!]*$")
# a change that comes with time, said after the limit: "..., you don't notice it anymore", "they don't cry any more"
_NO_LONGER = re.compile(r"(?i)\b(?:any\s*more|any\s+longer)\s*$")
_CUE = re.compile(r"(?i)\b(?:nothing|no|nobody|rule|don['’]?t|never|won['’]?t|can['’]?t|cannot|not)\b")


def limit_rule(clause: str, ctx: TurnContext) -> list[Fact]:
    """The rule one clause sets with its limit or condition, or that the speaker names a rule ([] when none)."""
    said = clause.strip().rstrip(".!")
    if not _CUE.search(said):
        return []
    m = _NAMED_RULE.match(said)
    if m and not re.match(r"(?i)(?:i|we|you|he|she|they|it)\s+(?:think|know|guess|said|say)\b", m.group("rule")):
        rule = m.group("rule").strip()
        banned = re.match(r"(?i)(?:no|never|nothing|nobody|no\s+one)\b", rule)
        return [Fact(_holder(rule, ctx), "must_avoid" if banned else "rule", rule, "safety", RULE_CERTAINTY,
                     named_text(said[:1].upper() + said[1:], ctx))]
    m = _NOTHING_OVER.match(said)
    if m:
        return [Fact(_holder(said, ctx), "rule", said, "safety", RULE_CERTAINTY, named_text(said[:1].upper() + said[1:], ctx))]
    m = _FRONTED.match(said)
    if m and not _NO_LONGER.search(m.group("what")):  # "after ten days you don't hear the trains anymore": what time does, no rule
        what = f"{m.group('what').strip()} {m.group('limit').strip()}"
        return [Fact(_holder(said, ctx), "must_avoid", what, "safety", RULE_CERTAINTY,
                     named_text(said[:1].upper() + said[1:], ctx))]
    m = _NO_UNDER.match(said) if not ctx.org else None  # (a team's "..., no cash unless Petra signs": team_things')
    if m and banned_thing(m.group("what")):
        what = f"{m.group('what')} {m.group('cond')}"
        return [Fact(_holder(said, ctx), "must_avoid", what, "safety", RULE_CERTAINTY,
                     named_text(said[:1].upper() + said[1:], ctx))]
    return []


__all__ = ["limit_rule"]
