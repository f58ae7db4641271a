"""Times said of someone else's doing are not the owner's routine (issue 35, one card one fact, the spec's
subject rule), at the turn's last look.

"my aunt sells fruit at the market. every morning except Sunday", "she weaves on the loom at home. every
day after lunch", "No, she sings in a choir, Thursday evenings": the times belong to what she does. The
readers that take a piece which says only when as the owner's habit (fragments.habit_pieces, routine_rules)
cannot see whose doing it follows; whose_times.py decides it (the one place that does), and this drops too the
owner's card of times another person's card already ends with. Pure."""
from __future__ import annotations

from .models import Fact
from .whose_times import given_to_whose, times_only


def without_others_times(cards: list[Fact], owner: str, statements: list[str]) -> list[Fact]:
    """The turn's cards without the owner's routines said only as when (`whose_times.times_only`) that are someone
    else's: said again alone after another person's card of them ("Pauline sings in a choir, Thursday evenings"), or
    said with another's doing (`whose_times.given_to_whose`)."""
    def again(f: Fact) -> bool:
        return f.type == "routine" and f.subject == owner and times_only(f.value) and any(
            g.type == "routine" and g.subject != owner and g.value.lower().endswith(f.value.lower()) for g in cards)
    return given_to_whose([f for f in cards if not again(f)], owner, statements)


__all__ = ["without_others_times"]
