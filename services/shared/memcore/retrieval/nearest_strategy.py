"""Exact scan or HNSW for one owner's nearest-neighbour lookups (near-duplicate checks).

An exact scan reads every live row of the owner. An HNSW lookup walks the graph of the whole
table; other owners' rows are skipped, so the smaller the owner's share of the table, the more
index tuples a lookup visits before it meets one of the owner's (iterative scan, bounded by
`max_scan_tuples`). Costs are counted in "rows of an exact scan". The constants are rough
estimates from EXPLAIN ANALYZE of the two lookups on the benchmark database, not benchmark
figures: an HNSW lookup with ef_search 16 on a one-owner table costs about as much as an exact
scan of 150 rows, each further visited tuple about two rows. At the crossover the two paths are
estimated equal, so an error in the estimates moves the choice only where it matters little.

The planner makes this choice itself when its statistics know the owner; for an owner being
imported they do not (it estimated one row and scanned every row of a growing owner per lookup),
so the write path decides from the owner's exact row count instead.
"""
from __future__ import annotations

HNSW_BASE_ROWS = 150
HNSW_VISIT_ROWS = 2.0


def hnsw_visits(owner_rows: int, table_rows: int, ef_search: int, max_scan_tuples: int) -> float:
    """Index tuples one HNSW lookup is expected to visit to return `ef_search` of the owner's rows."""
    share = owner_rows / max(table_rows, owner_rows, 1)
    return min(float(max_scan_tuples), ef_search / share) if share > 0 else float(max_scan_tuples)


def exact_scan_is_cheaper(owner_rows: int, table_rows: int, ef_search: int, max_scan_tuples: int) -> bool:
    """Whether scanning the owner's rows beats an HNSW lookup. `table_rows` may be stale (planner
    statistics); it is never taken below `owner_rows`."""
    hnsw_cost = HNSW_BASE_ROWS + HNSW_VISIT_ROWS * hnsw_visits(owner_rows, table_rows, ef_search, max_scan_tuples)
    return owner_rows <= hnsw_cost
