"""Result dataclasses of the deterministic extraction layer."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum

# Placeholder for "our organisation" when the utterance does not name it
# ("Peter is one of our writers"); the caller resolves it to the owner's scene org.
SPEAKER_ORG = "@speaker_org"
# Placeholder for the speaker when the speaker's name is unknown.
SPEAKER = "@speaker"


class MemoryType(str, Enum):
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PREFERENCE = "preference"
    IDENTITY = "identity"
    RELATIONSHIP = "relationship"
    SAFETY = "safety"
    SKILL = "skill"
    DEVICE = "device"
    PROCESS = "process"
    DOCUMENT = "document"
    SUMMARY = "summary"


# Knowledge that stays valid until contradicted; never decays out of reach.
FOUNDATIONAL_TYPES = frozenset(
    {
        MemoryType.IDENTITY,
        MemoryType.RELATIONSHIP,
        MemoryType.SAFETY,
        MemoryType.PROCESS,
        MemoryType.SEMANTIC,
    }
)


class EntityType(str, Enum):
    PERSON = "person"
    ORG = "org"
    PROJECT = "project"
    PLACE = "place"
    SYSTEM = "system"
    PROCESS = "process"
    CONCEPT = "concept"


@dataclass(frozen=True)
class Triple:
    subject: str
    predicate: str
    value: str


@dataclass(frozen=True)
class Relation:
    src: str
    predicate: str
    dst: str


@dataclass
class EntityMention:
    text: str  # surface text as written ("the Anderson order")
    type: EntityType
    start: int
    end: int
    name: str = ""  # canonical name ("Anderson order"); defaults to text
    aliases: list[str] = field(default_factory=list)
    role: str | None = None
    attributes: dict[str, str] = field(default_factory=dict)
    source: str = "rule"  # "rule" | "ner" | "rule+ner"

    def __post_init__(self) -> None:
        if not self.name:
            self.name = self.text


@dataclass(frozen=True)
class PronounMention:
    text: str
    start: int
    end: int
    gender: str | None  # "masc" | "fem" | "neut" | None (unknown / plural)
    number: str  # "sg" | "pl"
    possessive: bool
    demonstrative: bool


@dataclass(frozen=True)
class Statement:
    text: str
    start: int
    end: int
    is_process: bool = False
    is_question: bool = False


@dataclass(frozen=True)
class Classification:
    type: MemoryType
    confidence: float
    triples: tuple[Triple, ...]
    reason: str


@dataclass(frozen=True)
class Salience:
    score: float  # 0..1
    factors: dict[str, float]


@dataclass(frozen=True)
class EntityExtraction:
    mentions: list[EntityMention]
    relations: list[Relation]
    pronouns: list[PronounMention]


@dataclass
class ExtractedStatement:
    text: str
    start: int
    end: int
    type: MemoryType
    type_confidence: float
    salience: float
    salience_factors: dict[str, float]
    triples: list[Triple]
    mentions: list[EntityMention]
    relations: list[Relation]
    norm_hash: str
    is_question: bool
    event_date: date | None
    storable: bool = True  # False for questions and pure acknowledgements


@dataclass
class ExtractionResult:
    utterance: str
    speaker: str
    at: datetime
    statements: list[ExtractedStatement]
    mentions: list[EntityMention]
    relations: list[Relation]
    pronouns: list[PronounMention]
    needs_memory: bool
    needs_memory_reason: str
    ner_used: bool
