"""EdgeClient: what an on-device orchestrator uses instead of calling the cloud directly.

    device = pair(api_url, parent_token, child_user_id, Path("/var/lib/memedge"))   # once
    client = EdgeClient.open(Path("/var/lib/memedge"), embedder=load_embedder())
    client.record_turn("kitchen-2026-11-25", "child", "I want a dinosaur story")     # at once, offline too
    ctx = client.contextify("tell me a story", deadline_ms=250)                      # cloud or local
    client.sync_now()                                                                # pull + deliver

Pairing: a parent's token issues a device token for one child (POST /v1/tokens, user_id = the
child, a label); the device makes its own key at the same time. Both live in the data directory
with owner-only permissions: `device.json` (API URL, the child's id, the token) and `device.key`.
"""
from __future__ import annotations

import json
import logging
import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import httpx

from .contextify import Contextifier
from .crypto import FieldCipher, create_key_file, load_key_file
from .fusion import ContextResult
from .outbox import FlushReport, flush
from .store import LOCAL_NOTE, CachedMemory, LocalStore
from .sync import Syncer, SyncReport

log = logging.getLogger(__name__)
CONFIG = "device.json"
KEY = "device.key"
DB = "memedge.sqlite3"
DEVICE_TOKEN_TTL_S = 365 * 24 * 3600


@dataclass(frozen=True)
class DeviceConfig:
    api_url: str
    user_id: str
    token: str
    label: str
    paired_at: str
    token_id: str | None = None


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(path, 0o600)


def pair(api_url: str, parent_token: str, child_user_id: str, data_dir: Path, label: str = "edge device",
         ttl_seconds: int = DEVICE_TOKEN_TTL_S) -> DeviceConfig:
    """A parent pairs a device with one child: a token for the child, a new device key."""
    data_dir = Path(data_dir)
    if (data_dir / KEY).exists() or (data_dir / CONFIG).exists():
        raise FileExistsError(f"{data_dir} is already paired; unpair (delete it) first")
    r = httpx.post(f"{api_url.rstrip('/')}/v1/tokens", headers={"Authorization": f"Bearer {parent_token}"},
                   json={"user_id": str(child_user_id), "label": label, "ttl_seconds": ttl_seconds}, timeout=30)
    r.raise_for_status()
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    create_key_file(data_dir / KEY)
    cfg = DeviceConfig(api_url=api_url.rstrip("/"), user_id=str(child_user_id), token=r.json()["token"], label=label,
                       paired_at=datetime.now(timezone.utc).isoformat(), token_id=r.json()["token_id"])
    _write_private(data_dir / CONFIG, json.dumps(cfg.__dict__).encode())
    return cfg


def load_config(data_dir: Path) -> DeviceConfig:
    path = Path(data_dir) / CONFIG
    if os.stat(path).st_mode & 0o077:
        raise PermissionError(f"{path} must be readable by its owner only (0600)")
    return DeviceConfig(**json.loads(path.read_text()))


class EdgeClient:
    def __init__(self, config: DeviceConfig, store: LocalStore, embedder=None, *, api_url: str | None = None,
                 timeout_s: float = 10.0, page_size: int = 1000, episodic_days: int = 30):
        self.config = config
        self.store = store
        self.embedder = embedder
        self.http = httpx.Client(base_url=api_url or config.api_url, timeout=timeout_s,
                                 headers={"Authorization": f"Bearer {config.token}"})
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="memedge")
        self.contextifier = Contextifier(store, embedder)
        self.syncer = Syncer(store, self.http, embedder, page_size=page_size, episodic_days=episodic_days)
        self._sync_lock = threading.Lock()
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None
        self.unauthorized = False  # the API refused the token at the last sync (401)

    @classmethod
    def open(cls, data_dir: Path, embedder=None, **kw) -> "EdgeClient":
        data_dir = Path(data_dir)
        config = load_config(data_dir)
        store = LocalStore(data_dir / DB, FieldCipher(load_key_file(data_dir / KEY)))
        return cls(config, store, embedder, **kw)

    def close(self) -> None:
        self.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.http.close()
        self.store.close()

    # ---- the write path ----
    def record_turn(self, session_id: str, speaker: str, text: str, at: datetime | None = None) -> str:
        """Records a turn at once (durably, in the local queue) and keeps it as a recent note for the
        offline contextify until the cloud's memories of it arrive. Returns its Idempotency-Key."""
        at = at or datetime.now(timezone.utc)
        key = str(uuid.uuid4())
        body = json.dumps({"speaker": speaker, "text": text, "at": at.isoformat()}, separators=(",", ":")).encode()
        note = CachedMemory(LOCAL_NOTE + key, "episodic", f"{speaker}: {text}", False, "device", at.isoformat())
        self.store.enqueue(key, session_id, body, note)
        return key

    def flush(self, max_turns: int | None = None) -> FlushReport:
        return flush(self.store, self.http, max_turns)

    def sync(self) -> SyncReport:
        return self.syncer.run()

    def sync_now(self) -> tuple[FlushReport | None, SyncReport | None]:
        """Pulls changes first (a forget purges the queue before any of it is sent), then delivers the
        queue. The local notes of turns delivered earlier are replaced by the cloud's memories of them
        at this pull; those delivered now, at the next. Offline: the queue and the cache stay as they
        are; nothing is lost."""
        with self._sync_lock:
            try:
                pulled = self.syncer.run(delivered_before=self._delivered_keys())
            except httpx.TransportError as exc:
                log.info("sync stopped, offline: %s", exc)
                return None, None
            except httpx.HTTPStatusError as exc:
                if exc.response.status_code != 401:
                    raise
                # The token was revoked, expired or its user forgotten: the cache and the queue stay
                # as they are (nothing is sent, nothing dropped); status() says so until re-paired.
                log.warning("the device's token is no longer accepted (401): not syncing")
                self.unauthorized = True
                return None, None
            self.unauthorized = False
            return self.flush(), pulled

    def _delivered_keys(self) -> list[str]:
        with self.store._lock:
            return [r[0] for r in self.store.db.execute("SELECT idem_key FROM outbox WHERE status = 'delivered'")]

    # ---- the read path ----
    def contextify(self, query: str, token_budget: int = 300, deadline_ms: float | None = None,
                   session_id: str | None = None) -> ContextResult:
        """Offline when no deadline is given; otherwise the cloud's block if it answers within
        `deadline_ms`, else the local one (ContextResult.cloud says why)."""
        if deadline_ms is None:
            return self.contextifier.offline(query, token_budget)
        return self.contextifier.online(self.http, self._pool, query, token_budget, deadline_ms, session_id)

    # ---- background ----
    def start(self, interval_s: float = 5.0) -> None:
        """Delivers and syncs every `interval_s` in a background thread until stop()."""
        def loop() -> None:
            while not self._stop.wait(interval_s):
                try:
                    self.sync_now()
                except Exception:  # a bad answer from the API: logged, tried again next round
                    log.exception("background sync failed")
        self._stop.clear()
        self._worker = threading.Thread(target=loop, name="memedge-sync", daemon=True)
        self._worker.start()

    def stop(self) -> None:
        self._stop.set()
        if self._worker is not None:
            self._worker.join(timeout=30)
            self._worker = None

    def status(self) -> dict:
        return {"cursor": self.store.cursor, "cached": self.store.count(),
                "safety_rules": self.store.count("type = 'safety'"), "queue": self.store.queue_counts(),
                "receipt_owed": len(self.store.owed_receipt()), "unauthorized": self.unauthorized}
