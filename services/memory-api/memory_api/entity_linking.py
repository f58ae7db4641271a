"""Write-time entity linking: resolve each mentioned entity (exact name or alias, near spelling,
identity facets, who they are to the speaker, profile similarity), link it to the memory, record
parent and relation edges, and keep the entities' living profiles current. Who a statement means
without naming them in full is memory_api.coreference; what it refers to, memory_api.entity_refs."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import TYPE_CHECKING
from uuid import UUID

from memcore.adapters.entity_profiles import recompose_profile
from memcore.entities import beside_name, identity, matching, misread, profiles
from memcore.entities.relations import possessive_relations
from memcore.extraction.entities import strip_names
from memcore.textnorm import norm_name

from . import background, coreference
from .entity_refs import REFERENCE, EntityRefs, MentionRef
from .store import entity_repo

if TYPE_CHECKING:
    from .deps import Resources

log = logging.getLogger("memory_api.entities")
MEMBERSHIP = ("belongs_to", "works_for")
TYPE_ORDER = {"org": 0, "project": 1, "system": 2, "place": 3, "concept": 4, "process": 5, "person": 6}


async def _embed(emb, texts: list[str]):
    if emb is None or not texts:
        return None
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, emb.embed, texts)


async def _similarities(conn, rows, text: str, names: list[str], outdated: set[UUID],
                        embedder=None) -> dict[UUID, float | None]:
    """Context of the statement (without the names) against each candidate's profile embedding.

    A profile that has no embedding yet is embedded now. One whose summary moved on since its
    embedding (a linked memory was added) is compared with that embedding, one memory behind,
    and added to `outdated`, which the write re-embeds after it commits (`refresh_later`): on a
    busy entity that saves an embedding call on nearly every turn."""
    outdated.update(r["entity_id"] for r in rows if r["profile_stale"] and r["profile_embedding"] is not None)
    await refresh_embeddings(conn, [r["entity_id"] for r in rows if r["profile_embedding"] is None], embedder)
    vecs = await _embed(embedder, [strip_names(text, names) or text])
    if vecs is None:
        return {r["entity_id"]: None for r in rows}
    fresh = {r["entity_id"]: r["profile_embedding"]
             for r in await entity_repo.get_entities(conn, [r["entity_id"] for r in rows])}
    from memcore.entities.disambiguation import cosine
    return {eid: (cosine(vecs[0], v) if v is not None else None) for eid, v in fresh.items()}


def _candidate(row) -> identity.Candidate:
    return identity.Candidate(row["entity_id"], row["canonical_name"], row["type"], tuple(row["aliases"]),
                              tuple(row["norm_names"]), profiles.Facets.from_json(row["facets"]))


async def _as_person(conn, owner_id: UUID, m: MentionRef, rows) -> MentionRef:
    """A mention typed as something else that names a known person is that person: its name is a
    known person's name or first name ("Sarah" taken for an organisation), a full name whose first
    name is a known person's (a namesake: misread.first_name_of_known_person), or is one once a
    leading word the name rules kept is dropped ("Actually Tom Baker"); or a first name alone, taken for a
    place or a concept, of a person's full name misread too (misread.introduced_as_other)."""
    if m.type == "person":
        return m
    known = [_candidate(r) for r in rows]
    if misread.is_known_person(m.name, known):
        return replace(m, type="person")
    if not rows and m.type in misread.FIRST_NAME_MISREAD_AS and await _introduced_as_other(conn, owner_id, m.name):
        return replace(m, type="person")  # "Shona left a voicemail" (a place) after "our new labourer Shona Mayhew"
    if not rows and m.type == "org" and await _introduced_as_other(conn, owner_id, m.name, said_as_a_person=True):
        return replace(m, type="person")  # "Gemma has the pallet invoice" (an organisation) after "Our sparky Gemma Gallagher"
    # (a known entity of this very name counts against it, unless it is a person's name misread)
    first = norm_name(m.name).split()[0] if matching.is_full_name(m.name) and all(
        misread.misread_person(c) for c in known) else ""
    if first and misread.first_name_of_known_person(m.name, [_candidate(r) for r in await entity_repo.candidates(
            conn, owner_id, [first])]):
        return replace(m, type="person")
    cleaned = matching.clean_person_name(m.name)
    if cleaned != m.name and matching.is_full_name(cleaned):
        found = await entity_repo.candidates(conn, owner_id, [norm_name(cleaned)])
        if misread.is_known_person(cleaned, [_candidate(r) for r in found]):
            return replace(m, name=cleaned, type="person")
    return m


async def _found(conn, owner_id: UUID, m: MentionRef, text: str = "") -> tuple[MentionRef, list[str], list]:
    """The mention as understood (_as_person), the names it is looked up by, and the known entities
    it may name: those of its names (of their kind), else those of a near spelling; and a namesake kept
    under another type that `text` describes as it describes no known person (_described_as_other)."""
    names = entity_repo.lookup_names(m.name, m.type, m.aliases)
    rows = await entity_repo.candidates(conn, owner_id, names)
    person = await _as_person(conn, owner_id, m, rows)
    if person != m:
        m = person
        names = entity_repo.lookup_names(m.name, m.type, m.aliases)
        rows = await entity_repo.candidates(conn, owner_id, names)
    kept = {c.entity_id for c in misread.of_its_kind(m.name, m.type, [_candidate(r) for r in rows])}
    if not kept and m.type == "person" and (introduced := await _introduced_as_other(conn, owner_id, m.name)):
        rows, kept = [introduced], {introduced["entity_id"]}  # "Fraser Cartwright" (a concept), then "Fraser"
    elif kept and m.type == "person" and (other := await _described_as_other(conn, owner_id, m, text, [
            r for r in rows if r["entity_id"] in kept])):
        rows, kept = [*rows, other], {*kept, other["entity_id"]}
    rows = [r for r in rows if r["entity_id"] in kept] or await entity_repo.near_spellings(conn, owner_id, m.name, m.type)
    return m, names, rows


async def _introduced_as_other(conn, owner_id: UUID, first: str, *, said_as_a_person: bool = False):
    """The entity of another type that a person's first name alone names, retyped as the person it is
    (misread.introduced_as_other), or None. `said_as_a_person`: the first name was itself typed as an
    organisation, so the entity must also have been said with who they are to the speaker
    (misread.introduced_as_a_person)."""
    if matching.is_full_name(first):
        return None
    rows = await entity_repo.other_types_by_first_word(conn, owner_id, norm_name(first))
    candidates = [_candidate(r) for r in rows]
    found = misread.introduced_as_a_person(first, candidates, {r["entity_id"]: r["said"] or [] for r in rows}) \
        if said_as_a_person else misread.introduced_as_other(first, candidates)
    return None if found is None else await _retyped(conn, found)


async def _described_as_other(conn, owner_id: UUID, m: MentionRef, text: str, people):
    """A first name said with who they are ("Heard from our subbie Gemma") that no known person of that
    name was described as, naming the one namesake kept under another type that was (misread.described_as_other),
    retyped a person; or None."""
    said = identity.said_beside(_mention(m, [], None), text) if text and not matching.is_full_name(m.name) else ()
    if not said or identity.described_as(said, [_candidate(r) for r in people]):
        return None
    rows = await entity_repo.other_types_by_first_word(conn, owner_id, norm_name(m.name))
    found = misread.described_as_other(m.name, said, [_candidate(r) for r in rows],
                                       {r["entity_id"]: r["said"] or [] for r in rows})
    return None if found is None else await _retyped(conn, found)


async def _retyped(conn, c: identity.Candidate):
    """The entity retyped as a person (entity_repo.retype_as_person), keeping who they were said to be
    beside their name while they were kept under another type (beside_name.said_before: "Our subbie Orla
    Lomax phoned" taken for an organisation kept no "subbie", and "our subbie Orla" said later found no one
    described so, and made a second Orla). None when it may not be retyped."""
    row = await entity_repo.retype_as_person(conn, c.entity_id, c.name, c.aliases)
    if row is None:
        return None
    said, had = row["said"] or [], profiles.Facets.from_json(row["facets"])
    facets = had.merged(profiles.Facets(kin=list(beside_name.said_before(said, c.name)),
                                        where=list(dict.fromkeys(w for t in said for w in beside_name.where(t, c.name)))))
    if facets.to_json() == had.to_json():
        return row
    await entity_repo.set_facets(conn, c.entity_id, facets.to_json())
    return {**dict(row), "facets": facets.to_json()}


def _mention(m: MentionRef, names: list[str], org_name: str | None) -> identity.Mention:
    return identity.Mention(m.name, m.type, m.aliases, m.nicknames, m.role, org_name, m.kin,
                            tuple(names[: 1 + len(m.aliases)]))


async def resolve_mention(conn, owner_id: UUID, m: MentionRef, text: str, memory_type: str,
                          org_name: str | None, outdated: set[UUID],
                          session: coreference.SessionPeople | None = None,
                          learned: bool = False, embedder=None) -> tuple[UUID | None, MentionRef]:
    """The entity the mention names (None: left unlinked), and the mention as understood (a
    mention typed as something else that names a known person is taken as that person).
    `learned`: the memory is a fact learned from a turn (whose record is linked as well).
    Fetches what memcore.entities.identity decides on, then writes what it decided."""
    m, names, rows = await _found(conn, owner_id, m, text)
    mention = _mention(m, names, org_name)
    found = [_candidate(r) for r in rows]
    statement = identity.Statement(text, memory_type, learned)
    narrowed = identity.narrow(mention, found, statement)
    compared = {c.entity_id for c in narrowed.candidates}
    sims = await _similarities(conn, [r for r in rows if r["entity_id"] in compared], text, [m.name, *m.aliases],
                               outdated, embedder) if narrowed.needs_profile else {}
    seen = identity.Conversation(
        active=await session.active() if session is not None and narrowed.needs_active else frozenset(),
        discussed_fetched=session is None)
    decision = identity.decide(mention, found, statement, sims, seen)
    if decision.action == identity.NEEDS_DISCUSSED and session is not None:
        seen = replace(seen, discussed=await session.discussed([c.entity_id for c in found], m.name),
                       discussed_fetched=True)
        decision = identity.decide(mention, found, statement, sims, seen)
    if decision.action == "create":
        facets = decision.facets.to_json() if decision.facets is not None else None
        return await entity_repo.create(conn, owner_id, m.name, m.type, m.aliases, facets=facets), m
    if decision.action != "link" or decision.entity_id is None:
        return None, m
    eid = decision.entity_id
    kept_as_other = next((c for c in found if c.entity_id == eid and misread.misread_person(c)), None)
    retyped = None
    if m.type == "person" and kept_as_other is not None:  # "Our subbie Orla Lomax" kept as an organisation, now said a person
        retyped = await _retyped(conn, kept_as_other)
    if decision.names:
        await entity_repo.add_names(conn, eid, list(decision.names))
    facets = decision.facets
    if decision.confirmed_facets is not None and await _said_again(conn, eid, session):
        facets = decision.confirmed_facets  # the first repeat confirms a person said in passing
    if retyped is not None and facets is not None:  # what the decision adds to what retyping kept
        facets = profiles.Facets.from_json(retyped["facets"]).merged(facets)
    if facets is not None:
        await entity_repo.set_facets(conn, eid, facets.to_json())
    return eid, m


def _field(memory, key: str):
    return memory[key] if key in memory.keys() else None


async def _said_again(conn, entity_id: UUID, session: coreference.SessionPeople | None) -> bool:
    """Is this link another turn than those the entity was already named in?"""
    if session is None or session.seq is None:
        return True
    return (session.session, session.seq) not in await entity_repo.linked_turns(conn, entity_id)


async def link_entities(conn, owner_id: UUID, memory, refs: EntityRefs,
                        outdated: set[UUID], said_at: tuple[str | None, int | None] | None = None,
                        profiles_due: set[UUID] | None = None, embedder=None) -> list[UUID]:
    """Link the memory to every entity it mentions (resolved or created); `memory`: its row as the
    write returned it (id, text, type, session_id, session_seq). `outdated` collects the
    profiles compared with an embedding one memory behind (see _similarities). `said_at`: the
    (session, turn number) the words were said at now, when that is not the memory's own (the same
    sentence said again later, about someone else: "He joined a choir" of two people).
    `profiles_due`: where a batch collects the entities whose profiles it recomposes once, after its
    last link (a turn's record and its facts name the same people); else they are recomposed now."""
    memory_id = memory["id"]
    ctx = {k: memory[k] for k in ("text", "type", "session_id", "session_seq")}
    if said_at is not None and said_at[0] is not None:
        ctx.update(session_id=said_at[0], session_seq=said_at[1])
    text, mtype = ctx["text"], ctx["type"]
    session = coreference.SessionPeople(conn, owner_id, ctx)
    ids: dict[str, UUID] = {}
    links = []
    people: set[UUID] = set()
    learned = _field(memory, "layer") == "knowledge"
    named, cut = await coreference.full_names_said(conn, owner_id, text, [m for m in refs.mentions if m.type != REFERENCE],
                                                   learned)
    named += await coreference.known_first_names(conn, owner_id, text, named)
    # organisations first, so a person's organisation is known by its canonical name
    for m in sorted(named, key=lambda m: TYPE_ORDER.get(m.type, 9)):
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
        eid, understood = await resolve_mention(conn, owner_id, m, text, mtype, org_name, outdated, session,
                                                learned=learned, embedder=embedder)
        if eid is None:
            continue
        ids[m.name] = eid
        ids.setdefault(understood.name, eid)
        if understood.type == "person":
            people.add(eid)
        for a in (*m.aliases, *([cut[m.name]] if m.name in cut else [])):
            ids.setdefault(a, eid)
        # "subject": the memory defines the entity (a role or another name); else a mere mention
        links.append((memory_id, eid, "subject" if (m.role or m.aliases) else "mention"))
        if org_id is not None and org_id != eid:
            await entity_repo.set_parent_if_missing(conn, eid, org_id)
    referring = [m for m in refs.mentions if m.type == REFERENCE]
    if referring and not people:
        eid = await _a_person(conn, await coreference.resolve_reference(conn, owner_id, referring, session))
        if eid is not None:
            ids[f"@reference:{referring[0].name}"] = eid
            links.append((memory_id, eid, "subject"))
            await coreference.note_pronoun(conn, eid, referring)
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
    if profiles_due is not None:
        profiles_due.update(touched)
        return touched
    for eid in touched:
        await recompose_profile(conn, eid)
    return touched


async def _a_person(conn, entity_id: UUID | None) -> UUID | None:
    """The entity a reference to a person was resolved to, retyped a person when it was a full name kept
    under another type (coreference._said); None when it may not be retyped (an organisation with members)."""
    if entity_id is None:
        return None
    row = (await entity_repo.get_entities(conn, [entity_id]))[0]
    if row["type"] == "person":
        return entity_id
    c = _candidate(row)
    return entity_id if misread.misread_person(c) and await _retyped(conn, c) is not None else None


async def refresh_embeddings(conn, entity_ids: list[UUID], embedder) -> int:
    """Embed the summaries of stale profiles (without the entity's own names) with `embedder` (the
    app's; None: nothing is embedded)."""
    if not entity_ids or embedder is None:
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
    vecs = await _embed(embedder, texts)
    await entity_repo.store_embeddings(conn, [(r["entity_id"], v, embedder.model_name, r["profile_summary"])
                                              for r, v in zip(rows, vecs)])
    return len(rows)


def refresh_later(res: Resources, tenant_id: UUID, entity_ids: set[UUID]) -> None:
    """Re-embed these profiles in the background (with the app's embedder, kept running by its
    res.after_answer), after the write that found them outdated has committed. Best effort:
    whoever next needs a stale profile refreshes it anyway."""
    if not entity_ids:
        return
    ids, db, embedder = list(entity_ids), res.db, res.embedder

    async def run() -> None:
        try:
            async with background.lane(db), db.as_system(tenant_id) as conn:
                await refresh_embeddings(conn, ids, embedder)
        except Exception:  # noqa: BLE001 - a later reader refreshes it
            log.warning("profile refresh after write failed", exc_info=True)

    res.after_answer.start(run())
