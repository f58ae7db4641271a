"""Who does what in a team, said from the duty's side or with the post first (issue 35; roles.py and
team_posts.py read the other ways). Pure regular expressions over a clause of a team's conversation:

- whose job a thing is: "Refunds are Omar's job", "the rota is Priya's responsibility";
- where a kind of thing goes: "anything plumbing goes to Dario", "invoice queries go to Hui";
- who the one is: "Nadia's the one who orders stock", "Ben is the person who locks up";
- a post, then its holder in commas: "our treasurer, Alan, signs off expenses".

(A duty two share, "Bo and Ida split the admin", is one of roles._DUTY's light verbs.)

Each is a role card of the person (docs/formation-spec.md: a role is identity, said of the person).
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .person import third_person_verb
from .post_words import is_post, role_card
from .rule_basics import TurnContext

_THING = r"(?P<what>[A-Za-z][A-Za-z &/-]{1,40}?)"
_JOB_OF = re.compile(rf"^(?i:the\s+|our\s+|all\s+(?:the\s+)?)?{_THING}\s+(?:is|are|['’]s)\s+(?:(?i:all|really|basically|mostly)\s+)?"
                     rf"(?P<who>{NAME})['’]s\s+(?i:job|responsibility|department|area|domain|thing|baby|call|remit)\b")
_GOES_TO = re.compile(rf"^(?:(?i:anything|everything|all)\s+{_THING}|(?i:the\s+|all\s+|any\s+)?(?P<what2>[A-Za-z][a-z &/-]{{1,30}}?)\s+"
                      r"(?P<kind>(?i:questions|queries|issues|problems|requests|complaints|enquiries|inquiries)))\s+"
                      rf"(?i:goes|go|gets\s+passed|get\s+passed|gets\s+sent|get\s+sent)\s+(?:(?i:straight|directly)\s+)?to\s+(?P<who>{NAME})\b")
_THE_ONE_WHO = re.compile(rf"^(?P<who>{NAME})(?:\s+is|['’]s)\s+(?:(?i:the|our))\s+(?i:one|person|guy|woman|man|lady)\s+(?i:who|that)\s+"
                          r"(?P<verb>[a-z]+)\s+(?P<what>[^,.;!?]{2,50})")
_POST_THEN_NAME = re.compile(rf"^(?i:our|the)\s+(?:(?i:new|current)\s+)?(?P<post>[^\W\d_A-Z][\w-]*(?:\s+[^\W\d_A-Z][\w-]*){{0,2}}?)\s*,\s*"
                             rf"(?P<who>{NAME})\s*(?:,|$)")
_NOT_A_THING = re.compile(r"(?i)^(?:it|that|this|there|he|she|they|what|who|which|one)\b")


def _thing(said: str) -> str:
    """The thing as a duty: "Deliveries" -> "deliveries" (a name keeps its capital: "Xero")."""
    said = re.sub(r"(?i)[\s-]+(?:related|stuff|things|wise)$", "", said.strip())
    return said[:1].lower() + said[1:] if said[1:2].islower() else said


def whose_job(text: str, ctx: TurnContext) -> list[Fact]:
    """The roles `text` says in the shapes of this module (only in a team's conversation)."""
    if not ctx.org:
        return []
    out: list[Fact] = []
    if (m := _JOB_OF.match(text)) and not _NOT_A_THING.match(m.group("what")) and m.group("who") != ctx.org:
        what = _thing(m.group("what"))
        out.append(role_card(m.group("who"), what, ctx, f"{m.group('who')} does the {what}"))
    if (m := _GOES_TO.match(text)) and m.group("who") != ctx.org:
        what = _thing(m.group("what") or f"{m.group('what2')} {m.group('kind').lower()}")
        out.append(role_card(m.group("who"), what, ctx, f"{m.group('who')} handles {what}"))
    if (m := _THE_ONE_WHO.match(text)) and m.group("who") not in (ctx.org, ctx.owner):
        duty = f"{third_person_verb(m.group('verb'))} {m.group('what').strip()}"
        out.append(role_card(m.group("who"), duty, ctx, f"{m.group('who')} {duty}"))
    if (m := _POST_THEN_NAME.match(text)) and is_post(m.group("post")) and m.group("who") not in (ctx.org, ctx.owner):
        out.append(role_card(m.group("who"), m.group("post"), ctx))
    if out:
        ctx.last_person, ctx.carried = out[-1].subject, False
    return out


__all__ = ["whose_job"]
