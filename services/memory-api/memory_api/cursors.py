"""Page cursors of the list routes: the (created_at, id) of the last row returned, opaque to callers."""
from __future__ import annotations

import base64
from datetime import datetime
from typing import Sequence
from uuid import UUID

import asyncpg
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


NAME_CURSOR_MAX = 400  # a lower-cased canonical name (300 characters at most) with room to spare


def encode_name_cursor(name: str, row_id: UUID) -> str:
    return base64.urlsafe_b64encode(orjson.dumps([name, str(row_id)])).decode()


def decode_name_cursor(cursor: str) -> tuple[str, UUID]:
    """The (name, id) of a list ordered by name. Anything else decoded from the client (a number, a
    list, a NUL that Postgres cannot store) is a 422, never a driver error."""
    try:
        name, row_id = orjson.loads(base64.urlsafe_b64decode(cursor.encode()))
        if not isinstance(name, str) or not isinstance(row_id, str) or "\x00" in name \
                or len(name) > NAME_CURSOR_MAX:
            raise ValueError("not a name cursor")
        name.encode("utf-8")  # a lone surrogate (\ud800) cannot reach the database either
        return name, UUID(row_id)
    except Exception as exc:
        raise ApiError(422, "invalid_cursor", "cursor is not one this API returned") from exc


def next_cursor(rows: Sequence[asyncpg.Record], limit: int, id_key: str, at_key: str = "created_at") -> str | None:
    """The cursor after a page fetched with limit + 1 rows, or None when it was the last page."""
    return encode_cursor(rows[limit - 1][at_key], rows[limit - 1][id_key]) if len(rows) > limit else None
