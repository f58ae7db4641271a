"""The work an app runs after answering (memory_api.background.AfterAnswer, issue 36 item 6): in
order per key, awaited by a reader of that key, and held by the app's resources, not by a module:
two apps in one process do not wait for each other's work."""
from __future__ import annotations

import asyncio

from memory_api.background import AfterAnswer
from memory_api.deps import Resources


async def test_work_for_one_key_runs_in_order_and_a_reader_waits_for_it():
    after, done, gate = AfterAnswer(), [], asyncio.Event()

    async def first() -> None:
        await gate.wait()
        done.append("first")

    async def second() -> None:
        done.append("second")

    async def failing() -> None:
        raise RuntimeError("tracking failed")

    after.run("session-a", first)
    after.run("session-a", failing)  # a failure does not stop the work after it
    after.run("session-a", second)
    after.run("session-b", second)  # another key does not wait for session-a
    await after.settled("session-b")
    assert done == ["second"]
    gate.set()
    await after.settled("session-a")
    assert done == ["second", "first", "second"]
    await after.settled("nothing-running")  # returns at once


async def test_each_app_holds_its_own_work():
    gate = asyncio.Event()

    async def blocked() -> None:
        await gate.wait()

    one, other = (Resources(settings=None, db=None, redis=None, embedder=None, policy=None,
                            token_cache=None) for _ in range(2))
    assert one.after_answer is not other.after_answer
    one.after_answer.run("session-a", blocked)
    await asyncio.wait_for(other.after_answer.settled("session-a"), 5)  # nothing of its own running: at once
    reader = asyncio.ensure_future(one.after_answer.settled("session-a"))
    await asyncio.sleep(0)
    assert not reader.done()  # the app that started the work waits for it
    gate.set()
    await asyncio.wait_for(reader, 5)


async def test_unordered_work_runs_with_the_app():
    after, ran = AfterAnswer(), asyncio.Event()

    async def refresh() -> None:
        ran.set()

    after.start(refresh())
    await asyncio.wait_for(ran.wait(), 5)
