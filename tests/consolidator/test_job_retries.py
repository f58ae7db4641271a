"""Scheduled jobs retry while a dependency is away (backoff, no limit) and fail at once on a bug."""
import asyncpg
import pytest

from consolidator import jobs
from memcore.devstack.ports import free_port

calls: list[str] = []


@jobs.job("test.jobs.flaky")
def flaky(self, fail_times: int, bug: bool = False):
    async def work():
        calls.append("run")
        if bug:
            raise ValueError("a bug in the job")
        if len(calls) <= fail_times:  # a real refused connection: the database is away
            await asyncpg.connect(f"postgresql://memory_app@127.0.0.1:{free_port()}/memory", timeout=2)
        return len(calls)

    return jobs.run_job(self, work)


def test_a_job_that_finds_the_database_away_is_retried_until_it_runs():
    calls.clear()
    result = flaky.apply(args=(6,))  # past Celery's default of 3 retries
    assert result.get() == 7 and len(calls) == 7


def test_a_job_that_fails_on_a_bug_is_not_retried():
    calls.clear()
    with pytest.raises(ValueError):
        flaky.apply(args=(0, True)).get()
    assert calls == ["run"]


def test_retry_delays_grow_to_their_cap_with_jitter():
    first, late = [jobs.retry_delay(0) for _ in range(20)], [jobs.retry_delay(12) for _ in range(20)]
    assert max(first) <= jobs.JOB_RETRY_BASE_S and min(late) >= jobs.JOB_RETRY_BASE_S
    assert max(late) <= jobs.JOB_RETRY_CAP_S and len(set(late)) > 10
