"""A liking, a fear or an ability said without its subject (issue 35): chat drops the "I'm".

"not keen on spicy food", "big fan of jazz", "terrified of wasps", "rubbish at maths", "love
gardening" are the owner's own statements with the subject left out; read as "I'm not keen on spicy
food" and "I love gardening" they reach the same readings as when said whole. Only a sentence that
opens on such words is completed: an adjective of liking, fear, allergy or ability with its
preposition, "a fan of", or a verb of liking before a thing (not "love it", "love that", "love you",
which are chat). Pure regex work on the turn as read (reading.as_read)."""
from __future__ import annotations

import re

_DEGREE = r"(?:(?:not|never|really|so|quite|very|pretty|super|a\s+bit|bit|kind\s+of|totally|absolutely|massively)\s+)*"
_STATES = (r"(?:keen|fond|scared|afraid|terrified|frightened|nervous|allergic|intolerant|obsessed|mad|crazy|into|"
           r"good|great|decent|brilliant|bad|terrible|rubbish|hopeless|useless|awful)")
_PREPS = r"(?:on|of|to|with|about|at)"
# What the chat itself is ("this plan", "that answer", "when that happens"): a reaction, not a taste
_DEICTIC = r"(?!(?:this|that|these|those|it|when|what|how|nothing|everything|anything|me|you|your|ya|u)\b)"
_STATE = re.compile(rf"(?i)^{_DEGREE}(?:{_STATES}\s+{_PREPS}|into|(?:a\s+)?(?:big|huge|massive)?\s*fan\s+of)\s+{_DEICTIC}(?=\w)")
_BARE_FAN = re.compile(r"(?i)^(?:(?:big|huge|massive)\s+)?fan\s+of\b")
_FEELING = re.compile(r"(?i)^(?:really\s+|absolutely\s+)?(?:love|adore|hate|detest|can't\s+stand|enjoy)\s+"
                      rf"{_DEICTIC}(?!(?:them|him|her|us)\b)(?=[a-z])")


def with_subject(text: str) -> str:
    """The turn with "I'm" / "I" set before each sentence that opens on a liking said without a subject."""
    parts = re.split(r"((?<=[.!?])\s+)", text)
    out = []
    for part in parts:
        if _STATE.match(part):
            article = "a " if _BARE_FAN.match(part) else ""  # "big fan of jazz": "I'm a big fan of jazz"
            part = "I'm " + article + part[:1].lower() + part[1:]
        elif _FEELING.match(part):
            part = "I " + part[:1].lower() + part[1:]
        out.append(part)
    return "".join(out)


__all__ = ["with_subject"]
