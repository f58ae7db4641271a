"""Server settings the embedded PostgreSQL is started with (memcore.devstack.postgres)."""
import pytest

from memcore.devstack.postgres import AUTOVACUUM_NAPTIME, _overrides


def test_autovacuum_naps_briefly_so_young_tables_get_statistics(monkeypatch):
    monkeypatch.delenv("MEMORY_PG_SHARED_BUFFERS", raising=False)
    assert _overrides().split() == ["-c", f"autovacuum_naptime={AUTOVACUUM_NAPTIME}"]


def test_shared_buffers_from_the_environment(monkeypatch):
    monkeypatch.setenv("MEMORY_PG_SHARED_BUFFERS", "4GB")
    assert "shared_buffers=4GB" in _overrides().split()
    assert f"autovacuum_naptime={AUTOVACUUM_NAPTIME}" in _overrides().split()


@pytest.mark.parametrize("bad", ["4 GB", "lots", "10TB", "GB"])
def test_malformed_shared_buffers_is_refused(monkeypatch, bad):
    monkeypatch.setenv("MEMORY_PG_SHARED_BUFFERS", bad)
    with pytest.raises(ValueError, match="MEMORY_PG_SHARED_BUFFERS"):
        _overrides()
