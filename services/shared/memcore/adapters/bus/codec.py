"""BusEvent <-> flat string fields (Redis stream entry, Event Hubs body/properties)."""
from __future__ import annotations

import orjson

from .base import BusEvent


def encode(event: BusEvent) -> dict[str, str]:
    return {
        "event_id": event.event_id, "key": event.key, "type": event.type, "tenant_id": event.tenant_id,
        "payload": orjson.dumps(event.payload).decode(), "created_at": event.created_at or "",
        "traceparent": event.traceparent or "",
    }


def decode(fields: dict) -> BusEvent:
    f = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
         for k, v in fields.items()}
    return BusEvent(event_id=f["event_id"], key=f["key"], type=f["type"], tenant_id=f["tenant_id"],
                    payload=orjson.loads(f.get("payload") or "{}"), created_at=f.get("created_at") or None,
                    traceparent=f.get("traceparent") or None)


def encode_json(event: BusEvent) -> bytes:
    return orjson.dumps(encode(event))


def decode_json(body: bytes | str) -> BusEvent:
    return decode(orjson.loads(body))
