"""The lane for work done after the answer (re-embedding profiles, tracking who a session is about).

Under load, admitted requests wait for database connections (admission lets twice the pool in);
post-answer work taking connections beside them made some of those waits pass the pool's acquire
timeout, and the request a 503 (`memctl bench load`). At most a quarter of the pool (at least one
connection) serves post-answer work at a time; the rest queues here, holding nothing.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Coroutine

if TYPE_CHECKING:
    from memcore.adapters.postgres import Database


def slots_for(pool_max: int) -> int:
    return max(1, pool_max // 4)


@asynccontextmanager
async def lane(db: Database) -> AsyncIterator[None]:
    """Hold one of the post-answer slots of `db` for the duration. The slots belong to the database
    object (`post_answer_lane`, made on first use) and go with it: no module keeps them."""
    sem = getattr(db, "post_answer_lane", None)
    if sem is None:
        sem = db.post_answer_lane = asyncio.Semaphore(slots_for(getattr(db, "max_size", 4)))
    async with sem:
        yield


class AfterAnswer:
    """Work an app runs after answering, in order per key (a session's turns are tracked one after
    the other) or in none (`start`: profiles re-embedded), each task kept referenced until it is done (the event loop keeps only weak references
    to tasks). One per app, on its resources (deps.Resources.after_answer), and gone with them: a
    reader waits for what is still running for its key (`settled`) within this app, no module keeps it."""

    def __init__(self) -> None:
        self._running: dict[str, asyncio.Task[None]] = {}  # the last task started per key
        self._unordered: set[asyncio.Task[None]] = set()  # work in no particular order (profile refreshes)

    def start(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs `work` now, in no order with anything else, kept referenced until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._unordered.add(task)
        task.add_done_callback(self._unordered.discard)

    def run(self, key: str, work: Callable[[], Awaitable[None]]) -> None:
        """Starts `work()` once the work started before for `key` is done (whatever its outcome)."""
        previous = self._running.get(key)

        async def in_order() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await work()

        task = asyncio.get_running_loop().create_task(in_order())
        self._running[key] = task
        task.add_done_callback(lambda t: self._running.pop(key) if self._running.get(key) is t else None)

    async def settled(self, key: str) -> None:
        """Returns once the work started so far for `key` is done (at once when none is running)."""
        task = self._running.get(key)
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)
