"""A named person's post said as the owner's, outside a team's account (issue 35): "Sven is my deputy", "Ravi is our
treasurer" (of the owner's club or committee), "Grace is my accountant", "Hope is my carer".

The tie readers know tie words ("boss", "neighbour", "line manager"); a post word ("deputy", "treasurer",
"accountant") said as "NAME is my POST" was no tie to them, and the parse read it as a plain "X is Sam's treasurer"
or, when the small model took the name for another word ("Sven" as an adverb, "Ravi" as a noun), nothing. A
person in a post of the owner's is a relationship card, as the spec's "our manager is Priya" is: the owner, the
post, the name. In a team's account the team's readers already write the post (team.py, roles.py), so this reads
only the other voices. Only a job title (post_words.is_post) after "my"/"our", said to the clause's end or before
"and"/"but"/a comma: "Sven is my age", "Ravi is my hero", "Ana is my deputy's sister" are no posts.

Pure regex work on one clause.
"""
from __future__ import annotations

import re

from ..extraction.lexicon import SENTENCE_OPENERS
from ..extraction.patterns import NAME
from .models import Fact
from .person import possessive
from .post_words import is_post
from .rule_basics import TurnContext

_NAME_IS_MY_POST = re.compile(
    rf"(?:^|,\s*|\b(?i:and|but|so)\s+)(?P<name>{NAME})\s+(?i:is|['’]s)\s+(?i:my|our)\s+(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    r"(?=\s*(?:$|[,.!;]|\s(?:and|but|so|too|as\s+well)\b))")


def posts_of_mine(clause: str, ctx: TurnContext) -> list[Fact]:
    """The relationship card of a named person in a post of the owner's, or none."""
    if ctx.org:
        return []
    out = []
    for m in _NAME_IS_MY_POST.finditer(clause):
        name, post = m.group("name"), m.group("post").lower()
        if name.lower() in SENTENCE_OPENERS or not is_post(post):
            continue
        ctx.last_person = name
        out.append(Fact(ctx.owner, post.replace(" ", "_").replace("-", "_"), name, "relationship", 0.8,
                        f"{name} is {possessive(ctx.owner)} {post}"))
    return out


__all__ = ["posts_of_mine"]
