"""Entity mentions, relations and pronoun candidates of one utterance.

spaCy NER (optional) plus rules for what the small model misses: capitalised
names with connector words, aliases and acronyms, nicknames, roles, projects
("the Kestrel migration"), tools used "in/on/into" something, processes named by
their goal, and concepts a business "does".
"""

from __future__ import annotations

import re

from .aliases import AliasFinding, find_aliases, find_nicknames
from .entity_types import default_type, is_acronym, not_a_person_by_position, type_from_shape
from .lexicon import PROJECT_NOUNS
from .models import SPEAKER, SPEAKER_ORG, EntityExtraction, EntityMention, EntityType, Relation
from .name_candidates import Candidate, name_candidates, overlaps, placeholder_spans
from .patterns import CAP_WORD, NAME, clean_name
from .pronouns import find_pronouns
from .relations import find_relations
from .statements import split_statements

_PROJECT = re.compile(
    rf"\b(?:[Tt]he|[Oo]ur|[Tt]heir|[Tt]his|[Tt]hat|[Hh]is|[Hh]er)\s+(?P<name>{NAME})\s+"
    rf"(?P<noun>{'|'.join(sorted(PROJECT_NOUNS))})\b"
)
_PROJECT_PREFIX = re.compile(rf"\b(?:Project|Operation)\s+{CAP_WORD}")
_GOALS = (
    re.compile(r"\b(?:in\s+order\s+)?to\s+(?P<goal>[a-z][^,;:.!?]{3,120}?),", re.IGNORECASE),
    re.compile(r"\bhow\s+(?:to|we|you|i)\s+(?P<goal>[a-z][^,;:.!?]{3,120})", re.IGNORECASE),
    re.compile(
        r"\b(?:process|procedure|routine|workflow|steps|recipe|checklist)\s+(?:for|to|of)\s+"
        r"(?P<goal>[a-z][^,;:.!?]{3,120}?)\s*(?:\bis\b|\bare\b|\bgoes\b|:|$)",
        re.IGNORECASE,
    ),
    re.compile(
        r"^\s*(?:when(?:ever)?|each\s+time|every\s+time|before|after)\s+(?:you|we|i)\s+(?P<goal>[^,;.!?]{2,100}),",
        re.IGNORECASE,
    ),
)
_CONCEPT = re.compile(
    r"\b(?:[Ww]e|[Tt]hey|I|[Tt]he\s+company|[Tt]he\s+business)\s+(?:mostly\s+|mainly\s+|also\s+)?"
    r"(?P<verb>do|does|specialise\s+in|specialize\s+in|focus\s+on|offer|offers|provide|provides|sell|sells|"
    r"run|runs|organi[sz]e|organi[sz]es|host|hosts|teach|teaches)\s+"
    r"(?P<obj>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,3}?)(?=\s*[,.;!?]|\s+(?:for|to|and|in|on|at|with|by)\b|$)"
)
_NOT_CONCEPT = frozenset("it that this them things stuff something anything everything so well a the on in out".split())


def _add_projects(text: str, cands: list[Candidate]) -> list[Candidate]:
    for m in _PROJECT.finditer(text):
        inner = clean_name(m.group("name"))
        if not inner:
            continue
        cands = [c for c in cands if not overlaps(c.start, c.end, m.start(), m.end())]
        cands.append(Candidate(m.group(0), m.start(), m.end(), project=True, name=f"{inner} {m.group('noun')}"))
    for m in _PROJECT_PREFIX.finditer(text):
        cands = [c for c in cands if not overlaps(c.start, c.end, m.start(), m.end())]
        cands.append(Candidate(m.group(0), m.start(), m.end(), project=True))
    return cands


def _canonical_names(aliases: list[AliasFinding]) -> tuple[dict[str, str], dict[str, list[str]]]:
    canon: dict[str, str] = {}
    alias_lists: dict[str, list[str]] = {}
    for a in aliases:
        main = canon.get(a.name.lower(), a.name)
        canon.setdefault(a.name.lower(), main)
        canon[a.alias.lower()] = main
        alias_lists.setdefault(main, [])
        if a.alias not in alias_lists[main]:
            alias_lists[main].append(a.alias)
    return canon, alias_lists


def _decide_type(name: str, group: list[Candidate], text: str, hints: dict[str, EntityType],
                 aliases: list[str]) -> tuple[EntityType, bool]:
    """(type, decided by evidence) -- False means a fallback guess."""
    for key in [name, *aliases, *(c.text for c in group)]:
        if key in hints:
            return hints[key], True
    if any(c.project for c in group):
        return EntityType.PROJECT, True
    ner_label = next((c.ner_label for c in group if c.ner_label), None)
    for c in group:
        shaped = type_from_shape(c.text, text, c.start, c.ner_label)
        if shaped is not None:
            return shaped, True
    syntax = next((c.syntax_type for c in group if c.syntax_type), None)
    if syntax is not None:
        return syntax, True
    if any(is_acronym(a) for a in aliases) or (is_acronym(name) and aliases):
        return EntityType.ORG, True
    guess = default_type(name, ner_label)
    if guess is EntityType.PERSON and ner_label != "PERSON" and all(
            not_a_person_by_position(text, c.start, c.end) for c in group):
        return EntityType.CONCEPT, False
    return guess, False


_CONJUNCTION_GAP = re.compile(r"^\s*(?:,|,?\s*and|,?\s*or|&|/)\s*$")


def _share_type_across_conjunctions(text: str, mentions: list[EntityMention], guessed: set[str]) -> None:
    """"into Grammarly and QuillBot": a guessed name takes the type of the name it is listed with."""
    ordered = sorted(mentions, key=lambda m: m.start)
    for prev, cur in zip(ordered, ordered[1:]):
        if not _CONJUNCTION_GAP.match(text[prev.end : cur.start]):
            continue
        if cur.name in guessed and prev.name not in guessed:
            src, dst_name = prev, cur.name
        elif prev.name in guessed and cur.name not in guessed:
            src, dst_name = cur, prev.name
        else:
            continue
        for m in mentions:
            if m.name == dst_name:
                m.type = src.type
        guessed.discard(dst_name)


def _process_mentions(text: str, process_spans: list[tuple[int, int]]) -> list[EntityMention]:
    out: list[EntityMention] = []
    for start, end in process_spans:
        for pattern in _GOALS:
            m = pattern.search(text, start, end)
            if m:
                goal = m.group("goal").strip()
                g_start = m.start("goal")
                out.append(EntityMention(goal, EntityType.PROCESS, g_start, g_start + len(goal),
                                         name=goal, attributes={"goal": goal}))
                break
    return out


def _concept_mentions(text: str, org: str) -> tuple[list[EntityMention], list[Relation]]:
    mentions, relations = [], []
    for m in _CONCEPT.finditer(text):
        obj = m.group("obj").strip()
        if obj.split()[0] in _NOT_CONCEPT or obj in _NOT_CONCEPT:
            continue
        mentions.append(EntityMention(obj, EntityType.CONCEPT, m.start("obj"), m.end("obj")))
        relations.append(Relation(org, "does", obj))
    return mentions, relations


def _attach_nicknames(nicknames: list[AliasFinding], mentions: list[EntityMention]) -> None:
    for nick in nicknames:
        holder = None
        if nick.name:
            holder = next((m for m in mentions if m.name == nick.name or m.text == nick.name), None)
        else:
            earlier = [m for m in mentions if m.type == EntityType.PERSON and m.end <= nick.start]
            holder = earlier[-1] if earlier else None
        if holder is None:
            continue
        for m in mentions:
            if m.name == holder.name:
                if nick.alias not in m.aliases:
                    m.aliases.append(nick.alias)
                m.attributes["nickname"] = nick.alias


def extract_entities(text: str, speaker: str = SPEAKER, use_ner: bool = True,
                     process_spans: list[tuple[int, int]] | None = None) -> EntityExtraction:
    """Entity mentions (with aliases, roles, attributes), relations and pronoun candidates."""
    aliases = find_aliases(text)
    nicknames = find_nicknames(text)
    findings = find_relations(text, speaker)
    blocked = [(n.start, n.end) for n in nicknames]
    cands = _add_projects(text, name_candidates(text, use_ner, blocked))
    canon, alias_lists = _canonical_names(aliases)

    groups: dict[str, list[Candidate]] = {}
    for c in cands:
        name = canon.get((c.name or c.text).lower(), c.name or c.text)
        groups.setdefault(name, []).append(c)
    mentions: list[EntityMention] = []
    guessed: set[str] = set()
    for name, group in groups.items():
        names_aliases = [a for a in alias_lists.get(name, []) if a != name]
        etype, decided = _decide_type(name, group, text, findings.type_hints, names_aliases)
        if not decided:
            guessed.add(name)
        for c in group:
            mentions.append(EntityMention(c.text, etype, c.start, c.end, name=name,
                                          aliases=list(names_aliases), source=c.source))
    _share_type_across_conjunctions(text, mentions, guessed)
    mentions.extend(_mentions_for_relation_names(text, findings.relations, mentions, findings.type_hints))
    _attach_nicknames(nicknames, mentions)
    _attach_roles(mentions, findings.roles, findings.relations, findings.speaker_org, speaker)

    if process_spans is None:
        process_spans = [(s.start, s.end) for s in split_statements(text) if s.is_process]
    mentions.extend(_process_mentions(text, process_spans))
    concepts, concept_relations = _concept_mentions(text, findings.speaker_org or SPEAKER_ORG)
    mentions.extend(concepts)
    mentions.sort(key=lambda m: (m.start, m.end))

    relations = list(findings.relations) + concept_relations
    for main, alias_names in alias_lists.items():
        relations.extend(Relation(main, "alias", a) for a in alias_names)
    return EntityExtraction(mentions, relations, find_pronouns(text))


def _mentions_for_relation_names(text: str, relations: list[Relation], mentions: list[EntityMention],
                                 hints: dict[str, EntityType]) -> list[EntityMention]:
    """Relation endpoints that are capitalised names but were not found as mentions."""
    known = {m.name for m in mentions} | {m.text for m in mentions}
    extra: list[EntityMention] = []
    placeholders = placeholder_spans(text)
    for rel in relations:
        for name in (rel.src, rel.dst):
            if name in known or name in (SPEAKER, SPEAKER_ORG) or not name[:1].isupper():
                continue
            m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
            if m and not any(overlaps(m.start(), m.end(), p0, p1) for p0, p1 in placeholders):
                etype = hints.get(name) or default_type(name, None)
                extra.append(EntityMention(name, etype, m.start(), m.end()))
                known.add(name)
    return extra


def _attach_roles(mentions: list[EntityMention], roles: dict[str, str], relations: list[Relation],
                  speaker_org: str | None, speaker: str) -> None:
    for m in mentions:
        role = roles.get(m.name) or roles.get(m.text)
        if role:
            m.role = role
        for rel in relations:
            if rel.src not in (m.name, m.text):
                continue
            if rel.predicate in ("belongs_to", "works_for"):
                m.attributes.setdefault("belongs_to", rel.dst)
            elif rel.predicate.endswith("_of") and rel.dst == speaker:
                m.attributes.setdefault("relation_to_speaker", rel.predicate[: -len("_of")])
        if speaker_org and speaker_org in (m.name, m.text, *m.aliases):
            m.attributes["speaker_org"] = "true"


_STRIP_GAPS = re.compile(r"\s+([,.;:!?])")


def strip_names(text: str, names: list[str] | tuple[str, ...] | set[str]) -> str:
    """The sentence without the given names (and their possessive 's), for disambiguation context.

    strip_names("Ask if Maya's draft reads naturally.", ["Maya"])
    -> "Ask if draft reads naturally."
    """
    out = text
    for name in sorted({n for n in names if n and n.strip()}, key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(name.strip())}(?:['’]s)?(?!\w)", " ", out, flags=re.IGNORECASE)
    out = _STRIP_GAPS.sub(r"\1", re.sub(r"\s+", " ", out)).strip()
    out = re.sub(r"^[,;:.\s]+", "", out)
    return re.sub(r"([,;:])\1+", r"\1", out)
