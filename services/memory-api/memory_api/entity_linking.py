"""Write-time entity linking: resolve each mentioned entity (exact name or alias, near spelling,
identity facets, who they are to the speaker, profile similarity), link it to the memory, record
parent and relation edges, and keep the entities' living profiles current. Who a statement means
without naming them in full is memory_api.coreference; what it refers to, memory_api.entity_refs."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from uuid import UUID

from memcore.adapters.entity_profiles import recompose_profile
from memcore.entities import descriptors, matching, profiles
from memcore.entities.relations import possessive_relations
from memcore.extraction.entities import strip_names
from memcore.textnorm import norm_name

from . import background, coreference
from .entity_refs import REFERENCE, EntityRefs, MentionRef
from .store import entity_repo


# the profile refreshes running after their write, kept referenced until done (the loop keeps only
# weak references to tasks); the embedder is always passed in by the caller (its app's resources)
_PENDING: set[asyncio.Task] = set()
log = logging.getLogger("memory_api.entities")
MEMBERSHIP = ("belongs_to", "works_for")
IN_PASSING = "said in passing with a clue no namesake has"
TYPE_ORDER = {"org": 0, "project": 1, "system": 2, "place": 3, "concept": 4, "process": 5, "person": 6}


async def _embed(emb, texts: list[str]):
    if emb is None or not texts:
        return None
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, emb.embed, texts)


def _known(row, similarity, text: str, active: frozenset = frozenset()) -> matching.Known:
    facets = profiles.Facets.from_json(row["facets"])
    others = [a for a in [*row["aliases"], *facets.nicknames] if norm_name(a) != norm_name(row["canonical_name"])]
    low = f" {norm_name(text)} "
    in_text = any(len(norm_name(a)) > 2 and f" {norm_name(a)} " in low for a in others)
    full = tuple(n for n in (row["canonical_name"], *row["aliases"]) if matching.is_full_name(n)) \
        if row["type"] == "person" else ()
    return matching.Known(str(row["entity_id"]), row["canonical_name"], row["type"], facets, similarity, in_text,
                          full, row["entity_id"] in active)


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


async def _as_person(conn, owner_id: UUID, m: MentionRef, rows) -> MentionRef:
    """A mention typed as something else that names a known person is that person: its name is a
    known person's name or first name ("Sarah" taken for an organisation), or is one once a leading
    word the name rules kept is dropped ("Actually Tom Baker")."""
    if m.type == "person":
        return m
    if any(r["type"] == "person" and norm_name(m.name) in r["norm_names"] for r in rows):
        return replace(m, type="person")
    cleaned = matching.clean_person_name(m.name)
    if cleaned != m.name and matching.is_full_name(cleaned):
        found = await entity_repo.candidates(conn, owner_id, [norm_name(cleaned)])
        if any(r["type"] == "person" and norm_name(cleaned) in r["norm_names"] for r in found):
            return replace(m, name=cleaned, type="person")
    return m


async def resolve_mention(conn, owner_id: UUID, m: MentionRef, text: str, memory_type: str,
                          org_name: str | None, outdated: set[UUID],
                          session: coreference.SessionPeople | None = None,
                          learned: bool = False, embedder=None) -> tuple[UUID | None, MentionRef]:
    """The entity the mention names (None: left unlinked), and the mention as understood (a
    mention typed as something else that names a known person is taken as that person).
    `learned`: the memory is a fact learned from a turn (whose record is linked as well)."""
    names = entity_repo.lookup_names(m.name, m.type, m.aliases)
    rows = await entity_repo.candidates(conn, owner_id, names)
    person = await _as_person(conn, owner_id, m, rows)
    if person != m:
        m = person
        names = entity_repo.lookup_names(m.name, m.type, m.aliases)
        rows = await entity_repo.candidates(conn, owner_id, names)
    exact_names = names[: 1 + len(m.aliases)]
    if m.type == "person":
        # another type is the same entity only by the very same name, never through a first name
        rows = [r for r in rows if r["type"] == "person" or norm_name(m.name) == norm_name(r["canonical_name"])]
    if not rows:
        rows = await entity_repo.near_spellings(conn, owner_id, m.name, m.type)
    exact_ids = {str(r["entity_id"]) for r in rows if set(exact_names) & set(r["norm_names"])}
    facts = matching.MentionFacts(m.name, m.type, m.role, org_name, m.nicknames,
                                  matching.introduced_as_new(text, m.name, m.type))
    descriptive = memory_type in ("identity", "relationship")
    # entities that cannot be this one (another full name, another role) need no profile comparison,
    # except a full name's: that another full name is known for its first name is what it decides on
    keep = [r for r in rows if str(r["entity_id"]) in exact_ids
            or matching.conflicts(facts, _known(r, None, text)) is None]
    full_person = m.type == "person" and matching.is_full_name(m.name)
    rows = rows if full_person and not exact_ids else (keep or rows[:1])
    single_word_person = m.type == "person" and not matching.is_full_name(m.name)
    active = await session.active() if session is not None and single_word_person and len(rows) > 1 \
        else frozenset()
    if full_person and exact_ids:  # the same full name: the same person, nothing to compare
        needs_profile = False
    elif full_person:  # compared only when it may complete the one first-name-only entry
        needs_profile = len(rows) == 1 and len(keep) == 1 and (not facts.facets.empty() or descriptive)
    else:
        needs_profile = len(rows) > 1 or bool(rows and (not facts.facets.empty() or descriptive))
    said = _descriptors(m, text)
    kin_of = {r["entity_id"]: profiles.Facets.from_json(r["facets"]).kin for r in rows if r["type"] == "person"}
    described = [r for r in rows if r["entity_id"] in descriptors.described(said, kin_of)]
    sims = await _similarities(conn, rows, text, [m.name, *m.aliases], outdated, embedder) if needs_profile else {}
    known = [_known(r, sims.get(r["entity_id"]), text, active) for r in rows]
    decision = matching.decide(facts, known, exact_ids, descriptive)
    people = [r for r in rows if r["type"] == "person"]

    def sets_apart(row) -> bool:
        """The mention says something of them this namesake is not: another nickname, or who they
        are to the speaker ("My old school friend Peter ... went by mosshead")."""
        facets = profiles.Facets.from_json(row["facets"])
        new_nick = {norm_name(n) for n in m.nicknames} - {norm_name(n) for n in facets.nicknames}
        return bool(new_nick) or bool(said and not descriptors.described(said, {row["entity_id"]: facets.kin}))

    if single_word_person and decision.reason.startswith("profile similarity"):
        chosen = next(r for r in rows if str(r["entity_id"]) == decision.entity_id)
        if sets_apart(chosen):
            decision = matching.Decision("create", None, "introduced as someone no namesake is")
    if single_word_person and decision.action == "create" and people and not facts.introduces_new:
        # A first name alone makes a new person only when what it says of them sets them apart ("Our
        # neighbour Peter walks his beagle" is not Peter the writer); said of the person the
        # conversation is about ("Fyi Tobias is a bus driver" right after "Tobias Penhale") it is
        # them; with nothing that sets them apart it is the one person of that name, or nobody yet.
        fitting = [r for r in people if matching.conflicts(facts, _known(r, None, text)) is None]
        discussed = await session.discussed() if session is not None else None
        # the person being discussed may have a job besides what they are to the speaker ("my
        # manager Lorenzo Achterberg ... Lorenzo is a copywriter")
        about = next((r for r in people if r["entity_id"] == discussed and matching.conflicts(
            facts, matching.without_relation_roles(_known(r, None, text))) is None), None)
        if about is not None and not sets_apart(about):
            decision = matching.Decision("link", str(discussed), "the person the conversation is about")
        elif facts.facets.empty() and not said:
            decision = matching.Decision("link", str(fitting[0]["entity_id"]), "the one person of that name") \
                if len(fitting) == 1 and len(people) == 1 else matching.Decision("skip", None, "a first name alone")
        rows = [*fitting, *([about] if about is not None and about not in fitting else [])] or rows
    namesakes = single_word_person and len(rows) > 1 and decision.action in ("link", "skip") \
        and not facts.introduces_new
    if namesakes and len(described) == 1:
        # "Tom from sales", "my cousin Tom": the namesake who was described so before
        decision = matching.Decision("link", str(described[0]["entity_id"]), "described so before")
    elif namesakes and said and facts.facets.empty():
        # "Tom from my climbing club runs the Thursday sessions": said in passing with a clue that
        # could be none of the namesakes (not who they are to the speaker, not their job or
        # organisation), it is someone new, kept with that clue (issue 37)
        new = not described and not any(descriptors.may_describe(said, _identity_words(r)) for r in people)
        decision = matching.Decision("create", None, IN_PASSING) if new \
            else matching.Decision("skip", None, "described as several of the namesakes, or maybe as one")
    elif namesakes and (facts.facets.empty() or decision.action == "skip") and not any(k.names_in_text for k in known):
        # A first name alone among namesakes, with nothing else in the turn naming one of them:
        # the person the conversation is about, as for a pronoun ("I was chatting to Emma Oyelaran.
        # ... Emma lives on a narrowboat."); with no such person, comparing the whole sentence with
        # whole profiles does not tell namesakes apart, so the fact stays unlinked.
        discussed = await session.discussed() if session is not None else None
        decision = matching.Decision("link", str(discussed), "the person the conversation is about") \
            if discussed is not None and discussed in {r["entity_id"] for r in rows} \
            else matching.Decision("skip", None, "namesakes the context does not tell apart")
    if decision.action == "skip":
        return None, m
    if decision.action == "create":
        # a first name among namesakes made a person on a clue alone stays tentative until the
        # first repeat (below)
        clue = (said or facts.facets.roles or ["said once"]) if single_word_person and people else []
        facets = facts.facets.merged(profiles.Facets(kin=said, tentative=clue))
        return await entity_repo.create(conn, owner_id, m.name, m.type, m.aliases, facets=facets.to_json()), m
    eid = UUID(decision.entity_id)
    row = next(r for r in rows if r["entity_id"] == eid)
    if row["type"] == m.type:  # names of another type's mention are not this entity's names
        new_names = [a for a in (*m.aliases, *m.nicknames) if a not in row["aliases"] and a != row["canonical_name"]]
        if norm_name(m.name) != norm_name(row["canonical_name"]) and m.name not in row["aliases"] and \
                len(norm_name(m.name).split()) > 1:
            new_names.append(m.name)
        if new_names:
            await entity_repo.add_names(conn, eid, new_names)
    old = profiles.Facets.from_json(row["facets"])
    merged = old.merged(facts.facets).merged(profiles.Facets(kin=said))
    if old.tentative and not learned and await _said_again(conn, eid, session):
        merged = replace(merged, tentative=[])  # the first repeat confirms a person said in passing
    if merged.to_json() != old.to_json():
        await entity_repo.set_facets(conn, eid, merged.to_json())
    return eid, m


def _field(memory, key: str):
    return memory[key] if key in memory.keys() else None


async def _said_again(conn, entity_id: UUID, session: coreference.SessionPeople | None) -> bool:
    """Is this link another turn than those the entity was already named in?"""
    if session is None or session.seq is None:
        return True
    return (session.session, session.seq) not in await entity_repo.linked_turns(conn, entity_id)


def _identity_words(row) -> list[str]:
    facets = profiles.Facets.from_json(row["facets"])
    return [*facets.roles, *facets.orgs, *facets.kin]


def _descriptors(m: MentionRef, text: str) -> list[str]:
    """Who a person is to the speaker, as said beside their name ("my cousin", "from accounting")."""
    if m.type != "person":
        return []
    return list(dict.fromkeys([*([m.kin] if m.kin else []), *descriptors.descriptors(text, m.name)]))


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
    named = [m for m in refs.mentions if m.type != REFERENCE]
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
                                                learned=_field(memory, "layer") == "knowledge", embedder=embedder)
        if eid is None:
            continue
        ids[m.name] = eid
        ids.setdefault(understood.name, eid)
        if understood.type == "person":
            people.add(eid)
        for a in m.aliases:
            ids.setdefault(a, eid)
        # "subject": the memory defines the entity (a role or another name); else a mere mention
        links.append((memory_id, eid, "subject" if (m.role or m.aliases) else "mention"))
        if org_id is not None and org_id != eid:
            await entity_repo.set_parent_if_missing(conn, eid, org_id)
    referring = [m for m in refs.mentions if m.type == REFERENCE]
    if referring and not people:
        eid = await coreference.resolve_reference(conn, owner_id, referring, session)
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


def refresh_later(db, tenant_id: UUID, entity_ids: set[UUID], embedder) -> None:
    """Re-embed these profiles in the background, after the write that found them outdated has
    committed. Best effort: whoever next needs a stale profile refreshes it anyway."""
    if not entity_ids:
        return
    ids = list(entity_ids)

    async def run() -> None:
        try:
            async with background.lane(db), db.as_system(tenant_id) as conn:
                await refresh_embeddings(conn, ids, embedder)
        except Exception:  # noqa: BLE001 - a later reader refreshes it
            log.warning("profile refresh after write failed", exc_info=True)

    task = asyncio.get_running_loop().create_task(run())
    _PENDING.add(task)
    task.add_done_callback(_PENDING.discard)
