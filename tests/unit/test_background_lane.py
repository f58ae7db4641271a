"""Post-answer work holds at most a quarter of the pool's connections at a time (memory_api.background)."""
import asyncio

from memory_api import background


class _Db:
    max_size = 8


async def test_at_most_a_quarter_of_the_pool_runs_post_answer_work_at_once():
    db, running, peak = _Db(), 0, 0

    async def work():
        nonlocal running, peak
        async with background.lane(db):
            running += 1
            peak = max(peak, running)
            await asyncio.sleep(0.01)
            running -= 1

    await asyncio.gather(*(work() for _ in range(20)))
    assert peak == 2 == background.slots_for(8)
    assert background.slots_for(2) == 1
