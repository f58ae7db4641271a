"""The memory taxonomy shared by every service."""
from __future__ import annotations

MEMORY_TYPES: tuple[str, ...] = (
    "episodic", "semantic", "preference", "identity", "relationship", "safety",
    "skill", "device", "process", "document", "summary", "routine",
)
# Knowledge that recency must never push out of reach (MISSION decision 3).
FOUNDATIONAL_TYPES: frozenset[str] = frozenset(
    {"identity", "semantic", "process", "safety", "relationship", "preference", "routine", "skill"}
)
SCOPES: tuple[str, ...] = ("user", "workspace", "project", "session")
SOURCES: tuple[str, ...] = ("user", "parent", "system", "sensor", "import")
ROLES: tuple[str, ...] = ("child", "user", "parent", "orchestrator", "admin")
# Roles that may act for other users of their tenant.
GUARDIAN_ROLES: frozenset[str] = frozenset({"parent", "orchestrator", "admin"})
# Whose tokens a role manages, and whom it may forget completely, besides itself: a parent its
# household's children and adult users, never a co-parent; an admin anyone of its tenant.
MANAGES: dict[str, frozenset[str]] = {"admin": frozenset(ROLES), "parent": frozenset({"child", "user"})}
