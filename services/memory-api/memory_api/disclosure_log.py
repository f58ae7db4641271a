"""What contextify keeps of a turn for "What was used" (routers/disclosures.py): the decision log,
the question as the household policy lets it be stored, and each line as it was given.

The question is the caller's raw text: it is checked like a memory's text (the policy's write check,
text alone) while retrieval runs, and kept only redacted (PII replaced by placeholders); a question
the policy would drop (a do-not-learn topic, a child's profanity), one of a household that has not
opted in, or one the policy service could not check in time is not kept at all. The lines are the
read gate's redacted texts as packed (store/disclosure_repo.py keeps them, and the database blanks
a line when its memory is deleted).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Sequence
from uuid import UUID

import asyncpg

from memcore.policy.client import PolicyUnavailable
from memcore.policy.contract import HouseholdPolicy, WriteCheckRequest, WriteItem

from .auth import Principal
from .schemas import Decision
from .store import disclosure_repo

if TYPE_CHECKING:
    from .deps import Resources

log = logging.getLogger("memory_api.disclosure_log")
QUESTION_WAIT_S = 2.0  # past retrieval, how long the store waits for the question's check


def check_question(res: Resources, principal: Principal, policy: HouseholdPolicy, query: str) -> asyncio.Task[str | None]:
    """Starts the policy check of the question (awaited by `store`, after retrieval)."""
    async def redacted() -> str | None:
        if not policy.household_opted_in:
            return None
        answer = await res.policy.check_write(WriteCheckRequest(
            actor_role=principal.role, policy=policy, items=[WriteItem(text=query, type=None)]))
        d = answer.items[0]
        return None if d.decision == "drop" or answer.degraded else d.redacted_text

    task = asyncio.create_task(redacted())
    task.add_done_callback(lambda t: t.cancelled() or t.exception())  # a turn that failed first: no warning
    return task


async def _question(task: asyncio.Task[str | None]) -> str | None:
    try:
        return await asyncio.wait_for(task, QUESTION_WAIT_S)
    except (PolicyUnavailable, asyncio.TimeoutError):
        return None
    except Exception:  # noqa: BLE001 - the log never fails the turn; the question is then not kept
        log.warning("the question of a decision log was not kept", exc_info=True)
        return None


async def store(conn: asyncpg.Connection, decision_id: UUID, owner_id: UUID, session_id: str | None,
                principal: Principal, summary: dict[str, Any], decisions: Sequence[Decision],
                given: list[tuple[UUID | None, str]], question: asyncio.Task[str | None]) -> None:
    """The decision log (ids, paths, reasons, the redacted question), who asked, and the lines
    given (memory id, line), in the transaction of the reads."""
    body = {**summary, "decisions": [d.model_dump(mode="json") for d in decisions], "lines_kept": True,
            "question": await _question(question)}
    await disclosure_repo.store_log(conn, decision_id, owner_id, session_id, body, principal.user_id,
                                    [(m, line) for m, line in given if m is not None])
