"""The write path: candidates -> write gate (policy) -> embed -> dedupe -> commit (+ outbox).

`prepare` runs everything that needs no transaction (the gate, embeddings); `commit_prepared`
writes inside a connection the caller holds, so a route can put other rows (a document, updates,
its idempotency record) in the same transaction; `write_candidates` is both for a plain batch."""
from __future__ import annotations

import asyncio
import hashlib
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Awaitable, cast
from uuid import UUID

import asyncpg
import numpy as np
import orjson

from memcore.adapters.entity_profiles import keep_profiles_after_write
from memcore.entities.profile_statements import NewStatement, Statement
from memcore.knowledge.held import held_fields
from memcore.knowledge.repeats import repeat_target
from memcore.policy.contract import HouseholdPolicy, WriteDecision
from memcore.retrieval.near_duplicate import RECHECK_NEIGHBOURS, closest, is_near_duplicate, needs_recheck
from memcore.retention import expiry
from memcore.textnorm import text_hash

from . import timing
from .auth import Principal
from .deps import Resources
from .entity_linking import link_entities, refresh_later
from .candidate import Candidate, embed_text_of, search_text_of, source_for
from .errors import ApiError
from .gated import GatedBatch
from .policy_loading import load_policy
from .schemas import WriteResult, to_out
from .store import duplicate_lookup_repo, idempotency_repo, memory_repo, outbox_repo, review_repo, slot_repo
from .store.memory_repo import NewMemory
from .write_gate import GateItem, gate, keep_original, rls_refusal

if TYPE_CHECKING:
    from memcore.embedding.base import Embedder

log = logging.getLogger("memory_api.write")

# The candidate fields a memory row stores (a route may carry others through the gate, e.g. a title).
NEW_MEMORY_FIELDS = frozenset(NewMemory.__dataclass_fields__)

async def embed(res: Resources, texts: list[str], embedder: Embedder | None = None) -> np.ndarray:
    """Embeds on the executor with `embedder` (default: the index model's)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, (embedder or res.embedder).embed, texts)


def request_hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


async def idempotent_replay(conn: asyncpg.Connection, principal: Principal, key: str | None,
                            body_hash: str) -> dict[str, Any] | None:
    """Claims `key` for this request inside the transaction, or returns the stored first answer."""
    if key is None:
        return None
    if await idempotency_repo.claim(conn, principal.user_id, key, body_hash):
        return None
    row = await idempotency_repo.earlier(conn, principal.user_id, key)
    if row["request_hash"] != body_hash:
        raise ApiError(409, "idempotency_conflict", "this Idempotency-Key was used with a different request body")
    response: dict[str, Any] = row["response"]
    return response


async def store_idempotent(conn: asyncpg.Connection, principal: Principal, key: str | None, status: int,
                           response: dict[str, Any]) -> None:
    if key is not None:
        await idempotency_repo.answer(conn, principal.user_id, key, status, response)


def apply_gated(res: Resources, principal: Principal, owner_id: UUID, candidates: list[Candidate],
                gated: GatedBatch) -> GatedBatch:
    """The gate's verdicts onto the candidates: redacted fields, the encrypted original where kept."""
    for cand, g in zip(candidates, gated):
        original = cand.text
        cand.fields = g.fields
        keep_original(res, principal, owner_id, g.decision, original, cand.fields)
    return gated


def gate_items(candidates: list[Candidate]) -> list[GateItem]:
    return [GateItem(text=c.text, type=c.type, fields=c.fields) for c in candidates]


# A candidate the gate kept: (its index in the batch, the candidate, the text to store, PII types, safety flags).
Kept = tuple[int, Candidate, str, list[str], list[str]]
Key = tuple[str, str, str]  # (text hash, type, layer): what an exact repeat matches


def layer_of(cand: Candidate) -> str:
    """'record' for a turn as said, else 'knowledge' (NewMemory's default). Dedupe stays within a
    layer: a record repeats only a record, a fact only a fact (docs/knowledge.md)."""
    return "record" if cand.fields.get("layer") == "record" else "knowledge"


@dataclass
class Prepared:
    """A batch past the gate and embedded, ready to commit in a transaction."""

    candidates: list[Candidate]
    gated: GatedBatch  # the gate's verdicts on the candidates: what commit_prepared may store
    kept: list[Kept]
    results: list[WriteResult | None]
    hashes: list[str]
    keys: list[Key]
    first_of: dict[Key, int]  # the first kept candidate of each key (later copies reinforce it)
    vectors: list[np.ndarray | None]
    models: list[str | None]  # the model of each vector (None: not embedded yet)

    @property
    def decisions(self) -> list[WriteDecision]:
        return self.gated.decisions

    @property
    def policy(self) -> HouseholdPolicy:
        """The owner's, as the gate read it (retention comes from it)."""
        return self.gated.policy


async def prepare(
    res: Resources,
    principal: Principal,
    owner_id: UUID,
    candidates: list[Candidate],
    *,
    policy: HouseholdPolicy | None = None,
    gated: GatedBatch | None = None,
    vectors: Awaitable[np.ndarray] | None = None,
    embedder: Embedder | None = None,
) -> Prepared:
    """Gate and embed (outside any transaction). `gated`: the gate's verdicts on exactly these
    candidates when the caller already has them (a turn checked before extraction, a commit gating
    its updates too; the candidates' fields are then already redacted and the encrypted original
    attached): only the write gate makes a GatedBatch; `vectors`: their embeddings, already being
    computed by the index model (of each candidate's embed text); `embedder`: what embeds them
    otherwise (default the index model; batch writes pass `res.batch_embedder`)."""
    if gated is None:
        policy = policy or await load_policy(res, principal.tenant_id, owner_id)
        gated = apply_gated(res, principal, owner_id, candidates,
                            await gate(res, principal, policy, gate_items(candidates)))
    elif not gated.covers([(c.text, c.type) for c in candidates]):
        raise ValueError("the gated batch is not the verdicts of these candidates")
    decisions = gated.decisions
    results: list[WriteResult | None] = [None] * len(candidates)
    kept: list[Kept] = []
    for i, (cand, dec) in enumerate(zip(candidates, decisions)):
        if dec.decision in ("drop", "hold"):
            results[i] = WriteResult(status="dropped" if dec.decision == "drop" else "held", reasons=dec.reasons)
            continue
        text = dec.redacted_text if dec.redacted_text is not None else cand.text
        kept.append((i, cand, text, sorted({p.type for p in dec.pii}), dec.safety_flags))

    hashes = [text_hash(k[2]) for k in kept]
    keys = [(h, k[1].type, layer_of(k[1])) for h, k in zip(hashes, kept)]
    first_of = {key: j for j, key in reversed(list(enumerate(keys)))}  # later copies reinforce the first
    # The embedding sees the same write-time context as BM25 (speaker, caption, title).
    embedded: list[np.ndarray | None]
    models: list[str | None]
    if vectors is not None:  # computed beside extraction, one per candidate
        with timing.stage("embed"):
            computed = await vectors
            embedded = [computed[i] for i, *_ in kept]
        models = [res.embedder.model_name] * len(kept)
    else:
        # An exact repeat only reinforces the stored memory, and a text repeated in the batch is
        # stored once: neither needs an embedding (an extractor re-sends the same facts often).
        stored: dict[Key, UUID] = {}
        if kept:
            with timing.stage("dedupe_before_embed"):
                async with res.db.as_caller(principal) as conn:
                    stored = await duplicate_lookup_repo.find_exact_many(conn, owner_id, keys)
        embedded, models = [None] * len(kept), [None] * len(kept)
        todo = [j for j, key in enumerate(keys) if key not in stored and first_of[key] == j]
        if todo:
            embedder = embedder or res.embedder
            with timing.stage("embed"):
                computed = await embed(res, [embed_text_of(kept[j][1], kept[j][2]) for j in todo], embedder)
            for j, vec in zip(todo, computed):
                embedded[j], models[j] = vec, embedder.model_name
    return Prepared(candidates, gated, kept, results, hashes, keys, first_of, embedded, models)


async def commit_prepared(conn: asyncpg.Connection, res: Resources, principal: Principal, owner_id: UUID, prep: Prepared,
                          outdated: set[UUID]) -> list[WriteResult]:
    """Writes a prepared batch on `conn` (the caller's transaction); entity profiles to re-embed
    after commit are added to `outdated`."""
    candidates, decisions, kept, results = prep.candidates, prep.decisions, prep.kept, list(prep.results)
    hashes, keys, first_of, vectors, models = prep.hashes, prep.keys, prep.first_of, list(prep.vectors), list(prep.models)
    now = datetime.now(timezone.utc)
    new_rows: list[NewMemory] = []
    new_index: list[int] = []
    near_of: dict[int, UUID] = {}
    events: list[tuple[UUID, str, str, dict[str, Any]]] = []
    profiles_due: set[UUID] = set()  # recomposed once, after the batch's last link, when it can have changed
    linked: dict[UUID, list[NewStatement]] = {}  # per entity, the new memories linked to it
    reinforced_in: set[UUID] = set()  # entities linked to an older memory a repeat reinforced
    with timing.stage("dedupe"):
        exact = await duplicate_lookup_repo.find_exact_many(conn, owner_id, keys)
        restated = await _restatements(conn, owner_id, kept, keys, exact)
    # The turn record of the batch, if any: the facts drawn from it name it as their source.
    record_id: UUID | None = None
    for j, (_i, cand, *_rest) in enumerate(kept):
        if layer_of(cand) == "record":
            record_id = exact.get(keys[j]) or cand.fields.setdefault("memory_id", uuid.uuid4())
    for cand in candidates:
        if cand.from_record and record_id is not None:
            cand.fields["source_turns"] = [record_id]
    for i, dec in enumerate(decisions):  # a held fact keeps its slots and its turn (memcore.knowledge.held)
        if dec.decision == "hold":
            await review_repo.hold(conn, owner_id, {"text": dec.redacted_text or "", "type": candidates[i].type,
                                                    **held_fields(candidates[i].fields)}, dec.reasons)
    with timing.stage("dedupe"):
        fresh = [j for j, key in enumerate(keys) if key not in exact and first_of[key] == j]
        missing = [j for j in fresh if vectors[j] is None]
        if missing:  # an exact match found before embedding is gone (deleted or superseded since)
            for j, vec in zip(missing, await embed(res, [embed_text_of(kept[j][1], kept[j][2]) for j in missing])):
                vectors[j], models[j] = vec, res.embedder.model_name
        found = await duplicate_lookup_repo.nearest_many(conn, owner_id, [_embedded(vectors, models, j)[0] for j in fresh],
                                               [keys[j][1] for j in fresh], [keys[j][2] for j in fresh],
                                               res.embedder.model_name)
        # a restatement is a row of its own, not a near-duplicate of the row it did not reinforce
        near_any = [(j, n) for j, n in zip(fresh, found) if n and keys[j] not in restated]
        nearest = {j: (n[0].memory_id, n[0].sim) for j, n in near_any}
        border = [j for j, n in near_any
                  if needs_recheck(n[0].sim, (_embedded(vectors, models, j)[1], n[0].model), res.embedder.model_name)]
        if border:
            await _recheck_in_index_model(conn, res, owner_id, kept, keys, border, vectors, models, nearest)
    for j, (i, cand, text, pii, flags) in enumerate(kept):
        h, key = hashes[j], keys[j]
        existing_id = exact.get(key)
        if existing_id is not None:
            row = await memory_repo.reinforce(conn, existing_id, cand.fields.get("observed_at") or now,
                                              cand.fields.get("session_id") or cand.seen_in,
                                              cand.fields.get("session_seq"),
                                              source_turn=record_id if cand.from_record
                                              else next(iter(cand.fields.get("source_turns") or ()), None))
            if cand.entities and cand.entities.worth_linking:
                reinforced_in.update(await link_entities(
                    conn, owner_id, row, cand.entities, outdated,
                    said_at=(cand.fields.get("session_id"), cand.fields.get("session_seq")),
                    profiles_due=profiles_due, embedder=res.embedder))
            results[i] = WriteResult(status="reinforced", memory=to_out(row))
            events.append((owner_id, "memory.reinforced", str(row["id"]), {"memory_id": str(row["id"]), "type": cand.type,
                                                                            "session_id": cand.fields.get("session_id")}))
            continue
        if first_of[key] != j:
            continue  # the same text twice in one batch: stored once (reported below)
        near = nearest.get(j)
        fields = {k: v for k, v in cand.fields.items() if k in NEW_MEMORY_FIELDS}
        fields.setdefault("observed_at", now)
        fields["source"] = source_for(principal, fields.get("source", "user"))
        fields["expires_at"] = expiry(cand.type, fields.get("scope", "user"), now,
                                      pinned=fields.get("pinned", False), session_ttl_s=res.settings.session_ttl_s,
                                      policy_days=cast(Mapping[str, int | None], prep.policy.retention_days))
        if near and is_near_duplicate(near[1]):
            fields["duplicate_of"] = near[0]
            fields["links"] = list(fields.get("links", [])) + [near[0]]
            near_of[i] = near[0]
        search_text = search_text_of(cand, text)
        vec, model = _embedded(vectors, models, j)
        new_rows.append(NewMemory(
            owner_id=owner_id, type=cand.type, text=text, search_text=search_text, text_hash=h,
            embedding=vec, embedding_model=model, pii_types=pii,
            safety_flags=flags, created_by=principal.user_id, **fields,
        ))
        new_index.append(i)
    with timing.stage("insert"):
        inserted = await memory_repo.insert_memories(conn, prep.gated, new_rows)
    for i, row, new in zip(new_index, inserted, new_rows):
        refs = candidates[i].entities
        if refs and refs.worth_linking:
            with timing.stage("entity_linking"):
                for eid in await link_entities(conn, owner_id, row, refs, outdated, profiles_due=profiles_due,
                                               embedder=res.embedder):
                    linked.setdefault(eid, []).append(NewStatement(
                        Statement(row["text"], row["type"], float(row["salience"]), row["observed_at"]),
                        new.text_hash, row["layer"] == "record", str(row["id"])))
        results[i] = WriteResult(status="created", memory=to_out(row), near_duplicate_of=near_of.get(i))
        events.append((owner_id, "memory.created", str(row["id"]),
                       {"memory_id": str(row["id"]), "type": row["type"], "session_id": row["session_id"]}))
    if profiles_due:
        with timing.stage("entity_linking"):
            await keep_profiles_after_write(conn, profiles_due, linked, reinforced_in)
    await outbox_repo.add_outbox_many(conn, events)
    created = {(n.text_hash, n.type, n.layer): r for n, i in zip(new_rows, new_index) if (r := results[i]) is not None}
    for j, (i, cand, _text, _, _) in enumerate(kept):
        if results[i] is None:  # repeated inside the batch: reinforces the copy (of its layer) created above
            first = created[keys[j]].memory
            assert first is not None  # created above, in this batch
            row = await memory_repo.reinforce(conn, first.id, cand.fields.get("observed_at") or now)
            results[i] = WriteResult(status="reinforced", memory=to_out(row))
    return [r for r in results if r is not None]


async def _restatements(conn: asyncpg.Connection, owner_id: UUID, kept: list[Kept], keys: list[Key],
                        exact: dict[Key, UUID]) -> set[Key]:
    """Settles which row each exact repeat of a fact reinforces, the same whatever the supersession
    consumer's lag (memcore.knowledge.repeats): `exact` is updated in place; the keys of the repeats
    that are statements of their own (a later value of their slot closes the row found) are dropped
    from it and returned."""
    slots = {keys[j]: (cand.fields["subject"], cand.fields["predicate"]) for j, (_i, cand, *_rest) in enumerate(kept)
             if keys[j] in exact and keys[j][2] != "record"
             and cand.fields.get("subject") and cand.fields.get("predicate")}
    if not slots:
        return set()
    by_slot = await slot_repo.statements(conn, owner_id, list(slots.values()))
    restated: set[Key] = set()
    for key, where in slots.items():
        target = repeat_target(str(exact[key]), key[0], key[1], by_slot[where])
        if target is None:
            del exact[key]
            restated.add(key)
        else:
            exact[key] = UUID(target)
    return restated


async def _recheck_in_index_model(conn: asyncpg.Connection, res: Resources, owner_id: UUID, kept: list[Kept], keys: list[Key],
                                  border: list[int], vectors: list[np.ndarray | None], models: list[str | None],
                                  nearest: dict[int, tuple[UUID, float]]) -> None:
    """Takes the near-duplicate decisions of `border` again with the index model's vectors on both
    sides (memcore.retrieval.near_duplicate): each write is embedded by the index model (and stored
    with that vector), and so is each of its closest memories whose stored vector is another model's."""
    index_model = res.embedder.model_name
    redo = [j for j in border if models[j] != index_model]
    if redo:
        for j, vec in zip(redo, await embed(res, [embed_text_of(kept[j][1], kept[j][2]) for j in redo])):
            vectors[j], models[j] = vec, index_model
    found = await duplicate_lookup_repo.nearest_many(conn, owner_id, [_embedded(vectors, models, j)[0] for j in border],
                                           [keys[j][1] for j in border], [keys[j][2] for j in border], index_model,
                                           k=RECHECK_NEIGHBOURS, with_rows=True)
    others = list({n.memory_id: n for near in found for n in near if n.model != index_model}.values())
    # with_rows: every neighbour comes with the text it was embedded from and its vector
    texts = cast(list[str], [n.search_text for n in others])
    fresh = dict(zip((n.memory_id for n in others), await embed(res, texts))) if others else {}
    for j, near in zip(border, found):
        best = closest(_embedded(vectors, models, j)[0],
                       [(n.memory_id, cast(np.ndarray, fresh.get(n.memory_id, n.embedding))) for n in near])
        if best is None:
            nearest.pop(j, None)
        else:
            nearest[j] = best


def _embedded(vectors: list[np.ndarray | None], models: list[str | None], j: int) -> tuple[np.ndarray, str]:
    """Kept candidate j's vector and its model: computed by now for every candidate that may become
    a new row (prepare embeds them, commit_prepared the ones an exact match no longer covers)."""
    vec, model = vectors[j], models[j]
    if vec is None or model is None:
        raise RuntimeError(f"candidate {j} of the batch was not embedded")
    return vec, model


def dump_results(results: list[WriteResult]) -> list[dict[str, Any]]:
    return [orjson.loads(r.model_dump_json()) for r in results]


async def write_candidates(
    res: Resources,
    principal: Principal,
    owner_id: UUID,
    candidates: list[Candidate],
    *,
    idempotency_key: str | None = None,
    body_hash: str = "",
    policy: HouseholdPolicy | None = None,
    gated: GatedBatch | None = None,
    vectors: Awaitable[np.ndarray] | None = None,
    embedder: Embedder | None = None,
) -> tuple[list[WriteResult], bool]:
    """Runs the write path in its own transaction; returns (results, replayed). See `prepare`."""
    prep = await prepare(res, principal, owner_id, candidates, policy=policy, gated=gated, vectors=vectors,
                         embedder=embedder)
    outdated: set[UUID] = set()  # entity profiles to re-embed once this write has committed

    async def commit(conn: asyncpg.Connection) -> tuple[list[WriteResult], bool]:
        outdated.clear()  # a transaction run again (in_caller_tx) starts over
        replay = await idempotent_replay(conn, principal, idempotency_key, body_hash)
        if replay is not None:
            return [WriteResult(**r) for r in replay["items"]], True
        final = await commit_prepared(conn, res, principal, owner_id, prep, outdated)
        await store_idempotent(conn, principal, idempotency_key, 200, {"items": dump_results(final)})
        return final, False

    with rls_refusal():
        final, replayed = await res.db.in_caller_tx(principal, commit)
    if replayed:
        return final, True
    refresh_later(res, principal.tenant_id, outdated)
    log.info("write", extra={"fields": {"owner": str(owner_id), "n": len(candidates),
                                        "statuses": [r.status for r in final]}})
    return final, False
