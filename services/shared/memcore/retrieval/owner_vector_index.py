"""Which owners get a vector index of their own (a partial HNSW index on their rows).

The table's HNSW index covers every owner. An owner's vector search walks that one graph and
skips the other owners' rows, so the smaller an owner's share of the table, the more index tuples
a search visits for each row it keeps (about 1 / share). For a large owner in a large table that
is most of the search's time. On the 1,000,000-row benchmark database (`memctl bench scale`, and
`--no-owner-index` to drop the index; runs alternated), the vector stage of an owner holding a
tenth of the rows took 9.8-10.5 ms p50 and 16.0-17.2 ms p95 through the table's index, and
6.3-8.1 ms p50 and 10.7-12.8 ms p95 through an index of its own rows (docs/benchmarks.md,
sixteenth session).

A small owner gains nothing: its search is cheap either way, and every index costs disk and
time on each insert. So an owner gets one once it holds `min_rows` rows and at most `max_share`
of the table (an owner holding most of the table is already served by the table's index). The
index is dropped when the owner falls below half of `min_rows` (the gap keeps an owner near the
line from being indexed and dropped in turn). Builds are bounded per run, largest owners first:
building one took 33-34 s for 100,000 rows on two cores.

The search needs no list of these indexes: with a custom plan (the owner's id known when the
query is planned) Postgres itself picks the owner's index when one exists.
"""
from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

INDEX_PREFIX = "memory_items_embedding_owner_"
DEFAULT_MIN_ROWS = 50_000
DEFAULT_MAX_SHARE = 0.5
DEFAULT_MAX_BUILDS = 2


def index_name(owner_id: UUID) -> str:
    """The index's name: the prefix and the owner's id in hex (61 characters, under Postgres' 63)."""
    return INDEX_PREFIX + owner_id.hex


def owner_of(name: str) -> UUID | None:
    """The owner an index name belongs to; None for any other index."""
    if not name.startswith(INDEX_PREFIX):
        return None
    try:
        return UUID(hex=name[len(INDEX_PREFIX):])
    except ValueError:
        return None


@dataclass(frozen=True)
class IndexPlan:
    build: list[UUID]  # largest owner first
    drop: list[UUID]


def plan(owner_rows: dict[UUID, int], indexed: set[UUID], *, table_rows: int | None = None,
         min_rows: int = DEFAULT_MIN_ROWS, max_share: float = DEFAULT_MAX_SHARE,
         max_builds: int = DEFAULT_MAX_BUILDS) -> IndexPlan:
    """`owner_rows`: rows with a vector, per owner (an owner absent has none); `indexed`: owners
    that have a valid index; `table_rows`: rows with a vector in the whole table (default: the sum
    of `owner_rows`, when it lists every owner). `min_rows` 0 or less turns the feature off: every
    index is dropped."""
    if min_rows <= 0:
        return IndexPlan(build=[], drop=sorted(indexed))
    total = max(table_rows or 0, sum(owner_rows.values()))
    wanted = [o for o, n in owner_rows.items()
              if o not in indexed and n >= min_rows and n <= max_share * total]
    wanted.sort(key=lambda o: (-owner_rows[o], o))
    drop = sorted(o for o in indexed if owner_rows.get(o, 0) < min_rows // 2)
    return IndexPlan(build=wanted[:max(max_builds, 0)], drop=drop)
