"""Request and response models of the memory API."""
from __future__ import annotations

import math
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Annotated, Any, Literal
from uuid import UUID

import orjson
from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, field_validator

MemoryType = Literal[
    "episodic", "semantic", "preference", "identity", "relationship", "safety",
    "skill", "device", "process", "document", "summary", "routine",
]
Scope = Literal["user", "workspace", "project", "session"]
Source = Literal["user", "parent", "system", "sensor", "import"]

MAX_TEXT_CHARS = 8000  # longest memory text / utterance accepted (MEMORY_MAX_TEXT_CHARS caps lower)
MAX_QUERY_CHARS = 2000
MAX_BATCH = 500

# Limits of structured fields (documented in the OpenAPI descriptions; a breach is a 422 naming the field).
MIN_TIME = datetime(1900, 1, 1, tzinfo=timezone.utc)
MAX_TIME = datetime(2200, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)
MAX_TAGS, MAX_TAG_CHARS = 50, 100
MAX_VALUE_JSON_BYTES, MAX_VALUE_JSON_DEPTH, MAX_VALUE_JSON_KEY_CHARS = 16 * 1024, 8, 200
MAX_EMOTIONS, MAX_EMOTION_KEY_CHARS = 16, 50

# The configured MEMORY_MAX_TEXT_CHARS of the app serving the request (set per request by deps.check_body;
# a context variable, so two apps in one process with different settings do not disturb each other).
text_limit: ContextVar[int] = ContextVar("memory_text_limit", default=MAX_TEXT_CHARS)


def utc_representable(v: datetime) -> datetime:
    """A time within 1900-01-01 and 2200-12-31 (UTC; a time without zone is UTC). Earlier or later times
    are almost always mistakes, and years near 1 or 9999 overflow date arithmetic on the read path."""
    try:
        utc = v.astimezone(timezone.utc) if v.tzinfo else v.replace(tzinfo=timezone.utc)
    except (OverflowError, ValueError) as exc:
        raise ValueError("time out of range: it must fall between 1900-01-01 and 2200-12-31 (UTC)") from exc
    if not MIN_TIME <= utc <= MAX_TIME:
        raise ValueError("time out of range: it must fall between 1900-01-01 and 2200-12-31 (UTC)")
    return v


AwareTime = Annotated[AwareDatetime, AfterValidator(utc_representable)]
AnyTime = Annotated[datetime, AfterValidator(utc_representable)]  # a time without zone is UTC


def _bounded_text(v: str) -> str:
    limit = min(text_limit.get(), MAX_TEXT_CHARS)
    if len(v) > limit:
        raise ValueError(f"text is {len(v)} characters; the limit is {limit} (MEMORY_MAX_TEXT_CHARS)")
    return v


def _tag(v: str) -> str:
    v = v.strip()
    if not v:
        raise ValueError("a tag must not be empty or blank")
    if len(v) > MAX_TAG_CHARS:
        raise ValueError(f"a tag is at most {MAX_TAG_CHARS} characters, this one has {len(v)}")
    return v


Tag = Annotated[str, AfterValidator(_tag)]
Tags = Annotated[list[Tag], Field(max_length=MAX_TAGS,
                                  description=f"At most {MAX_TAGS} tags of 1-{MAX_TAG_CHARS} characters")]


def _json_depth_and_keys(v: Any, depth: int = 1) -> int:
    if depth > MAX_VALUE_JSON_DEPTH:
        raise ValueError(f"value_json is nested deeper than {MAX_VALUE_JSON_DEPTH} levels")
    if isinstance(v, dict):
        for k, item in v.items():
            if len(k) > MAX_VALUE_JSON_KEY_CHARS:
                raise ValueError(f"value_json keys are at most {MAX_VALUE_JSON_KEY_CHARS} characters")
            _json_depth_and_keys(item, depth + 1)
    elif isinstance(v, list):
        for item in v:
            _json_depth_and_keys(item, depth + 1)
    elif isinstance(v, float) and not math.isfinite(v):
        raise ValueError("value_json numbers must be finite (no NaN or Infinity)")
    elif isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**64:
        raise ValueError("value_json integers must fit in 64 bits")
    return depth


def _value_json(v: dict[str, Any] | None) -> dict[str, Any] | None:
    if v is None:
        return v
    _json_depth_and_keys(v)
    size = len(orjson.dumps(v))
    if size > MAX_VALUE_JSON_BYTES:
        raise ValueError(f"value_json is {size} bytes serialized; the limit is {MAX_VALUE_JSON_BYTES}")
    return v


ValueJson = Annotated[dict[str, Any] | None, AfterValidator(_value_json), Field(
    description=f"Structured value: at most {MAX_VALUE_JSON_BYTES} bytes as JSON, nested at most "
                f"{MAX_VALUE_JSON_DEPTH} levels, keys at most {MAX_VALUE_JSON_KEY_CHARS} characters")]

EmotionKey = Annotated[str, Field(min_length=1, max_length=MAX_EMOTION_KEY_CHARS)]
Emotion = Annotated[dict[EmotionKey, Annotated[float, Field(ge=-1, le=1, allow_inf_nan=False)]] | None, Field(
    max_length=MAX_EMOTIONS,
    description=f"At most {MAX_EMOTIONS} emotions (names of 1-{MAX_EMOTION_KEY_CHARS} characters) scored -1..1")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _clean_text(v: str) -> str:
    if "\x00" in v:
        raise ValueError("text must not contain NUL characters")
    v = v.strip()
    if not v:
        raise ValueError("text must not be empty")
    return v


def _memory_text(v: str) -> str:
    """Memory and utterance text: cleaned, and within the app's MEMORY_MAX_TEXT_CHARS."""
    return _bounded_text(_clean_text(v))


TEXT_DESCRIPTION = f"1-{MAX_TEXT_CHARS} characters (MEMORY_MAX_TEXT_CHARS may set a lower limit)"


class MemoryCandidate(Strict):
    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description=TEXT_DESCRIPTION)
    type: MemoryType = "episodic"
    scope: Scope = "user"
    session_id: str | None = Field(None, max_length=200)
    project_id: str | None = Field(None, max_length=200)
    subject: str | None = Field(None, max_length=300)
    predicate: str | None = Field(None, max_length=100)
    value: str | None = Field(None, max_length=1000)
    value_json: ValueJson = None
    source: Source = "user"
    speaker: str | None = Field(None, max_length=200)
    confidence: float = Field(0.7, ge=0, le=1)
    salience: float = Field(0.5, ge=0, le=1)
    emotion: Emotion = None
    tags: Tags = Field(default_factory=list)
    observed_at: AwareTime | None = Field(None, description="When it was said or observed (ISO 8601 with zone)")
    valid_from: AwareTime | None = None
    pinned: bool = False
    tier: Literal["hypothesis", "solid"] = "solid"
    origin_ref: str | None = Field(None, max_length=300, description="The caller's id of the source turn/event")
    retention_policy: str = Field("default", max_length=50)

    _text = field_validator("text")(_memory_text)


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
    expires_at: datetime | None = Field(None, description="When retention removes it (null: kept until deleted); "
                                                          "a pinned memory is never removed")
    layer: Literal["record", "knowledge"] = Field(
        "knowledge", description="record: a conversation turn as said (episodic); knowledge: what was learned "
                                 "(an atomic fact), or a memory written directly")
    source_turns: list[UUID] = Field(default_factory=list,
                                     description="The turn records a knowledge memory was drawn from")


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
    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description=TEXT_DESCRIPTION)
    at: AwareTime | None = Field(None, description="When it was said (ISO 8601 with zone); default now")
    owner_id: UUID | None = None
    image_caption: str | None = Field(None, max_length=2000)
    origin_ref: str | None = Field(None, max_length=300)
    scope: Scope = Field("user", description="How far what is learned from the turn reaches: user (every context "
                                             "of the owner), workspace, project (reads for `project_id` only) "
                                             "or session (reads in this session only)")
    project_id: str | None = Field(None, max_length=200, description="The project the conversation belongs to")
    speaker_role: Literal["owner", "assistant", "other"] | None = Field(
        None, description="Who said it: the owner (their turns teach knowledge about them), the assistant or "
                          "another speaker (kept as the turn's record only). Default: 'assistant' when the "
                          "speaker is assistant, companion, bot, ai, system, model or agent; else 'owner'")

    _text = field_validator("text")(_memory_text)


class TurnResponse(BaseModel):
    session_id: str
    stored: bool
    reason: str | None = None
    items: list[WriteResult]
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Time per stage, for operators")


class Filters(Strict):
    types: list[MemoryType] | None = Field(None, max_length=11)
    tags: Tags | None = None
    since: AwareTime | None = None
    until: AwareTime | None = None
    session_id: str | None = Field(None, max_length=200)
    project_id: str | None = Field(None, max_length=200)
    scope: Scope | None = Field(None, description="Only memories of exactly this scope")
    as_of: AwareTime | None = Field(None, description="What was known (valid) at this time")
    include_hypotheses: bool = False


READ_CONTEXT_DESCRIPTION = ("The project the read is for: memories scoped to another project are left out "
                            "(user- and workspace-wide ones always count); none: every project's")


class RetrieveRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    owner_id: UUID | None = None
    project_id: str | None = Field(None, max_length=200, description=READ_CONTEXT_DESCRIPTION)
    session_id: str | None = Field(None, max_length=200, description="The session the read is for: its "
                                                                     "session-scoped memories are included")
    scope: Scope | None = Field(None, description="Only memories of exactly this scope (e.g. a project's own)")
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
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Time per stage, for operators")


class ContextifyRequest(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    session_id: str | None = Field(None, max_length=200)
    project_id: str | None = Field(None, max_length=200, description=READ_CONTEXT_DESCRIPTION)
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
    text: str | None = Field(None, min_length=1, max_length=MAX_TEXT_CHARS, description=TEXT_DESCRIPTION)
    type: MemoryType | None = None
    subject: str | None = Field(None, max_length=300)
    predicate: str | None = Field(None, max_length=100)
    value: str | None = Field(None, max_length=1000)
    confidence: float | None = Field(None, ge=0, le=1)
    salience: float | None = Field(None, ge=0, le=1)
    tags: Tags | None = None
    pinned: bool | None = None
    valid_to: AwareTime | None = None
    expected_version: int | None = Field(None, ge=1)
    reason: str | None = Field(None, max_length=500)

    @field_validator("text")
    @classmethod
    def _t(cls, v: str | None) -> str | None:
        return None if v is None else _memory_text(v)


class MemoryList(BaseModel):
    items: list[MemoryOut]
    next_cursor: str | None = None


class DocumentRequest(Strict):
    title: str | None = Field(None, max_length=500)
    text: str = Field(min_length=1, max_length=2_000_000)
    owner_id: UUID | None = None
    source_uri: str | None = Field(None, max_length=2000)
    tags: Tags = Field(default_factory=list)
    observed_at: AwareTime | None = None

    _text = field_validator("text")(_clean_text)


class DocumentResponse(BaseModel):
    document_id: UUID
    chunks: list[WriteResult]
    token_count: int
    original_kept: bool = Field(False, description="Whether the document as uploaded is kept in blob storage "
                                                   "(GET /v1/documents/{id}/original)")
    original_reason: str | None = Field(None, description="Why the original is not kept, when it is not")


def to_out(row: Any) -> MemoryOut:
    """A stored memory row (store/memory_repo.COLUMNS) as the API shows it."""
    return MemoryOut(**dict(row))
