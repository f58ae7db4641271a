"""Terms for the local full-text index, pure: the FTS5 index holds keyed hashes of terms, never words.

SQLite's FTS5 index is plaintext by nature; the device's memory texts are encrypted at rest, so the
index must not spell them out again. Each text is split into words, lower-cased, stop words dropped,
stemmed as the cloud's BM25 stems (memcore.stemming: Snowball English, as Postgres), and every term
replaced by the first 8 bytes of HMAC-SHA256(index key, term) in hex.
FTS5's BM25 then works unchanged (term frequencies, document lengths and document frequencies are
those of the real terms), and a query is hashed the same way. What the index still shows is which
documents share a term, not what the term is.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata

from memcore.stemming import stem

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOP_WORDS = frozenset("""a an and are as at be been but by can could did do does for from had has have he her
him his how i if in into is it its me my no not of on or our she so than that the their them then there
these they this to too us was we were what when where which who why will with would you your about after
before any just like more most some such only own same other""".split())


def terms(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return [stem(w) for w in _WORD.findall(folded) if w not in STOP_WORDS and len(w) > 1]


def hashed_terms(key: bytes, text: str) -> list[str]:
    return ["t" + hmac.new(key, t.encode(), hashlib.sha256).hexdigest()[:16] for t in terms(text)]


def index_text(key: bytes, text: str) -> str:
    """The column value FTS5 indexes for a memory text."""
    return " ".join(hashed_terms(key, text))


def match_query(key: bytes, query: str) -> str | None:
    """An FTS5 MATCH expression: any of the query's terms (BM25 ranks by how many and how rare)."""
    unique = list(dict.fromkeys(hashed_terms(key, query)))
    return " OR ".join(unique) if unique else None
