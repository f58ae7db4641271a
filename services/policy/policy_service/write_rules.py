"""Write rules: a pure function from a write-check request (and a PII detector) to decisions.

Order of rules: who may write safety memories, consent (memory off, category toggles),
do-not-learn topics, PII (redact / encrypt / drop), profanity and age-appropriateness in a child
household, parent review queue. The strongest outcome wins (drop > hold > redact > allow); every
reason that applied is reported.

Who sets a safety memory (`memcore.policy.type_rules.sets_safety_alone`): a parent or admin always;
in an adult household or an organisation (policy age band adult) an adult member too (their own
boundaries, a team's rules). Anyone else's safety memory, a child's above all ("I'm allergic to
peanuts", "Mummy says no sweets before dinner"), is held for a parent's review, never dropped and
never active alone.
"""

from __future__ import annotations

from typing import Callable, Sequence

from memcore.policy.contract import (
    FLAG_AGE_SENSITIVE,
    FLAG_PARENT_ONLY,
    FLAG_PROFANITY,
    FLAG_RESTRICTED,
    FLAG_SAFETY_RULE,
    PARENT_ROLES,
    HouseholdPolicy,
    PiiSpan,
    WriteCheckRequest,
    WriteCheckResponse,
    WriteDecision,
    WriteItem,
)
from memcore.policy.age_bands import rules_for
from memcore.policy.type_rules import REASON_SAFETY_FOR_REVIEW, SEVERITY, review_reason, sets_safety_alone
from memcore.policy.consent import consent_reason
from policy_service.pii import PiiFinding, redact
from policy_service.safety_rules import PROFANITY, SafetyHit, find_for_household

DetectMany = Callable[[Sequence[str]], list[list[PiiFinding]]]

_TAG_FLAGS = {FLAG_RESTRICTED, FLAG_PARENT_ONLY}


def _pre_analysis_drop(item: WriteItem, policy: HouseholdPolicy) -> str | None:
    # A safety rule is a guardrail, not learning about the child: consent (memory off, toggles,
    # do-not-learn topics) never excludes it; who may set it is decided in _decide_item.
    return consent_reason(item.type, item.text, policy)


def _safety_categories(text: str, policy: HouseholdPolicy) -> list[SafetyHit]:
    return find_for_household(text, policy.profanity_extra_words, policy.profanity_allow_words)


def _decide_item(item: WriteItem, actor_role: str, policy: HouseholdPolicy, findings: list[PiiFinding]) -> WriteDecision:
    decision, reasons = "allow", []
    flags = sorted({t.lower() for t in item.tags} & _TAG_FLAGS)
    is_parent = actor_role in PARENT_ROLES

    def escalate(kind: str, reason: str) -> None:
        nonlocal decision
        reasons.append(reason)
        if SEVERITY[kind] > SEVERITY[decision]:
            decision = kind

    pii_types = sorted({f.type for f in findings})
    actions = {t: policy.pii_action(t) for t in pii_types}
    dropped_types = [t for t, a in actions.items() if a == "drop"]
    if dropped_types:
        escalate("drop", f"PII not kept by policy: {', '.join(dropped_types)}")
    elif pii_types:
        escalate("redact", f"PII redacted: {', '.join(pii_types)}")

    if item.type == "safety":
        flags.append(FLAG_SAFETY_RULE)
        if not sets_safety_alone(actor_role, policy):
            escalate("hold", REASON_SAFETY_FOR_REVIEW)
    else:
        categories = sorted({hit.category for hit in _safety_categories(item.text, policy)})
        if PROFANITY in categories:
            flags.append(FLAG_PROFANITY)
        if any(c != PROFANITY for c in categories):
            flags.append(FLAG_AGE_SENSITIVE)
        if policy.is_child_household and not is_parent:
            band = rules_for(policy.age_band)
            if PROFANITY in categories and band.drop_profanity:
                escalate("drop", "profanity in a child household")
            others = [c for c in categories if c != PROFANITY]
            if others and band.hold_age_sensitive:
                escalate("hold", f"age-sensitive content ({', '.join(others)}) held for parent review")
        review = review_reason(item.type, actor_role, policy) if item.type else None
        if review:
            escalate("hold", review)

    keep_encrypted = bool(pii_types) and decision != "drop" and all(a == "encrypt" for a in actions.values())
    return WriteDecision(
        decision=decision,  # type: ignore[arg-type]
        reasons=reasons,
        redacted_text=None if decision == "drop" else redact(item.text, findings),
        pii=[PiiSpan(type=f.type, start=f.start, end=f.end, score=f.score) for f in findings],  # type: ignore[arg-type]
        keep_encrypted_original=keep_encrypted,
        safety_flags=sorted(set(flags)),
    )


def check_write(request: WriteCheckRequest, detect_many: DetectMany) -> WriteCheckResponse:
    decisions: list[WriteDecision | None] = []
    to_analyze: list[int] = []
    for index, item in enumerate(request.items):
        reason = _pre_analysis_drop(item, request.policy)
        if reason:
            decisions.append(WriteDecision(decision="drop", reasons=[reason]))
        else:
            decisions.append(None)
            to_analyze.append(index)
    findings = detect_many([request.items[i].text for i in to_analyze]) if to_analyze else []
    for index, item_findings in zip(to_analyze, findings):
        decisions[index] = _decide_item(request.items[index], request.actor_role, request.policy, item_findings)
    return WriteCheckResponse(items=[d for d in decisions if d is not None])
