"""Request and response models of the memory API."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, field_validator

MemoryType = Literal[
    "episodic", "semantic", "preference", "identity", "relationship", "safety",
    "skill", "device", "process", "document", "summary",
]
Scope = Literal["user", "workspace", "project", "session"]
Source = Literal["user", "parent", "system", "sensor", "import"]

MAX_TEXT_CHARS = 8000  # longest memory text / utterance accepted (MEMORY_MAX_TEXT_CHARS caps lower)
MAX_QUERY_CHARS = 2000
MAX_BATCH = 500


def utc_representable(v: datetime) -> datetime:
    """A time the database can store: its UTC form must fall within years 1-9999
    (0001-01-01T01:00+02:00 is 0000-12-31 in UTC)."""
    try:
        v.astimezone(timezone.utc)
    except (OverflowError, ValueError) as exc:
        raise ValueError("time out of range: it must fall between 0001-01-01 and 9999-12-31 in UTC") from exc
    return v


AwareTime = Annotated[AwareDatetime, AfterValidator(utc_representable)]
AnyTime = Annotated[datetime, AfterValidator(utc_representable)]  # a time without zone is UTC


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _clean_text(v: str) -> str:
    if "\x00" in v:
        raise ValueError("text must not contain NUL characters")
    v = v.strip()
    if not v:
        raise ValueError("text must not be empty")
    return v


class MemoryCandidate(Strict):
    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description=f"1-{MAX_TEXT_CHARS} characters")
    type: MemoryType = "episodic"
    scope: Scope = "user"
    session_id: str | None = Field(None, max_length=200)
    project_id: str | None = Field(None, max_length=200)
    subject: str | None = Field(None, max_length=300)
    predicate: str | None = Field(None, max_length=100)
    value: str | None = Field(None, max_length=1000)
    value_json: dict[str, Any] | None = None
    source: Source = "user"
    speaker: str | None = Field(None, max_length=200)
    confidence: float = Field(0.7, ge=0, le=1)
    salience: float = Field(0.5, ge=0, le=1)
    emotion: dict[str, float] | None = None
    tags: list[str] = Field(default_factory=list, max_length=50)
    observed_at: AwareTime | None = Field(None, description="When it was said or observed (ISO 8601 with zone)")
    valid_from: AwareTime | None = None
    pinned: bool = False
    tier: Literal["hypothesis", "solid"] = "solid"
    origin_ref: str | None = Field(None, max_length=300, description="The caller's id of the source turn/event")
    retention_policy: str = Field("default", max_length=50)

    _text = field_validator("text")(_clean_text)


class CandidatesRequest(Strict):
    owner_id: UUID | None = Field(None, description="Whose memory (guardian roles only); default: the caller")
    items: list[MemoryCandidate] = Field(min_length=1, max_length=MAX_BATCH)


class CommitItem(MemoryCandidate):
    memory_id: UUID | None = Field(None, description="Update this memory instead of creating one")
    expected_version: int | None = Field(None, ge=1, description="Optimistic concurrency check for updates")


class CommitRequest(Strict):
    owner_id: UUID | None = None
    items: list[CommitItem] = Field(min_length=1, max_length=MAX_BATCH)


class MemoryOut(BaseModel):
    id: UUID
    owner_id: UUID
    type: str
    scope: str
    text: str
    subject: str | None = None
    predicate: str | None = None
    value: str | None = None
    value_json: dict[str, Any] | None = None
    source: str
    speaker: str | None = None
    confidence: float
    salience: float
    tier: str
    tags: list[str]
    links: list[UUID]
    pinned: bool
    session_id: str | None = None
    session_seq: int | None = None
    project_id: str | None = None
    origin_ref: str | None = None
    document_id: UUID | None = None
    duplicate_of: UUID | None = None
    observed_at: datetime
    valid_from: datetime
    valid_to: datetime | None = None
    version: int
    mention_count: int
    pii_types: list[str]
    safety_flags: list[str]
    embedding_model: str | None = None
    created_at: datetime
    updated_at: datetime


WriteStatus = Literal["created", "updated", "reinforced", "dropped", "held"]


class WriteResult(BaseModel):
    status: WriteStatus
    memory: MemoryOut | None = None
    near_duplicate_of: UUID | None = None
    reasons: list[str] = Field(default_factory=list)


class WriteResponse(BaseModel):
    items: list[WriteResult]
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Time per stage, for operators")


class TurnRequest(Strict):
    speaker: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS)
    at: AwareTime | None = Field(None, description="When it was said (ISO 8601 with zone); default now")
    owner_id: UUID | None = None
    image_caption: str | None = Field(None, max_length=2000)
    origin_ref: str | None = Field(None, max_length=300)

    _text = field_validator("text")(_clean_text)


class TurnResponse(BaseModel):
    session_id: str
    stored: bool
    reason: str | None = None
    items: list[WriteResult]
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Time per stage, for operators")


class Filters(Strict):
    types: list[MemoryType] | None = Field(None, max_length=11)
    tags: list[str] | None = Field(None, max_length=50)
    since: AwareTime | None = None
    until: AwareTime | None = None
    session_id: str | None = Field(None, max_length=200)
    project_id: str | None = Field(None, max_length=200)
    as_of: AwareTime | None = Field(None, description="What was known (valid) at this time")
    include_hypotheses: bool = False


class RetrieveRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    owner_id: UUID | None = None
    scope: Scope | None = None
    filters: Filters = Field(default_factory=Filters)
    k: int = Field(10, ge=1, le=100)
    mode: Literal["full", "bm25", "vector", "rrf"] = Field(
        "full", description="Diagnostic: rank by one signal alone, plain RRF, or the full pipeline")

    _q = field_validator("query")(_clean_text)


class SignalScore(BaseModel):
    rank: int
    score: float


class RetrievedItem(BaseModel):
    memory: MemoryOut
    score: float
    signals: dict[str, SignalScore]


class RetrieveResponse(BaseModel):
    items: list[RetrievedItem]
    took_ms: float


class ContextifyRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    session_id: str | None = Field(None, max_length=200)
    owner_id: UUID | None = None
    token_budget: int = Field(300, ge=1, le=16000, description="Tokens (model tokenizer) for the memory block")
    filters: Filters = Field(default_factory=Filters)

    _q = field_validator("query")(_clean_text)


class ContextLine(BaseModel):
    memory_id: UUID | None
    category: str
    path: str
    line: str
    tokens: int


class Decision(BaseModel):
    memory_id: UUID | None
    action: Literal["included", "suppressed"]
    path: str
    reason: str


class ContextifyResponse(BaseModel):
    context: str
    lines: list[ContextLine]
    decisions: list[Decision]
    tokens_used: int
    token_budget: int
    gated: bool = Field(description="True when the turn needs no memory and the block is empty")
    degraded: bool = False
    decision_id: UUID | None = None
    clarification: dict[str, Any] | None = None
    took_ms: float
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Time per stage, for operators")


class MemoryPatch(Strict):
    text: str | None = Field(None, min_length=1, max_length=MAX_TEXT_CHARS)
    type: MemoryType | None = None
    subject: str | None = Field(None, max_length=300)
    predicate: str | None = Field(None, max_length=100)
    value: str | None = Field(None, max_length=1000)
    confidence: float | None = Field(None, ge=0, le=1)
    salience: float | None = Field(None, ge=0, le=1)
    tags: list[str] | None = Field(None, max_length=50)
    pinned: bool | None = None
    valid_to: AwareTime | None = None
    expected_version: int | None = Field(None, ge=1)
    reason: str | None = Field(None, max_length=500)

    @field_validator("text")
    @classmethod
    def _t(cls, v):
        return None if v is None else _clean_text(v)


class MemoryList(BaseModel):
    items: list[MemoryOut]
    next_cursor: str | None = None


class DocumentRequest(Strict):
    title: str | None = Field(None, max_length=500)
    text: str = Field(min_length=1, max_length=2_000_000)
    owner_id: UUID | None = None
    source_uri: str | None = Field(None, max_length=2000)
    tags: list[str] = Field(default_factory=list, max_length=50)
    observed_at: AwareTime | None = None

    _text = field_validator("text")(_clean_text)


class DocumentResponse(BaseModel):
    document_id: UUID
    chunks: list[WriteResult]
    token_count: int
