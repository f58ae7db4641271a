"""A value that says only when (issue 35): "Wednesdays at 7", "every saturday morning", "every day after
lunch", "every evening at 8 except Mondays", "play thursdays at lunch" (a bare verb of doing, then the
times). Read by turn_cards.timed_activity (the activity said elsewhere) and whose_times.py (whose times
they are). Pure regular expressions.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY

# The words of a when said alone ("Wednesdays at 7", "every saturday morning", "Mondays and Thursdays, 6 pm")
# (its short days are its own: not "weds" nor "thur", which it has never read as days)
_WHEN_WORD = re.compile(rf"(?i)^(?:{WEEKDAY}s?|mon|tue|tues|wed|thu|thurs|fri|sat|sun|"
                        r"mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|every|each|other|on|at|in|the|and|"
                        r"after|before|school|work|lunch|lunchtime|am|pm|noon|midnight|till|til|until|to|from|week|day|daily|"
                        r"weekly|fortnightly|only|usually|mostly|always|\d{1,2}(?:[.:]\d\d)?(?:am|pm)?)$")

# a verb that says only that the activity happens: "we play thursdays at lunch", "I go Mondays"
BARE_DOING = frozenset("play plays go goes have has do does train trains practise practises practice meet meets".split())


def only_when(value: str) -> bool:
    """Whether a value says nothing but when (after a bare verb of doing at most)."""
    value = re.split(r"(?i)\s+(?:except|but\s+not|apart\s+from)\s+", value)[0]  # "every evening at 8 except Mondays"
    words = re.findall(r"[\w.:]+", value)
    words = words[1:] if len(words) > 1 and words[0].lower() in BARE_DOING else words
    return bool(words) and all(_WHEN_WORD.match(w) for w in words)


__all__ = ["BARE_DOING", "only_when"]
