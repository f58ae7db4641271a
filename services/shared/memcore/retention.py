"""How long a memory is kept (pure): its expiry, set when it is written.

Defaults, by scope and type (MISSION decision 3: foundational knowledge never decays out of reach):
- session scope: ends with the session (the session's lifetime in hot memory, MEMORY_SESSION_TTL_S);
- episodic memories: EPISODIC_DAYS days after they were written;
- documents: kept, unless the household policy gives them a lifetime;
- semantic and foundational memories (identity, preferences, relationships, processes, skills,
  safety rules, summaries, devices): kept.
A household policy overrides the lifetime of any type (`retention_days`, days; null keeps it). A
pinned memory never expires, and the retention job (consolidator.retention) keeps an episode that a
promoted fact still stands on. Lifetimes count from the write, not from when something was said: an
imported conversation from years ago is kept as long as one said today.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Mapping

EPISODIC_DAYS = 90
DEFAULT_DAYS: Mapping[str, int | None] = {"episodic": EPISODIC_DAYS}
NEVER_EXPIRE = frozenset({"safety"})  # a parent's rule outlives every retention setting


def expiry(memory_type: str, scope: str, written_at: datetime, *, pinned: bool = False,
           session_ttl_s: int = 86400, policy_days: Mapping[str, int | None] | None = None) -> datetime | None:
    """When a memory written now stops being kept; None means it is kept until deleted."""
    if pinned or memory_type in NEVER_EXPIRE:
        return None
    if scope == "session":
        return written_at + timedelta(seconds=session_ttl_s)
    overrides = policy_days or {}
    days = overrides[memory_type] if memory_type in overrides else DEFAULT_DAYS.get(memory_type)
    return None if days is None else written_at + timedelta(days=days)
