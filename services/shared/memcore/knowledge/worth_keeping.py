"""What a fact read from a turn must hold to be kept (extract.facts_of_turn's last filter): shapes
the readers produce from talk that teaches nothing, each with the example it was written for."""
from __future__ import annotations

import re

from .models import Fact

# a birthday card holds a date (or the gate's <DOB>): "was last month", "soon", "next week" hold none
_NO_DATE = re.compile(r"(?i)^(?:(?:is|was|'s)\s+)?(?:last|next|this|soon|yesterday|today|tomorrow|coming|in\s+(?:a|two|\d+)\s+(?:days?|weeks?))\b")
# a "no ..." whose rest is no thing: an answer or small talk, never a rule
_NO_THING = re.compile(r"(?i)^(?:never|chance|not(?:\s+really)?|really|way|thanks|thank\s+you|problem|worries|idea|"
                       r"clue|more|one|way\s+jose|sorry|ta)[.!]*$")
_PAST_OBLIGATION = re.compile(r"(?i)^(?:had|needed)\s+to\b")
# "Dad said there are newts": what someone said is hearsay of its own, not an event of theirs
_REPORTED = re.compile(r"(?i)^(?:said|says|told|tells|thinks|thought|reckons|heard|mentioned|claimed)\b")


def worth_keeping(f: Fact) -> bool:
    """Whether a fact holds something to keep: not what someone said taken for an event of theirs, a
    past obligation taken for a rule, a birthday without a date, a "no" with no thing after it."""
    return not (f.type == "episodic" and _REPORTED.match(f.value)  # "Dad said there are newts": no event
                or f.type == "safety" and _PAST_OBLIGATION.search(f.value)  # "I had to leave it": no rule
                or f.predicate == "birthday" and _NO_DATE.match(f.value)  # "it was last month"
                or f.type == "safety" and _NO_THING.match(f.value))  # "no never", "no chance": small talk
