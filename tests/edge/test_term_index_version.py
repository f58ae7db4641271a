"""The device's full-text index follows the stemmer: a store whose terms were made by another stemmer
(an older schema of the index) is re-indexed from its own encrypted texts when opened, once."""
from __future__ import annotations

import os
import sqlite3

from memedge.crypto import FieldCipher
from memedge.store import TERM_INDEX_VERSION, CachedMemory, LocalStore
from memedge.textindex import index_text

TEXTS = {"m1": "Mia's family has two cats.", "m2": "The dance classes are on Tuesdays.",
         "m3": "Grandma made the dresses for the play."}


def _store(path, cipher) -> LocalStore:
    store = LocalStore(path, cipher)
    with store.tx() as conn:
        for mid, text in TEXTS.items():
            store.upsert(conn, CachedMemory(mid, "semantic", text, False, "user", "2026-11-01T10:00:00+00:00"))
    return store


def _found(store: LocalStore, query: str) -> list[str]:
    return [m.memory_id for m in store.by_rowids(store.bm25(query, 5)).values()]


def _as_an_old_device_left_it(path, cipher) -> None:
    """Terms as the old suffix stripper made them ("family" -> "fami"), no index version recorded."""
    old_terms = {"m1": "mia fami two cat", "m2": "danc class tuesday", "m3": "grandma mad dress play"}
    with sqlite3.connect(path) as db:
        for mid, terms in old_terms.items():
            (rowid,) = db.execute("SELECT rowid FROM memories WHERE memory_id = ?", (mid,)).fetchone()
            db.execute("UPDATE memory_terms SET terms = ? WHERE rowid = ?",
                       (" ".join(index_text(cipher.index_key, t).split()[0] for t in terms.split()), rowid))
        db.execute("DELETE FROM meta WHERE key = 'term_index'")


def test_an_index_made_by_the_old_stemmer_is_rebuilt_when_opened(tmp_path):
    path, cipher = tmp_path / "memedge.sqlite3", FieldCipher(os.urandom(32))
    _store(path, cipher).close()
    _as_an_old_device_left_it(path, cipher)
    store = LocalStore(path, cipher)
    assert store.get_meta("term_index") == TERM_INDEX_VERSION
    assert _found(store, "families") == ["m1"]  # Snowball: family, families -> famili
    assert _found(store, "class") == ["m2"] and _found(store, "dress") == ["m3"]
    store.close()


def test_a_current_index_is_not_rebuilt_on_every_open(tmp_path):
    path, cipher = tmp_path / "memedge.sqlite3", FieldCipher(os.urandom(32))
    _store(path, cipher).close()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM memory_terms")  # the version says current: opening leaves the index alone
    store = LocalStore(path, cipher)
    assert _found(store, "families") == []
    assert store.reindex_terms() == 3 and _found(store, "families") == ["m1"]
    store.close()
