"""Steps whose name the owner said in the line before (issue 35, docs/formation-spec.md "process"):
"Changing the filter, every month. The steps, so I don't forget:" then "1. switch off the pump
2. take out the old cartridge 3. rinse the housing 4. fit the new one". The list alone names no
thing; the owner's own previous line, which announces it (a word of steps or method: "the steps",
"here's how", "the procedure", "the recipe"), does. One process card: the thing as subject, the
steps as said. Pure regex work on the two lines (the turn is not parsed again).

What is not read: a list announced with no word of steps ("My favourite things:" then "1. pizza
2. dogs 3. football": likes), a list of fewer than three items, a list said by someone else's
line before (the assistant's: how_asked.py reads a how-question), and a turn whose readers made
a process card already (in a team's chat, steps.py reads numbered and bulleted steps itself)."""
from __future__ import annotations

import re
from collections.abc import Sequence

from .how_asked import in_place_of_steps
from .models import Fact
from .person import about
from .session_lines import said_by, text_of
from .statement_basics import PROCESS_CERTAINTY
from .steps import listed

# a word that says a list of steps follows: "The steps:", "here's how", "the procedure for ...", "my method:"
_ANNOUNCES = re.compile(r"(?i)\b(?:steps?|stages?|how\s+(?:to|we|you|i)\b|here['’]?s\s+how|procedure|process|method|recipe|"
                        r"instructions?|checklist|in\s+this\s+order|as\s+follows)\b")
# the thing named with the steps word: "the steps for closing the till", "how to bleed a radiator", "how we make kimchi"
_OF = re.compile(r"(?i)\b(?:steps?|stages?|procedure|process|method|recipe|instructions?|checklist)\s+(?:for|of|to)\s+"
                 r"(?P<thing>[^,.;:!?]{3,50})")
_HOW = re.compile(r"(?i)\bhow\s+(?:to|(?:we|you|i)\s+(?:usually\s+|always\s+)?[a-z]+)\s+(?P<thing>[^,.;:!?]{3,50})")
# the line's first words as a heading: "Dressing change on his leg wound, every two days."
_HEADING = re.compile(r"^(?P<thing>[^,.;:!?]{3,60}?)\s*(?:[,.;:!]|$)")
_NOT_A_THING = re.compile(r"(?i)^(?:i|we|you|he|she|they|it|this|that|there|here|so|ok|okay|yes|no|well|the\s+steps?|"
                          r"the\s+(?:procedure|process|method|recipe|instructions?|checklist))\b")
_DETERMINERS = re.compile(r"(?i)^(?:(?:the|a|an|my|our|your|his|her|their)\s+)+")


def _thing(line: str) -> str | None:
    """What the announcing line names the steps of: the phrase after "steps for", "how to", else the
    line's opening phrase when it is a name (not a clause opened by a pronoun or an order word)."""
    m = _OF.search(line) or _HOW.search(line)
    if m:
        thing = m.group("thing").strip()
    else:
        h = _HEADING.match(line.strip())
        if not h or _NOT_A_THING.match(h.group("thing")):
            return None
        thing = h.group("thing").strip()
    thing = _DETERMINERS.sub("", thing).strip()
    return thing if thing and len(thing.split()) <= 6 else None


def named_before(text: str, previous: Sequence[str], speaker: str | None, facts: list[Fact], owner: str,
                 team: str | None = None) -> list[Fact]:
    """The turn's facts with the process card of a list of steps whose name the owner's own line before
    said; the facts as they are when the turn is no list of steps, the line before is someone else's or
    announces no steps, or the turn's readers made a process card already."""
    if not previous or not said_by(previous[-1], speaker) or any(f.type == "process" for f in facts):
        return facts
    steps = listed(text)
    if not steps:
        return facts
    line = text_of(previous[-1]).strip()
    if not _ANNOUNCES.search(line):
        return facts
    thing = _thing(line)
    if thing is None:
        return facts
    said = about(", ".join(steps), owner, team)
    told = f"{thing[:1].upper() + thing[1:]}: {said}"
    if team:
        card = Fact(team, "process", thing, "process", PROCESS_CERTAINTY, f"{team}: {told}")
    else:
        card = Fact(thing, "process", said, "process", PROCESS_CERTAINTY, told)
    return in_place_of_steps(facts, card, ", ".join(steps))


__all__ = ["named_before"]
