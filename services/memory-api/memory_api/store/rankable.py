"""A memory that can be ranked, defined once: current (not superseded: `valid_to IS NULL`) and not
disputed (a memory marked wrong through POST /v1/memory/feedback keeps its row and its history,
marked so, but is never ranked, quoted in context or offered as a profile line again).

Each function returns a SQL condition on the memory_items row named `alias` (none: unqualified),
to AND into a WHERE clause. Search can add more (tier = 'solid' unless hypotheses are asked for,
`as_of` for a past time): see search_repo.filter_sql.
"""
from __future__ import annotations


def _col(alias: str | None, column: str) -> str:
    return f"{alias}.{column}" if alias else column


def current(alias: str | None = None) -> str:
    """Not superseded: the memory's value still holds."""
    return f"{_col(alias, 'valid_to')} IS NULL"


def undisputed(alias: str | None = None) -> str:
    """Not marked wrong by feedback."""
    return f"{_col(alias, 'tier')} <> 'disputed'"


def rankable(alias: str | None = None) -> str:
    """Current and not disputed: a memory retrieval may rank."""
    return f"{current(alias)} AND {undisputed(alias)}"
