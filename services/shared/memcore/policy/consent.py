"""Consent: whether a household's settings exclude a memory (memory off, a category turned off, a
do-not-learn topic). One definition, used by the policy service on write and read, and by
memory-api when a household policy changes (existing memories are then marked `consent_hidden`,
which row-level security hides from everyone but parents, admins and the system)."""
from __future__ import annotations

from memcore.policy.contract import HouseholdPolicy
from memcore.policy.topics import text_matches_topic
from memcore.policy.type_rules import category_off_reason

REASON_MEMORY_OFF = "memory is off"
FLAG_CONSENT_HIDDEN = "consent_hidden"


def consent_reason(item_type: str | None, text: str, policy: HouseholdPolicy) -> str | None:
    """Why the household's consent settings exclude this memory, if they do (an untyped item: the
    text alone; its category is checked once it has a type). Safety rules are never excluded:
    a parent's rule is a guardrail, not learning about the child."""
    if item_type == "safety":
        return None
    if not policy.memory_enabled:
        return REASON_MEMORY_OFF
    off = category_off_reason(item_type, policy) if item_type else None
    if off:
        return off
    topic = text_matches_topic(text, policy.do_not_learn_topics)
    if topic:
        return f"do-not-learn topic: {topic}"
    return None


def consent_flags(flags: list[str], memory_type: str, text: str, policy: HouseholdPolicy) -> list[str]:
    """A memory's safety flags with `consent_hidden` set or cleared under `policy`."""
    rest = [f for f in flags if f != FLAG_CONSENT_HIDDEN]
    return sorted([*rest, FLAG_CONSENT_HIDDEN]) if consent_reason(memory_type, text, policy) else rest
