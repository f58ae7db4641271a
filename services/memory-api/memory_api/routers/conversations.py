"""Conversation turns: a raw utterance in, extracted statements committed as memories."""
from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone
from typing import Sequence
from uuid import UUID

import numpy as np
from fastapi import APIRouter, Path, Request

from memcore.embedding.base import Embedder

from memcore.extraction.pipeline import extract
from memcore.knowledge import learn, speaker_role
from memcore.knowledge.speaker import owner_label
from memcore.retrieval.document_text import render_turn
from memcore.textnorm import without_title_points
from memcore.policy.contract import PARENT_ROLES

from ..entity_refs import EntityRefs, refs_from_statement
from ..auth import Principal
from ..deps import Caller, IdempotencyKey, Res, Resources, resolve_owner
from ..errors import error_responses
from ..schemas import TurnRequest, TurnResponse
from .. import cpu_work, session_tracking, timing
from ..store import session_context_repo
from ..session_memory import remember, remember_speaker
from ..write_gate import NOT_OPTED_IN, GateItem, gate, keep_original, turn_statements
from ..candidate import Candidate
from ..write_pipeline import embed, request_hash, write_candidates
from ..policy_loading import load_policy

router = APIRouter(prefix="/v1/conversations", tags=["conversations"])

SessionId = Path(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9._:@-]+$")


# How many previous turns of the session are indexed (at half weight) with a turn (LoCoMo: +0.105 R@10).
PREVIOUS_TURNS = 2

# Salience of a fact by type: what a parent or an assistant most needs to keep in view.
FACT_SALIENCE = {"safety": 0.9, "identity": 0.8, "relationship": 0.75, "preference": 0.7, "process": 0.8,
                 "routine": 0.65, "skill": 0.6, "semantic": 0.6, "episodic": 0.5}


def _refs_for(refs: EntityRefs, text: str) -> EntityRefs:
    """The entities of the turn that a fact names: the fact links to them as the record does."""
    bare = without_title_points(text)  # the readers write "Mrs Okoro" where the turn said "Mrs. Okoro"
    mentions = [m for m in refs.mentions if m.name and without_title_points(m.name) in bare]
    names = {m.name for m in mentions}
    return EntityRefs(mentions=mentions, relations=[r for r in refs.relations if r[0] in names and r[2] in names],
                      known={k: v for k, v in refs.known.items() if k in names}, utterance=text)


def turn_candidates(body: TurnRequest, session_id: str, at: datetime, said: str, previous: Sequence[str] = (),
                    seq: int | None = None, owner_name: str | None = None,
                    known_org: str | None = None, for_someone_else: bool = False,
                    account_org: str | None = None) -> list[Candidate]:
    """Two layers (issue 35): the turn as a record, then the facts it teaches as knowledge.

    The record keeps the turn whole (its words together for BM25, one retrieval slot per utterance,
    a citation that points at what was actually said), episodic, with speaker and time. The facts
    are atomic memories in slot form with a canonical text that names the person; only the owner's
    own turns teach (memcore.knowledge.speaker). `said`: the turn as rendered for indexing and
    embedding (render_turn), computed once by the caller, which embeds it meanwhile. `known_org`: the
    organisation earlier turns named (an organisation account's only); `account_org`: an organisation account's name, whom a team's
    "we" means until a turn names the organisation."""
    result = extract(body.text, speaker=body.speaker, at=at)
    statements = [s for s in result.statements if s.text.strip()]
    refs = EntityRefs(utterance=body.text)
    for s in statements:
        part = refs_from_statement(s, result.mentions)
        refs.mentions += [m for m in part.mentions if m not in refs.mentions]
        refs.relations += [r for r in part.relations if r not in refs.relations]
        refs.known.update(part.known)
    common = {"speaker": body.speaker, "scope": body.scope, "observed_at": at, "project_id": body.project_id,
              "origin_ref": body.origin_ref}
    role = speaker_role(body.speaker, body.speaker_role, for_someone_else=for_someone_else)
    record = Candidate(text=body.text, type="episodic", index_text=f"{said} ({at:%d %B %Y})", embed_text=said,
                       fields={**common, "session_id": session_id, "session_seq": seq, "layer": "record",
                               "value_json": {"speaker_role": role},  # who may teach: read again off the hot path
                               "context_text": " ".join(previous),
                               "salience": round(min(1.0, max((s.salience for s in statements), default=0.3)), 3),
                               "confidence": 0.7},
                       entities=refs)
    # whom "we" and "our" mean: the organisation this turn names, else the one earlier turns named
    # (known only in an organisation's account: session_context_repo)
    speaker_org = next((m.name for m in result.mentions if m.attributes.get("speaker_org")), None) or known_org
    # facts are drawn from the turn read as ordinary English and, for a short answer, with the
    # question it answers (memcore.knowledge.reading); the record above keeps what was said
    facts = learn(body.text, statements, at=at, owner=owner_label(body.speaker, owner_name), role=role,
                  speaker=body.speaker, speaker_org=speaker_org, previous=previous, account_org=account_org)
    knowledge = [Candidate(text=f.text, type=f.type, embed_text=f.text,
                           fields={**common, "session_id": session_id if body.scope == "session" else None,
                                   "layer": "knowledge", "subject": f.subject[:300], "predicate": f.predicate[:100],
                                   "value": f.value[:1000], "confidence": f.certainty,
                                   "salience": FACT_SALIENCE.get(f.type, 0.6)},
                           entities=_refs_for(refs, f.text), from_record=True, seen_in=session_id)
                 for f in facts]
    return [record] + knowledge


def embeds_during_extraction(embedder: Embedder) -> bool:
    """Whether a turn's record is embedded while its facts are extracted, the facts after: so with a
    local model, which runs on the other core while extraction holds this one (one padded batch of a
    long turn and its short facts also costs more compute than the two calls: docs/knowledge.md).
    A remote model (`remote`: each call a network round trip) is asked once, after extraction, for
    the record and its facts together."""
    return not getattr(embedder, "remote", False)


async def candidate_vectors(res: Resources, turn_vector: asyncio.Future[np.ndarray] | None,
                            texts: list[str]) -> np.ndarray:
    """One vector per candidate's embed text (the record's first): the record's already being
    computed (`turn_vector`) and the facts' meanwhile, or all of them in one call."""
    if turn_vector is None:
        return await embed(res, texts)
    if len(texts) == 1:
        return await turn_vector
    first, facts = await asyncio.gather(turn_vector, embed(res, texts[1:]))
    return np.concatenate([first, facts])


# What session_context reads: the previous turns, the next turn number, (owner name, organisation, account org)
SessionParts = tuple[list[str], int, tuple[str | None, str | None, str | None]]


async def session_context(res: Resources, caller: Principal, owner_id: UUID, session_id: str) -> SessionParts:
    """The indexed text of the session's previous turns (oldest first), the next turn number, and
    (the owner's display name, the organisation they said they work at, an organisation account's
    name): what facts are said of."""
    async with res.db.as_caller(caller) as conn:
        ctx = await session_context_repo.session_context(conn, owner_id, session_id, PREVIOUS_TURNS)
    return ctx.previous, ctx.next_seq, (ctx.owner_name, ctx.organisation, ctx.account_org)


@router.post("/{session_id}/turns", response_model=TurnResponse,
             responses=error_responses(401, 403, 404, 409, 422, 503),
             summary="Ingest one utterance: extract statements, apply policy, dedupe, embed, commit")
async def add_turn(body: TurnRequest, request: Request, res: Res, caller: Caller,
                   session_id: str = SessionId, idempotency_key: IdempotencyKey = None) -> TurnResponse:
    owner = await resolve_owner(res, caller, body.owner_id)
    at = body.at or datetime.now(timezone.utc)
    # The session's previous turns are read meanwhile (on a connection of their own): they depend on
    # neither the policy nor the gate, and under load each of those waits its turn (measured 0.5-0.8 s).
    context = asyncio.ensure_future(session_context(res, caller, owner, session_id))
    try:
        return await _add_turn(body, request, res, caller, owner, session_id, idempotency_key, at, context)
    finally:
        if not context.done():
            context.cancel()
        elif not context.cancelled():
            context.exception()  # retrieved: a turn refused before it needed the context does not log it


async def _add_turn(body: TurnRequest, request: Request, res: Resources, caller: Principal, owner: UUID, session_id: str,
                    idempotency_key: str | None, at: datetime, context: asyncio.Future[SessionParts]) -> TurnResponse:
    stages = timing.start()
    started = time.perf_counter()
    with timing.stage("policy_load"):
        policy = await load_policy(res, caller.tenant_id, owner)
    if not policy.memory_enabled:
        return TurnResponse(session_id=session_id, stored=False, reason="memory is off for this user", items=[])
    if not policy.household_opted_in:
        return TurnResponse(session_id=session_id, stored=False, reason=NOT_OPTED_IN, items=[])
    # The gate first on the whole utterance (and the speaker, caption and ids stored with it), so
    # extraction (entities, triples) only ever sees redacted text; the encrypted original, where
    # the household keeps it, rides on every statement.
    turn = await gate(res, caller, policy, [GateItem(text=body.text, type=None, fields={
        "speaker": body.speaker, "image_caption": body.image_caption, "origin_ref": body.origin_ref,
        "session_id": session_id, "project_id": body.project_id})])
    [pre] = turn
    if pre.decision.decision == "drop":
        return TurnResponse(session_id=session_id, stored=False, reason="; ".join(pre.decision.reasons), items=[])
    original = body.text
    body = body.model_copy(update={"text": pre.text if pre.text is not None else body.text,
                                   **{k: pre.fields[k] for k in ("speaker", "image_caption")}})
    # The turn's embedding does not depend on extraction: with a local model it runs in a worker
    # thread meanwhile (embeds_during_extraction).
    said = render_turn(body.text, body.speaker, body.image_caption)
    turn_vector = asyncio.ensure_future(embed(res, [said])) if embeds_during_extraction(res.embedder) else None
    with timing.stage("session_context"):
        previous, seq, (owner_name, known_org, account_org) = await context
    with timing.stage("extract"):
        candidates = await cpu_work.extraction(turn_candidates, body, session_id, at, said, previous, seq,
                                               owner_name, known_org,
                                               caller.role in PARENT_ROLES and caller.user_id != owner, account_org)
    vectors = asyncio.ensure_future(candidate_vectors(res, turn_vector, [c.embed_text or c.text for c in candidates]))
    # The statements' verdicts from the turn's, with the type rules (category toggles, parent review)
    # now that extraction has typed them; a safety memory is checked again by the policy service (None),
    # which stores an adult's (adult household, organisation) or a parent's and holds a child's for a
    # parent's review (memcore.policy.type_rules.sets_safety_alone).
    gated = turn_statements(turn, [GateItem(text=c.text, type=c.type, fields=c.fields) for c in candidates], caller.role,
                            lambda decision, fields: keep_original(res, caller, owner, decision, original, fields))
    items, replayed = await write_candidates(res, caller, owner, candidates, idempotency_key=idempotency_key,
                                      body_hash=request_hash(await request.body()), policy=policy,
                                      gated=gated, vectors=vectors)
    stored = [i.memory for i in items if i.memory is not None]
    try:
        with timing.stage("session_cache"):  # the two Redis writes at once (two connections of the pool)
            await asyncio.gather(
                remember_speaker(res, caller.tenant_id, owner, body.speaker),
                remember(res, caller.tenant_id, owner, session_id,
                         [] if replayed else [{"id": str(m.id), "text": m.text, "at": m.observed_at} for m in stored
                                              if m.layer == "record"]))
        # who the conversation is about (entities, pronouns): updated after the answer, once (not on a replay)
        if not replayed:
            session_tracking.observe_later(res, caller.tenant_id, owner, session_id, body.text)
    except Exception:  # the cache is optional; Postgres already holds the memory
        pass
    stages["total"] = round((time.perf_counter() - started) * 1000, 2)
    # A turn that stores nothing says why (dropped by policy, held for review, ...), never silently.
    reason = None if stored else ("; ".join(f"{i.status}: {r}" for i in items for r in i.reasons)
                                  or "nothing stored: " + (", ".join(i.status for i in items) or "no statement to keep"))
    return TurnResponse(session_id=session_id, stored=bool(stored), reason=reason, items=items, timings_ms=stages)
