"""Page cursors of the list routes: the (created_at, id) of the last row returned, opaque to callers."""
from __future__ import annotations

import base64
from datetime import datetime
from uuid import UUID

import orjson

from .errors import ApiError
from .schemas import utc_representable


def encode_cursor(created_at: datetime, row_id: UUID) -> str:
    return base64.urlsafe_b64encode(orjson.dumps([created_at.isoformat(), str(row_id)])).decode()


def decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    try:
        ts, row_id = orjson.loads(base64.urlsafe_b64decode(cursor.encode()))
        return utc_representable(datetime.fromisoformat(ts)), UUID(row_id)
    except Exception as exc:
        raise ApiError(422, "invalid_cursor", "cursor is not one this API returned") from exc
