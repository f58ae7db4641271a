"""Coreference at write time: who a statement means when it does not name them in full.

The conversation's previous turns (SessionPeople, read back from Postgres) make the one model of who
the conversation is about that the read path keeps too (memcore.entities.conversation_people); its
decision `meant` says whom a pronoun means: the current topic's person (after "Let's get to the
harbour podcast.", its producer), else the person discussed last, never someone only ever called by
the other pronoun, nobody when a later turn named a namesake nobody could tell apart (the
conversation moved on to someone unknown) or when two people named in one turn could both be meant.
A pronoun is linked only when the decision is sure. A description ("my cousin", "the accountant")
goes to the one person whose role or relation to the speaker it names (the one discussed, when
several have it). A capitalised word that is a known person's name is a mention of them even when
extraction did not take it for a name. Otherwise nothing is linked: a wrong link is worse than none."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Collection
from uuid import UUID

from memcore.entities import beside_name, conversation_people, full_names, identity, misread, profiles, tracking
from memcore.entities.conversation_people import UNSTORED, Meant, Turn, TurnMention
from memcore.textnorm import norm_name

from .entity_refs import PERSON_PRONOUNS, MentionRef, name_like_words
from .store import entity_repo
from .topic_people import topic_people

_PRONOUN_OF = {p: ("he" if p in ("he", "him", "his", "himself") else "she") for p in PERSON_PRONOUNS}
_CAPITALISED = re.compile(r"\b[A-Z][\w'’-]*")
_POSSESSIVE = re.compile(r"['’]s$")


class SessionPeople:
    """The conversation's previous turns as the one model of who it is about (loaded once per
    write, when needed): memcore.entities.conversation_people decides over them."""

    LOOKBACK = 8  # previous turns of the session

    def __init__(self, conn, owner_id: UUID, ctx) -> None:
        self.conn, self.owner_id = conn, owner_id
        self.session = ctx["session_id"] if ctx else None
        self.seq = ctx["session_seq"] if ctx else None
        self._turns: list[Turn] | None = None
        self._state: conversation_people.SessionState | None = None

    async def turns(self) -> list[Turn]:
        """Oldest first: the previous turns, each with the entities it was linked to (`_said`)."""
        if self._turns is None:
            rows = []
            if self.session is not None and self.seq is not None:
                rows = await entity_repo.session_turns(self.conn, self.owner_id, self.session, self.seq,
                                                       self.LOOKBACK)
            grouped: dict[int, list] = {}
            for r in rows:
                grouped.setdefault(r["session_seq"], []).append(r)
            self._turns = [Turn(seq, g[0]["text"], _said(g[0]["text"], g)) for seq, g in grouped.items()]
        return self._turns

    async def state(self) -> conversation_people.SessionState:
        """The one model of who the conversation is about after the previous turns (tracking.replay),
        each turn with what it was linked to, a known person's name it said without being linked to
        any person (kept as a name: a namesake nobody could tell apart, the conversation moved on to
        someone unknown) and the people of a topic it turned to (memory_api.topic_people)."""
        if self._state is None:
            turns = await self.turns()
            unlinked = await self._unlinked_names([t for t in turns if not any(m.type == "person" for m in t.mentions)])
            full = []
            for t in turns:
                mentions = [*t.mentions, *unlinked.get(t.seq, [])]
                named = [(m.type, m.name) for m in mentions]
                mentions += await topic_people(self.conn, self.owner_id, t.text, named, mentions)
                full.append(Turn(t.seq, t.text, tuple(mentions)))
            self._state = tracking.replay(full)
        return self._state

    async def _unlinked_names(self, turns: list[Turn]) -> dict[int, list[TurnMention]]:
        """The known people's names each of these turns said (capitalised words), as tracked names."""
        words = {t.seq: {n: w.start() for w in _CAPITALISED.finditer(t.text) if (n := norm_name(w.group(0)))}
                 for t in turns}
        grams = list(dict.fromkeys(n for said in words.values() for n in said))
        if not grams:
            return {}
        known = {n for r in await entity_repo.people_named(self.conn, self.owner_id, grams) for n in r["norm_names"]}
        return {seq: [TurnMention(f"{UNSTORED}{n}", n, "person", at) for n, at in said.items() if n in known]
                for seq, said in words.items()}

    async def active(self) -> frozenset[UUID]:
        """Every person the previous turns named (conversation_people.named)."""
        return frozenset(UUID(k) for k in conversation_people.named(await self.turns()))

    async def meant(self, pronoun: str, text: str = "") -> Meant:
        """Whom `pronoun` means now (conversation_people.meant)."""
        return conversation_people.meant(await self.state(), pronoun, text=text)

    async def discussed(self, among: Collection[UUID] | None = None, name: str = "") -> UUID | None:
        """The person the conversation is about now (conversation_people.about), when sure and stored;
        with `among` and `name`, the namesake of that first name it is about."""
        keys = None if among is None else {str(e) for e in among}
        return _stored(conversation_people.about(await self.state(), keys, name))


def _said(text: str, rows: list) -> tuple[TurnMention, ...]:
    """The entities a turn's memories were linked to: each once, subjects first, at where its text
    names them (one linked by a pronoun comes after those it names); `defined` when the turn says
    who they are (a "subject" link of a name the text says). In a turn linked to no person, a
    person-shaped full name kept under another type (misread.misread_name) is taken for the person it
    names: "Heard from Gemma Nolan on the early bake" kept as an organisation, the next turn's "she" is
    her (issue 37); linking her retypes her (memory_api.entity_linking), or leaves her unlinked when
    something treats her as an organisation."""
    mentions: list[TurnMention] = []
    nobody = not any(r["type"] == "person" for r in rows)
    for i, r in enumerate(rows):
        if r["entity_id"] is None or str(r["entity_id"]) in {m.key for m in mentions}:
            continue
        first = norm_name(r["canonical_name"]).split()[:1]
        at = text.lower().find(first[0]) if first else -1
        facets = profiles.Facets.from_json(r["facets"]) if r["facets"] else profiles.Facets()
        type_ = "person" if nobody and misread.misread_name(r["canonical_name"], r["type"]) \
            and not misread.said_as_a_title(r["canonical_name"], [text]) else r["type"]
        mentions.append(TurnMention(str(r["entity_id"]), r["canonical_name"], type_, at if at >= 0 else len(text) + i,
                                    defined=r["role"] == "subject" and at >= 0, pronouns=tuple(facets.pronouns)))
    return tuple(mentions)


def _stored(decision: Meant) -> UUID | None:
    """The entity a sure decision means, when it is stored (a tracked name is not)."""
    key = decision.key
    return UUID(key) if decision.sure and key is not None and not key.startswith(UNSTORED) else None


async def full_names_said(conn, owner_id: UUID, text: str, named: list[MentionRef], learned: bool = False
                          ) -> tuple[list[MentionRef], dict[str, str]]:
    """The mentions with a full name the tagger cut made whole again (memcore.entities.full_names): a
    person named by one word ("Hale") said right after their first name ("Lily Hale sat next to me") is
    "Lily Hale", found by her full name, and "Lily" is no second mention of the turn (known_first_names).
    `learned`: the text is a fact learned from a turn (full_names.first_name_cut). Also returns, for each
    name made whole, the name extraction gave (the turn's relations name them so)."""
    said = {m.name for m in named}
    before = {i: found[0] for i, m in enumerate(named) if m.type == "person"
              and (found := full_names.word_before(text, m.name)) and found[0] not in said}
    if not before:
        return named, {}
    rows = await entity_repo.people_named(conn, owner_id, [norm_name(w) for w in before.values()])
    known = {n for r in rows for n in r["norm_names"]}
    out, cut = [], {}
    for i, m in enumerate(named):
        first = full_names.first_name_cut(text, m.name, known, not learned) if i in before else None
        if first is not None:
            whole = f"{first} {m.name}"
            cut[whole] = m.name
            m = replace(m, name=whole, start=text.find(whole))
        out.append(m)
    return out, cut


async def known_first_names(conn, owner_id: UUID, text: str, named: list[MentionRef]) -> list[MentionRef]:
    """Names of people already known that extraction did not take for names ("Declan lives in
    Ashgrove": a sentence-initial word the tagger cannot tell from an opener). A capitalised word
    that is a known person's name or first name is that mention, unless it is said only as whose
    someone is ("Mum" of "Mum's friend Isla": beside_name.descriptor_owners, which extraction's
    mentions leave out too): linked as a second person of the turn, Mum made the next turn's "she"
    mean two people, and "Um she lives over the sweet shop" was linked to nobody."""
    covered = {w for m in named for w in norm_name(m.name).split()}
    words = {n: w for n, w in name_like_words(text).items() if n not in covered}
    if not words:
        return []
    rows = await entity_repo.people_named(conn, owner_id, list(words))
    known = {n for r in rows for n in r["norm_names"]}
    known |= await _introduced_as_other(conn, owner_id, [n for n in words if n not in known])
    bare = {w: _POSSESSIVE.sub("", w) for w in words.values()}  # "Mum's" is said as whose: "Mum"
    people = [(m.name, m.start) for m in named if m.type == "person"] + [(b, text.find(b)) for b in bare.values()]
    owners = beside_name.descriptor_owners(text, people)
    return [MentionRef(w, "person", start=text.find(w)) for n, w in words.items() if n in known and bare[w] not in owners]


async def _introduced_as_other(conn, owner_id: UUID, words: list[str]) -> set[str]:
    """The words that are the first name of the one person-shaped full name kept under another type
    (misread.introduced_as_other): "Our sparky Ines Calloway rang" taken for a place, then "Ines is based
    at the Westgate depot", whose sentence-initial "Ines" extraction did not take for a name either. Without
    it the turn is linked to no one and what it tells of her never reaches her profile (issue 37)."""
    if not words:
        return set()
    found = [identity.Candidate(r["entity_id"], r["canonical_name"], r["type"], tuple(r["aliases"]),
                                tuple(r["norm_names"]), profiles.Facets.from_json(r["facets"]))
             for r in await entity_repo.other_types_by_first_words(conn, owner_id, words)
             if not misread.said_as_a_title(r["canonical_name"], r["said"] or [])]
    return {w for w in words if misread.introduced_as_other(w, found) is not None} if found else set()


async def note_pronoun(conn, entity_id: UUID, refs: list[MentionRef]) -> None:
    """Remember which pronoun the conversation used for the person a pronoun was linked to."""
    said = next((_PRONOUN_OF.get(r.name) for r in refs if not r.aliases and r.name in _PRONOUN_OF), None)
    if said is None:
        return
    row = (await entity_repo.get_entities(conn, [entity_id]))[0]
    old = profiles.Facets.from_json(row["facets"])
    if said not in old.pronouns:
        await entity_repo.set_facets(conn, entity_id, old.merged(profiles.Facets(pronouns=[said])).to_json())


def _role_forms(phrase: str) -> list[str]:
    """A singular description and its plural (a role may be stored as "writers" from "one of our
    writers"); a plural description ("the writers") is a group, not one person."""
    p = norm_name(phrase)
    if p.endswith("s") and not p.endswith("ss"):
        return []
    return [p, p + "s"]


async def resolve_reference(conn, owner_id: UUID, refs: list[MentionRef], session: SessionPeople) -> UUID | None:
    """The person a statement refers to without naming them, or None (see the module docstring)."""
    phrases = [f for r in refs if r.aliases for p in r.aliases for f in _role_forms(p)]
    if phrases:
        described = await entity_repo.people_described(conn, owner_id, phrases)
        if len(described) == 1:
            return described[0]
        if described:
            active = await session.active()
            discussed = [e for e in described if e in active]
            if len(discussed) == 1:
                return discussed[0]
            return None
    pronoun = next((r.name for r in refs if not r.aliases), None)
    if pronoun is not None:
        return _stored(await session.meant(pronoun))
    return None
