"""The device's local store: one SQLite file (WAL, synchronous=FULL) holding the cached memories, their
full-text index (FTS5 over keyed term hashes), the sync cursor, and the write-behind queue of turns.

Texts, embeddings and queued turns are AES-GCM ciphertexts (crypto.FieldCipher); what stays in clear
is what the store must filter on: ids, the memory type, pinned, source, observed_at and the version.
"""
from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

import numpy as np

from .crypto import FieldCipher
from .protocol import START_CURSOR, id_hash
from .textindex import index_text, match_query

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS memories (
    rowid          INTEGER PRIMARY KEY,
    memory_id      TEXT NOT NULL UNIQUE,
    id_hash        TEXT NOT NULL UNIQUE,
    type           TEXT NOT NULL,
    pinned         INTEGER NOT NULL DEFAULT 0,
    source         TEXT NOT NULL,
    observed_at    TEXT NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    text_enc       BLOB NOT NULL,
    embedding_enc  BLOB
);
CREATE INDEX IF NOT EXISTS memories_type ON memories (type, observed_at);
CREATE VIRTUAL TABLE IF NOT EXISTS memory_terms USING fts5(terms);
CREATE TABLE IF NOT EXISTS outbox (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    idem_key   TEXT NOT NULL UNIQUE,
    body_enc   BLOB NOT NULL,
    queued_at  TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    status     TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'delivered', 'rejected')),
    last_error TEXT
);
CREATE TABLE IF NOT EXISTS receipt_pending (id_hash TEXT PRIMARY KEY);
"""
# What the FTS5 terms were made with (textindex.terms): a store whose index was made otherwise is
# re-indexed from its own texts when opened. 1 (or none): the old light suffix stripper; 2: Snowball
# English (memcore.stemming), as the cloud's BM25.
TERM_INDEX_VERSION = "2"
LOCAL_NOTE = "turn:"  # memory_id prefix of a queued turn kept as a recent note until the cloud has it


@dataclass
class CachedMemory:
    memory_id: str
    type: str
    text: str
    pinned: bool
    source: str
    observed_at: str
    version: int = 1
    embedding: np.ndarray | None = None  # float32, normalised


@dataclass
class QueuedTurn:
    seq: int
    idem_key: str
    session_id: str
    body: bytes
    attempts: int


class LocalStore:
    def __init__(self, path: Path, cipher: FieldCipher):
        self.path = Path(path)
        self.cipher = cipher
        self._lock = threading.RLock()
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")  # a queued turn survives a power cut once recorded
        self.db.executescript(SCHEMA)
        self._matrix: tuple[np.ndarray, list[int]] | None = None
        if self.get_meta("term_index") != TERM_INDEX_VERSION:
            self.reindex_terms()

    def close(self) -> None:
        with self._lock:
            self.db.close()

    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    # ---- meta ----
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        with self._lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, conn: sqlite3.Connection, key: str, value: str) -> None:
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     (key, value))

    @property
    def cursor(self) -> str:
        return self.get_meta("cursor", START_CURSOR)

    # ---- memories ----
    def upsert(self, conn: sqlite3.Connection, m: CachedMemory) -> None:
        emb = None
        if m.embedding is not None:
            emb = self.cipher.seal(np.asarray(m.embedding, dtype="<f2").tobytes(), "emb:" + m.memory_id)
        sealed = self.cipher.seal_text(m.text, "text:" + m.memory_id)
        row = conn.execute("SELECT rowid FROM memories WHERE memory_id = ?", (m.memory_id,)).fetchone()
        if row:
            conn.execute("UPDATE memories SET type = ?, pinned = ?, source = ?, observed_at = ?, version = ?, "
                         "text_enc = ?, embedding_enc = ? WHERE rowid = ?",
                         (m.type, int(m.pinned), m.source, m.observed_at, m.version, sealed, emb, row[0]))
            conn.execute("DELETE FROM memory_terms WHERE rowid = ?", (row[0],))
            rowid = row[0]
        else:
            rowid = conn.execute(
                "INSERT INTO memories (memory_id, id_hash, type, pinned, source, observed_at, version, text_enc, "
                "embedding_enc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (m.memory_id, id_hash(m.memory_id), m.type, int(m.pinned), m.source, m.observed_at, m.version,
                 sealed, emb)).lastrowid
        conn.execute("INSERT INTO memory_terms (rowid, terms) VALUES (?, ?)",
                     (rowid, index_text(self.cipher.index_key, m.text)))
        self._matrix = None

    def reindex_terms(self) -> int:
        """The full-text index made anew from the stored texts, under TERM_INDEX_VERSION; returns the rows."""
        with self.tx() as conn:
            rows = conn.execute("SELECT rowid, memory_id, text_enc FROM memories").fetchall()
            conn.execute("DELETE FROM memory_terms")
            conn.executemany("INSERT INTO memory_terms (rowid, terms) VALUES (?, ?)",
                             [(rowid, index_text(self.cipher.index_key, self.cipher.open_text(enc, "text:" + mid)))
                              for rowid, mid, enc in rows])
            self.set_meta(conn, "term_index", TERM_INDEX_VERSION)
        return len(rows)

    def remove_by_hash(self, conn: sqlite3.Connection, h: str) -> bool:
        row = conn.execute("SELECT rowid FROM memories WHERE id_hash = ?", (h,)).fetchone()
        if not row:
            return False
        conn.execute("DELETE FROM memory_terms WHERE rowid = ?", (row[0],))
        conn.execute("DELETE FROM memories WHERE rowid = ?", (row[0],))
        self._matrix = None
        return True

    def remove_where(self, conn: sqlite3.Connection, where: str, params: tuple = ()) -> list[str]:
        """Deletes matching memories (and their index rows); returns their id hashes."""
        rows = conn.execute(f"SELECT rowid, id_hash FROM memories WHERE {where}", params).fetchall()
        for rowid, _ in rows:
            conn.execute("DELETE FROM memory_terms WHERE rowid = ?", (rowid,))
            conn.execute("DELETE FROM memories WHERE rowid = ?", (rowid,))
        if rows:
            self._matrix = None
        return [h for _, h in rows]

    def count(self, where: str = "1", params: tuple = ()) -> int:
        with self._lock:
            return self.db.execute(f"SELECT count(*) FROM memories WHERE {where}", params).fetchone()[0]

    def _load(self, rows) -> list[CachedMemory]:
        out = []
        for mid, typ, pinned, source, observed, version, text_enc in rows:
            out.append(CachedMemory(mid, typ, self.cipher.open_text(text_enc, "text:" + mid), bool(pinned), source,
                                    observed, version))
        return out

    COLUMNS = "memory_id, type, pinned, source, observed_at, version, text_enc"

    def memories(self, where: str = "1", params: tuple = (), order: str = "observed_at") -> list[CachedMemory]:
        with self._lock:
            rows = self.db.execute(f"SELECT {self.COLUMNS} FROM memories WHERE {where} ORDER BY {order}",
                                   params).fetchall()
        return self._load(rows)

    def by_rowids(self, rowids: list[int]) -> dict[int, CachedMemory]:
        if not rowids:
            return {}
        marks = ",".join("?" * len(rowids))
        with self._lock:
            rows = self.db.execute(f"SELECT rowid, {self.COLUMNS} FROM memories WHERE rowid IN ({marks})",
                                   rowids).fetchall()
        return {r[0]: m for r, m in zip(rows, self._load([r[1:] for r in rows]))}

    # ---- search ----
    def bm25(self, query: str, k: int) -> list[int]:
        """Row ids by FTS5's BM25 over the hashed terms, best first."""
        expr = match_query(self.cipher.index_key, query)
        if expr is None:
            return []
        with self._lock:
            return [r[0] for r in self.db.execute(
                "SELECT rowid FROM memory_terms WHERE memory_terms MATCH ? ORDER BY bm25(memory_terms) LIMIT ?",
                (expr, k))]

    def vectors(self) -> tuple[np.ndarray, list[int]]:
        """All cached embeddings as one normalised float32 matrix (decrypted once per change)."""
        with self._lock:
            if self._matrix is None:
                rows = self.db.execute("SELECT rowid, memory_id, embedding_enc FROM memories "
                                       "WHERE embedding_enc IS NOT NULL").fetchall()
                vecs = [np.frombuffer(self.cipher.open(e, "emb:" + mid), dtype="<f2") for _, mid, e in rows]
                matrix = np.vstack(vecs).astype(np.float32) if vecs else np.zeros((0, 0), np.float32)
                if len(matrix):
                    matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
                self._matrix = (matrix, [r[0] for r in rows])
            return self._matrix

    # ---- the write-behind queue ----
    def enqueue(self, idem_key: str, session_id: str, body: bytes, note: CachedMemory | None) -> int:
        sealed = self.cipher.seal(session_id.encode() + b"\n" + body, "turn:" + idem_key)
        with self.tx() as conn:
            seq = conn.execute("INSERT INTO outbox (idem_key, body_enc, queued_at) VALUES (?, ?, ?)",
                               (idem_key, sealed, datetime.now(timezone.utc).isoformat())).lastrowid
            if note is not None:
                self.upsert(conn, note)
        return seq

    def next_queued(self) -> QueuedTurn | None:
        with self._lock:
            row = self.db.execute("SELECT seq, idem_key, body_enc, attempts FROM outbox WHERE status = 'queued' "
                                  "ORDER BY seq LIMIT 1").fetchone()
        if row is None:
            return None
        session, body = self.cipher.open(row[2], "turn:" + row[1]).split(b"\n", 1)
        return QueuedTurn(row[0], row[1], session.decode(), body, row[3])

    def mark(self, seq: int, status: str, error: str | None = None) -> None:
        with self.tx() as conn:
            conn.execute("UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ? WHERE seq = ?",
                         (status, error, seq))

    def attempt_failed(self, seq: int, error: str) -> None:
        with self.tx() as conn:
            conn.execute("UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE seq = ?", (error, seq))

    def queue_counts(self) -> dict[str, int]:
        with self._lock:
            return dict(self.db.execute("SELECT status, count(*) FROM outbox GROUP BY status").fetchall())

    def purge_all(self, conn: sqlite3.Connection) -> tuple[list[str], int]:
        """A forget: every cached memory and every turn not yet delivered. Returns (id hashes, turns)."""
        hashes = self.remove_where(conn, "1")
        turns = conn.execute("SELECT count(*) FROM outbox WHERE status <> 'delivered'").fetchone()[0]
        conn.execute("DELETE FROM outbox")
        return hashes, turns

    # ---- receipts owed to the API ----
    def owe_receipt(self, conn: sqlite3.Connection, hashes: list[str]) -> None:
        conn.executemany("INSERT OR IGNORE INTO receipt_pending (id_hash) VALUES (?)", [(h,) for h in hashes])

    def owed_receipt(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self.db.execute("SELECT id_hash FROM receipt_pending ORDER BY id_hash")]

    def receipt_sent(self, hashes: list[str], counters: tuple[str, ...]) -> None:
        with self.tx() as conn:
            conn.executemany("DELETE FROM receipt_pending WHERE id_hash = ?", [(h,) for h in hashes])
            for key in counters:
                self.set_meta(conn, key, "0")
