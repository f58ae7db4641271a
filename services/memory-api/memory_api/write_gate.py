"""The write gate: every string a request stores passes the policy service, in one call, fail closed.

Every route that creates or changes stored text or values (turns, candidates, commit creates and
updates, PATCH, documents, entity names) calls `gate` before it opens its transaction:

- the memory's text is checked as the policy service defines (PII per household rule, safety and
  age rules, consent, parent review); its decision says drop / hold / redact / allow;
- every other stored string is checked in the same call, typed like its memory so the same
  consent and safety rules apply: subject, predicate, value, speaker, image caption, title, the
  reason of an edit (kept in the history and audit log), each
  tag, every key and string inside value_json / emotion (walked). PII found there is replaced by
  its placeholder in place ("<PHONE>"), as in the text; a field whose string the policy drops
  (PII the household does not keep, a child's profanity in a child household, a do-not-learn
  topic) drops the whole memory, with the field named in the reason;
- identifiers (session_id, project_id, origin_ref, retention_policy, source_uri, entity names)
  cannot hold a placeholder (lookups go by them): PII there refuses the request with 422;
- only a parent or admin (or an adult `user` on its own memory) may set the audience tags
  `restricted` / `parent_only` (403 otherwise): the policy turns them into safety flags that hide
  the memory from a child; a child (or an orchestrator, who may write for one) could not read back
  what it wrote, and hiding a child's memory from the child is a guardian's decision;
- a household that has not opted in (tenants.opted_in_at) stores nothing but a parent's safety
  rules: every other item is dropped with the reason `NOT_OPTED_IN`;
- the policy service down, slow or failing: 503 and nothing is stored (`PolicyUnavailable`).

`rls_refusal` maps a row-level security refusal of a write (42501: the written row would not be
visible to its writer) to a clear 403, never a 500.
"""
from __future__ import annotations

import asyncio
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator
from uuid import UUID

import asyncpg

from memcore.policy.client import PolicyUnavailable
from memcore.policy.contract import (FLAG_PARENT_ONLY, FLAG_RESTRICTED, MAX_ITEMS, MAX_TEXT_CHARS, PARENT_ROLES,
                                     HouseholdPolicy, WriteCheckRequest, WriteDecision, WriteItem)
from memcore.policy.type_rules import SEVERITY
from memcore.textnorm import strings_in

from . import timing
from .errors import ApiError

AUDIENCE_TAGS = frozenset({FLAG_RESTRICTED, FLAG_PARENT_ONLY})
AUDIENCE_SETTERS = PARENT_ROLES | {"user"}  # a `user` acts only on its own memory (deps.resolve_owner)
NOT_OPTED_IN = ("the household has not opted in to memory: nothing is stored until a parent opts in "
                "(PUT /v1/household/consent)")
# Free text beside the memory's text: PII is replaced by its placeholder in place.
TEXT_FIELDS = ("subject", "predicate", "value", "speaker", "image_caption", "title", "reason")
# Structured values: every key and string inside is checked and redacted in place.
JSON_FIELDS = ("value_json", "emotion")
# Identifiers: a placeholder would break what they identify, so PII there refuses the request.
IDENT_FIELDS = ("session_id", "project_id", "origin_ref", "retention_policy", "source_uri")
# Flags the policy service derives from text and tags (recomputed when they change).
POLICY_FLAGS = frozenset({FLAG_RESTRICTED, FLAG_PARENT_ONLY, "profanity", "age_sensitive", "safety_rule"})


@dataclass
class GateItem:
    """One memory (or entity) to check: its text, its type (None: text rules only), and the other
    stored fields (`tags` and `source` among them)."""

    text: str
    type: str | None
    fields: dict = field(default_factory=dict)


@dataclass
class Gated:
    """The verdict on one item: the text's decision merged with every field's (strongest outcome,
    all reasons, union of PII types and flags), and the fields with every string redacted."""

    decision: WriteDecision
    fields: dict

    @property
    def text(self) -> str | None:
        return self.decision.redacted_text

    @property
    def pii_types(self) -> list[str]:
        return sorted({p.type for p in self.decision.pii})


def check_audience_tags(role: str, tags) -> None:
    """Who may hide a memory from a child: a parent or admin, and an adult user on its own memory
    (no child reads it). A child, or an orchestrator (whose writes may be for a child), may not."""
    asked = sorted({t.lower() for t in tags or ()} & AUDIENCE_TAGS)
    if asked and role not in AUDIENCE_SETTERS:
        raise ApiError(403, "forbidden", f"only a parent or admin (or an adult user for its own memory) may set "
                                         f"the audience tags {asked}", {"tags": asked})


@contextmanager
def rls_refusal() -> Iterator[None]:
    """A write row-level security refuses (the row would be hidden from its writer) -> 403."""
    try:
        yield
    except asyncpg.exceptions.InsufficientPrivilegeError as exc:
        raise ApiError(403, "forbidden", "this write would store a row its writer may not see "
                                         "(audience restricted); nothing was stored") from exc


class _Batch:
    """The strings of one request, each checked once, in one policy call."""

    def __init__(self) -> None:
        self.items: list[WriteItem] = []
        self._index: dict[tuple[str, str | None], int] = {}

    @staticmethod
    def _checkable(s: str) -> str:
        if len(s) > MAX_TEXT_CHARS:
            raise ApiError(422, "too_long", f"a stored string of {len(s)} characters is longer than the write "
                                            f"policy checks ({MAX_TEXT_CHARS}); nothing was stored")
        return s

    def main(self, item: GateItem) -> int:
        self._checkable(item.text)
        self.items.append(WriteItem(text=item.text, type=item.type, tags=list(item.fields.get("tags") or [])[:64],
                                    source=item.fields.get("source")))
        return len(self.items) - 1

    def string(self, s: str, type_: str | None) -> int:
        key = (s, type_)
        if key not in self._index:
            self._checkable(s)
            self._index[key] = len(self.items)
            self.items.append(WriteItem(text=s, type=type_))
        return self._index[key]


def _field_strings(fields: dict) -> Iterator[tuple[str, str]]:
    """(field name, string) for every gated string among the fields."""
    for name in (*TEXT_FIELDS, *IDENT_FIELDS):
        if isinstance(fields.get(name), str) and fields[name]:
            yield name, fields[name]
    for tag in fields.get("tags") or ():
        yield "tags", tag
    for name in JSON_FIELDS:
        for s in strings_in(fields.get(name)):
            if s:
                yield name, s


def _rewrite(value: Any, clean) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(str(k)): _rewrite(v, clean) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rewrite(v, clean) for v in value]
    return value


def _merge(main: WriteDecision, parts: list[tuple[str, WriteDecision]]) -> WriteDecision:
    kind, reasons = main.decision, list(main.reasons)
    pii, flags = list(main.pii), set(main.safety_flags)
    for name, dec in parts:
        reasons += [f"{name}: {r}" for r in dec.reasons if f"{name}: {r}" not in reasons]
        if SEVERITY[dec.decision] > SEVERITY[kind]:
            kind = dec.decision
        pii += dec.pii
        flags |= set(dec.safety_flags)
    if kind == "drop":
        return WriteDecision(decision="drop", reasons=reasons, safety_flags=sorted(flags))
    return main.model_copy(update={"decision": kind, "reasons": reasons, "pii": pii,
                                   "safety_flags": sorted(flags)})


def _verdict(item: GateItem, main: WriteDecision, decided: dict[tuple[str, str | None], WriteDecision]) -> Gated:
    parts = [(name, decided[(s, item.type)]) for name, s in _field_strings(item.fields)]
    leaked = sorted({f"{name} ({', '.join(sorted({p.type for p in dec.pii}))})"
                     for name, dec in parts if name in IDENT_FIELDS and dec.pii})
    if leaked:
        raise ApiError(422, "pii_in_identifier",
                       f"identifiers cannot hold personal data (they cannot be redacted): {', '.join(leaked)}",
                       {"fields": leaked})

    def clean(s: str) -> str:
        dec = decided.get((s, item.type))
        return dec.redacted_text if dec is not None and dec.redacted_text is not None else s

    fields = dict(item.fields)
    for name in TEXT_FIELDS:
        if isinstance(fields.get(name), str) and fields[name]:
            fields[name] = clean(fields[name])
    if fields.get("tags"):
        fields["tags"] = list(dict.fromkeys(clean(t) for t in fields["tags"]))
    for name in JSON_FIELDS:
        if fields.get(name) is not None:
            fields[name] = _rewrite(fields[name], clean)
    return Gated(decision=_merge(main, parts), fields=fields)


async def gate(res, principal, policy: HouseholdPolicy, items: list[GateItem]) -> list[Gated]:
    """One policy call for every string of `items` (in slices of the contract's MAX_ITEMS, at
    once), each distinct string checked once; the verdict for each item (see module doc).
    Raises ApiError 503 (nothing stored) when the policy service cannot answer, 403 for audience
    tags the caller may not set, 422 for PII in an identifier."""
    for item in items:
        check_audience_tags(principal.role, item.fields.get("tags"))
    if not items:
        return []
    batch = _Batch()
    mains = [batch.main(item) for item in items]
    for item in items:
        for _, s in _field_strings(item.fields):
            batch.string(s, item.type)
    chunks = [batch.items[i:i + MAX_ITEMS] for i in range(0, len(batch.items), MAX_ITEMS)]
    try:
        with timing.stage("policy_write"):
            answers = await asyncio.gather(*(res.policy.check_write(WriteCheckRequest(
                actor_role=principal.role, policy=policy, items=chunk)) for chunk in chunks))
    except PolicyUnavailable as exc:
        raise ApiError(503, "policy_unavailable", f"{exc}; nothing was stored (fail closed)") from exc
    decisions = [d for answer in answers for d in answer.items]
    decided = {key: decisions[i] for key, i in batch._index.items()}
    verdicts = [_verdict(item, decisions[m], decided) for item, m in zip(items, mains)]
    if not policy._household_opted_in:
        # Nothing is learned before the household opts in; a parent's safety rule is a guardrail,
        # not learning, and is kept. (Database floor: the household_opt_in trigger, migration 0020.)
        verdicts = [v if item.type == "safety" else Gated(decision=WriteDecision(
            decision="drop", reasons=[NOT_OPTED_IN]), fields=v.fields) for item, v in zip(items, verdicts)]
    return verdicts


def keep_original(res, principal, owner_id: UUID, decision: WriteDecision, original: str, fields: dict) -> None:
    """Where the household keeps PII encrypted, the original text rides along, sealed to the owner."""
    if decision.pii and decision.keep_encrypted_original and "encrypted_original" not in fields:
        envelope, key_id = res.cipher.encrypt(original, f"{principal.tenant_id}:{owner_id}")
        fields.update(encrypted_original=envelope, encryption_key_id=key_id)


def refused(gated: Gated, what: str = "this change") -> ApiError:
    """A change that cannot be dropped silently or queued (PATCH, entity names): refused with reasons."""
    return ApiError(422, "refused_by_policy", f"{what} was refused by the household policy: "
                    f"{'; '.join(gated.decision.reasons) or gated.decision.decision}",
                    {"decision": gated.decision.decision, "reasons": gated.decision.reasons})


def recomputed_flags(old_flags, gated: Gated) -> list[str]:
    """The flags of a changed memory: the policy's, plus those set elsewhere (consent_hidden)."""
    return sorted((set(old_flags or ()) - POLICY_FLAGS) | set(gated.decision.safety_flags))


async def gate_names(res, principal, policy: HouseholdPolicy, names, what: str = "entity names") -> None:
    """Names (entity canonical names, aliases) are identifiers: lookups and disambiguation go by
    them, so a placeholder cannot stand in. PII in a name, or a name the policy would not keep
    (a do-not-learn topic, a child's profanity in a child household), refuses the request (422)."""
    names = list(dict.fromkeys(n for n in names if n))
    if not names:
        return
    for name_verdict in await gate(res, principal, policy, [GateItem(text=n, type=None) for n in names]):
        if name_verdict.decision.pii:
            raise ApiError(422, "pii_in_identifier",
                           f"{what} cannot hold personal data ({', '.join(name_verdict.pii_types)})",
                           {"pii_types": name_verdict.pii_types})
        if name_verdict.decision.decision in ("drop", "hold"):
            raise refused(name_verdict, what)
