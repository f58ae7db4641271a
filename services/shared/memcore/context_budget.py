"""Token-budgeted assembly of the memory block (pure).

Categories and their shares of the budget: safety rules first and always (they may take the whole
budget); then the independent retrieval paths, so that "who is Peter" and "how to check content"
never compete for one slot (seed 000): entity facts 20%, processes 20%, other knowledge 25%,
relevant turns 20%, recent turns 15%. Each category's
best line is admitted even past its share while the whole budget allows (co-retrieval guarantee);
a share left unused flows to the next category. Lines are deduplicated by normalised text; one
line per memory: "- <text> (since: YYYY-MM-DD) [memory:<id>]".

While asking which person a name means (issue 37), the context still answers: one identity line
per candidate ("identity", right after the safety rules, room for all of them) and the process the
request asks for keep their place, and the lines that merely mention the name ("mention") get a
share of their own that unused shares do not flow into (`ASKING_ORDER`, `ASKING_SHARES`, `ASKING_CAPPED`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Sequence

from .textnorm import normalise

CATEGORY_ORDER = ("safety", "identity", "entity", "process", "high_salience", "relevant", "mention", "recent")
# Knowledge lines (short facts naming the person, issue 35) fill "high_salience" when no entity or
# process path brought them; the turns as said ("relevant", "recent") support them.
DEFAULT_SHARES = {"entity": 0.20, "process": 0.20, "high_salience": 0.25, "relevant": 0.20, "recent": 0.15}
# While asking "which Peter?": how to do what was asked, then who each candidate is, come first.
# There is one identity line per candidate (at most eight, see disambiguation.clarification), and
# each may take what the process left (a cited line costs ~50 tokens); lines that only mention the
# name share a tenth of the budget, whatever the others left unused.
ASKING_ORDER = ("safety", "process", "identity", "entity", "high_salience", "relevant", "mention", "recent")
ASKING_SHARES = {"process": 0.25, "identity": 1.0, "entity": 0.05, "high_salience": 0.05, "relevant": 0.05,
                 "mention": 0.10, "recent": 0.0}
ASKING_CAPPED = frozenset({"mention"})
MAX_LINE_TOKENS = 60
MIN_LINE_TOKENS = 12  # the shortest possible line: "- x" plus a citation
# Processes keep their steps: a truncated procedure is worse than none.
MAX_LINE_TOKENS_BY_CATEGORY = {"process": 160, "safety": 80, "identity": 40}
HEADER = "Relevant memory:"


@dataclass(frozen=True)
class ContextCandidate:
    key: str  # memory id, or a session key for hot turns
    text: str
    category: str
    path: str
    since: datetime | None
    score: float
    cite: bool = True


@dataclass(frozen=True)
class Packed:
    candidate: ContextCandidate
    line: str
    tokens: int


@dataclass(frozen=True)
class Suppressed:
    candidate: ContextCandidate
    reason: str


def _render_line(c: ContextCandidate, text: str) -> str:
    since = f" (since: {c.since.date().isoformat()})" if c.since else ""
    cite = f" [memory:{c.key}]" if c.cite else ""
    return f"- {text}{since}{cite}"


Shorten = Callable[[str, int], str]  # (text, token limit) -> at most that many tokens of it


def format_line(c: ContextCandidate, count_tokens: Callable[[str], int], truncate: Shorten | None = None,
                excerpt: Shorten | None = None) -> tuple[str, int]:
    """The context line of a candidate (its text shortened to its category's token limit) and its tokens.

    A text over the limit becomes `excerpt` of it when given (the sentences that answer the question,
    see memcore.excerpt), else its first tokens. The whole line is counted first: when it fits the
    limit, so does the text inside it (one tokenizer call per line instead of two)."""
    text = " ".join(c.text.split())
    limit = MAX_LINE_TOKENS_BY_CATEGORY.get(c.category, MAX_LINE_TOKENS)
    line = _render_line(c, text)
    tokens = count_tokens(line)
    if truncate is not None and tokens > limit and count_tokens(text) > limit:
        short = excerpt(c.text, limit) if excerpt is not None else truncate(text, limit).rstrip() + "…"
        line = _render_line(c, short)
        tokens = count_tokens(line)
    return line, tokens


def pack(
    candidates: Sequence[ContextCandidate],
    budget: int,
    count_tokens: Callable[[str], int],
    truncate: Shorten | None = None,
    shares: dict[str, float] | None = None,
    excerpt: Shorten | None = None,
    capped: frozenset[str] = frozenset(),
    order: Sequence[str] = CATEGORY_ORDER,
) -> tuple[list[Packed], list[Suppressed], int]:
    """Returns (included lines in category order, suppressed with reasons, tokens used). A category
    in `capped` gets its share alone, never the shares other categories left unused."""
    shares = shares or DEFAULT_SHARES
    header_tokens = count_tokens(HEADER) + 1
    available = max(0, budget - header_tokens)
    by_cat: dict[str, list[ContextCandidate]] = {c: [] for c in order}
    for c in candidates:
        by_cat.setdefault(c.category, []).append(c)
    for cat in by_cat:
        by_cat[cat].sort(key=lambda c: -c.score)

    included: list[Packed] = []
    suppressed: list[Suppressed] = []
    seen_text: set[str] = set()
    seen_key: set[str] = set()
    used = 0
    carry = 0.0
    for cat in list(order) + [c for c in by_cat if c not in order]:
        share = shares.get(cat, 0.0) * available
        allowance = available - used if cat == "safety" else share if cat in capped else share + carry
        spent = 0
        for c in by_cat.get(cat, []):
            norm = normalise(c.text)
            if c.key in seen_key or norm in seen_text:
                suppressed.append(Suppressed(c, "duplicate of an included memory"))
                continue
            if available - used < MIN_LINE_TOKENS:  # nothing more can fit: skip the tokenizer
                suppressed.append(Suppressed(c, "token budget exhausted"))
                continue
            line, n = format_line(c, count_tokens, truncate, excerpt)
            n += 1  # newline
            first_of_category = spent == 0
            if used + n > available or (spent + n > allowance and not first_of_category):
                suppressed.append(Suppressed(c, f"over the {cat} share of the token budget"))
                continue
            included.append(Packed(c, line, n))
            seen_text.add(norm)
            seen_key.add(c.key)
            spent += n
            used += n
        if cat in capped:
            carry = max(0.0, carry + share - spent)  # takes none of the carry; passes on its own rest
        elif cat != "safety":
            carry = max(0.0, allowance - spent)
    return included, suppressed, (used + header_tokens if included else 0)


def asking_category(category: str, text: str, names: Sequence[str]) -> str:
    """While asking which person a name means: a line that is neither a rule, a process nor a
    candidate's identity and says one of the asked-about names is a mere mention."""
    if category in ("safety", "process", "identity"):
        return category
    said = any(re.search(rf"(?<!\w){re.escape(n.strip())}(?!\w)", text, re.I) for n in names if n.strip())
    return "mention" if said else category


def render(included: Sequence[Packed]) -> str:
    if not included:
        return ""
    return HEADER + "\n" + "\n".join(p.line for p in included)
