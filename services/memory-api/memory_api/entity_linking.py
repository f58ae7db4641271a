"""Write-time entity linking: resolve each mentioned entity (exact name or alias, near spelling,
identity facets, profile similarity), link it to the memory, record parent and relation edges,
and keep the entities' living profiles current."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from uuid import UUID

from memcore.entities import matching, profiles
from memcore.entities.relations import possessive_relations
from memcore.extraction.entities import strip_names
from memcore.textnorm import norm_name

from .store import entity_repo


class Runtime:
    """The embedder used for profile embeddings, bound at app start (routers.entities lifespan), and
    the profile refreshes running after their write (kept referenced until done)."""

    embedder = None

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task] = set()


RUNTIME = Runtime()
log = logging.getLogger("memory_api.entities")
MEMBERSHIP = ("belongs_to", "works_for")
TYPE_ORDER = {"org": 0, "project": 1, "system": 2, "place": 3, "concept": 4, "process": 5, "person": 6}


@dataclass(frozen=True)
class MentionRef:
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    role: str | None = None
    org: str | None = None
    nicknames: tuple[str, ...] = ()
    start: int = -1  # offset in the utterance (for "a Peter" / "another Peter")


@dataclass
class EntityRefs:
    mentions: list[MentionRef] = field(default_factory=list)
    relations: list[tuple[str, str, str]] = field(default_factory=list)  # (src name, predicate, dst name)
    known: dict[str, MentionRef] = field(default_factory=dict)  # every entity of the utterance, by name
    utterance: str = ""


def _ref(m) -> MentionRef:
    nick = m.attributes.get("nickname")
    name = matching.clean_person_name(m.name) if m.type.value == "person" else m.name
    return MentionRef(name, m.type.value, tuple(m.aliases), m.role, m.attributes.get("belongs_to"),
                      (nick,) if nick else (), getattr(m, "start", -1))


def refs_from_statement(statement, utterance_mentions=(), utterance: str = "") -> EntityRefs:
    """EntityRefs from an extracted statement (memcore.extraction models); relation ends named
    elsewhere in the same utterance are resolved through `utterance_mentions`."""
    relations = [(r.src, r.predicate, r.dst) for r in statement.relations
                 if not r.src.startswith("@") and not r.dst.startswith("@")]
    return EntityRefs([_ref(m) for m in statement.mentions], relations,
                      {m.name: _ref(m) for m in utterance_mentions}, utterance)


async def _embed(texts: list[str]):
    emb = RUNTIME.embedder
    if emb is None or not texts:
        return None
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, emb.embed, texts)


def _known(row, similarity, text: str) -> matching.Known:
    facets = profiles.Facets.from_json(row["facets"])
    others = [a for a in [*row["aliases"], *facets.nicknames] if norm_name(a) != norm_name(row["canonical_name"])]
    low = f" {norm_name(text)} "
    in_text = any(len(norm_name(a)) > 2 and f" {norm_name(a)} " in low for a in others)
    return matching.Known(str(row["entity_id"]), row["canonical_name"], row["type"], facets, similarity, in_text)


async def _similarities(conn, rows, text: str, names: list[str], outdated: set[UUID]) -> dict[UUID, float | None]:
    """Context of the statement (without the names) against each candidate's profile embedding.

    A profile that has no embedding yet is embedded now. One whose summary moved on since its
    embedding (a linked memory was added) is compared with that embedding, one memory behind,
    and added to `outdated`, which the write re-embeds after it commits (`refresh_later`): on a
    busy entity that saves an embedding call on nearly every turn."""
    outdated.update(r["entity_id"] for r in rows if r["profile_stale"] and r["profile_embedding"] is not None)
    await refresh_embeddings(conn, [r["entity_id"] for r in rows if r["profile_embedding"] is None])
    vecs = await _embed([strip_names(text, names) or text])
    if vecs is None:
        return {r["entity_id"]: None for r in rows}
    fresh = {r["entity_id"]: r["profile_embedding"]
             for r in await entity_repo.get_entities(conn, [r["entity_id"] for r in rows])}
    from memcore.entities.disambiguation import cosine
    return {eid: (cosine(vecs[0], v) if v is not None else None) for eid, v in fresh.items()}


async def resolve_mention(conn, owner_id: UUID, m: MentionRef, text: str, memory_type: str,
                          org_name: str | None, outdated: set[UUID]) -> UUID | None:
    names = entity_repo.lookup_names(m.name, m.type, m.aliases)
    exact_names = names[: 1 + len(m.aliases)]
    rows = await entity_repo.candidates(conn, owner_id, names)
    if not rows:
        rows = await entity_repo.near_spellings(conn, owner_id, m.name, m.type)
    exact_ids = {str(r["entity_id"]) for r in rows if set(exact_names) & set(r["norm_names"])}
    facts = matching.MentionFacts(m.name, m.type, m.role, org_name, m.nicknames,
                                  matching.introduced_as_new(text, m.name, m.type))
    descriptive = memory_type in ("identity", "relationship")
    # entities that cannot be this one (another full name, another role) need no profile comparison
    rows = [r for r in rows if str(r["entity_id"]) in exact_ids
            or matching.conflicts(facts, _known(r, None, text)) is None] or rows[:1]
    needs_profile = len(rows) > 1 or (rows and (not facts.facets.empty() or descriptive))
    sims = await _similarities(conn, rows, text, [m.name, *m.aliases], outdated) if needs_profile else {}
    known = [_known(r, sims.get(r["entity_id"]), text) for r in rows]
    decision = matching.decide(facts, known, exact_ids, descriptive)
    if decision.action == "skip":
        return None
    if decision.action == "create":
        return await entity_repo.create(conn, owner_id, m.name, m.type, m.aliases, facets=facts.facets.to_json())
    eid = UUID(decision.entity_id)
    row = next(r for r in rows if r["entity_id"] == eid)
    new_names = [a for a in (*m.aliases, *m.nicknames) if a not in row["aliases"] and a != row["canonical_name"]]
    if norm_name(m.name) != norm_name(row["canonical_name"]) and m.name not in row["aliases"] and \
            len(norm_name(m.name).split()) > 1:
        new_names.append(m.name)
    if new_names:
        await entity_repo.add_names(conn, eid, new_names)
    merged = profiles.Facets.from_json(row["facets"]).merged(facts.facets)
    if merged.to_json() != profiles.Facets.from_json(row["facets"]).to_json():
        await entity_repo.set_facets(conn, eid, merged.to_json())
    return eid


async def link_entities(conn, owner_id: UUID, memory_id: UUID, refs: EntityRefs,
                        outdated: set[UUID]) -> list[UUID]:
    """Link the memory to every entity it mentions (resolved or created); `outdated` collects the
    profiles compared with an embedding one memory behind (see _similarities)."""
    ctx = await entity_repo.memory_context(conn, memory_id)
    text = ctx["text"] if ctx else refs.utterance
    mtype = ctx["type"] if ctx else "episodic"
    ids: dict[str, UUID] = {}
    links = []
    # organisations first, so a person's organisation is known by its canonical name
    for m in sorted(refs.mentions, key=lambda m: TYPE_ORDER.get(m.type, 9)):
        if m.name in ids or not matching.plausible_name(m.name):
            continue
        org_id = ids.get(m.org) if m.org else None
        org_name = None
        if m.org and not m.org.startswith("@"):
            if org_id is None and m.org in refs.known:
                k = refs.known[m.org]
                org_id = await entity_repo.resolve_or_create(conn, owner_id, k.name, k.type, k.aliases)
                ids[m.org] = org_id
            if org_id is not None:
                org_name = (await entity_repo.get_entities(conn, [org_id]))[0]["canonical_name"]
            else:
                org_name = m.org
        eid = await resolve_mention(conn, owner_id, m, text, mtype, org_name, outdated)
        if eid is None:
            continue
        ids[m.name] = eid
        for a in m.aliases:
            ids.setdefault(a, eid)
        # "subject": the memory defines the entity (a role or another name); else a mere mention
        links.append((memory_id, eid, "subject" if (m.role or m.aliases) else "mention"))
        if org_id is not None and org_id != eid:
            await entity_repo.set_parent_if_missing(conn, eid, org_id)
    await entity_repo.link(conn, links)
    relations = list(refs.relations) + [r for r in possessive_relations(text) if r not in refs.relations]
    for src, predicate, dst in relations:
        if predicate == "alias":
            continue
        for end in (src, dst):
            if end not in ids and end in refs.known:
                k = refs.known[end]
                ids[end] = await entity_repo.resolve_or_create(conn, owner_id, k.name, k.type, k.aliases)
        if src in ids and dst in ids and ids[src] != ids[dst]:
            await entity_repo.add_edge(conn, ids[src], predicate, ids[dst], memory_id)
            if predicate in MEMBERSHIP:
                await entity_repo.set_parent_if_missing(conn, ids[src], ids[dst])
    touched = list(dict.fromkeys(ids.values()))
    for eid in touched:
        await recompose_profile(conn, eid)
    return touched


async def recompose_profile(conn, entity_id: UUID) -> str | None:
    """Recompose the summary and tags from the linked memories (cheap, in the write transaction);
    the embedding is refreshed lazily by whoever next needs it (refresh_embeddings)."""
    data = await entity_repo.profile_inputs(conn, entity_id)
    if not data:
        return None
    e = data["entity"]
    facets = profiles.Facets.from_json(e["facets"])
    facts = [profiles.Fact(f["text"], f["type"], float(f["salience"])) for f in data["facts"]]
    edges = [(x["predicate"], x["dst_name"] if x["src_entity_id"] == entity_id else x["src_name"],
              x["src_entity_id"] == entity_id) for x in data["edges"]]
    summary = profiles.compose_summary(e["canonical_name"], e["type"], e["aliases"], facets, e["parent_name"],
                                       edges, facts)
    tags = profiles.context_tags(facts, [e["canonical_name"], *e["aliases"]])
    await entity_repo.store_profile(conn, entity_id, summary, tags)
    return summary


async def refresh_embeddings(conn, entity_ids: list[UUID]) -> int:
    """Embed the summaries of stale profiles (without the entity's own names)."""
    if not entity_ids or RUNTIME.embedder is None:
        return 0
    rows = [r for r in await entity_repo.get_entities(conn, entity_ids) if r["profile_stale"]]
    for r in rows:
        if not r["profile_summary"]:
            await recompose_profile(conn, r["entity_id"])
    rows = [r for r in await entity_repo.get_entities(conn, [r["entity_id"] for r in rows])]
    if not rows:
        return 0
    texts = [profiles.embedding_text(r["profile_summary"], profiles.own_names(r["canonical_name"], r["type"]))
             or r["canonical_name"] for r in rows]
    vecs = await _embed(texts)
    await entity_repo.store_embeddings(conn, [(r["entity_id"], v, RUNTIME.embedder.model_name, r["profile_summary"])
                                              for r, v in zip(rows, vecs)])
    return len(rows)


def refresh_later(db, tenant_id: UUID, entity_ids: set[UUID]) -> None:
    """Re-embed these profiles in the background, after the write that found them outdated has
    committed. Best effort: whoever next needs a stale profile refreshes it anyway."""
    if not entity_ids:
        return
    ids = list(entity_ids)

    async def run() -> None:
        try:
            async with db.as_system(tenant_id) as conn:
                await refresh_embeddings(conn, ids)
        except Exception:  # noqa: BLE001 - a later reader refreshes it
            log.warning("profile refresh after write failed", exc_info=True)

    task = asyncio.get_running_loop().create_task(run())
    RUNTIME.tasks.add(task)
    task.add_done_callback(RUNTIME.tasks.discard)
