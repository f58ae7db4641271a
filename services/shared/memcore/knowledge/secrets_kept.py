"""A secret the owner asks the assistant to keep (issue 35): "don't tell him", "please don't tell Mum!", "don't
mention it to anyone", "don't say anything to Kofi yet". Said with nothing but whom it is kept from, it asks
something of the assistant for now: a request, no rule a household or a team sets (a "no"/"don't" rule names what
is not done: "don't leave the back door open", "please don't suggest pubs": boundaries.py).

Pure: the part's words in, a yes or no out.
"""
from __future__ import annotations

import re

_WHOM = r"(?:him|her|them|anyone|anybody|nobody|everyone|(?:my|our|your|his|her|the)\s+[a-z]+|(?-i:[A-Z][\w'’-]+))"
_KEPT = re.compile(rf"^(?:(?:but|and|ok|okay|oh|shh+|psst)\s*,?\s+)*(?:please\s+)?(?:don['’]?t|do\s+not|never)\s+"
                   rf"(?:tell\s+{_WHOM}|(?:say|mention)\s+(?:anything|a\s+word|it|this|that)(?:\s+to\s+{_WHOM})?|"
                   rf"let\s+{_WHOM}\s+know|show\s+{_WHOM})(?:\s+(?:yet|though|ok|okay|please|pls|about\s+(?:it|this|that)))*"
                   r"\s*(?:[,.!;]|$)", re.I)


def kept_secret(said: str) -> bool:
    """Whether the part asks the assistant to keep something from someone, and says nothing more."""
    return bool(_KEPT.match(said.strip()))


__all__ = ["kept_secret"]
