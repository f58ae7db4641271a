"""The write-behind queue's delivery: queued turns go to POST /v1/conversations/{session}/turns in the
order they were recorded, each with its own Idempotency-Key, so a turn whose answer was lost (a cut, a
restart) is sent again and stored once. Delivery stops at the first turn the network or the API cannot
take now (connection error, 408, 429, 5xx) and resumes there later; a turn the API refuses for good
(another 4xx) is kept as `rejected`, with the reason, and reported, never dropped silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

import httpx

from .store import LocalStore

RETRY_LATER = {401, 408, 425, 429}


@dataclass
class FlushReport:
    delivered: int = 0
    rejected: int = 0
    left: int = 0
    offline: bool = False
    stopped_by: str | None = None
    delivered_keys: list[str] = field(default_factory=list)


def flush(store: LocalStore, http: httpx.Client, max_turns: int | None = None) -> FlushReport:
    report = FlushReport()
    while max_turns is None or report.delivered + report.rejected < max_turns:
        turn = store.next_queued()
        if turn is None:
            break
        try:
            r = http.post(f"/v1/conversations/{quote(turn.session_id, safe='')}/turns", content=turn.body,
                          headers={"Idempotency-Key": turn.idem_key, "Content-Type": "application/json"})
        except httpx.TransportError as exc:
            store.attempt_failed(turn.seq, f"{type(exc).__name__}: {exc}")
            report.offline, report.stopped_by = True, type(exc).__name__
            break
        if r.is_success:
            store.mark(turn.seq, "delivered")
            report.delivered += 1
            report.delivered_keys.append(turn.idem_key)
        elif r.status_code in RETRY_LATER or r.status_code >= 500:
            store.attempt_failed(turn.seq, f"HTTP {r.status_code}")
            report.stopped_by = f"HTTP {r.status_code}"
            break
        else:
            store.mark(turn.seq, "rejected", f"HTTP {r.status_code}: {r.text[:300]}")
            report.rejected += 1
    report.left = store.queue_counts().get("queued", 0)
    return report
