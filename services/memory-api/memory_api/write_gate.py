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
- a household that has not opted in (tenants.opted_in_at) stores nothing but a parent's (or an
  admin's) safety rules: every other item (a child's safety rule held for review too) is dropped
  with the reason `NOT_OPTED_IN`;
- the policy service down, slow or failing: 503 and nothing is stored (`PolicyUnavailable`).

`rls_refusal` maps a row-level security refusal of a write (42501: the written row would not be
visible to its writer) to a clear 403, never a 500.
"""
from __future__ import annotations

import asyncio
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, cast
from uuid import UUID

import asyncpg

from memcore.policy.client import PolicyUnavailable
from memcore.policy.contract import (FLAG_PARENT_ONLY, FLAG_RESTRICTED, MAX_ITEMS, MAX_TEXT_CHARS, PARENT_ROLES,
                                     HouseholdPolicy, MemoryType, WriteCheckRequest, WriteDecision, WriteItem,
                                     placeholder_for)
from memcore.policy.type_rules import SEVERITY, retype
from memcore.textnorm import strings_in

from . import timing
from .errors import ApiError, unavailable
from .gated import Gated, GatedBatch, issue_seal

if TYPE_CHECKING:  # the caller's resources and identity, named without importing the HTTP layer at run time
    from .auth import Principal
    from .deps import Resources

__all__ = ["Gated", "GatedBatch", "GateItem", "gate", "gate_names", "turn_statements", "keep_original", "refused",
           "recomputed_flags", "rls_refusal", "check_audience_tags"]
_SEAL = issue_seal()  # only this module builds a GatedBatch (memory_api/gated.py)

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
    fields: dict[str, Any] = field(default_factory=dict)


def check_audience_tags(role: str, tags: Iterable[str] | None) -> None:
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
        self.items.append(WriteItem(text=item.text, type=cast(MemoryType | None, item.type), tags=list(item.fields.get("tags") or [])[:64],
                                    source=item.fields.get("source")))
        return len(self.items) - 1

    def string(self, s: str, type_: str | None) -> int:
        key = (s, type_)
        if key not in self._index:
            self._checkable(s)
            self._index[key] = len(self.items)
            self.items.append(WriteItem(text=s, type=cast(MemoryType | None, type_)))
        return self._index[key]


def _field_strings(fields: dict[str, Any]) -> Iterator[tuple[str, str]]:
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


def _rewrite(value: Any, clean: Callable[[str], str]) -> Any:
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
        # a field checked with its item's type meets the item's own type rules (a held safety rule):
        # a reason the item already gives is not given again for the field
        reasons += [f"{name}: {r}" for r in dec.reasons if r not in main.reasons and f"{name}: {r}" not in reasons]
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
    return Gated(decision=_merge(main, parts), fields=fields, checked_text=item.text, checked_type=item.type)


async def gate(res: Resources, principal: Principal, policy: HouseholdPolicy, items: list[GateItem]) -> GatedBatch:
    """One policy call for every string of `items` (in slices of the contract's MAX_ITEMS, at
    once), each distinct string checked once; the verdict for each item (see module doc).
    Raises ApiError 503 (nothing stored) when the policy service cannot answer, 403 for audience
    tags the caller may not set, 422 for PII in an identifier."""
    for item in items:
        check_audience_tags(principal.role, item.fields.get("tags"))
    if not items:
        return GatedBatch([], policy, seal=_SEAL)
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
    return GatedBatch(_closed_unless_opted_in(policy, verdicts, principal.role), policy, seal=_SEAL)


def _closed_unless_opted_in(policy: HouseholdPolicy, verdicts: list[Gated], role: str) -> list[Gated]:
    """Nothing is learned before the household opts in; a parent's safety rule is a guardrail, not
    learning, and is kept (anyone else's safety rule, a child's held for review or an adult's own,
    is learning, and is dropped). (Database floor: the household_opt_in trigger, migration 0020.)"""
    if policy.household_opted_in:
        return verdicts
    guardrail = role in PARENT_ROLES
    return [v if guardrail and v.checked_type == "safety" else Gated(decision=WriteDecision(decision="drop", reasons=[NOT_OPTED_IN]),
                                                       fields=v.fields, checked_text=v.checked_text,
                                                       checked_type=v.checked_type)
            for v in verdicts]


def fact_decision(turn: WriteDecision, fact_text: str) -> WriteDecision:
    """The turn's gate decision as it applies to one fact drawn from it: the fact's text is built
    from the redacted turn, so it is its own redacted text (what is stored, or what a parent reviews
    when the type rules hold it), and it carries only the personal data whose placeholder it holds
    (with the sealed original only then)."""
    pii = [p for p in turn.pii if placeholder_for(p.type) in fact_text]
    return turn.model_copy(update={"redacted_text": fact_text, "pii": pii,
                                   "decision": turn.decision if pii or turn.decision != "redact" else "allow"})


def turn_statements(turn: GatedBatch, statements: Sequence[GateItem], role: str,
                    seal_original: Callable[[WriteDecision, dict[str, Any]], None]) -> GatedBatch | None:
    """The verdicts of what extraction drew from a turn, derived from the turn's own verdict (one
    policy call per turn, memcore.policy.type_rules): the first statement is the turn as said, the
    others facts built from its redacted text. `seal_original(decision, fields)` attaches the
    encrypted original where the household keeps it (`keep_original`). None when a statement is a
    safety memory, whose rules only the policy service applies: the caller gates the statements."""
    [said] = turn
    policy = turn.policy
    decisions = [said.decision] + [fact_decision(said.decision, s.text) for s in statements[1:]]
    for item, decision in zip(statements, decisions):
        seal_original(decision, item.fields)
    typed = [retype(d, s.type or "episodic", role, policy) for s, d in zip(statements, decisions)]
    if any(d is None for d in typed):
        return None
    return GatedBatch(_closed_unless_opted_in(policy, [
        Gated(decision=d, fields=s.fields, checked_text=s.text, checked_type=s.type)
        for s, d in zip(statements, typed) if d is not None], role), policy, seal=_SEAL)


def keep_original(res: Resources, principal: Principal, owner_id: UUID, decision: WriteDecision, original: str,
                  fields: dict[str, Any]) -> None:
    """Where the household keeps PII encrypted, the original text rides along, sealed to the owner."""
    if decision.pii and decision.keep_encrypted_original and "encrypted_original" not in fields:
        if res.cipher is None:  # the app always opens one (app.open_cipher fails closed): never stored unsealed
            raise unavailable("the key that seals originals")
        envelope, key_id = res.cipher.encrypt(original, f"{principal.tenant_id}:{owner_id}")
        fields.update(encrypted_original=envelope, encryption_key_id=key_id)


def refused(gated: Gated, what: str = "this change") -> ApiError:
    """A change that cannot be dropped silently or queued (PATCH, entity names): refused with reasons."""
    return ApiError(422, "refused_by_policy", f"{what} was refused by the household policy: "
                    f"{'; '.join(gated.decision.reasons) or gated.decision.decision}",
                    {"decision": gated.decision.decision, "reasons": gated.decision.reasons})


def recomputed_flags(old_flags: Iterable[str] | None, gated: Gated) -> list[str]:
    """The flags of a changed memory: the policy's, plus those set elsewhere (consent_hidden)."""
    return sorted((set(old_flags or ()) - POLICY_FLAGS) | set(gated.decision.safety_flags))


async def gate_names(res: Resources, principal: Principal, policy: HouseholdPolicy, names: Iterable[str | None],
                     what: str = "entity names") -> None:
    """Names (entity canonical names, aliases) are identifiers: lookups and disambiguation go by
    them, so a placeholder cannot stand in. PII in a name, or a name the policy would not keep
    (a do-not-learn topic, a child's profanity in a child household), refuses the request (422)."""
    unique = [n for n in dict.fromkeys(names) if n]
    if not unique:
        return
    for name_verdict in await gate(res, principal, policy, [GateItem(text=n, type=None) for n in unique]):
        if name_verdict.decision.pii:
            raise ApiError(422, "pii_in_identifier",
                           f"{what} cannot hold personal data ({', '.join(name_verdict.pii_types)})",
                           {"pii_types": name_verdict.pii_types})
        if name_verdict.decision.decision in ("drop", "hold"):
            raise refused(name_verdict, what)
