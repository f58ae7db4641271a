"""What a model extractor may return, checked strictly (issue 35 item 5).

The model answers with JSON `{"facts": [...]}`, each fact in the seed's contract: `subject`,
`predicate`, `value`, `certainty`, `type`, `pii_flags`. Nothing it says is trusted as it comes:

- the answer must be a JSON object with a `facts` list, or the whole answer is refused
  (`ModelOutputError`: the caller falls back to the deterministic extractor);
- each fact is checked on its own, and a bad one is rejected with a reason code (counted), never
  repaired: a missing or unknown field, a type outside the knowledge types, a predicate that is not
  snake_case, a certainty outside 0..1, a PII flag that is no PII type;
- its value must be said in the turn (every word of it, in any order: the model may not add or
  correct anything), and its subject must be the owner or someone named in the turn;
- a model's certainty is capped (MODEL_CERTAINTY_CAP): it is a second opinion, not a stronger one.

Pure: no I/O. The turn given here is the owner's own (redacted) text; the assistant's lines never
reach a model extractor (extractors.py decides who said what before anything is sent).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..policy.contract import PII_TYPES
from .models import Fact
from .person import possessive

KNOWLEDGE_TYPES = frozenset({"preference", "relationship", "identity", "routine", "skill", "safety", "process",
                             "semantic", "episodic"})
CONTRACT_FIELDS = ("subject", "predicate", "value", "certainty", "type", "pii_flags")
MODEL_CERTAINTY_CAP = 0.85
MAX_FACTS = 20  # an answer with more is cut here (the rest rejected as `too_many`)
_PREDICATE = re.compile(r"^[a-z][a-z0-9_]{0,59}$")
_WORD = re.compile(r"[\w<>]+(?:['’][a-z]+)?", re.UNICODE)
# Words a value may add without saying anything new.
_FILLER = frozenset({"a", "an", "the", "to", "of"})
# Capitalised at a sentence's start, never a name.
_NOT_NAMES = frozenset("""i i'm i’m a an the my our your his her their we he she they it this that these those
and but so or because since when while after before at in on of to for from with yesterday today tomorrow
tonight last next every sometimes usually yes no ok okay hello hi hey thanks please well also then there
here what who where why how""".split())
# How the model may name the owner.
OWNER_WORDS = frozenset({"i", "me", "user", "the user", "owner", "the owner", "speaker", "the speaker"})


class ModelOutputError(ValueError):
    """The answer as a whole is not the contract: nothing of it is used."""


class ModelFact(BaseModel):
    """One fact as the model must state it (strict: no coercion, no extra fields)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    subject: str
    predicate: str
    value: str
    certainty: float
    type: str
    pii_flags: list[str]


@dataclass(frozen=True)
class Rejection:
    """A fact the model stated that was not kept: its position, a reason code (counted) and a detail
    naming the field, never quoting the value."""

    index: int
    code: str
    detail: str


@dataclass
class Checked:
    """The facts kept (in the project's Fact form) and the rejections, with their count by code."""

    facts: list[Fact] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    pii_flags: dict[int, list[str]] = field(default_factory=dict)  # position in `facts` -> the model's flags

    def counts(self) -> Counter[str]:
        return Counter(r.code for r in self.rejected)


def _words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def said_in(value: str, turn: str) -> bool:
    """Every word of `value` (articles aside) occurs in the turn."""
    said = set(_words(turn))
    words = [w for w in _words(value) if w not in _FILLER]
    return bool(words) and all(w in said for w in words)


def names_in(turn: str) -> set[str]:
    """Names said in the turn: capitalised words and runs of them ("Noah", "Uncle Ben", "Polaris Labs"),
    lowercased; a sentence's first word counts too (it may be a name) unless it is a function word."""
    runs = re.findall(r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*", turn)
    out: set[str] = set()
    for run in runs:
        parts = [p.lower() for p in run.split() if p.lower() not in _NOT_NAMES]
        # every run of adjacent words: "Tuesday Grandpa Joe" holds "Grandpa Joe" and "Joe"
        out.update(" ".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1))
    return out


def subject_of(subject: str, owner: str, turn: str) -> str | None:
    """The subject as stored: the owner's name for the owner, a name said in the turn as said; None
    for anything else (a person the turn does not name, a description, an invention)."""
    s = " ".join(subject.split())
    low = s.lower()
    if low in OWNER_WORDS or low == owner.lower():
        return owner
    if low.startswith(("my ", "our ", "the ")):
        return None
    return s if low in names_in(turn) else None


_PHRASES = {"likes": "likes", "loves": "loves", "dislikes": "dislikes", "hates": "hates", "fears": "is scared of",
            "name": "is called", "age": "is", "lives_in": "lives in", "can": "can", "job": "works as",
            "must_avoid": "must avoid", "allergic_to": "is allergic to", "routine": "", "has_pet": "has a pet"}


_LINKING = ("_of", "_in", "_at", "_to", "_with", "_for", "_from", "_on")
_VERBS = frozenset({"works", "lives", "goes", "plays", "has", "is", "was", "visits", "studies", "uses", "does",
                    "enjoys", "wants", "owns", "speaks", "attends", "leads", "manages", "reports"})


def canonical_text(subject: str, predicate: str, value: str) -> str:
    """A short line that names the person: "Mia likes horses", "Mia's best friend is Noah",
    "Dana works at Polaris Labs"."""
    verb = _PHRASES.get(predicate)
    if verb == "":
        return f"{subject} {value}"
    if verb is not None:
        return f"{subject} {verb} {value}"
    words = predicate.replace("_", " ")
    if predicate.endswith(_LINKING) or words.split()[0] in _VERBS:
        return f"{subject} {words} {value}"
    return f"{possessive(subject)} {words} is {value}"


def _one(i: int, raw: Any, turn: str, owner: str) -> tuple[Fact, list[str]] | Rejection:
    if not isinstance(raw, dict):
        return Rejection(i, "not_an_object", "a fact must be a JSON object")
    missing = [k for k in CONTRACT_FIELDS if k not in raw]
    if missing:
        return Rejection(i, "missing_field", f"missing {', '.join(missing)}")
    try:
        fact = ModelFact.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "fact"
        code = "unknown_field" if first["type"] == "extra_forbidden" else "bad_field"
        return Rejection(i, code, f"{where}: {first['type']}")
    if fact.type not in KNOWLEDGE_TYPES:
        return Rejection(i, "unknown_type", "type is not a knowledge type")
    if not _PREDICATE.match(fact.predicate):
        return Rejection(i, "bad_predicate", "predicate is not snake_case (a-z, 0-9, _; at most 60)")
    if not 0.0 <= fact.certainty <= 1.0:
        return Rejection(i, "bad_certainty", "certainty outside 0..1")
    unknown_pii = [f for f in fact.pii_flags if f not in PII_TYPES]
    if unknown_pii:
        return Rejection(i, "bad_pii_flag", "pii_flags holds a value that is no PII type")
    value = " ".join(fact.value.split())
    if not value or len(value) > 300:
        return Rejection(i, "bad_value", "value empty or longer than 300 characters")
    if not said_in(value, turn):
        return Rejection(i, "value_not_in_turn", "value holds words the turn does not say")
    subject = subject_of(fact.subject, owner, turn)
    if subject is None:
        return Rejection(i, "subject_not_in_turn", "subject is neither the owner nor named in the turn")
    certainty = round(min(fact.certainty, MODEL_CERTAINTY_CAP), 3)
    text = canonical_text(subject, fact.predicate, value)
    return Fact(subject, fact.predicate, value, fact.type, certainty, text), list(fact.pii_flags)


def check_output(content: str | None, turn: str, owner: str) -> Checked:
    """The model's answer for `turn` (said by `owner`), checked fact by fact. Raises ModelOutputError
    when the answer is not a JSON object with a `facts` list."""
    if not content or not content.strip():
        raise ModelOutputError("empty answer")
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        raise ModelOutputError(f"not JSON ({exc.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("facts"), list):
        raise ModelOutputError("not an object with a 'facts' list")
    out = Checked()
    seen: set[tuple[str, str, str]] = set()
    for i, raw in enumerate(data["facts"]):
        if i >= MAX_FACTS:
            out.rejected.append(Rejection(i, "too_many", f"more than {MAX_FACTS} facts"))
            continue
        got = _one(i, raw, turn, owner)
        if isinstance(got, Rejection):
            out.rejected.append(got)
            continue
        fact, flags = got
        key = (fact.subject.lower(), fact.predicate, fact.value.lower())
        if key in seen:
            out.rejected.append(Rejection(i, "repeated", "the same fact twice in one answer"))
            continue
        seen.add(key)
        if flags:
            out.pii_flags[len(out.facts)] = flags
        out.facts.append(fact)
    return out


__all__ = ["CONTRACT_FIELDS", "Checked", "KNOWLEDGE_TYPES", "ModelFact", "ModelOutputError", "Rejection",
           "canonical_text", "check_output", "said_in", "subject_of"]
