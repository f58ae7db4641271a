"""The lane for work done after the answer (re-embedding profiles, tracking who a session is about).

Under load, admitted requests wait for database connections (admission lets twice the pool in);
post-answer work taking connections beside them made some of those waits pass the pool's acquire
timeout, and the request a 503 (`memctl bench load`). At most a quarter of the pool (at least one
connection) serves post-answer work at a time; the rest queues here, holding nothing.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator


def slots_for(pool_max: int) -> int:
    return max(1, pool_max // 4)


@asynccontextmanager
async def lane(db) -> AsyncIterator[None]:
    """Hold one of the post-answer slots of `db` for the duration. The slots belong to the database
    object (`post_answer_lane`, made on first use) and go with it: no module keeps them."""
    sem = getattr(db, "post_answer_lane", None)
    if sem is None:
        sem = db.post_answer_lane = asyncio.Semaphore(slots_for(getattr(db, "max_size", 4)))
    async with sem:
        yield
