"""Write-time entity linking: resolve each mentioned entity, link it to the memory, record edges."""
from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from .store import entity_repo


@dataclass(frozen=True)
class MentionRef:
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    role: str | None = None


@dataclass
class EntityRefs:
    mentions: list[MentionRef] = field(default_factory=list)
    relations: list[tuple[str, str, str]] = field(default_factory=list)  # (src name, predicate, dst name)
    known: dict[str, MentionRef] = field(default_factory=dict)  # every entity of the utterance, by name


def _ref(m) -> MentionRef:
    return MentionRef(m.name, m.type.value, tuple(m.aliases), m.role)


def refs_from_statement(statement, utterance_mentions=()) -> EntityRefs:
    """EntityRefs from an extracted statement (memcore.extraction models); relation ends named
    elsewhere in the same utterance are resolved through `utterance_mentions`."""
    relations = [(r.src, r.predicate, r.dst) for r in statement.relations
                 if not r.src.startswith("@") and not r.dst.startswith("@")]
    return EntityRefs([_ref(m) for m in statement.mentions], relations,
                      {m.name: _ref(m) for m in utterance_mentions})


async def link_entities(conn, owner_id: UUID, memory_id: UUID, refs: EntityRefs) -> list[UUID]:
    ids: dict[str, UUID] = {}
    links = []
    for m in refs.mentions:
        eid = await entity_repo.resolve_or_create(conn, owner_id, m.name, m.type, m.aliases)
        ids[m.name] = eid
        links.append((memory_id, eid, "subject" if m.role else "mention"))
    await entity_repo.link(conn, links)
    for src, predicate, dst in refs.relations:
        for end in (src, dst):
            if end not in ids and end in refs.known:
                k = refs.known[end]
                ids[end] = await entity_repo.resolve_or_create(conn, owner_id, k.name, k.type, k.aliases)
        if src in ids and dst in ids and ids[src] != ids[dst]:
            await entity_repo.add_edge(conn, ids[src], predicate, ids[dst], memory_id)
    return list(ids.values())
