"""Core schema: tenants, users, consent, memory items, entities, history, audit, outbox.

Every table carries tenant_id, and every primary, unique and foreign key starts with it, so the
schema can be distributed by tenant later (docs/scaling.md). Row-level security is added in 0002.

Revision ID: 0001
Revises:
"""
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

MEMORY_TYPES = (
    "episodic", "semantic", "preference", "identity", "relationship", "safety",
    "skill", "device", "process", "document", "summary",
)
ENTITY_TYPES = ("person", "org", "project", "place", "system", "process", "concept")


def _in(values: tuple[str, ...]) -> str:
    return "(" + ", ".join(f"'{v}'" for v in values) + ")"


SCHEMA = f"""
CREATE TABLE tenants (
    tenant_id   uuid PRIMARY KEY,
    name        text NOT NULL,
    kind        text NOT NULL DEFAULT 'household' CHECK (kind IN ('household', 'organisation')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    tenant_id     uuid NOT NULL REFERENCES tenants (tenant_id) ON DELETE CASCADE,
    user_id       uuid NOT NULL,
    display_name  text NOT NULL,
    role          text NOT NULL CHECK (role IN ('child', 'user', 'parent', 'orchestrator', 'admin')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id)
);

CREATE TABLE api_tokens (
    tenant_id   uuid NOT NULL,
    token_hash  bytea NOT NULL,
    user_id     uuid NOT NULL,
    label       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
);
CREATE INDEX api_tokens_hash ON api_tokens (token_hash);

-- Per-user consent and household policy (memory on/off, per-category toggles, PII rules ...).
CREATE TABLE consent_settings (
    tenant_id   uuid NOT NULL,
    user_id     uuid NOT NULL,
    policy      jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  uuid,
    PRIMARY KEY (tenant_id, user_id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
);

CREATE TABLE documents (
    tenant_id   uuid NOT NULL,
    document_id uuid NOT NULL,
    owner_id    uuid NOT NULL,
    title       text,
    source_uri  text,
    blob_path   text,
    token_count integer,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, document_id),
    FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
);

CREATE TABLE memory_items (
    tenant_id         uuid NOT NULL,
    memory_id         uuid NOT NULL,
    owner_id          uuid NOT NULL,
    type              text NOT NULL CHECK (type IN {_in(MEMORY_TYPES)}),
    scope             text NOT NULL DEFAULT 'user' CHECK (scope IN ('user', 'workspace', 'project', 'session')),
    session_id        text,
    project_id        text,
    subject           text,
    predicate         text,
    value             text,
    text              text NOT NULL,
    value_json        jsonb,
    source            text NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'parent', 'system', 'sensor', 'import')),
    speaker           text,
    confidence        real NOT NULL DEFAULT 0.7 CHECK (confidence BETWEEN 0 AND 1),
    salience          real NOT NULL DEFAULT 0.5 CHECK (salience BETWEEN 0 AND 1),
    emotion           jsonb,
    tier              text NOT NULL DEFAULT 'solid' CHECK (tier IN ('hypothesis', 'solid')),
    tags              text[] NOT NULL DEFAULT '{{}}',
    links             uuid[] NOT NULL DEFAULT '{{}}',
    origin_event_id   text,
    origin_ref        text,
    document_id       uuid,
    chunk_index       integer,
    duplicate_of      uuid,
    pinned            boolean NOT NULL DEFAULT false,
    observed_at       timestamptz NOT NULL DEFAULT now(),
    valid_from        timestamptz NOT NULL DEFAULT now(),
    valid_to          timestamptz,
    version           integer NOT NULL DEFAULT 1,
    retention_policy  text NOT NULL DEFAULT 'default',
    expires_at        timestamptz,
    pii_types         text[] NOT NULL DEFAULT '{{}}',
    safety_flags      text[] NOT NULL DEFAULT '{{}}',
    encrypted_original bytea,
    encryption_key_id text,
    text_hash         text NOT NULL,
    mention_count     integer NOT NULL DEFAULT 1,
    last_seen_at      timestamptz NOT NULL DEFAULT now(),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    created_by        uuid,
    embedding         vector(384),
    embedding_model   text,
    search_text       text NOT NULL,
    tsv               tsvector NOT NULL,
    doc_len           integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, memory_id),
    FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, document_id) REFERENCES documents (tenant_id, document_id) ON DELETE CASCADE
);
CREATE INDEX memory_items_owner_type_time ON memory_items (tenant_id, owner_id, type, observed_at DESC);
CREATE INDEX memory_items_owner_hash ON memory_items (tenant_id, owner_id, text_hash);
CREATE INDEX memory_items_tsv ON memory_items USING gin (tsv);
CREATE INDEX memory_items_embedding ON memory_items USING hnsw (embedding vector_cosine_ops)
    WITH (m = 16, ef_construction = 64);
CREATE INDEX memory_items_session ON memory_items (tenant_id, owner_id, session_id) WHERE session_id IS NOT NULL;
CREATE INDEX memory_items_subject ON memory_items (tenant_id, owner_id, lower(subject), predicate)
    WHERE subject IS NOT NULL;

-- Okapi BM25 statistics, per owner: document count and total length, and per-term document
-- frequency. Kept current by statement-level triggers (0003).
CREATE TABLE bm25_owner_stats (
    tenant_id  uuid NOT NULL,
    owner_id   uuid NOT NULL,
    doc_count  bigint NOT NULL DEFAULT 0,
    total_len  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, owner_id)
);
CREATE TABLE bm25_term_stats (
    tenant_id  uuid NOT NULL,
    owner_id   uuid NOT NULL,
    term       text NOT NULL,
    df         integer NOT NULL,
    PRIMARY KEY (tenant_id, owner_id, term)
);

CREATE TABLE memory_versions (
    tenant_id   uuid NOT NULL,
    memory_id   uuid NOT NULL,
    version     integer NOT NULL,
    snapshot    jsonb NOT NULL,
    changed_by  uuid,
    reason      text,
    changed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, memory_id, version),
    FOREIGN KEY (tenant_id, memory_id) REFERENCES memory_items (tenant_id, memory_id) ON DELETE CASCADE
);

CREATE TABLE entities (
    tenant_id          uuid NOT NULL,
    entity_id          uuid NOT NULL,
    owner_id           uuid NOT NULL,
    type               text NOT NULL CHECK (type IN {_in(ENTITY_TYPES)}),
    canonical_name     text NOT NULL,
    aliases            text[] NOT NULL DEFAULT '{{}}',
    norm_names         text[] NOT NULL DEFAULT '{{}}',
    parent_entity_id   uuid,
    profile_summary    text NOT NULL DEFAULT '',
    profile_embedding  vector(384),
    embedding_model    text,
    context_tags       text[] NOT NULL DEFAULT '{{}}',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, entity_id),
    FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, parent_entity_id) REFERENCES entities (tenant_id, entity_id) ON DELETE SET NULL (parent_entity_id)
);
CREATE INDEX entities_norm_names ON entities USING gin (norm_names);
CREATE INDEX entities_name_trgm ON entities USING gin (lower(canonical_name) gin_trgm_ops);
CREATE INDEX entities_owner ON entities (tenant_id, owner_id, type);

CREATE TABLE memory_entities (
    tenant_id  uuid NOT NULL,
    memory_id  uuid NOT NULL,
    entity_id  uuid NOT NULL,
    role       text NOT NULL DEFAULT 'mention',
    PRIMARY KEY (tenant_id, memory_id, entity_id),
    FOREIGN KEY (tenant_id, memory_id) REFERENCES memory_items (tenant_id, memory_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, entity_id) REFERENCES entities (tenant_id, entity_id) ON DELETE CASCADE
);
CREATE INDEX memory_entities_entity ON memory_entities (tenant_id, entity_id);

CREATE TABLE entity_edges (
    tenant_id      uuid NOT NULL,
    edge_id        uuid NOT NULL,
    src_entity_id  uuid NOT NULL,
    predicate      text NOT NULL,
    dst_entity_id  uuid NOT NULL,
    memory_id      uuid,
    valid_from     timestamptz NOT NULL DEFAULT now(),
    valid_to       timestamptz,
    PRIMARY KEY (tenant_id, edge_id),
    FOREIGN KEY (tenant_id, src_entity_id) REFERENCES entities (tenant_id, entity_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, dst_entity_id) REFERENCES entities (tenant_id, entity_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, memory_id) REFERENCES memory_items (tenant_id, memory_id) ON DELETE CASCADE
);
CREATE INDEX entity_edges_src ON entity_edges (tenant_id, src_entity_id);
CREATE INDEX entity_edges_dst ON entity_edges (tenant_id, dst_entity_id);

-- Who did what, when and why. Never holds memory content (forgetting leaves only this).
CREATE TABLE audit_log (
    tenant_id   uuid NOT NULL,
    audit_id    bigint GENERATED ALWAYS AS IDENTITY,
    at          timestamptz NOT NULL DEFAULT now(),
    actor_id    uuid,
    actor_role  text,
    action      text NOT NULL,
    reason      text,
    target_type text NOT NULL,
    target_id   text,
    old_version integer,
    new_version integer,
    details     jsonb NOT NULL DEFAULT '{{}}'::jsonb,
    PRIMARY KEY (tenant_id, audit_id)
);

-- Per-turn decision logs of contextify (ids, paths and reasons; no content).
CREATE TABLE decision_logs (
    tenant_id   uuid NOT NULL,
    decision_id uuid NOT NULL,
    owner_id    uuid NOT NULL,
    session_id  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    decisions   jsonb NOT NULL,
    PRIMARY KEY (tenant_id, decision_id)
);
CREATE INDEX decision_logs_owner ON decision_logs (tenant_id, owner_id, created_at DESC);

-- Transactional outbox: written in the same transaction as the change it describes.
CREATE TABLE outbox (
    tenant_id    uuid NOT NULL,
    event_id     bigint GENERATED ALWAYS AS IDENTITY,
    owner_id     uuid NOT NULL,
    event_type   text NOT NULL,
    aggregate_id text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    sent_at      timestamptz,
    PRIMARY KEY (tenant_id, event_id)
);
CREATE INDEX outbox_unsent ON outbox (event_id) WHERE sent_at IS NULL;

-- Idempotent consumers record each event they applied, in the same transaction as the effect.
CREATE TABLE processed_events (
    tenant_id    uuid NOT NULL,
    consumer     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, consumer, event_id)
);

-- Idempotency-Key replays for write endpoints.
CREATE TABLE idempotency_keys (
    tenant_id     uuid NOT NULL,
    user_id       uuid NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    status_code   integer NOT NULL,
    response      jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id, key)
);

-- Candidates a policy held for parent review (redacted text only).
CREATE TABLE review_queue (
    tenant_id   uuid NOT NULL,
    review_id   uuid NOT NULL,
    owner_id    uuid NOT NULL,
    candidate   jsonb NOT NULL,
    reasons     text[] NOT NULL DEFAULT '{{}}',
    status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    decided_at  timestamptz,
    decided_by  uuid,
    PRIMARY KEY (tenant_id, review_id)
);

-- What was erased, without its content, so a verification job can prove nothing remains.
CREATE TABLE tombstones (
    tenant_id    uuid NOT NULL,
    tombstone_id uuid NOT NULL,
    target_type  text NOT NULL,
    target_id    text NOT NULL,
    deleted_at   timestamptz NOT NULL DEFAULT now(),
    deleted_by   uuid,
    reason       text,
    verified_at  timestamptz,
    PRIMARY KEY (tenant_id, tombstone_id)
);
"""

TABLES = (
    "outbox", "processed_events", "idempotency_keys", "review_queue", "tombstones",
    "decision_logs", "audit_log", "entity_edges", "memory_entities", "entities",
    "memory_versions", "bm25_term_stats", "bm25_owner_stats", "memory_items", "documents",
    "consent_settings", "api_tokens", "users", "tenants",
)


def upgrade() -> None:
    op.execute(SCHEMA)


def downgrade() -> None:
    for table in TABLES:
        op.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
