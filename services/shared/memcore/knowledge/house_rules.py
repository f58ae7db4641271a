"""A team's house rules said without "must" (issue 35): what the people it serves or employs do, said
in the plain present ("Kids under 12 wear a lifejacket on deck", "Families sign in at reception",
"Visitors show ID at the gate"), and what is switched off, put away or kept on, said without a verb
("Phones off in the studio", "Shoes off at the door", "Dogs on leads", "Dogs muzzled"), and where a group may not be
("children not near the looms", "dogs not upstairs": a ban). Each is a
safety rule of the team, kept whole. Only in a team's conversation: in a household "kids wear
wellies here" is talk, not a rule a note-taker keeps.

The verbs are those a rule sets for a group (wearing, signing, showing, bringing, keeping, waiting,
booking ...), not those that describe it ("our members love the Friday class": a liking; "students
get a free coffee": a perk). Pure regex work over one clause."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY_ALT
from .limits_set import limit_rule
from .models import Fact
from .rule_basics import TurnContext
from .statement_basics import RULE_CERTAINTY, named_text

# the people (and animals) a team serves or employs, as a group, with the age or kind that picks them out
_WHO = (r"(?:(?:all|the|our|new|any|every|each)\s+)*(?:visitors?|staff|customers?|clients?|patients?|students?|pupils?|members?|"
        r"volunteers?|drivers?|guests?|employees?|workers?|riders?|parents?|kids?|child(?:ren)?|famil(?:y|ies)|carers?|passengers?|"
        r"contractors?|trainees?|dogs?|pets?|players?|swimmers?|climbers?|tenants?|residents?|diners?|learners?|"
        r"attendees?|participants?|campers?|cyclists?|walkers?|shoppers?|borrowers?|users?|owners?|"
        r"under[- ]\d+s|over[- ]\d+s|everyone|everybody)"
        r"(?:\s+(?:under|over|aged|below|above)\s+\d+(?:\s*(?:years?|yrs?|months?))?)?")
_RULE_VERBS = (r"(?:wear|sign|show|bring|keep|wait|book|queue|register|report|leave|park|use|wash|follow|carry|check|"
               r"remove|return|enter|knock|ring|call|text|tag|log|clean|lock|hand|store|put)")
# (not a name the group calls someone by: "everyone calls him Big Mo" is a nickname)
_GROUP_DOES = re.compile(rf"^(?P<who>{_WHO})\s+(?:always\s+)?(?!calls?\s+(?:him|her|them|me|us|it)\b){_RULE_VERBS}(?:s|es)?\b\s*(?P<what>.{{3,120}})$", re.I)
# "Phones off", "Shoes off at the door", "Dogs on leads", "Helmets on", "Dogs muzzled": a thing and its state
_STATE = re.compile(r"^(?P<thing>(?:(?!(?i:the|my|our|your|his|her|their|we|they)\s)[A-Za-z][a-z-]+\s+)?[A-Za-z][a-z-]+s)\s+(?:(?:switched|turned|kept)\s+)?(?:off|on\s+(?:silent|leads?)|on|away|"
                    r"muzzled|leashed|silenced)\b(?P<where>(?:\s+(?:in|at|on|inside|during|near|before|after|when|while|"
                    r"whenever|until|for|if)\s+.{2,60})?)$", re.I)  # ("chocks on before anything else", "masks on when sanding")
# "masks always in the paint shop", "goggles ALWAYS near the lathe", "helmets for batting always": gear (a plural
# thing, with what it is for) said with "always" and where, without a verb; not a time ("the regulars always on Fridays")
_GEAR = r"(?:(?!(?:the|my|our|your|his|her|their|we|they|you|i)\s)[a-z][a-z-]+\s+){0,2}[a-z][a-z-]+s"
_ALWAYS = re.compile(rf"^(?P<thing>(?:{_GEAR},\s+)*(?:{_GEAR},?\s+and\s+(?:the\s+)?)?{_GEAR}(?:\s+for\s+[a-z-]+)?)\s+"
                     r"(?:always|at\s+all\s+times)\b(?P<where>(?:,?\s+(?:even\s+)?(?:in|at|on|inside|near|around|by|for|when|"
                     r"while|whenever|during)\s+[^,]{2,60})?)(?:,\s*[^,]{1,30}\b(?:at\s+least|minimum|only|no\s+exceptions))?$", re.I)
_TIME_WORD = re.compile(rf"(?i)\b(?:{WEEKDAY_ALT})s?\b|\b(?:morning|afternoon|evening|night|weekend|"
                        r"week|month|year|noon|midnight)s?\b|\d")

# "children not near the looms", "dogs not in the kitchen", "kids not on the pontoon without an adult": where a
# group may not be, said without a verb
_NOT_THERE = re.compile(rf"^(?:(?:and|also|but|so)\s+)?(?P<who>{_WHO})\s+not\s+(?:near|in|on|inside|into|past|beyond|behind|up|"
                        rf"at)\b\s*(?P<where>.{{2,80}})$"
                        rf"|^(?:(?:and|also|but|so)\s+)?(?P<who2>{_WHO})\s+not\s+(?:upstairs|downstairs|indoors|inside|outside)$", re.I)


def house_rule(rule: str, ctx: TurnContext) -> list[Fact]:
    """The team's rule a clause sets without "must" ([] when it sets none, or outside a team's conversation)."""
    if limited := limit_rule(rule, ctx):  # in any voice: "no swimming when the red flag is up" (limits_set.py)
        return limited
    if not ctx.org:
        return []
    said = rule.strip().rstrip(".!")
    if m := _NOT_THERE.match(said):
        said = said[m.start("who") if m.group("who") else m.start("who2"):]
        return [Fact(ctx.org, "must_avoid", said, "safety", RULE_CERTAINTY, named_text(f"{ctx.org}: {said}", ctx))]
    if (m := _ALWAYS.match(said)) and not _TIME_WORD.search(m.group("where")):
        return [Fact(ctx.org, "rule", said, "safety", RULE_CERTAINTY, named_text(f"{ctx.org}: {said}", ctx))]
    if not (_GROUP_DOES.match(said) or _STATE.match(said)):
        return []
    return [Fact(ctx.org, "rule", said, "safety", RULE_CERTAINTY, named_text(f"{ctx.org}: {said}", ctx))]


__all__ = ["house_rule"]
