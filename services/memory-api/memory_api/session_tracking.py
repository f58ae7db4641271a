"""Conversation entity tracking per session, kept in Redis: the read path's I/O for the one model of
who a conversation is about (memcore.entities.conversation_people; how a turn moves it:
memcore.entities.tracking). The write path builds the same state from Postgres (memory_api.coreference).

observe_turn() runs for each turn (ingestion and contextify with a session_id; the same utterance
seen twice in a row counts once) and returns the state after the turn."""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace
from uuid import UUID

import asyncpg
import orjson

from memcore.entities import conversation_people, profiles, tracking, turn_roles
from memcore.entities.matching import plausible_name
from memcore.extraction.entities import extract_entities
from memcore.extraction.models import EntityMention
from memcore.knowledge.parse import parse
from memcore.textnorm import norm_name, text_hash

from . import background
from .deps import Resources
from .entity_resolver import EntityContext, resolve_text
from .topic_people import topic_people



def key(tenant_id: UUID, owner_id: UUID, session_id: str) -> str:
    return f"mem:{tenant_id}:{owner_id}:sess:{session_id}:entities"


async def load(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str) -> tracking.SessionState:
    await _settled(res, key(tenant_id, owner_id, session_id))
    try:
        raw = await res.redis.get(key(tenant_id, owner_id, session_id))
    except Exception:  # Redis is a cache: no state means an empty conversation
        return tracking.SessionState()
    return tracking.SessionState.from_json(orjson.loads(raw) if raw else None)


async def save(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str, state: tracking.SessionState) -> None:
    try:
        await res.redis.set(key(tenant_id, owner_id, session_id), orjson.dumps(state.to_json()),
                            ex=res.settings.session_ttl_s)
    except Exception:
        pass


def turn_mentions(text: str, ctx: EntityContext, named: list[EntityMention]) -> list[tracking.TurnMention]:
    """Stored entities the turn names (resolved), plus names not stored yet (tracked by name);
    `named`: the mentions the extraction rules find in the turn."""
    out: list[tracking.TurnMention] = []
    covered: set[str] = set()
    low = text.lower()
    for e in ctx.entities:
        surface = ctx.surfaces.get(e["entity_id"], norm_name(e["canonical_name"]))
        pos = low.find(surface.split()[0]) if surface else -1
        out.append(tracking.TurnMention(str(e["entity_id"]), e["canonical_name"], e["type"], max(pos, 0),
                                        pronouns=_pronouns(e)))
        covered.update(surface.split())
    for r in ctx.resolutions:
        if r.entity_id is None:  # an open question: track the name itself until it is resolved
            covered.update(norm_name(r.surface).split())
            out.append(tracking.TurnMention(f"name:{norm_name(r.surface)}", r.surface,
                                            "person", max(low.find(r.surface.lower()), 0)))
    for m in named:
        n = norm_name(m.name)
        if not plausible_name(n) or set(n.split()) & covered:
            continue
        out.append(tracking.TurnMention(f"name:{n}", m.name, m.type.value, m.start))
        covered.update(n.split())
    return out


def _pronouns(row: asyncpg.Record) -> tuple[str, ...]:
    """The pronouns the owner's conversations used for an entity (its profile's facets), for agreement."""
    facets = row["facets"] if "facets" in row.keys() else None
    return tuple(profiles.Facets.from_json(facets).pronouns) if facets else ()


async def observe_turn(res: Resources, conn: asyncpg.Connection, tenant_id: UUID, owner_id: UUID, session_id: str, text: str,
                       ctx: EntityContext | None = None, state: tracking.SessionState | None = None,
                       ) -> tuple[tracking.SessionState, EntityContext]:
    """`state`: the session's state, when the caller has just loaded it."""
    state = state if state is not None else await load(res, tenant_id, owner_id, session_id)
    if ctx is None:
        ctx = await resolve_text(res, conn, owner_id, text, session=state.activation(), follow_relations=False,
                                 conversation=state)
    found = extract_entities(text, use_ner=False)
    pronouns = [tracking.TurnPronoun(p.text, p.start) for p in found.pronouns]
    mentions, pronouns = with_roles(text, turn_mentions(text, ctx, found.mentions), pronouns, state)
    said = [(e["type"], ctx.surfaces.get(e["entity_id"], "")) for e in ctx.entities]
    mentions += await topic_people(conn, owner_id, text, said, mentions)
    new = tracking.update(state, text, mentions, pronouns, text_hash(text))
    if new is not state:
        await save(res, tenant_id, owner_id, session_id, new)
    return new, ctx


def with_roles(text: str, mentions: list[tracking.TurnMention], pronouns: list[tracking.TurnPronoun],
               state: tracking.SessionState) -> tuple[list[tracking.TurnMention], list[tracking.TurnPronoun]]:
    """The mentions and pronouns with their role in the turn's clauses (who acted, what was acted
    on), read from the turn's parse when "it" has a choice to make: the turn names two things or
    more, or has a thing pronoun while two things or more are active."""
    things = sum(m.type != "person" for m in mentions)
    active = sum(a.type != "person" for a in state.entities.values())
    thing_pronoun = any(p.text.lower() in conversation_people.THING_PRONOUNS for p in pronouns)
    if things < 2 and not (thing_pronoun and active >= 2):
        return mentions, pronouns
    sentences = parse([text])
    if not sentences:
        return mentions, pronouns
    sentence, starts = sentences[0], turn_roles.offsets(sentences[0])
    return ([replace(m, role=turn_roles.role_at(sentence, m.start, starts)) for m in mentions],
            [replace(p, role=turn_roles.role_at(sentence, p.start, starts)) for p in pronouns])


def pronoun_entities(state: tracking.SessionState) -> list[str]:
    """Stored entity ids the last turn's pronouns pointed at."""
    return [p["entity"] for p in state.pronouns if p.get("entity") and not p["entity"].startswith("name:")]


async def observe(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str, text: str) -> None:
    """For the turn-ingestion route: track the utterance (never fails the write; Redis is a cache)."""
    try:
        async with res.db.as_system(tenant_id) as conn:
            await observe_turn(res, conn, tenant_id, owner_id, session_id, text)
    except Exception:  # noqa: BLE001 - tracking is best effort on the write path
        pass


# Turn ingestion tracks the utterance after answering (observe_later), in order per session, on the
# app's resources (res.after_answer: background.AfterAnswer); a reader of the session's state first
# waits for the tracking still running for it, so it never sees a state older than the turns
# already acknowledged (within this app; Redis stays a cache either way).
_IN_TRACKING: ContextVar[bool] = ContextVar("in_session_tracking", default=False)


def observe_later(res: Resources, tenant_id: UUID, owner_id: UUID, session_id: str, text: str) -> None:
    async def track() -> None:
        _IN_TRACKING.set(True)  # the tracking's own load does not wait for itself
        async with background.lane(res.db):
            await observe(res, tenant_id, owner_id, session_id, text)

    res.after_answer.run(key(tenant_id, owner_id, session_id), track)


async def _settled(res: Resources, k: str) -> None:
    if not _IN_TRACKING.get():
        await res.after_answer.settled(k)
