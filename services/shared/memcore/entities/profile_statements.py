"""A profile's statements kept with it, so that a write adds its own instead of reading every
memory linked to the entity again (pure).

A profile is composed from the entity's first PROFILE_FACTS statements in one order: the most
foundational kind first, then the most salient, then the oldest, then the text byte by byte
(memcore.adapters.entity_profiles; COLLATE "C" there, code points here: the same order). Reading them is a scan of every memory linked to the entity,
longer with every turn that names them: on a long conversation the two speakers are named in most
turns, and recomposing their profiles on each was most of the write's time (docs/benchmarks.md,
"Twenty-third session"). So the statements a profile was composed from are stored with it, and a
write that only links new memories to the entity merges them in: the same list a full reading
gives, without the scan; when none of them enters, the profile is left as it is.

The list is read from the database again (`None`: recompose from the database) whenever the write
may have changed what it holds otherwise: a memory of the write with the text of one linked before
(of the copies of one text the profile takes one, and the new may replace the old), a repeat of an
older memory, a profile stored without its list, and a new statement equal to another in every key.
Every other change to a linked memory (deleted, closed, disputed,
re-typed, edited) clears the stored list in the database itself (migration 0030), so the next
write reads it again.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Mapping, Sequence

PROFILE_FACTS = 50  # enough for the summary (10 facts) and the context tags (50)

# The profile's first order key: what lasts before what happened (see memcore.entities.profiles).
FOUNDATIONAL_RANK: dict[str, int] = {"relationship": 0, "identity": 0, "process": 1, "semantic": 1,
                                     "preference": 2, "skill": 2}
OTHER_RANK = 3


def rank_of(memory_type: str) -> int:
    return FOUNDATIONAL_RANK.get(memory_type, OTHER_RANK)


def rank_sql(column: str) -> str:
    """The same ranking as a SQL expression over `column` (the memory's type)."""
    whens = " ".join(f"WHEN '{t}' THEN {r}" for t, r in FOUNDATIONAL_RANK.items())
    return f"CASE {column} {whens} ELSE {OTHER_RANK} END"


@dataclass(frozen=True)
class Statement:
    """One statement of a profile, as composing it needs it."""
    text: str
    type: str
    salience: float
    observed_at: datetime

    def order(self) -> tuple[int, float, datetime, str]:
        """Where it sorts."""
        return (rank_of(self.type), -self.salience, self.observed_at, self.text)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "type": self.type, "salience": self.salience,
                "observed_at": self.observed_at.isoformat()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Statement:
        return cls(str(data["text"]), str(data["type"]), float(data["salience"]),
                   datetime.fromisoformat(data["observed_at"]))


@dataclass(frozen=True)
class NewStatement:
    """A memory a write linked to the entity."""
    statement: Statement
    text_hash: str
    is_record: bool  # a turn's record (of two copies of one text and kind, the record stands for it)
    memory_id: str


def one_per_text(new: Iterable[NewStatement]) -> list[Statement]:
    """The write's own copies of one text counted once, as the database counts them
    (entity_profiles.STATEMENT_ONCE_ORDER): the most foundational kind, then the record, then the
    most salient, the oldest, the lowest id."""
    best: dict[str, NewStatement] = {}
    for n in new:
        held = best.get(n.text_hash)
        if held is None or _once_key(n) < _once_key(held):
            best[n.text_hash] = n
    return [n.statement for n in best.values()]


def _once_key(n: NewStatement) -> tuple[int, bool, float, datetime, str]:
    s = n.statement
    return (rank_of(s.type), not n.is_record, -s.salience, s.observed_at, n.memory_id)


def merged(stored: Sequence[Statement], new: Sequence[Statement]) -> list[Statement] | None:
    """The profile's statements with the new ones in their places, at most PROFILE_FACTS; None when
    a new statement is equal to another of the list in every key (only the database can tell)."""
    out = list(stored)
    for s in sorted(new, key=Statement.order):
        keys = [x.order() for x in out]
        at = bisect.bisect_left(keys, s.order())
        if at < min(len(keys), PROFILE_FACTS) and keys[at] == s.order():
            return None
        out.insert(at, s)
    return out[:PROFILE_FACTS]


@dataclass(frozen=True)
class EntityAfterWrite:
    """What a write did to one entity, as far as its profile is concerned."""
    stored: tuple[Statement, ...] | None  # the statements its profile was composed from (None: not kept)
    changed_itself: bool  # its names, facets, parent or the entity itself are new in this write
    new_edges: bool  # an edge of it was added or closed in this write
    shares_a_text: bool  # a memory linked in this write has the text of one linked before
    reinforced: bool  # a memory linked in this write is an older one a repeat reinforced
    new: tuple[NewStatement, ...]  # the memories linked to it in this write


@dataclass(frozen=True)
class Upkeep:
    """What to do with one profile after a write: `statements` to compose it from (None: read them
    from the database), or `leave` it as it is."""
    leave: bool
    statements: list[Statement] | None = None


def upkeep(after: EntityAfterWrite) -> Upkeep:
    if after.stored is None or after.shares_a_text or after.reinforced:
        return Upkeep(leave=False)
    statements = merged(after.stored, one_per_text(after.new))
    if statements is None:
        return Upkeep(leave=False)
    unchanged = statements == list(after.stored)
    return Upkeep(leave=unchanged and not after.changed_itself and not after.new_edges, statements=statements)


def to_json(statements: Sequence[Statement]) -> list[dict[str, Any]]:
    return [s.to_json() for s in statements]


def from_json(data: Sequence[Mapping[str, Any]] | None) -> tuple[Statement, ...] | None:
    return None if data is None else tuple(Statement.from_json(d) for d in data)
