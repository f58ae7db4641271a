"""A change said as "switched/changed/went from X to Y": what is so now, and what was (issue 35: change over time).

"I switched from nights to days", "Joon changed from violin to cello", "we've switched from Slack to Teams",
"Fatima went from part-time to full-time in January": the note-taker keeps Y as what holds now and X as the past,
two cards, each with its own value alone ("Joon switched to cello"; "Joon changed from violin"), not one event
whose line says both (a card of the present that names the past is no card of either). A move of home ("we moved
from Lyon to Nantes") is the movers' reader's (clause_parts.moved); a time moved ("we moved the standup from Monday
to Tuesday") is now_said's.

Only a clause that tells the change as done reads so: its subject named ("I", "we", a name, "my"/"our" kin) at the
clause's start, the verb in the past or the present perfect. Near misses that stay as they were: "Should I switch
from coffee to tea?" (a question), "If I switched from nights to days ..." (a hypothetical: no clause start),
"I might switch from iPhone to Android" (a maybe), "The meeting changed from Monday to Tuesday" (nobody named).
Pure: the turn as read and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .states_ended_said import START, WHO, who_named
from .vocabulary import content_words

_PHRASE = r"(?:(?:the|my|our|a|an)\s+)?[\w’'-]+(?:\s+[\w’'-]+){0,3}?"
_WHEN = (r"(?:\s+(?:last|this|in|on|at|a|two|three|four|five|six|some|since|after|about|back|earlier|recently|"
         r"over)\b[^.!?;,]{0,30}?)?")
_SWITCHED = re.compile(
    rf"{START}{WHO}(?:['’](?:ve|s)\s+|\s+(?:have\s+|has\s+)?)(?:just\s+|recently\s+|finally\s+|already\s+)?"
    r"(?P<verb>switched|changed|swapped|went|shifted|converted)\s+(?:over\s+|back\s+)?"
    rf"from\s+(?P<old>{_PHRASE})\s+(?:over\s+|back\s+)?to\s+(?P<new>{_PHRASE}){_WHEN}"
    r"(?=\s*(?:[.!,;:]|$|\s+(?:but|and|so|because|cos|since|now)\b))")
_SAID_VERB = {"went": "moved"}  # "Fatima went from part-time to full-time": "Fatima moved to full-time"


def _switches(text: str, owner: str) -> list[tuple[Fact, Fact]]:
    out = []
    for m in _SWITCHED.finditer(text):
        who = who_named(m.group("who"), owner)
        old, new = m.group("old"), m.group("new")
        if not who or not content_words(old) or not content_words(new):
            continue
        verb = _SAID_VERB.get(m.group("verb"), m.group("verb"))
        out.append((Fact(who, "switched_to", new, "semantic", 0.8, f"{who} {verb} to {new}"),
                    Fact(who, "used_to", old, "semantic", 0.8, f"{who} {verb} from {old}")))
    return out


def switched(facts: list[Fact], text: str, owner: str) -> list[Fact]:
    """The turn's cards with each change told as "from X to Y" said as two cards, the present and the past, in place
    of a card whose value holds both."""
    if " from " not in text or text.rstrip().endswith("?"):
        return facts
    pairs = _switches(text, owner)
    if not pairs:
        return facts
    both = [content_words(now.value) | content_words(was.value) for now, was in pairs]
    out = [f for f in facts if not any(words <= content_words(f.value) for words in both)]
    for now, was in pairs:
        for g in (now, was):
            if not any(content_words(g.value) <= content_words(f.value) and f.subject == g.subject for f in out):
                out.append(g)
    return out


__all__ = ["switched"]
