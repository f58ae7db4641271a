"""Deterministic extraction layer: no I/O, no LLM.

    from memcore.extraction import extract
    result = extract("Peter is one of our writers.", speaker="user", at=datetime.now(UTC))
"""

from .classify import classify_statement
from .entities import extract_entities, strip_names
from .intent import MemoryNeed, memory_need, needs_memory
from .models import (
    FOUNDATIONAL_TYPES,
    SPEAKER,
    SPEAKER_ORG,
    Classification,
    EntityExtraction,
    EntityMention,
    EntityType,
    ExtractedStatement,
    ExtractionResult,
    MemoryType,
    PronounMention,
    Relation,
    Salience,
    Statement,
    Triple,
)
from .ner import ner_available, warm_up
from ..textnorm import normalise as normalise_text
from ..textnorm import text_hash
from .pipeline import extract
from .salience import score_salience
from .statements import split_statements
from .temporal import event_date, find_time_expressions

__all__ = [
    "FOUNDATIONAL_TYPES", "SPEAKER", "SPEAKER_ORG", "Classification", "EntityExtraction",
    "EntityMention", "EntityType", "ExtractedStatement", "ExtractionResult", "MemoryNeed",
    "MemoryType", "PronounMention", "Relation", "Salience", "Statement", "Triple",
    "classify_statement", "event_date", "extract", "extract_entities", "find_time_expressions",
    "memory_need", "needs_memory", "ner_available", "normalise_text", "score_salience",
    "split_statements", "strip_names", "text_hash", "warm_up",
]
