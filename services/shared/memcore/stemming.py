"""The one English stemmer of the project: Snowball's English (Porter2) stemmer, the algorithm
behind Postgres' `english_stem` dictionary, so a word stems here as `to_tsvector('english', ...)`
stems it for BM25 ("families" and "family" -> "famili", "classes" -> "class", "baking" -> "bake").

Used by the device's hashed full-text index (memedge.textindex), the policy's word matching
(memcore.policy.text_match) and word-level comparisons (excerpt, entity disambiguation). Imports
only `snowballstemmer` (pure Python), so the edge device can use it as it is.

Which Snowball: Postgres 18 carries Snowball's English as it stood after release 2.2.0 with one
later change, the one `snowballstemmer` 2.2.0 (pinned) lacks: a stem that is a, e or o and a double
consonant at the start of the word keeps its double after -ed/-ing ("added" -> "add", not "ad";
"erring" -> "err"). Releases 3.x changed far more ("evening", "organ-", "-ologist", "university"),
so they stem differently from the database. tests/integration/test_stemmer_matches_postgres.py
holds the two to the same stems on 20,000 frequent words.

Stop words are not dropped here (Postgres' dictionary does that separately): each caller keeps its
own list.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

import snowballstemmer

_LOCAL = threading.local()  # a Snowball stemmer object holds its word while it works: one a thread
_KEEPS_DOUBLE = re.compile(r"^([aeo])([bdfgmnprt])\2(?:ed|edly|ing|ingly)$")


def _stemmer() -> Any:  # snowballstemmer ships no type information
    s = getattr(_LOCAL, "stemmer", None)
    if s is None:
        s = _LOCAL.stemmer = snowballstemmer.stemmer("english")
    return s


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball English stem of `word`, lower-cased (a typographic apostrophe counts as ')."""
    word = word.lower().replace("\u2019", "'")
    short = _KEEPS_DOUBLE.match(word)
    if short:
        return short[1] + short[2] * 2
    stemmed: str = _stemmer().stemWord(word)
    return stemmed
