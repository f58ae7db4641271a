"""Times said of someone else's doing are not the owner's routine (issue 35, one card one fact, the spec's
subject rule).

"my aunt sells fruit at the market. every morning except Sunday", "she weaves on the loom at home. every
day after lunch", "No, she sings in a choir, Thursday evenings": the times belong to what she does. The
readers that take a piece which says only when ("every day after lunch") as the owner's habit
(fragments.habit_pieces, routine_rules) cannot see whose doing it follows; this looks at the clause the
times are said with, or the sentence just before when they are a sentence of their own, and drops the
owner's card when that clause is a third person's (he, she, they, "my aunt sells ...") and the owner does
nothing in it ("she teaches piano. Tuesdays I cook": the owner's). Pure."""
from __future__ import annotations

import re
from collections.abc import Sequence

from .models import Fact
from .said_when import only_when

# the owner as the one who does it: "I", "we" (and "me"/"us" as who it is done with or to, "she takes me")
_OWNER_DOES = re.compile(r"(?i)\b(?:i|i['’]m|i['’]ve|i['’]d|im|we|we['’]re|we['’]ve|me|us)\b")
# someone else as the one who does it: he, she, they, or a tie and a verb of theirs ("my aunt sells")
_LEAD = r"^(?:\W*(?:no|yes|yeah|ya|and|but|so|well|oh|also)\b\W*)*"
_OTHER_DOES = re.compile(rf"(?i)\b(?:he|she|they)(?:['’]s|['’]re)?\b|{_LEAD}(?:my|our|his|her|their)\s+[a-z]+(?:\s+[a-z]+)?\s+[a-z]+s\b")
# what is left of a sentence once its times are taken out, when it says nothing else ("No,", "and")
_EMPTY = re.compile(r"(?i)^(?:\W|\b(?:no|yes|yeah|ya|yep|ok|okay|and|but|so|well|oh|also|only|usually|mostly)\b)*$")


# a meal or bedtime as a time of the day ("every evening after tea", "before supper")
_MEALS = re.compile(r"(?i)\b(?:tea|teatime|breakfast|dinner|supper|bedtime)\b")


def _sentences(statements: Sequence[str]) -> list[str]:
    return [x for st in statements for x in re.split(r"(?<=[.!?])\s+", st.strip()) if x]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’]+(?:[:.]\d+)?", text.lower())  # ("7.30" one word, "Thursdays." the day)


def _clause_of(when: str, statements: Sequence[str]) -> str | None:
    """The clause the times are said with: the rest of their sentence, else the sentence before; None when
    the times are not found (their words, in any order: "every weekday morning" read as "morning every
    weekday") or nothing is said beside them."""
    sentences = _sentences(statements)
    said = set(_words(when))
    at = next((n for n, x in enumerate(sentences) if said <= set(_words(x))), None)
    if at is None:
        return None
    rest = " ".join(w for w in sentences[at].split() if w.lower().strip(",.!?;") not in said)
    if not _EMPTY.match(rest):
        return rest.strip()
    return sentences[at - 1] if at > 0 else None


def others_times(clause: str, names: Sequence[str] = ()) -> bool:
    """Whether a clause is someone else's doing that the owner takes no part in; `names`: the people the
    turn's cards are about, whom the readers put for "she" ("Pauline sings in a choir")."""
    named = any(re.match(rf"{_LEAD}{re.escape(n)}\s+[a-z]+s\b", clause, re.I) for n in names if n)
    return (named or bool(_OTHER_DOES.search(clause))) and not _OWNER_DOES.search(clause)


def without_others_times(cards: list[Fact], owner: str, statements: Sequence[str]) -> list[Fact]:
    """The turn's cards without the owner's routines said only as when (`said_when.only_when`) whose clause is
    someone else's doing."""
    def theirs(f: Fact) -> bool:
        if f.type != "routine" or f.subject != owner or not only_when(_MEALS.sub("lunch", f.value)):
            return False
        if any(g.type == "routine" and g.subject != owner and g.value.lower().endswith(f.value.lower()) for g in cards):
            return True  # "Pauline sings in a choir, Thursday evenings" is a card already: the times said again alone
        clause = _clause_of(f.value, statements)
        return clause is not None and others_times(clause, names)
    names = sorted({g.subject for g in cards if g.subject and g.subject != owner and g.subject[:1].isupper()})
    return [f for f in cards if not theirs(f)]


def owner_takes_part(clause: str) -> bool:
    """The owner does it, or it is done with or to them ("she drives me to judo")."""
    return bool(_OWNER_DOES.search(clause))


__all__ = ["others_times", "owner_takes_part", "without_others_times"]
