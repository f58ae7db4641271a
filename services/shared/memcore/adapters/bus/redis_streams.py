"""Redis Streams bus: partitioned streams, consumer groups, acks, reclaim (XAUTOCLAIM), dead letters.

Layout, for a prefix P and n partitions:
- `P:p<i>`          the stream of partition i; an event goes to crc32(key) % n, so one owner's
                    events stay in one stream, in publish order;
- `P:dlq:<group>`   the dead-letter stream of a consumer group.
An entry stays in the group's pending list until acked. `receive` first reclaims entries that
have been idle for `claim_idle_s` (a crashed or stuck consumer's), then reads new ones. An entry
delivered more than `max_attempts` times is moved to the dead-letter stream and acked.
"""
from __future__ import annotations

import time
import zlib
from collections import defaultdict
from typing import Sequence

import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from .base import BusEvent, DeadLetter, Delivery
from .codec import decode, encode


def partition_of(key: str, partitions: int) -> int:
    return zlib.crc32(key.encode()) % partitions


class RedisStreamsBus:
    name = "redis"

    def __init__(self, url: str, prefix: str = "memory:changes", partitions: int = 4,
                 claim_idle_s: float = 30.0, max_attempts: int = 5, maxlen: int = 1_000_000):
        self.redis = aioredis.from_url(url, decode_responses=False)
        self.prefix = prefix
        self.partitions = partitions
        self.claim_idle_s = claim_idle_s
        self.max_attempts = max_attempts
        self.maxlen = maxlen

    def stream(self, partition: int) -> str:
        return f"{self.prefix}:p{partition}"

    @property
    def streams(self) -> list[str]:
        return [self.stream(i) for i in range(self.partitions)]

    def dlq(self, group: str) -> str:
        return f"{self.prefix}:dlq:{group}"

    async def publish(self, events: Sequence[BusEvent]) -> None:
        if not events:
            return
        pipe = self.redis.pipeline(transaction=False)
        for e in events:
            pipe.xadd(self.stream(partition_of(e.key, self.partitions)), encode(e),
                      maxlen=self.maxlen, approximate=True)
        await pipe.execute()

    async def ensure_group(self, group: str) -> None:
        for s in self.streams:
            try:
                await self.redis.xgroup_create(s, group, id="0", mkstream=True)
            except ResponseError as exc:
                if "BUSYGROUP" not in str(exc):
                    raise

    async def subscribe(self, group: str, consumer: str) -> "RedisSubscription":
        await self.ensure_group(group)
        return RedisSubscription(self, group, consumer)

    async def dead_letters(self, group: str, limit: int = 100) -> list[DeadLetter]:
        return [dead for _, dead in await self.dead_letter_entries(group, limit)]

    async def dead_letter_groups(self) -> list[str]:
        """The consumer groups that have a dead-letter stream."""
        head = f"{self.prefix}:dlq:"
        names = [k.decode() if isinstance(k, bytes) else k
                 async for k in self.redis.scan_iter(match=f"{head}*", count=500, _type="stream")]
        return sorted(n[len(head):] for n in names)

    async def dead_letter_count(self, group: str) -> int:
        return int(await self.redis.xlen(self.dlq(group)))

    async def dead_letter_entries(self, group: str, limit: int = 100,
                                  after: str | None = None) -> list[tuple[str, DeadLetter]]:
        """(id, dead letter) oldest first; `after`: the last id of the previous page."""
        rows = await self.redis.xrange(self.dlq(group), min=f"({after}" if after else "-", max="+", count=limit)
        return [(entry_id.decode(), _dead_letter(fields)) for entry_id, fields in rows]

    async def dead_letter(self, group: str, dead_letter_id: str) -> DeadLetter | None:
        rows = await self.redis.xrange(self.dlq(group), min=dead_letter_id, max=dead_letter_id)
        return _dead_letter(rows[0][1]) if rows else None

    async def replay_dead_letter(self, group: str, dead_letter_id: str) -> DeadLetter | None:
        """Publish a dead letter's event again (same event id: a consumer that applied it, in any group,
        finds its claim and does nothing) and remove it from the dead letters, in one transaction.
        None when there is no such dead letter (replayed already, or purged by forgetting)."""
        dead = await self.dead_letter(group, dead_letter_id)
        if dead is None:
            return None
        pipe = self.redis.pipeline(transaction=True)
        pipe.xadd(self.stream(partition_of(dead.event.key, self.partitions)), encode(dead.event),
                  maxlen=self.maxlen, approximate=True)
        pipe.xdel(self.dlq(group), dead_letter_id)
        _, removed = await pipe.execute()
        return dead if removed else None

    async def pending_count(self, group: str) -> int:
        total = 0
        for s in self.streams:
            try:
                info = await self.redis.xpending(s, group)
            except ResponseError:
                continue
            total += int(info["pending"])
        return total

    async def purge_subject(self, tenant_id: str, owner_id: str, dry_run: bool = False) -> int:
        """XDEL every entry of one owner (key = owner, or the owner's id in the payload) from every
        stream under the prefix: partitions and dead-letter streams. Pending-list references of a
        deleted entry are skipped by `receive`/`reclaim` (they come back without fields)."""
        tenant_id, owner_id = str(tenant_id), str(owner_id)
        needle = owner_id.encode()
        removed = 0
        async for name in self.redis.scan_iter(match=f"{self.prefix}:*", count=500, _type="stream"):
            start = "-"
            while True:
                entries = await self.redis.xrange(name, min=start, max="+", count=1000)
                hits = []
                for entry_id, fields in entries:
                    f = {(k.decode() if isinstance(k, bytes) else k): v for k, v in fields.items()}
                    tenant = f.get("tenant_id", b"")
                    tenant = tenant.decode() if isinstance(tenant, bytes) else tenant
                    if tenant == tenant_id and (needle == f.get("key") or needle in (f.get("payload") or b"")):
                        hits.append(entry_id)
                if hits and not dry_run:
                    await self.redis.xdel(name, *hits)
                removed += len(hits)
                if len(entries) < 1000:
                    break
                last = entries[-1][0].decode()
                start = "(" + last
        return removed

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except Exception:
            return False

    async def close(self) -> None:
        await self.redis.aclose()


def _dead_letter(fields: dict) -> DeadLetter:
    f = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
         for k, v in fields.items()}
    return DeadLetter(event=decode(f), attempts=int(f.get("attempts", 0)), reason=f.get("reason", ""))


class RedisSubscription:
    def __init__(self, bus: RedisStreamsBus, group: str, consumer: str):
        self.bus = bus
        self.group = group
        self.consumer = consumer
        self._next_reclaim = 0.0

    async def receive(self, max_count: int = 100, timeout_s: float = 1.0) -> list[Delivery]:
        out: list[Delivery] = []
        now = time.monotonic()
        if now >= self._next_reclaim:
            self._next_reclaim = now + max(0.05, self.bus.claim_idle_s / 4)
            out = await self.reclaim(max_count)
            if out:
                return out
        r = self.bus.redis
        reply = await r.xreadgroup(self.group, self.consumer, {s: ">" for s in self.bus.streams},
                                   count=max_count, block=max(1, int(timeout_s * 1000)))
        for stream, entries in reply or []:
            stream = stream.decode() if isinstance(stream, bytes) else stream
            for entry_id, fields in entries:
                if fields:
                    out.append(Delivery(decode(fields), f"{stream}|{entry_id.decode()}", 1, stream))
        return out

    async def reclaim(self, max_count: int) -> list[Delivery]:
        """Takes over entries idle for claim_idle_s; dead-letters the ones past max_attempts."""
        r = self.bus.redis
        idle_ms = int(self.bus.claim_idle_s * 1000)
        out: list[Delivery] = []
        for stream in self.bus.streams:
            if len(out) >= max_count:
                break
            reply = await r.xautoclaim(stream, self.group, self.consumer, min_idle_time=idle_ms,
                                       start_id="0-0", count=max_count - len(out))
            claimed = [(eid, f) for eid, f in reply[1] if f]
            if not claimed:
                continue
            ids = [eid for eid, _ in claimed]
            counts = await self._delivery_counts(stream, ids)
            for eid, fields in claimed:
                attempts = counts.get(eid, self.bus.max_attempts + 1)
                d = Delivery(decode(fields), f"{stream}|{eid.decode()}", attempts, stream)
                if attempts > self.bus.max_attempts:
                    await self._dead_letter(d, "delivered more than max_attempts times without ack")
                else:
                    out.append(d)
        return out

    async def _delivery_counts(self, stream: str, ids: list[bytes]) -> dict[bytes, int]:
        def key(i: bytes) -> tuple[int, int]:
            a, b = i.split(b"-")
            return int(a), int(b)

        lo, hi = min(ids, key=key), max(ids, key=key)
        rows = await self.bus.redis.xpending_range(stream, self.group, min=lo, max=hi, count=len(ids) * 4 + 100,
                                                   consumername=self.consumer)
        wanted = set(ids)
        return {row["message_id"]: int(row["times_delivered"]) for row in rows if row["message_id"] in wanted}

    async def ack(self, deliveries: Sequence[Delivery]) -> None:
        by_stream: dict[str, list[str]] = defaultdict(list)
        for d in deliveries:
            stream, entry_id = d.delivery_id.split("|", 1)
            by_stream[stream].append(entry_id)
        if not by_stream:
            return
        pipe = self.bus.redis.pipeline(transaction=False)
        for stream, ids in by_stream.items():
            pipe.xack(stream, self.group, *ids)
        await pipe.execute()

    async def hold(self, delivery: Delivery) -> None:
        """Keep a delivery this consumer is still working on (waiting out an outage) from looking
        idle: XCLAIM ... JUSTID resets its idle time without counting a delivery, so no reclaim
        takes it over and no outage, however long, adds to its attempts."""
        stream, entry_id = delivery.delivery_id.split("|", 1)
        await self.bus.redis.xclaim(stream, self.group, self.consumer, min_idle_time=0, message_ids=[entry_id],
                                    justid=True)

    async def fail(self, delivery: Delivery, reason: str) -> None:
        if delivery.attempts >= self.bus.max_attempts:
            await self._dead_letter(delivery, reason)
        # otherwise it stays pending and is reclaimed (redelivered) after claim_idle_s

    async def _dead_letter(self, d: Delivery, reason: str) -> None:
        stream, entry_id = d.delivery_id.split("|", 1)
        fields = encode(d.event) | {"attempts": str(d.attempts), "reason": reason[:500],
                                    "source_stream": stream, "source_id": entry_id}
        pipe = self.bus.redis.pipeline(transaction=True)
        pipe.xadd(self.bus.dlq(self.group), fields)
        pipe.xack(stream, self.group, entry_id)
        await pipe.execute()

    async def close(self) -> None:
        return None
