"""Retention defaults by type and scope, and the household's overrides (memcore.retention)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from memcore.policy.contract import HouseholdPolicy
from memcore.retention import EPISODIC_DAYS, expiry

AT = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)


def test_defaults_keep_knowledge_and_let_episodes_and_sessions_go():
    assert expiry("episodic", "user", AT) == AT + timedelta(days=EPISODIC_DAYS)
    assert expiry("semantic", "session", AT, session_ttl_s=3600) == AT + timedelta(hours=1)
    for kept in ("semantic", "identity", "preference", "relationship", "process", "skill", "document", "summary"):
        assert expiry(kept, "user", AT) is None, kept


def test_pinned_and_safety_never_expire_whatever_the_policy():
    assert expiry("episodic", "user", AT, pinned=True) is None
    assert expiry("episodic", "session", AT, pinned=True) is None
    assert expiry("safety", "user", AT, policy_days={"safety": 1}) is None


def test_the_household_overrides_any_type():
    days = HouseholdPolicy(retention_days={"episodic": 7, "document": 30, "preference": None}).retention_days
    assert expiry("episodic", "user", AT, policy_days=days) == AT + timedelta(days=7)
    assert expiry("document", "user", AT, policy_days=days) == AT + timedelta(days=30)
    assert expiry("preference", "user", AT, policy_days=days) is None
    assert expiry("episodic", "user", AT, policy_days={"episodic": None}) is None  # keep episodes for good


@pytest.mark.parametrize("bad", [{"episodic": 0}, {"episodic": 40000}, {"not_a_type": 3}])
def test_a_policy_with_an_impossible_lifetime_is_refused(bad):
    with pytest.raises(ValidationError):
        HouseholdPolicy(retention_days=bad)
