"""Read and output rules: what a reader may see, and what generated text must not contain."""

from __future__ import annotations

from typing import Callable, Sequence

from memcore.policy.contract import (
    HIDDEN_FROM_CHILD_FLAGS,
    OutputCheckRequest,
    OutputCheckResponse,
    OutputFlag,
    ReadCheckRequest,
    ReadCheckResponse,
    ReadDecision,
    ReadItem,
)
from policy_service.leaks import find_leak
from policy_service.pii import PiiFinding, redact
from policy_service.safety_rules import find_for_household
from memcore.policy.consent import consent_reason

DetectMany = Callable[[Sequence[str]], list[list[PiiFinding]]]


def _hidden_reason(item: ReadItem, request: ReadCheckRequest) -> str | None:
    """Why this reader must not see the item, if they must not. Safety rules are always visible."""
    policy = request.policy
    if item.type == "safety":
        return None
    consent = consent_reason(item.type, item.text, policy)
    if consent:
        return consent
    if request.actor_role == "child":
        hidden_flags = sorted(set(item.safety_flags) & HIDDEN_FROM_CHILD_FLAGS)
        if hidden_flags:
            return f"not shown to a child ({', '.join(hidden_flags)})"
        if policy.is_child_household:
            hits = find_for_household(item.text, policy.profanity_extra_words, policy.profanity_allow_words)
            if hits:
                return f"not shown to a child ({', '.join(sorted({h.category for h in hits}))})"
    return None


def check_read(request: ReadCheckRequest, detect_many: DetectMany) -> ReadCheckResponse:
    hidden = [_hidden_reason(item, request) for item in request.items]
    visible_idx = [i for i, reason in enumerate(hidden) if reason is None]
    found = detect_many([request.items[i].text for i in visible_idx]) if visible_idx else []
    findings = dict(zip(visible_idx, found))
    decisions = []
    for index, item in enumerate(request.items):
        reason = hidden[index]
        if reason is not None:
            decisions.append(ReadDecision(id=item.id, visible=False, reasons=[reason]))
            continue
        item_findings = findings[index]
        reasons = [f"PII redacted: {', '.join(sorted({f.type for f in item_findings}))}"] if item_findings else []
        decisions.append(ReadDecision(id=item.id, visible=True, text=redact(item.text, item_findings), reasons=reasons))
    safety_first = [item.id for item, reason in zip(request.items, hidden) if item.type == "safety" and reason is None]
    return ReadCheckResponse(items=decisions, safety_first=safety_first)


def check_output(request: OutputCheckRequest, detect_many: DetectMany) -> OutputCheckResponse:
    """Flag PII, restricted-memory content and (unless the household is adult) profanity."""
    flags = [
        OutputFlag(kind="pii", start=f.start, end=f.end, type=f.type) for f in detect_many([request.text])[0]
    ]
    for memory in request.restricted:
        leak = find_leak(memory.id, memory.text, request.text)
        if leak:
            flags.append(OutputFlag(kind="restricted_memory", start=leak.start, end=leak.end, memory_id=leak.memory_id))
    policy = request.policy
    if policy is None or policy.is_child_household:
        extra = policy.profanity_extra_words if policy else []
        allow = policy.profanity_allow_words if policy else []
        for hit in find_for_household(request.text, extra, allow):
            flags.append(OutputFlag(kind="profanity", start=hit.start, end=hit.end, type=hit.category))
    flags.sort(key=lambda f: (f.start, f.end))
    return OutputCheckResponse(flags=flags, ok=not flags)
