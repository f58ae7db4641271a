"""A consequence joined by "so" without a comma, set off as written English sets it off (issue 35, every
fact of a turn).

"I'm a nurse so I work shifts", "we open early so we close at four" are two facts each: the readers part
a statement at ", so I ..." but chat drops the comma, and the consequence was lost ("I work shifts" gave
no card). The reading puts the comma back before "so" when a subject of its own and a verb follow. Not a
purpose ("so I can ...", "so we could ..."), an obligation that follows from the first ("I get travel sick so I
have to sit at the front": the rule readers read the two together), a thought ("so I think", "so I guess"), "so that", nor "so"
as a degree ("so tired", "I love it so much"), nor a past one ("so I went to bed": how a day went, a moment,
not a lasting fact). Pure string work on the text the extractor reads
(reading.as_read).
"""
from __future__ import annotations

import re

_SO = re.compile(r"(?<=[\w'’)])\s+so\s+(?=(?:I|we|he|she|they)\s+(?!(?:can|could|would|might|may|will|must|should|have\s+to|has\s+to|need\s+to|needs\s+to|got\s+to|think|guess|suppose|"
                 r"reckon|hope|said|told|was|were|had|went|got|did|came|left|took|made|saw|felt|[a-z]+ed)\b)[a-z])")


def consequences_apart(text: str) -> str:
    """The text with ", so" before each consequence that has its own subject ("... nurse, so I work shifts")."""
    return _SO.sub(", so ", text) if " so " in text else text


__all__ = ["consequences_apart"]
