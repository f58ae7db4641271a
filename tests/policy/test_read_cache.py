"""Read-check decisions reused for the same inputs (memcore.policy.read_cache), against the real
policy service in process."""
import httpx
import pytest

from memcore.policy.client import HttpPolicyClient
from memcore.policy.contract import HouseholdPolicy, ReadCheckRequest, ReadItem
from memcore.policy.read_cache import CachedReadChecks
from policy_service.app import app, engine


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
async def cached():
    engine.load()
    clock = Clock()
    inner = HttpPolicyClient("http://policy", transport=httpx.ASGITransport(app=app))
    yield CachedReadChecks(inner, ttl_s=30, clock=clock), clock
    await inner.aclose()


def _item(i, text, **kw):
    return ReadItem(id=f"m{i}", text=text, type=kw.pop("type", "episodic"), source="user", **kw)


ITEMS = [_item(1, "Call me on 212-555-0143 after school"), _item(2, "Swearing is not ok", type="safety"),
         _item(3, "I like the blue dinosaur", safety_flags=["parent_only"])]


async def test_the_second_read_asks_nothing_and_answers_the_same(cached):
    c, _ = cached
    req = ReadCheckRequest(actor_role="child", items=ITEMS)
    first = await c.check_read(req)
    assert (c.hits, c.misses) == (0, 3)
    # the same memories under other ids (ids do not count), in another order
    again = await c.check_read(ReadCheckRequest(actor_role="child", items=[
        it.model_copy(update={"id": "x" + it.id}) for it in reversed(ITEMS)]))
    assert (c.hits, c.misses) == (3, 3)
    assert [(d.visible, d.text, d.reasons) for d in again.items] == [(d.visible, d.text, d.reasons)
                                                                     for d in reversed(first.items)]
    assert first.items[0].text == "Call me on <PHONE> after school"
    assert not first.items[2].visible  # a parent-only memory is hidden from a child
    assert first.safety_first == ["m2"] and again.safety_first == ["xm2"]


async def test_another_reader_policy_or_flag_is_asked_again(cached):
    c, _ = cached
    await c.check_read(ReadCheckRequest(actor_role="child", items=ITEMS[2:]))
    parent = await c.check_read(ReadCheckRequest(actor_role="parent", items=ITEMS[2:]))
    assert parent.items[0].visible and c.misses == 2
    await c.check_read(ReadCheckRequest(actor_role="child", policy=HouseholdPolicy(age_band="13_17"), items=ITEMS[2:]))
    assert c.misses == 3
    unflagged = await c.check_read(ReadCheckRequest(actor_role="child", items=[
        ITEMS[2].model_copy(update={"safety_flags": []})]))
    assert unflagged.items[0].visible and c.misses == 4 and c.hits == 0


async def test_decisions_expire_and_zero_turns_it_off(cached):
    c, clock = cached
    req = ReadCheckRequest(actor_role="user", items=ITEMS[:1])
    await c.check_read(req)
    clock.now += 31
    await c.check_read(req)
    assert (c.hits, c.misses) == (0, 2)
    c.ttl_s = 0
    await c.check_read(req)
    assert (c.hits, c.misses) == (0, 2)  # not counted: straight to the service
