"""Read-time entity resolution: which stored entities a text names, each same-named group
disambiguated by the text's context compared fact by fact with each candidate's profile
(memcore.entities.disambiguation), plus entities reached through a relation the text names
("Peter's manager"), up to two hops along entity edges.

Speed: a group's fact vectors are stacked once and kept by the app (res.resolver_cache, keyed by
each member's id and last update, so any change to a profile rebuilds it); fact embeddings are kept
by a digest of their text. A query then costs one embedding call for its clauses and one matrix product."""
from __future__ import annotations

import asyncio
import dataclasses
import re
from dataclasses import dataclass, field
from uuid import UUID

import numpy as np

from memcore.entities import beside_name, clue_meaning, clue_words, descriptors, disambiguation, profiles
from memcore.entities.conversation_people import SessionState, about, namesake
from memcore.entities.matching import plausible_name
from memcore.entities.relations import relation_queries
from memcore.extraction.entities import strip_names
from memcore.textnorm import name_ngrams, norm_name

from .entity_linking import refresh_embeddings
from .store import entity_repo

MAX_CANDIDATES = 1000
RELATED_LIMIT = 10


@dataclass
class EntityContext:
    """The entities a text names: resolved ones (for the entity path), open questions, related ones."""

    entities: list = field(default_factory=list)  # entity rows, resolved or unique
    resolutions: list[disambiguation.Resolution] = field(default_factory=list)
    related: dict[UUID, str] = field(default_factory=dict)  # entity id -> relation kind
    surfaces: dict[UUID, str] = field(default_factory=dict)  # entity id -> the words that named it

    @property
    def clarification(self) -> dict | None:
        return disambiguation.clarification(self.resolutions)

    @property
    def ids(self) -> list[UUID]:
        return [e["entity_id"] for e in self.entities]


def _surfaces(text: str, rows) -> list[tuple[str, list]]:
    """Longest matching names first, non-overlapping: "Anderson order" hides "Anderson"."""
    words = [norm_name(w) for w in re.findall(r"[\w'’&.-]+", text)]
    words = [w for w in words if w]
    names = {n for r in rows for n in r["norm_names"]}
    spans: list[tuple[int, int, str]] = []
    for n in range(min(5, len(words)), 0, -1):
        for i in range(len(words) - n + 1):
            gram = " ".join(words[i:i + n])
            if gram in names and not any(s < i + n and i < e for s, e, _ in spans):
                spans.append((i, i + n, gram))
    out: dict[str, list] = {}
    for _, _, gram in sorted(spans):
        out.setdefault(gram, [r for r in rows if gram in r["norm_names"]])
    return list(out.items())


def _candidate(row, fact_vectors: np.ndarray | None = None, facts: tuple[str, ...] = (),
               episodic: tuple[bool, ...] = (), encounters: tuple[bool, ...] = ()) -> disambiguation.ProfileCandidate:
    facets = profiles.Facets.from_json(row["facets"])
    own = {norm_name(n) for n in profiles.own_names(row["canonical_name"], row["type"])}
    others = tuple(a for a in dict.fromkeys([*row["aliases"], *facets.nicknames]) if norm_name(a) not in own)
    summary = row["profile_summary"] or ""
    known = profiles.known_facts(summary)
    return disambiguation.ProfileCandidate(
        entity_id=str(row["entity_id"]), name=row["canonical_name"], type=row["type"],
        description=profiles.one_line(row["canonical_name"], row["type"], facets, None, known),
        vector=row["profile_embedding"],
        profile_text=profiles.embedding_text(summary, list(own)) + " " + " ".join(row["context_tags"]),
        other_names=others, fact_vectors=fact_vectors, facts=facts, episodic=episodic, encounters=encounters,
        proper=clue_meaning.proper_words(summary))


def _facts(row) -> dict[str, tuple[bool, bool]]:
    """The profile's facts as embedded for disambiguation (filler words left out), each with whether
    it is an episode: among the profile's episodes (profiles.profile_fact_items), one that says when
    it happened (clue_words.says_when); a turn kept verbatim that says what someone is or does
    is not discounted for being a turn. And whether it tells only of the speaker's dealings with
    them: what the speaker did with them, or who they are to the speaker (clue_words.of_the_speaker)."""
    out: dict[str, tuple[bool, bool]] = {}
    for fact, episode in profiles.profile_fact_items(row["profile_summary"] or "",
                                                     profiles.own_names(row["canonical_name"], row["type"])):
        text = clue_words.fact_text(fact)
        if clue_words.words_of(text):
            out.setdefault(text, (episode and clue_words.says_when(fact), clue_words.of_the_speaker(fact)))
    return out


async def _embed(res, texts: list[str]):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, res.embedder.embed, texts)


async def _index(res, rows) -> disambiguation.CandidateIndex:
    """The scoring index of a same-named group: built once while none of its members changes."""
    cache = res.resolver_cache
    key = tuple((r["entity_id"], r["updated_at"]) for r in rows)
    index = cache.indexes.get(key)
    if index is not None:
        return index
    model = getattr(res.embedder, "model_name", "")
    episodic = {r["entity_id"]: _facts(r) for r in rows}  # fact text -> (an episode, an encounter)
    facts = {eid: [(cache.fact_key(model, t), t) for t in fs] for eid, fs in episodic.items()}
    missing = list(dict.fromkeys(k for fs in facts.values() for k in fs if cache.fact_vectors.get(k[0]) is None))
    if missing and res.embedder is not None:
        for (k, _), v in zip(missing, await _embed(res, [t for _, t in missing])):
            cache.fact_vectors.put(k, np.asarray(v, dtype=np.float32))
    cands = []
    for r in rows:
        known = [(t, v) for (k, t) in facts[r["entity_id"]] if (v := cache.fact_vectors.get(k)) is not None]
        said = episodic[r["entity_id"]]
        cands.append(_candidate(r, np.vstack([v for _, v in known]) if known else None, tuple(t for t, _ in known),
                                tuple(said[t][0] for t, _ in known), tuple(said[t][1] for t, _ in known)))
    words = await _word_vectors(res, clue_words.word_forms(t for fs in facts.values() for _, t in fs))
    index = disambiguation.CandidateIndex(cands, words)
    cache.indexes.put(key, index)
    return index


async def _word_vectors(res, forms: dict[str, str]) -> dict[str, np.ndarray]:
    """Each word (stem -> the word as written: clue_words.word_forms) embedded alone, kept with the
    facts' embeddings by a digest of its text."""
    cache = res.resolver_cache
    model = getattr(res.embedder, "model_name", "")
    keys = {s: cache.fact_key(model, w) for s, w in forms.items()}
    missing = list(dict.fromkeys(w for s, w in forms.items() if cache.fact_vectors.get(keys[s]) is None))
    if missing and res.embedder is not None:
        for w, v in zip(missing, await _embed(res, missing)):
            cache.fact_vectors.put(cache.fact_key(model, w), np.asarray(v, dtype=np.float32))
    return {s: v for s, k in keys.items() if (v := cache.fact_vectors.get(k)) is not None}


async def resolve_text(res, conn, owner_id: UUID, text: str, session: dict[str, float] | None = None,
                       follow_relations: bool = True, conversation: SessionState | None = None) -> EntityContext:
    """The entities `text` names. `session`: the activation of the conversation's entities;
    `conversation`: its state, whose namesake it is about (conversation_people.about among them) is
    whom a first name alone among namesakes the text does not tell apart means
    (conversation_people.namesake)."""
    rows = [r for r in await entity_repo.named_in(conn, owner_id, name_ngrams(text))
            if plausible_name(r["canonical_name"])]
    ctx = EntityContext()
    if not rows:
        return ctx
    groups = _surfaces(text, rows)
    ambiguous = [(s, g[:MAX_CANDIDATES]) for s, g in groups if len(g) > 1]
    if ambiguous:
        unsummarised = list({r["entity_id"] for _, g in ambiguous for r in g if not r["profile_summary"]})
        if unsummarised:  # profiles are composed at write time; this is for entities from before
            await refresh_embeddings(conn, unsummarised, res.embedder)
            fresh = {r["entity_id"]: r for r in await entity_repo.get_entities(conn, unsummarised)}
            ambiguous = [(s, [fresh.get(r["entity_id"], r) for r in g]) for s, g in ambiguous]
        contexts = [strip_names(text, [s]) for s, _ in ambiguous]
        parts = [clue_words.context_parts(c) for c in contexts]
        flat = [p for ps in parts for p in ps]
        flat_vecs = await _embed(res, flat) if flat else []
        vecs, at = [], 0
        for ps in parts:
            vecs.append(np.asarray(flat_vecs[at:at + len(ps)], dtype=np.float32) if ps else None)
            at += len(ps)
    by_surface = dict(ambiguous)
    amb_index = {s: i for i, (s, _) in enumerate(ambiguous)}
    for surface, group in groups:
        if surface in by_surface:
            i = amb_index[surface]
            index = await _index(res, by_surface[surface])
            shown = surface_display(text, surface)
            r = disambiguation.resolve(shown, contexts[i], vecs[i], index, session,
                                       described=described_as(text, shown, by_surface[surface]),
                                       word_vecs=await _word_vectors(res, clue_words.word_forms(parts[i])))
            ids = [c.entity_id for c in r.candidates]
            meant = namesake(about(conversation, ids, shown), ids) if conversation is not None else None
            if r.status == "ambiguous" and meant is not None:
                r = dataclasses.replace(r, status="resolved", entity_id=meant)
        else:
            only = group[0]
            r = disambiguation.Resolution(surface_display(text, surface), "unique", str(only["entity_id"]), None,
                                          text, [disambiguation.ScoredCandidate(
                                              str(only["entity_id"]), only["canonical_name"],
                                              _candidate(only).description, 1.0, 1.0, 0.0, False)])
        ctx.resolutions.append(r)
        if r.entity_id is not None:
            row = next(x for x in group if str(x["entity_id"]) == r.entity_id)
            if row["entity_id"] not in ctx.ids:
                ctx.entities.append(row)
                ctx.surfaces[row["entity_id"]] = surface
    if follow_relations:
        await _follow_relations(conn, text, ctx)
    return ctx


def described_as(text: str, name: str, rows) -> set[str]:
    """The candidates who were described as the text describes the name ("Tom from sales", "Tom who
    lives across the road": beside_name.who_clause, "Tom in my class": beside_name.member_of, "Tom at
    the letting agency", "Tom on the Tuesday crew": beside_name.beside, the write path's own reading of
    who someone is), the nearest description first (descriptors.best_described). A phrase beside the
    name that may be only where something happened ("Email Tom on the cheese counter", "Did Ada at the
    level crossing wave?": beside_name.where) counts only for a namesake described in those very words
    (descriptors.said_word_for_word)."""
    clauses = beside_name.who_clauses(text, name)
    group = beside_name.member_of(text, name)
    said = tuple(dict.fromkeys((*descriptors.descriptors(text, name), *beside_name.beside(text, name), *clauses,
                                *([group] if group else []))))
    kin = {str(r["entity_id"]): profiles.Facets.from_json(r["facets"]).kin for r in rows}
    found = descriptors.best_described(said, kin) if said else set()
    return found or descriptors.said_word_for_word(beside_name.where(text, name), kin)


def surface_display(text: str, surface: str) -> str:
    """The name as the user wrote it ("Peter", not "peter")."""
    m = re.search(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in surface.split()) + r"(?!\w)", text, re.I)
    return m.group(0) if m else surface


async def _follow_relations(conn, text: str, ctx: EntityContext) -> None:
    for q in relation_queries(text):
        start = [e["entity_id"] for e in ctx.entities if ctx.surfaces.get(e["entity_id"]) == norm_name(q.name)]
        if not start:
            continue
        found: list[UUID] = []
        for path in q.paths:  # each path has one or two hops
            frontier = start
            for direction, predicates in path:
                frontier = [x for x in await entity_repo.neighbours(conn, frontier, direction, predicates)
                            if x not in start]
                if not frontier:
                    break
            found += [x for x in frontier if x not in found]
        for eid in found[:RELATED_LIMIT]:
            ctx.related.setdefault(eid, q.kind)
