"""Conflict rules for facts with the same subject and predicate but a different value (pure).

1. A parent-set fact wins: a non-parent fact never supersedes a parent one; it is kept as a
   hypothesis. A parent fact supersedes a non-parent one.
2. Otherwise the newer fact supersedes the older unless the older is more confident by more than
   `hysteresis` (then the newer is kept as a hypothesis): "higher confidence, or newer with
   hysteresis", so a slightly less sure restatement still updates, a much weaker one does not.
3. A fact that arrives late but is older than the current one becomes history (valid_to = the
   current one's time) instead of replacing it.
"Newer" and "older" are by when each fact was last said (`said_at`): a value said again counts from
its repeat, so "Porto", then "Leeds", then "Porto" again leaves Porto current whatever order the
consumer handles the events in (a repeat reinforces the Porto row and re-runs the decision).
Multi-valued predicates (likes, dislikes, allergic_to, sister, best friend ...) never conflict: a
person has several sisters and friends.
The supersession consumer applies them (consolidator/supersession.py), and the write path consults
them so that an exact repeat reinforces its row only if no later statement would have closed it
(repeats.py): what a repeat does then does not depend on the consumer's lag.
Two facts whose subject reads the same are about one person only if the entities they were linked
to agree (same_subject): "Chris runs a board game night" and, about another Chris, "Chris runs the
pharmacy counter" are two people's facts, not an update.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Collection

from memcore.extraction.pronouns import PERSON_PRONOUNS
from memcore.textnorm import normalise

MULTI_VALUED = frozenset({
    "likes", "dislikes", "prefers", "loves", "enjoys", "allergic_to", "must_avoid", "knows", "mentions",
    "has_friend", "friend_of", "member_of", "works_with",
}) | frozenset((  # people one has several of: "My sister Julia" does not replace "my sister Hana"
    "sister brother sibling twin son daughter child baby stepbrother stepsister grandma grandmother granny nana "
    "nan grandpa grandfather grandad granddad uncle aunt auntie cousin niece nephew friend best_friend best_mate "
    "bestie buddy pal mate neighbour neighbor teacher tutor coach colleague coworker co_worker teammate classmate "
    "roommate flatmate housemate mentor client little_brother little_sister big_brother big_sister older_brother "
    "older_sister younger_brother younger_sister baby_brother baby_sister pet"
).split())
HYSTERESIS = 0.1  # how much more confident an older value must be to hold against a newer one
FACT_TYPES = frozenset({"semantic", "preference", "identity", "relationship", "skill", "device", "safety", "routine"})


class Outcome(str, Enum):
    NO_CONFLICT = "no_conflict"
    SUPERSEDE_OLD = "supersede_old"      # old.valid_to = new.valid_from
    NEW_HYPOTHESIS = "new_hypothesis"    # new stays, tier hypothesis
    OLD_HYPOTHESIS = "old_hypothesis"    # old stays open, tier hypothesis (parent fact arrived late)
    NEW_IS_HISTORY = "new_is_history"    # new.valid_to = old.valid_from


@dataclass(frozen=True)
class Fact:
    memory_id: str
    subject: str | None
    predicate: str | None
    value: str | None
    source: str
    confidence: float
    valid_from: datetime
    type: str = "semantic"
    said_at: datetime | None = None  # when it was last said again (a reinforcement), if ever


def last_said(f: Fact) -> datetime:
    """When the fact was last said: its repeat if it was said again later, else its valid_from."""
    return f.valid_from if f.said_at is None else max(f.valid_from, f.said_at)


def slot(f: Fact) -> tuple[str, str] | None:
    """The (subject, predicate) a single-valued fact occupies; None when it cannot conflict."""
    if not f.subject or not f.predicate or f.predicate in MULTI_VALUED or f.type not in FACT_TYPES:
        return None
    return normalise(f.subject), f.predicate


def same_subject(subject: str, old_entities: Collection[object], new_entities: Collection[object]) -> bool:
    """Whether two facts with this subject are about the same one, given the entities each memory
    names it by (for a pronoun: the people each is linked to). A name both memories link to
    different entities is two namesakes; a name neither or only one links is taken at its word. A
    pronoun is someone only through its link: unlinked, it is nobody in particular."""
    shared = bool(set(old_entities) & set(new_entities))
    if normalise(subject) in PERSON_PRONOUNS:
        return shared
    return shared or not (old_entities and new_entities)


def conflicts(old: Fact, new: Fact) -> bool:
    s = slot(new)
    return (s is not None and s == slot(old) and old.memory_id != new.memory_id
            and normalise(old.value or "") != normalise(new.value or ""))


def resolve(old: Fact, new: Fact, hysteresis: float = HYSTERESIS) -> Outcome:
    if not conflicts(old, new):
        return Outcome.NO_CONFLICT
    old_parent, new_parent = old.source == "parent", new.source == "parent"
    if old_parent and not new_parent:
        return Outcome.NEW_HYPOTHESIS
    if new_parent and not old_parent:
        return Outcome.SUPERSEDE_OLD if last_said(new) >= last_said(old) else Outcome.OLD_HYPOTHESIS
    if last_said(new) < last_said(old):
        return Outcome.NEW_IS_HISTORY
    if new.confidence + hysteresis >= old.confidence:
        return Outcome.SUPERSEDE_OLD
    return Outcome.NEW_HYPOTHESIS
