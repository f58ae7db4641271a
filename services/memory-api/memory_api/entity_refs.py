"""What a statement refers to (pure): the entities it names (MentionRef, from extraction), the
relations between them, and the references to a person it makes without a name ("And he is
learning Japanese", "My cousin says ...", "the accountant sent ...": a MentionRef of type
"reference"), which memory_api.coreference resolves."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from memcore.entities import beside_name, matching
from memcore.extraction.lexicon import OPENER_WORDS
from memcore.extraction.models import EntityMention, ExtractedStatement
from memcore.extraction.pronouns import find_pronouns
from memcore.textnorm import norm_name


@dataclass(frozen=True)
class MentionRef:
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    role: str | None = None
    org: str | None = None
    nicknames: tuple[str, ...] = ()
    start: int = -1  # offset in the utterance (for "a Peter" / "another Peter")
    kin: str | None = None  # who they are to the speaker ("cousin")


@dataclass
class EntityRefs:
    mentions: list[MentionRef] = field(default_factory=list)
    relations: list[tuple[str, str, str]] = field(default_factory=list)  # (src name, predicate, dst name)
    known: dict[str, MentionRef] = field(default_factory=dict)  # every entity of the utterance, by name
    utterance: str = ""

    @property
    def worth_linking(self) -> bool:
        """Mentions, or a capitalised word that may be a known person's name (memory_api.coreference.known_first_names)."""
        return bool(self.mentions) or bool(name_like_words(self.utterance))


REFERENCE = "reference"  # a MentionRef that points at a person without naming them
_TITLE_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?:['’-][A-Za-z]+)?(?![\w'’-])")
PERSON_PRONOUNS = {"he", "him", "his", "himself", "she", "her", "hers", "herself"}
SUBJECT_PRONOUNS = {"he", "she"}
# "my cousin", "our accountant", "the bus driver": a description that may name a known person's role
_DESCRIPTION = re.compile(r"\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?")
_NOT_DESCRIPTIONS = frozenset("own other same first last next best most only new old whole same".split())


def _ref(m: EntityMention) -> MentionRef:
    nick = m.attributes.get("nickname")
    name = matching.clean_person_name(m.name) if m.type.value == "person" else m.name
    kin = m.attributes.get("relation_to_speaker") if m.type.value == "person" else None
    return MentionRef(name, m.type.value, tuple(m.aliases), m.role, m.attributes.get("belongs_to"),
                      (nick,) if nick else (), getattr(m, "start", -1), kin if isinstance(kin, str) else None)


def _descriptions(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for m in _DESCRIPTION.finditer(text):
        first, second = m.group(1), m.group(2)
        if first in _NOT_DESCRIPTIONS:
            continue
        out.append(first)
        if second:
            out.append(f"{first} {second}")
    return tuple(dict.fromkeys(out))


def references(text: str, named: Sequence[str] = ()) -> list[MentionRef]:
    """The references to a person a statement makes without a name: descriptions ("my cousin"; in
    `aliases`, the phrases to look up), but those that say who one of the `named` is, and singular
    personal pronouns."""
    out = []
    desc = tuple(d for d in _descriptions(text) if not beside_name.describes_a_name(text, d, named))
    if desc:
        out.append(MentionRef(desc[0], REFERENCE, desc, start=text.find(desc[0])))
    for p in find_pronouns(text):
        if p.text.lower() in PERSON_PRONOUNS:
            out.append(MentionRef(p.text.lower(), REFERENCE, start=p.start))
            break
    return out


def refs_from_statement(statement: ExtractedStatement, utterance_mentions: Iterable[EntityMention] = (),
                        utterance: str = "") -> EntityRefs:
    """EntityRefs from an extracted statement (memcore.extraction models); relation ends named
    elsewhere in the same utterance are resolved through `utterance_mentions`. A statement that
    names no person but refers to one also carries its references (see the module docstring)."""
    relations = [(r.src, r.predicate, r.dst) for r in statement.relations
                 if not r.src.startswith("@") and not r.dst.startswith("@")]
    mentions = [_ref(m) for m in statement.mentions]
    owners = beside_name.descriptor_owners(statement.text, [(m.name, m.start) for m in mentions if m.type == "person"])
    mentions = [m for m in mentions if m.name not in owners]  # "Mum" of "Mum's friend Hana": part of who Hana is
    if not any(m.type == "person" and matching.plausible_name(m.name) for m in mentions):
        mentions += references(statement.text, [m.name for m in mentions])
    return EntityRefs(mentions, relations, {m.name: _ref(m) for m in utterance_mentions}, utterance)


def name_like_words(text: str) -> dict[str, str]:
    """Capitalised words that could be a name (normalised -> as written): not sentence openers."""
    out: dict[str, str] = {}
    for w in _TITLE_WORD.findall(text):
        n = norm_name(w)
        if n and n not in OPENER_WORDS and matching.plausible_name(w):
            out.setdefault(n, w)
    return out
