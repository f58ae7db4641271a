"""The one bounded cache of the code base (issue 36: four caches were written by hand, each a little
differently): least recently used entries go first past `size`, and an entry may expire `ttl_s`
seconds after it was put. Thread-safe (the policy service calls its cache from worker threads).

Keys are whatever the caller hashes; a cache of personal text keeps a digest of the text, not the
text (`digest`).
"""
from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def digest(*parts: str, size: int = 20) -> bytes:
    """A key for text that must not be kept: a BLAKE2b digest of the parts, each ended by a newline."""
    h = hashlib.blake2b(digest_size=size)
    for part in parts:
        h.update(part.encode())
        h.update(b"\n")
    return h.digest()


class Lru(Generic[K, V]):
    def __init__(self, size: int, ttl_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        if size < 1:
            raise ValueError("an LRU cache holds at least one entry")
        self.size, self.ttl_s, self.clock = size, ttl_s, clock
        self._entries: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        """The value put under `key`, if it is still there and has not expired; it becomes the most recent."""
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            if self.ttl_s is not None and self.clock() - found[0] > self.ttl_s:
                del self._entries[key]
                return None
            self._entries.move_to_end(key)
            return found[1]

    def keys(self) -> list[K]:
        """The keys held now, least recent first (a copy)."""
        with self._lock:
            return list(self._entries)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = (self.clock(), value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
