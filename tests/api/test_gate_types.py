"""The write gate as a type (issue 36): the store writes only what the gate let through.

`write_gate.gate` returns a sealed `GatedBatch`; `memory_repo.insert_memories` and
`write_pipeline.prepare` take one, mypy rejects a call that passes anything else, a batch cannot be
built outside the gate, and the insert refuses a row whose text the batch did not let through.
Household opt-in is an explicit field, closed unless the policy loader says otherwise."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from uuid import uuid4

import numpy as np
import pytest

from memcore.policy.contract import HouseholdPolicy
from memory_api import gated as gated_module
from memory_api.gated import Gated, GatedBatch, UngatedWrite
from memory_api.store import memory_repo
from memory_api.store.memory_repo import NewMemory
from memory_api.write_gate import gate

ROOT = Path(__file__).resolve().parents[2]


def _row(text: str, memory_type: str = "episodic") -> NewMemory:
    return NewMemory(owner_id=uuid4(), type=memory_type, text=text, search_text=text, text_hash="h",
                     embedding=np.zeros(4, dtype=np.float32), embedding_model="m",
                     observed_at=datetime.now(timezone.utc))


async def _empty_batch() -> GatedBatch:
    """What the gate hands out for a request with nothing to check (no policy call needed)."""
    principal = SimpleNamespace(role="user")
    return await gate(SimpleNamespace(), principal, HouseholdPolicy(household_opted_in=True), [])


def test_a_gated_batch_is_made_only_by_the_gate():
    policy = HouseholdPolicy(household_opted_in=True)
    with pytest.raises(TypeError, match="only by the write gate"):
        GatedBatch([], policy, seal=object())
    with pytest.raises(TypeError):
        GatedBatch([], policy, seal=None)
    with pytest.raises(RuntimeError, match="already holds the seal"):  # the seal cannot be asked for again
        gated_module.issue_seal()


async def test_the_store_refuses_a_row_the_gate_did_not_let_through():
    batch = await _empty_batch()
    assert isinstance(batch, GatedBatch) and len(batch) == 0
    with pytest.raises(UngatedWrite):  # refused before any SQL: no connection is needed to see it
        await memory_repo.insert_memories(None, batch, [_row("my phone is 415-555-0134")])
    with pytest.raises(UngatedWrite):  # a list of verdicts is not a batch
        await memory_repo.insert_memories(None, [Gated(decision=None, fields={})], [])  # type: ignore[arg-type,list-item]
    # the batch's slices are batches too (a commit gates creates and updates in one call)
    assert isinstance(batch[:0], GatedBatch)


def test_mypy_rejects_an_ungated_write(tmp_path):
    snippet = tmp_path / "ungated_write.py"
    snippet.write_text(textwrap.dedent("""\
        from memory_api.gated import GatedBatch
        from memory_api.store import memory_repo
        from memory_api.store.memory_repo import NewMemory
        from memory_api.write_pipeline import prepare


        async def ungated(conn: object, rows: list[NewMemory]) -> None:
            await memory_repo.insert_memories(conn, rows)  # line 8: no batch


        async def gated(conn: object, batch: GatedBatch, rows: list[NewMemory]) -> None:
            await memory_repo.insert_memories(conn, batch, rows)  # line 12: accepted


        async def decided_elsewhere(res: object, principal: object, rows: list[object]) -> None:
            await prepare(res, principal, rows[0], [], decisions=[])  # type: ignore[arg-type]  # line 16
        """))
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                          "--strict", str(snippet)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    lines = {int(e.split(":")[1]) for e in errors}
    assert 8 in lines, out.stdout  # the store's insert without the gate's batch
    assert 12 not in lines, out.stdout  # positive control: the gated call type-checks
    assert any("decisions" in e and ":16:" in e for e in errors), out.stdout  # prepare takes no outside decisions


def test_household_opt_in_is_explicit_and_closed_by_default():
    assert HouseholdPolicy().household_opted_in is False
    assert HouseholdPolicy(household_opted_in=True).household_opted_in is True
    # not part of the stored policy, the policy service's contract or any schema
    assert "household_opted_in" not in HouseholdPolicy(household_opted_in=True).model_dump(mode="json")
    assert "household_opted_in" not in str(HouseholdPolicy.model_json_schema())
    assert HouseholdPolicy.model_validate(HouseholdPolicy(household_opted_in=True).model_dump()).household_opted_in is False


def test_a_policy_body_cannot_opt_a_household_in(new_tenant):
    t = new_tenant("parent", "child", opted_in=False)
    parent = t["clients"][0]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "household_opted_in": True})
    assert r.status_code == 422 and "household_opted_in" in r.text, r.text
    assert parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12"}).status_code == 200
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Mia likes horses.", "type": "preference"}]})
    assert r.json()["items"][0]["status"] == "dropped", r.text
