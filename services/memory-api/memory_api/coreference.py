"""Coreference at write time: who a statement means when it does not name them in full.

The conversation's previous turns (SessionPeople) say who is being discussed. A pronoun goes to
that person when the latest turn that named someone named one person, no later turn named a
namesake nobody could tell apart, and the pronoun agrees with the ones used for them before ("he"
never lands on someone only ever called "she"). A description ("my cousin", "the accountant") goes
to the one person whose role or relation to the speaker it names (the one discussed, when several
have it). A capitalised word that is a known person's name is a mention of them even when
extraction did not take it for a name. Otherwise nothing is linked: a wrong link is worse than none."""
from __future__ import annotations

from uuid import UUID

from memcore.entities import conversation_people, profiles
from memcore.textnorm import norm_name

from .entity_refs import PERSON_PRONOUNS, MentionRef, name_like_words
from .store import entity_repo

_PRONOUN_OF = {p: ("he" if p in ("he", "him", "his", "himself") else "she") for p in PERSON_PRONOUNS}


class SessionPeople:
    """The people the conversation's previous turns were linked to (loaded once per write, when
    needed); who they are and who the conversation is about: memcore.entities.conversation_people."""

    LOOKBACK = 8  # previous turns of the session

    def __init__(self, conn, owner_id: UUID, ctx) -> None:
        self.conn, self.owner_id = conn, owner_id
        self.session = ctx["session_id"] if ctx else None
        self.seq = ctx["session_seq"] if ctx else None
        self._turns: list[conversation_people.Turn[UUID]] | None = None
        self._moved_on: bool | None = None

    async def turns(self) -> list[conversation_people.Turn[UUID]]:
        """Most recent first: the previous turns that named someone, with their people."""
        if self._turns is None:
            rows = []
            if self.session is not None and self.seq is not None:
                rows = await entity_repo.session_people(self.conn, self.owner_id, self.session, self.seq,
                                                        self.LOOKBACK)
            self._turns = conversation_people.turns((r["session_seq"], r["entity_id"], r["role"]) for r in rows)
        return self._turns

    async def active(self) -> frozenset:
        return conversation_people.active(await self.turns())

    async def discussed(self) -> UUID | None:
        """The person the conversation was last about (conversation_people.discussed); whether a
        later turn named a known person's name without being linked is fetched only when a previous
        turn named someone."""
        turns = await self.turns()
        if turns and self._moved_on is None:
            self._moved_on = await entity_repo.unlinked_person_named_since(
                self.conn, self.owner_id, self.session, turns[0].seq, self.seq)
        return conversation_people.discussed(turns, bool(self._moved_on))


async def known_first_names(conn, owner_id: UUID, text: str, named: list[MentionRef]) -> list[MentionRef]:
    """Names of people already known that extraction did not take for names ("Declan lives in
    Ashgrove": a sentence-initial word the tagger cannot tell from an opener). A capitalised word
    that is a known person's name or first name is that mention."""
    covered = {w for m in named for w in norm_name(m.name).split()}
    words = {n: w for n, w in name_like_words(text).items() if n not in covered}
    if not words:
        return []
    rows = await entity_repo.people_named(conn, owner_id, list(words))
    known = {n for r in rows for n in r["norm_names"]}
    return [MentionRef(w, "person", start=text.find(w)) for n, w in words.items() if n in known]


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
        discussed = await session.discussed()
        if discussed is None:
            return None
        said = _PRONOUN_OF.get(pronoun)
        row = (await entity_repo.get_entities(conn, [discussed]))[0]
        known = profiles.Facets.from_json(row["facets"]).pronouns
        # "he" never lands on someone the conversation has only called "she" (and the other way)
        return discussed if said is None or not known or said in known else None
    return None
