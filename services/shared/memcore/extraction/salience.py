"""Squire-style salience (0..1) from rules, computed at ingestion without an LLM.

salience = clamp(base[type] + sum(factor weights that fire), floor[type], 1.0)

Base by memory type (how much the kind of knowledge matters by itself):
    safety 0.60, process 0.55, identity 0.50, relationship 0.45, semantic 0.35,
    preference 0.35, skill 0.30, document 0.30, summary 0.30, device 0.25, episodic 0.15

Factors (each fires at most once; weights add up):
    explicit_marking  +0.25  "remember this", "don't forget", "important", "make sure", "note that"
    instruction       +0.15  imperative steps, "always", "never", "you need to", "how to"
    relationship      +0.10  roles, "works for", "my sister", "one of our ..."
    temporal_urgency  +0.10  "due", "deadline", "by Friday", "ASAP", "tomorrow", "late"
    self_reference    +0.05  "I", "my", "we", "our"
    emotion           +0.05 per emotion word, at most +0.10
    complexity        +0.00..+0.05  longer statements with several clauses (a proxy for detail)

Floors: foundational types (safety 0.75, process 0.70, identity 0.65, relationship 0.60,
semantic 0.45) never start below their floor, so "Peter is one of our writers" stays
well above day-to-day episodes such as "Peter submitted 7 articles Friday".
"""

from __future__ import annotations

import re

from .lexicon import EMOTION_WORDS
from .models import MemoryType, Salience
from .temporal import has_urgency

BASE: dict[MemoryType, float] = {
    MemoryType.SAFETY: 0.60,
    MemoryType.PROCESS: 0.55,
    MemoryType.IDENTITY: 0.50,
    MemoryType.RELATIONSHIP: 0.45,
    MemoryType.SEMANTIC: 0.35,
    MemoryType.PREFERENCE: 0.35,
    MemoryType.SKILL: 0.30,
    MemoryType.DOCUMENT: 0.30,
    MemoryType.SUMMARY: 0.30,
    MemoryType.DEVICE: 0.25,
    MemoryType.EPISODIC: 0.15,
}
FLOOR: dict[MemoryType, float] = {
    MemoryType.SAFETY: 0.75,
    MemoryType.PROCESS: 0.70,
    MemoryType.IDENTITY: 0.65,
    MemoryType.RELATIONSHIP: 0.60,
    MemoryType.SEMANTIC: 0.45,
}
WEIGHTS: dict[str, float] = {
    "explicit_marking": 0.25,
    "instruction": 0.15,
    "relationship": 0.10,
    "temporal_urgency": 0.10,
    "self_reference": 0.05,
    "emotion_per_word": 0.05,
    "emotion_max": 0.10,
    "complexity_max": 0.05,
}

_EXPLICIT = re.compile(
    r"\b(?:remember|don't\s+forget|don’t\s+forget|do\s+not\s+forget|never\s+forget|important|crucial|critical|"
    r"make\s+sure|note\s+that|keep\s+in\s+mind|for\s+future\s+reference|learn\s+this|you\s+need\s+to\s+know|"
    r"always\s+remember|pin\s+this)\b",
    re.I,
)
_INSTRUCTION = re.compile(
    r"\b(?:always|never|you\s+(?:need|have|must|should)\s+to|you\s+must|how\s+to|step\s+\d|first,|then\s+\w+|"
    r"process|procedure|instructions?)\b|^\s*(?:to\s+\w+[^,]{2,80},)",
    re.I,
)
_RELATIONSHIP = re.compile(
    r"\b(?:works?\s+(?:for|at|with)|reports\s+to|married\s+to|one\s+of\s+(?:our|my)|is\s+(?:my|our)\s+\w+|is\s+the\s+\w+\s+(?:of|at)\b|"
    r"manages|belongs\s+to|client|colleague|boss|sister|brother|mother|father|son|daughter|wife|husband|friend)\b",
    re.I,
)
_SELF = re.compile(r"\b(?:I|I'm|I’m|I've|my|me|mine|we|our|us)\b")
_WORD = re.compile(r"[A-Za-z']+")
_CLAUSE = re.compile(r"[,;:]|\b(?:and|but|because|so|which|who|that|if|when)\b", re.I)


def score_salience(text: str, memory_type: MemoryType, is_process: bool = False) -> Salience:
    """Salience of one statement with the factors that contributed."""
    factors: dict[str, float] = {"base": BASE[memory_type]}
    if _EXPLICIT.search(text):
        factors["explicit_marking"] = WEIGHTS["explicit_marking"]
    if is_process or memory_type == MemoryType.PROCESS or _INSTRUCTION.search(text):
        factors["instruction"] = WEIGHTS["instruction"]
    if memory_type == MemoryType.RELATIONSHIP or _RELATIONSHIP.search(text):
        factors["relationship"] = WEIGHTS["relationship"]
    if has_urgency(text):
        factors["temporal_urgency"] = WEIGHTS["temporal_urgency"]
    if _SELF.search(text):
        factors["self_reference"] = WEIGHTS["self_reference"]
    words = [w.lower() for w in _WORD.findall(text)]
    emotions = sum(1 for w in words if w in EMOTION_WORDS)
    if emotions:
        factors["emotion"] = min(WEIGHTS["emotion_max"], emotions * WEIGHTS["emotion_per_word"])
    clauses = len(_CLAUSE.findall(text))
    complexity = min(1.0, (len(words) / 40.0 + clauses / 6.0) / 2.0) * WEIGHTS["complexity_max"]
    if complexity > 0.005:
        factors["complexity"] = round(complexity, 4)
    raw = sum(factors.values())
    score = min(1.0, max(raw, FLOOR.get(memory_type, 0.0)))
    return Salience(round(score, 4), factors)
