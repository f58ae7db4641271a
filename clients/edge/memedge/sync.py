"""Delta sync from GET /v1/sync/changes, applied page by page: each page and the cursor it reaches are
one SQLite transaction, so a device cut off (or restarted) mid-sync resumes where it stopped.

- upsert: cached (episodic notes only while recent: `episodic_days`); without an embedding of the
  device's model the device embeds the text itself.
- remove: the memory whose id hashes to id_hash goes; its hash is owed to the API in a receipt.
- forget: the store and the queue are purged (the user asked to be forgotten), the cursor goes back
  to the start, and what the user still has (parent-set safety rules) comes again; each forget is
  applied once (its id is remembered), so the second pass goes past it.
Receipts (POST /v1/sync/receipts) are owed in the store until the API has them.
"""
from __future__ import annotations

import base64
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

import numpy as np

from memcore.embedding.spaces import models_in_space

from .protocol import START_CURSOR, receipt_digest
from .store import CachedMemory, LocalStore

log = logging.getLogger(__name__)
OWED = ("owed_purged_turns", "owed_forgets")
RECEIPT_CHUNK = 10_000  # the API takes up to 20,000 hashes per receipt


@dataclass
class SyncReport:
    pulled: int = 0
    upserts: int = 0
    removed: int = 0
    forgets: int = 0
    purged_turns: int = 0
    pages: int = 0
    receipt_id: str | None = None
    settled_turns: int = 0
    cursor: str = START_CURSOR
    errors: list[str] = field(default_factory=list)


def _decode_embedding(b64: str | None) -> np.ndarray | None:
    if not b64:
        return None
    return np.frombuffer(base64.b64decode(b64), dtype="<f2").astype(np.float32)


class Syncer:
    def __init__(self, store: LocalStore, http, embedder=None, *, page_size: int = 1000, episodic_days: int = 30):
        self.store = store
        self.http = http
        self.embedder = embedder
        self.page_size = page_size
        self.episodic_days = episodic_days

    def _cacheable(self, m: dict) -> bool:
        if m["type"] != "episodic":
            return True
        observed = datetime.fromisoformat(m["observed_at"])
        return observed >= datetime.now(timezone.utc) - timedelta(days=self.episodic_days)

    def _memories(self, changes: list[dict]) -> dict[str, CachedMemory]:
        own_model = getattr(self.embedder, "model_name", None)
        # the cloud's vectors of a model in the device model's space (its int8 weights: the cloud's
        # batch writes) compare with the device's own, as they do in the cloud's searches
        usable = set(models_in_space(own_model)) if own_model else set()
        out: dict[str, CachedMemory] = {}
        missing: list[CachedMemory] = []
        for ch in changes:
            m = ch.get("memory")
            if ch["op"] != "upsert" or not self._cacheable(m):
                continue
            vec = _decode_embedding(m.get("embedding")) if m.get("embedding_model") in usable else None
            cm = CachedMemory(str(m["memory_id"]), m["type"], m["text"], m["pinned"], m["source"], m["observed_at"],
                              m["version"], vec)
            out[cm.memory_id] = cm
            if vec is None and self.embedder is not None:
                missing.append(cm)
        if missing:  # the cloud's vectors are another model's (or absent): embed on the device
            for cm, vec in zip(missing, self.embedder.embed([c.text for c in missing])):
                cm.embedding = vec
        return out

    def run(self, delivered_before: list[str] | None = None) -> SyncReport:
        """Pulls every page ready now. `delivered_before`: queue keys delivered before this sync began,
        whose local notes the cloud's memories now replace."""
        report = SyncReport()
        cursor = self.store.cursor
        while True:
            r = self.http.get("/v1/sync/changes", params={"cursor": cursor, "limit": self.page_size,
                                                           "embeddings": "true" if self.embedder else "false"})
            r.raise_for_status()
            page = r.json()
            report.pages += 1
            changes = page["changes"]
            report.pulled += len(changes)
            cached = self._memories(changes)
            restart = False
            with self.store.tx() as conn:
                purged: list[str] = []
                for ch in changes:
                    if ch["op"] == "upsert":
                        mid = str(ch["memory"]["memory_id"])
                        if mid in cached:
                            self.store.upsert(conn, cached[mid])
                            report.upserts += 1
                        else:  # an episodic note too old to keep on the device: not a forget, no receipt
                            self.store.remove_where(conn, "memory_id = ?", (mid,))
                    elif ch["op"] == "remove":
                        if self.store.remove_by_hash(conn, ch["id_hash"]):
                            purged.append(ch["id_hash"])
                    elif ch["op"] == "forget":
                        applied = set(filter(None, self.store.get_meta("forgets_applied", "").split(",")))
                        if ch["forget_id"] in applied:  # seen before this device synced again from the start
                            continue
                        self.store.set_meta(conn, "forgets_applied", ",".join(sorted(applied | {ch["forget_id"]})))
                        hashes, turns = self.store.purge_all(conn)
                        purged += hashes
                        report.forgets += 1
                        report.purged_turns += turns
                        self._bump(conn, "owed_purged_turns", turns)
                        self._bump(conn, "owed_forgets", 1)
                        log.warning("forget applied: %d cached memories and %d queued turns purged",
                                    len(hashes), turns)
                        restart = True
                        break
                report.removed += len(purged)
                self.store.owe_receipt(conn, purged)
                cursor = START_CURSOR if restart else page["cursor"]
                self.store.set_meta(conn, "cursor", cursor)
                if not restart and not page["more"] and delivered_before:
                    report.settled_turns = self._settle(conn, delivered_before)
            if not restart and not page["more"]:
                break
        report.cursor = cursor
        report.receipt_id = self.send_receipt()
        return report

    def _settle(self, conn, keys: list[str]) -> int:
        marks = ",".join("?" * len(keys))
        done = [r[0] for r in conn.execute(
            f"SELECT idem_key FROM outbox WHERE status = 'delivered' AND idem_key IN ({marks})", keys)]
        for key in done:
            self.store.remove_where(conn, "memory_id = ?", ("turn:" + key,))
        conn.executemany("DELETE FROM outbox WHERE idem_key = ?", [(k,) for k in done])
        return len(done)

    def _bump(self, conn, key: str, n: int) -> None:
        now = int(self.store.get_meta(key, "0"))
        self.store.set_meta(conn, key, str(now + n))

    def send_receipt(self) -> str | None:
        """Sends what is owed, in receipts of at most RECEIPT_CHUNK hashes (the counters ride on the
        first); each is forgotten locally only once the API has recorded it."""
        hashes = self.store.owed_receipt()
        turns, forgets = (int(self.store.get_meta(k, "0")) for k in OWED)
        if not hashes and not forgets:
            return None
        receipt_id = None
        chunks = [hashes[i:i + RECEIPT_CHUNK] for i in range(0, len(hashes), RECEIPT_CHUNK)] or [[]]
        for n, chunk in enumerate(chunks):
            body = {"cursor_reached": self.store.cursor, "id_hashes": chunk, "digest": receipt_digest(chunk),
                    "purged_memories": len(chunk), "purged_turns": turns if n == 0 else 0,
                    "forgets_applied": forgets if n == 0 else 0}
            r = self.http.post("/v1/sync/receipts", json=body)
            r.raise_for_status()
            self.store.receipt_sent(chunk, OWED if n == 0 else ())
            receipt_id = receipt_id or r.json()["receipt_id"]
        return receipt_id
