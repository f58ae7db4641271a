"""The write rules that depend only on a memory's type, shared by the policy service and memory-api.

A write check can be asked before the memory's type is known (``WriteItem.type = None``): the
policy service then applies the rules about the text (PII, do-not-learn topics, profanity and
age-appropriateness) and nothing else. memory-api checks a conversation turn that way, before
extraction (so extraction only ever sees redacted text), and applies the type rules below once
extraction has typed the memory: one policy call per turn instead of two. The policy service
applies the same functions to typed items, so there is one definition of each rule.

Safety memories have rules of their own (who may write them, which flags they carry) that only
the policy service applies: `retype` returns None for them, and the caller asks again. Who sets
one alone is `sets_safety_alone`; anyone else's goes to the parent review queue (a hold).
"""
from __future__ import annotations

from memcore.policy.contract import PARENT_ROLES, HouseholdPolicy, WriteDecision

SEVERITY = {"allow": 0, "redact": 1, "hold": 2, "drop": 3}
REASON_SAFETY_FOR_REVIEW = "a safety rule not set by a parent goes to parent review"


def sets_safety_alone(actor_role: str, policy: HouseholdPolicy) -> bool:
    """Whether a safety memory this actor writes is active at once: a parent's or an admin's always;
    an adult member's in an adult household or an organisation (their own boundaries and allergies,
    a team's rules bind them). A child never sets one alone, whatever the policy says; in a child
    household (a child's or a teenager's policy) only a parent does."""
    if actor_role in PARENT_ROLES:
        return True
    return actor_role != "child" and not policy.is_child_household


def category_off_reason(memory_type: str, policy: HouseholdPolicy) -> str | None:
    """Why the household's category toggles exclude this type, if they do."""
    if not policy.category_enabled(memory_type):
        return f"category '{memory_type}' is turned off"
    return None


def review_reason(memory_type: str, actor_role: str, policy: HouseholdPolicy) -> str | None:
    """Why a memory of this type written by this actor goes to the parent review queue, if it does."""
    if memory_type in policy.review_new_types and actor_role not in PARENT_ROLES:
        return f"memory type '{memory_type}' goes to parent review"
    return None


def retype(decision: WriteDecision, memory_type: str, actor_role: str, policy: HouseholdPolicy) -> WriteDecision | None:
    """The decision for a text checked without a type, once the memory's type is known.

    None when the policy service must decide (a safety memory)."""
    if memory_type == "safety":
        return None
    off = category_off_reason(memory_type, policy)
    if off:
        return WriteDecision(decision="drop", reasons=[off])
    review = review_reason(memory_type, actor_role, policy)
    if review is None:
        return decision
    kind = "hold" if SEVERITY["hold"] > SEVERITY[decision.decision] else decision.decision
    return decision.model_copy(update={"decision": kind, "reasons": [*decision.reasons, review]})
