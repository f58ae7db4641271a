"""Where personal data lives: one declarative registry that forgetting and its verification derive from.

Every table of the schema has an entry (tests/api/test_forget_registry.py introspects the migrated
database and fails when a table, a person column (uuid named *user_id, owner_id, *_by, actor_id) or
a text/jsonb/array column is not declared here). An entry says:

- `subject`: uuid columns naming the person the rows belong to; rows are found by them and deleted.
- `via`: rows found through a parent row: (column, id set) pairs, the id sets being collected from
  the subject's rows before anything is deleted (`memory_ids`, `entity_ids`, `event_ids`).
- `scan`: columns whose text/jsonb is searched for the subject's ids (records other people wrote on
  the subject's behalf, e.g. a parent's idempotency record whose stored response names the child).
- `actors`: uuid columns naming whoever acted on someone else's row (created_by, decided_by ...):
  set to NULL when that actor is forgotten, unless the place is `retained`.
- `content`: text/jsonb/array columns that may hold someone's words: the verification searches them
  for the subject's id and for the fingerprints of the forgotten texts (`fingerprints` below).
- `plain`: text columns holding codes, hashes or vocabulary only (not searched), with the reason in
  `note`.
- `retained`: audit_log and tombstones keep ids, hashes and a fixed reason code, never free text;
  their content columns are still searched for fingerprints.
- `keep_on_child_request`: SQL condition of the subject's rows that a forget executed from a
  child's own request leaves in place (parent-set safety rules, the user row and tokens, household
  policy), so the child keeps using the service and keeps the rules it may not delete.

Redis keys, bus streams and blobs are declared in `OTHER_STORES`.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Iterable

from .textnorm import normalise, strings_in

KEPT_SAFETY = "type = 'safety' AND source = 'parent'"


@dataclass(frozen=True)
class Place:
    table: str
    subject: tuple[str, ...] = ()
    via: tuple[tuple[str, str], ...] = ()
    scan: tuple[str, ...] = ()
    actors: tuple[str, ...] = ()
    content: tuple[str, ...] = ()
    plain: tuple[str, ...] = ()
    retained: bool = False
    keep_on_child_request: str | None = None
    no_personal_data: str | None = None  # the reason, for tables that hold none
    note: str = ""

    @property
    def columns(self) -> set[str]:
        return {*self.subject, *(c for c, _ in self.via), *self.scan, *self.actors, *self.content, *self.plain}


# Deletion order: rows found through parents (id sets are collected first), then memory_items before
# the BM25 tables (its delete triggers update them; deleting the statistics first would leave
# negative counts behind), then the user's own rows.
PLACES: tuple[Place, ...] = (
    Place("processed_events", via=(("event_id", "event_ids"),), plain=("consumer", "event_id"),
          note="dedupe records of the subject's outbox events (event_id = '<tenant>:<outbox id>')"),
    Place("consumer_progress", subject=("owner_id",), plain=("consumer", "last_event_id"),
          note="per-owner counters of applied events"),
    Place("outbox", subject=("owner_id",), content=("payload", "aggregate_id"), plain=("event_type",),
          note="payloads carry ids only; rows of the subject go, sent or not"),
    Place("idempotency_keys", subject=("user_id",), scan=("response",), content=("response",),
          plain=("key", "request_hash"),
          note="stored responses hold memory texts and owner ids: a parent's or orchestrator's record "
               "written on the subject's behalf is found by scanning the response for the subject's id"),
    Place("disclosed_lines", subject=("owner_id",), content=("line",),
          note="each line contextify gave, as given (migration 0025); a deleted memory's line loses its text"),
    Place("decision_logs", subject=("owner_id",), actors=("asked_by",), content=("decisions", "session_id"),
          note="ids, paths, reasons, and the question asked (redacted by the household policy) and by whom"),
    Place("review_queue", subject=("owner_id",), actors=("decided_by",), content=("candidate", "reasons"),
          plain=("status", "memory_id", "kind", "feedback_id")),
    Place("memory_feedback", subject=("owner_id",), actors=("given_by", "decided_by"),
          plain=("kind", "status", "effect", "given_role"),
          note="who marked which memory wrong, outdated, sensitive or asked to forget it: ids and codes, no text"),
    Place("memory_versions", via=(("memory_id", "memory_ids"),), actors=("changed_by",),
          content=("snapshot", "reason"), note="history snapshots and PATCH reasons go with their memory"),
    Place("memory_entities", via=(("memory_id", "memory_ids"), ("entity_id", "entity_ids")), plain=("role",)),
    Place("entity_edges", via=(("src_entity_id", "entity_ids"), ("dst_entity_id", "entity_ids"),
                               ("memory_id", "memory_ids")), content=("predicate",)),
    Place("memory_items", subject=("owner_id",), actors=("created_by",),
          content=("text", "search_text", "context_text", "subject", "predicate", "value", "value_json",
                   "speaker", "session_id", "said_in", "said_again", "project_id", "origin_ref", "origin_event_id", "emotion",
                   "tags"),
          plain=("type", "scope", "source", "tier", "retention_policy", "pii_types", "safety_flags",
                 "encryption_key_id", "text_hash", "embedding_model", "layer"),
          keep_on_child_request=KEPT_SAFETY,
          note="embedding, content_embedding, tsv and encrypted_original go with the row"),
    Place("sync_changes", subject=("owner_id",), plain=("op",),
          keep_on_child_request="op = 'forget' OR target_id IN (SELECT memory_id FROM memory_items "
                                f"WHERE owner_id = sync_changes.owner_id AND {KEPT_SAFETY})",
          note="edge devices' change log (migration 0017): memory ids, an op code and a cursor, no content; "
               "after memory_items so the deletions the forget itself logs go too, and a child-request forget "
               "keeps the kept rules' rows and its own 'forget' marker (devices wipe and sync again)"),
    Place("sync_receipts", subject=("user_id",), plain=("cursor_reached", "id_hashes", "digest"),
          keep_on_child_request="true",
          note="a device's proof that it applied removals and forgets: hashes of memory ids, counts, a cursor"),
    Place("bm25_postings", subject=("owner_id",), plain=("term",),
          keep_on_child_request=f"memory_id IN (SELECT memory_id FROM memory_items WHERE {KEPT_SAFETY})",
          note="stemmed terms of the owner's rows; the delete triggers remove them with the rows"),
    Place("bm25_term_stats", subject=("owner_id",), plain=("term",), keep_on_child_request="true",
          note="per-owner document frequencies; terms whose df reaches zero are pruned by the triggers"),
    Place("bm25_owner_stats", subject=("owner_id",), keep_on_child_request="true"),
    Place("entities", subject=("owner_id",),
          content=("canonical_name", "aliases", "norm_names", "profile_summary", "profile_statements", "context_tags",
                   "facets"),
          plain=("type", "embedding_model")),
    Place("documents", subject=("owner_id",), content=("title", "source_uri", "blob_path")),
    Place("entity_merge_proposals", subject=("owner_id",), actors=("decided_by",),
          content=("evidence", "snapshot"), plain=("rule", "status", "keep_id", "merge_id"),
          note="pairs of the owner's entities that may be one person; an accepted one keeps a snapshot "
               "(names, links) for undo"),
    Place("forget_requests", subject=("user_id",), actors=("decided_by",), plain=("status",),
          keep_on_child_request="true", note="who asked to be forgotten and who decided; no content"),
    Place("consent_settings", subject=("user_id",), actors=("updated_by",), content=("policy",),
          keep_on_child_request="true", note="the household policy a parent set for the child"),
    Place("api_tokens", subject=("user_id",), actors=("created_by", "rotated_by", "revoked_by"), plain=("label",),
          keep_on_child_request="true"),
    Place("household_invitations", subject=("user_id",), actors=("created_by", "revoked_by"),
          content=("display_name",), plain=("role", "age_band"), keep_on_child_request="true",
          note="a parent's invitation of a member (the code only as a hash); user_id is who accepted it"),
    Place("users", subject=("user_id",), content=("display_name",), plain=("role", "age_band_defaulted_at"),
          keep_on_child_request="true"),
    Place("audit_log", actors=("actor_id",), content=("reason", "details"),
          plain=("actor_role", "action", "target_type", "target_id"), retained=True,
          note="who/when/what with ids and a fixed reason code (audit_repo.audit stores no free text)"),
    Place("tombstones", actors=("deleted_by",), content=("reason",), plain=("target_type", "target_id"),
          retained=True, note="ids, a reason code and fingerprints (hashes) of what was erased"),
    Place("tenants", actors=("opted_in_by",), plain=("name", "kind", "opted_in_at"),
          note="the household or organisation, not a person; who opted it in is cleared when forgotten"),
    Place("alembic_version", plain=("version_num",), no_personal_data="schema revision"),
)

BY_TABLE = {p.table: p for p in PLACES}

# Stores outside Postgres, with the key patterns / names that hold a subject's data.
OTHER_STORES = {
    "redis_keys": "mem:{tenant}:{owner}:* (session recent lists sess:<id>:recent, session tracking "
                  "sess:<id>:entities, speakers set): deleted by prefix; rate-limit counters "
                  "(ratelimit:u:<hash of tenant and user>, one window) and portal sessions "
                  "(portal:sess:<hash>: a token hash) name no one",
    "bus_redis_streams": "<prefix>:p<i> and <prefix>:dlq:<group> entries whose key (the owner) or payload "
                         "names the subject: XDEL (EventBus.purge_subject)",
    "bus_eventhubs": "events cannot be deleted: payloads carry ids only (no content) and expire with the "
                     "hub's retention; dead-letter blobs of the subject are deleted",
    "blobs": "{tenant}/{owner}/ prefix of the blob container (res.blob, when configured)",
    "owner_vector_indexes": "memory_items_embedding_owner_<owner id in hex>: a large owner's own HNSW "
                            "index (memcore.retrieval.owner_vector_index). Forgetting deletes the rows, "
                            "so their entries are dead tuples, as in the table's own index, until vacuum. "
                            "The index itself (the owner's id in its name) is DDL the service role may "
                            "not run: the next owner-index run drops it (the owner has no rows left; "
                            "hourly in the worker, or `memctl owner-indexes` where the job is off)",
}

# Reason codes: the only reasons audit_log and tombstones store (never a caller's free text).
REASON_CODES = frozenset({
    "unspecified", "user_request", "child_request", "parent_request", "admin_request", "correction",
    "privacy", "retention", "other",
})


def reason_code(reason: str | None) -> str:
    """A caller's reason reduced to a fixed code: a known code is kept, any other text is 'other'."""
    if reason is None or not reason.strip():
        return "unspecified"
    r = reason.strip().lower().replace(" ", "_").replace("-", "_")
    return r if r in REASON_CODES else "other"


# ---- fingerprints: hashes of forgotten texts, to search for copies without keeping the text ----

NGRAM = 5          # a text's fingerprints are its word 5-grams (whole text when shorter) ...
MIN_WORDS = 3      # ... and texts of fewer words are not fingerprinted (names are found by id)
_WORD = re.compile(r"\w+", re.UNICODE)


def _h(words: Iterable[str]) -> bytes:
    return hashlib.sha256(" ".join(words).encode()).digest()[:12]


def words_of(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


def fingerprints(texts: Iterable[str]) -> set[bytes]:
    out: set[bytes] = set()
    for t in texts:
        w = words_of(t)
        if len(w) < MIN_WORDS:
            continue
        n = min(NGRAM, len(w))
        out.update(_h(w[i:i + n]) for i in range(len(w) - n + 1))
    return out


def grams_of(text: str) -> set[bytes]:
    """Every 3..NGRAM-gram hash of a stored text: intersects `fingerprints` of any text it contains."""
    w = words_of(text)
    return {_h(w[i:i + n]) for n in range(MIN_WORDS, NGRAM + 1) for i in range(len(w) - n + 1)}


def holds_fingerprint(value: Any, prints: set[bytes]) -> bool:
    return bool(prints) and any(grams_of(s) & prints for s in strings_in(value))
