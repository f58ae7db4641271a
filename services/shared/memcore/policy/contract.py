"""Pydantic models exchanged between memory-api and the policy service.

The policy service is stateless: every request carries the household policy it must apply.
PII is never echoed back in clear: responses carry spans (offsets, type, score) and redacted text.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.json_schema import SkipJsonSchema

from memcore.policy.age_bands import band_defaults, rules_for

MemoryType = Literal[
    "episodic",
    "semantic",
    "preference",
    "identity",
    "relationship",
    "safety",
    "skill",
    "device",
    "process",
    "document",
    "summary",
    "routine",
]
MEMORY_TYPES: tuple[str, ...] = MemoryType.__args__  # type: ignore[attr-defined]

ActorRole = Literal["child", "user", "parent", "orchestrator", "admin"]
PARENT_ROLES: frozenset[str] = frozenset({"parent", "admin"})

# PII types; the redaction placeholder of a type is "<TYPE>", e.g. "<PHONE>".
PiiType = Literal["PHONE", "EMAIL", "ADDRESS", "SSN", "CARD", "DOB", "IBAN", "IP"]
PII_TYPES: tuple[str, ...] = PiiType.__args__  # type: ignore[attr-defined]
PiiAction = Literal["encrypt", "redact", "drop"]

AgeBand = Literal["under_8", "8_12", "13_17", "adult"]
WriteDecisionKind = Literal["allow", "redact", "drop", "hold"]

# Safety flags stored on a memory. A child never sees RESTRICTED / PARENT_ONLY items.
FLAG_RESTRICTED = "restricted"
FLAG_PARENT_ONLY = "parent_only"
FLAG_PROFANITY = "profanity"
FLAG_AGE_SENSITIVE = "age_sensitive"
FLAG_SAFETY_RULE = "safety_rule"
HIDDEN_FROM_CHILD_FLAGS: frozenset[str] = frozenset(
    {FLAG_RESTRICTED, FLAG_PARENT_ONLY, FLAG_PROFANITY, FLAG_AGE_SENSITIVE}
)

MAX_TEXT_CHARS = 20_000
MAX_ITEMS = 500


def placeholder_for(pii_type: str) -> str:
    """The searchable stand-in for a redacted PII value, e.g. ``<PHONE>``."""
    return f"<{pii_type}>"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _redact_everything() -> dict[str, PiiAction]:
    return {t: "redact" for t in PII_TYPES}


class HouseholdPolicy(_Strict):
    """What a household (parent) allows the assistant to learn and show. Fields left out take the
    defaults of the age band (`memcore.policy.age_bands`)."""

    # Whether the household has opted in to memory (tenants.opted_in_at). Closed unless said: only
    # memory-api's policy loader (memory_api.policy_loading) sets it, from the tenant row. It is not
    # part of the stored policy or of any schema (excluded from dumps, hidden from the JSON schema),
    # and a request body that names it is refused (routers/admin.py).
    household_opted_in: SkipJsonSchema[bool] = Field(default=False, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _band_defaults(cls, data):
        if isinstance(data, dict):
            band = data.get("age_band", "adult")
            if isinstance(band, str):
                return {**band_defaults(band, PII_TYPES), **data}
        return data

    memory_enabled: bool = True
    category_toggles: dict[MemoryType, bool] = Field(
        default_factory=dict, description="Memory type -> enabled; a missing type is enabled."
    )
    pii_rules: dict[PiiType, PiiAction] = Field(
        default_factory=_redact_everything,
        description="PII type -> action; left out: every type takes the age band's default (under_8: "
                    "'drop', others: 'redact', keep only the redacted text).",
    )
    do_not_learn_topics: list[str] = Field(default_factory=list, max_length=200)
    age_band: AgeBand = "adult"
    profanity_extra_words: list[str] = Field(default_factory=list, max_length=500)
    profanity_allow_words: list[str] = Field(default_factory=list, max_length=500)
    review_new_types: list[MemoryType] = Field(
        default_factory=list, description="Memory types a child's or user's new memories of go to the parent "
                                          "review queue (hold); left out: the age band's default (under_8: "
                                          "relationship and identity, else none)."
    )
    retention_days: dict[MemoryType, Annotated[int, Field(ge=1, le=36500)] | None] = Field(
        default_factory=dict,
        description="Memory type -> days a new memory of it is kept (null: until deleted). A missing type "
                    "keeps the default: episodic 90 days, session scope until the session ends, the rest kept. "
                    "Safety rules and pinned memories never expire.",
    )

    def category_enabled(self, memory_type: str) -> bool:
        return self.category_toggles.get(memory_type, True)  # type: ignore[call-overload]

    def pii_action(self, pii_type: str) -> PiiAction:
        return self.pii_rules.get(pii_type, rules_for(self.age_band).pii_default)  # type: ignore[call-overload]

    @property
    def is_child_household(self) -> bool:
        return self.age_band != "adult"


class PiiSpan(_Strict):
    """Where PII was found. Never carries the PII text itself."""

    type: PiiType
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    score: float = Field(ge=0.0, le=1.0)


class WriteItem(_Strict):
    text: str = Field(max_length=MAX_TEXT_CHARS)
    type: MemoryType | None = Field(
        description="The memory's type; null checks the text alone (PII, topics, safety categories) before "
                    "the type is known, and the caller applies memcore.policy.type_rules once it is."
    )
    tags: list[str] = Field(default_factory=list, max_length=64)
    source: str | None = Field(default=None, max_length=64, description="e.g. child, parent, system, sensor")


class WriteCheckRequest(_Strict):
    actor_role: ActorRole
    policy: HouseholdPolicy = Field(default_factory=HouseholdPolicy)
    items: list[WriteItem] = Field(min_length=1, max_length=MAX_ITEMS)


class WriteDecision(_Strict):
    decision: WriteDecisionKind
    reasons: list[str] = Field(default_factory=list)
    redacted_text: str | None = Field(
        default=None, description="Text to store and index (PII replaced by placeholders); null when dropped."
    )
    pii: list[PiiSpan] = Field(default_factory=list)
    keep_encrypted_original: bool = Field(
        default=False, description="True only if every PII type found is 'encrypt' in pii_rules."
    )
    safety_flags: list[str] = Field(default_factory=list)


class WriteCheckResponse(_Strict):
    items: list[WriteDecision]
    degraded: bool = False


class ReadItem(_Strict):
    id: str = Field(max_length=128)
    text: str = Field(max_length=MAX_TEXT_CHARS)
    type: MemoryType
    source: str | None = Field(default=None, max_length=64)
    pii_types: list[PiiType] = Field(default_factory=list)
    safety_flags: list[str] = Field(default_factory=list)


class ReadCheckRequest(_Strict):
    actor_role: ActorRole = Field(description="Role of the person the output will reach.")
    policy: HouseholdPolicy = Field(default_factory=HouseholdPolicy)
    items: list[ReadItem] = Field(default_factory=list, max_length=MAX_ITEMS)


class ReadDecision(_Strict):
    id: str
    visible: bool
    text: str | None = Field(default=None, description="Redacted text when visible; null when hidden.")
    reasons: list[str] = Field(default_factory=list)


class ReadCheckResponse(_Strict):
    items: list[ReadDecision]
    safety_first: list[str] = Field(
        default_factory=list, description="Ids of visible safety rules, to be placed first in the context."
    )
    degraded: bool = False


class RestrictedMemory(_Strict):
    id: str = Field(max_length=128)
    text: str = Field(max_length=MAX_TEXT_CHARS)


class OutputCheckRequest(_Strict):
    text: str = Field(max_length=MAX_TEXT_CHARS)
    restricted: list[RestrictedMemory] = Field(default_factory=list, max_length=MAX_ITEMS)
    policy: HouseholdPolicy | None = Field(
        default=None, description="Optional: household profanity extra/allow words."
    )


OutputFlagKind = Literal["pii", "restricted_memory", "profanity"]


class OutputFlag(_Strict):
    kind: OutputFlagKind
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    memory_id: str | None = None
    type: str | None = Field(default=None, description="PII type, or profanity category.")


class OutputCheckResponse(_Strict):
    flags: list[OutputFlag] = Field(default_factory=list)
    ok: bool
