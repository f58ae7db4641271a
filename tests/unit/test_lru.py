"""memcore.lru: the one bounded cache (issue 36)."""
import pytest

from memcore.lru import Lru, digest


def test_the_least_recently_used_goes_first():
    c: Lru[str, int] = Lru(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1  # a is now the most recent
    c.put("c", 3)
    assert c.get("b") is None and c.get("a") == 1 and c.get("c") == 3 and len(c) == 2


def test_an_entry_expires_after_its_time_to_live():
    now = [100.0]
    c: Lru[str, str] = Lru(10, ttl_s=5, clock=lambda: now[0])
    c.put("k", "v")
    now[0] = 105.0
    assert c.get("k") == "v"
    now[0] = 105.1
    assert c.get("k") is None and len(c) == 0


def test_putting_again_renews_the_entry():
    now = [0.0]
    c: Lru[str, int] = Lru(10, ttl_s=5, clock=lambda: now[0])
    c.put("k", 1)
    now[0] = 4.0
    c.put("k", 2)
    now[0] = 8.0
    assert c.get("k") == 2


def test_a_digest_keeps_no_text_and_separates_parts():
    assert digest("ab", "c") != digest("a", "bc")
    assert b"secret" not in digest("my secret")
    with pytest.raises(ValueError):
        Lru(0)
