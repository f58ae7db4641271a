"""The post one takes up, said with "as" after starting or joining (issue 35, docs/formation-spec.md: one card,
one fact): "the new girl is Nayelis, she starts Monday as receptionist" is when she starts (Monday, an event:
taking up a post is done once) and what she will be (receptionist), two cards; a value "Monday as receptionist" runs past its fact into the next one.
"my wife Ines joined the bank in 2019 as a cashier" is the same: the joining, and her post.

Only a start said with "start", "begin" or "join" and a job after "as" (occupation.is_job: "a cashier", "an
apprentice", "receptionist"); "as a treat", "as usual", "as a favour" are no posts and nothing changes. Pure:
cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .occupation import is_job

_STARTED = re.compile(r"(?i)\b(?:start|starts|started|starting|begin|begins|began|join|joins|joined|joining)\b")
_AS_POST = re.compile(r"(?i)\s*,?\s+as\s+(?P<article>(?:a|an|the|our|their)\s+)?(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})\s*[.!]?$")
_JOB_KINDS = frozenset("job role occupation works_as".split())


def post_apart(f: Fact) -> list[Fact]:
    """The card without the post said after "as", and the post's own card; [f] when it says none."""
    m = _AS_POST.search(f.value)
    if m is None or f.type in ("process", "safety") or f.predicate in _JOB_KINDS or not (
            _STARTED.search(f.value[:m.start()]) or _STARTED.search(f.predicate.replace("_", " "))):
        return [f]
    post = m.group("post")
    if not is_job(post.lower().split(), True):
        return [f]  # "starts school in September as a treat": no post
    value = f.value[:m.start()].rstrip(" ,")
    line = re.sub(rf"(?i)\s*,?\s+as\s+(?:(?:a|an|the|our|their)\s+)?{re.escape(post)}\b", "", f.text, count=1)
    article = "an" if post[:1].lower() in "aeiou" else "a"
    kind = "episodic" if f.type in ("routine", "semantic") else f.type  # taking up a post is done once, on a day
    return [Fact(f.subject, f.predicate, value, kind, f.certainty, line),
            Fact(f.subject, "role", post, "identity", f.certainty, f"{f.subject} is {article} {post}")]


def posts_apart(cards: list[Fact]) -> list[Fact]:
    """Every card with a post taken up said apart; a post another card already gives is not given twice."""
    out: list[Fact] = []
    for f in cards:
        for g in post_apart(f):
            if g is f or g.predicate != "role" or not any(
                    h is not f and h.subject == g.subject and h.value.lower().endswith(g.value.lower()) for h in cards):
                out.append(g)
    return out


__all__ = ["post_apart", "posts_apart"]
