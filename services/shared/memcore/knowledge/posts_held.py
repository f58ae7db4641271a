"""A post held toward a person or a body, said with a possessive (issue 35): "Sven is Astrid's deputy", "Chiara is
Paolo's understudy", "Lucía is the team's treasurer", "Tomasz is the club's secretary".

ties.py reads "Rhian is Gethin's porter" when the noun is kin, a friend or a job word; a post that stands only
toward someone (a deputy, an understudy, a mentee, a caddie, a chair) is neither, so the turn gave nothing or a
card "Lucía | is | the team's treasurer" of no kind. Here:

- `a_post(word)`: a word of standing toward a person or a body: the posts below, or an agent's noun (a treasurer,
  a successor, a sponsor) as occupation.is_job reads one said with a workplace;
- `body_held(...)`: the body a post is held in, said as "the <body>'s" ("the team's", "the club's", "the
  parish's"), not a person ("the boss's assistant": a person's, whom nobody names).

Near misses: "Sven is Astrid's age", "Sven is Astrid's type", "Sven is Astrid's favourite", "that's Astrid's
problem" (no post), "the book is Astrid's" (no noun). Pure: parse.Tok tuples in, facts out.
"""
from __future__ import annotations

from .models import Fact
from .occupation import is_job
from .parse import Sentence, Tok
from .person import possessive
from .tree import Kids
from .vocabulary import RELATIONS

# posts that stand toward a person or a body and are no trade of their own
POSTS = frozenset("""deputy understudy protege protégé mentee caddie caddy bodyguard successor predecessor stand-in
replacement sidekick chaperone sponsor chair chairman chairwoman chairperson captain vice-captain president
vice-president treasurer secretary conductor founder co-founder patron ward heir apprentice trainee assistant
second-in-command right-hand deputy-head head steward spokesperson spokesman spokeswoman representative rep
""".split())
# nouns after a possessive that say no post: how one compares, what one likes, whose fault
_NO_POST = frozenset("""age size height type favourite favorite problem fault business idea turn job responsibility
thing style kind sort choice pick call side best worst everything world life""".split())


def a_post(t: Tok) -> bool:
    """Whether the noun is a post one holds toward a person or a body."""
    if t.lemma in _NO_POST or t.lower in _NO_POST:
        return False
    return t.lemma in POSTS or t.lower in POSTS or is_job([t.lower], True)


def body_held(s: Sentence, kids: Kids, post: Tok) -> Tok | None:
    """The body said as "the <body>'s" before the post ("the team's treasurer"), or None."""
    poss = next((c for c in kids.get(post.i, []) if c.dep == "poss" and c.pos == "NOUN"), None)
    if poss is None or poss.lemma in RELATIONS or is_job([poss.lower], False):
        return None
    if not any(c.dep == "det" and c.lower == "the" for c in kids.get(poss.i, [])):
        return None
    return poss


def post_in_body(name: str, post: str, body: str, org: str | None) -> Fact:
    """The card of a named person's post in a body: a team's own post a tie of the team (the spec's team voice),
    else who the person is, the body said with the post ("team's treasurer": the words the plain "is" of the same
    clause said, which this card is read in place of: parse_meets_rules.with_parse)."""
    if org:
        return Fact(org, post.replace(" ", "_"), name, "relationship", 0.8, f"{name} is the {body}'s {post}: {possessive(org)}")
    return Fact(name, "role", f"{body}'s {post}", "identity", 0.8, f"{name} is the {body}'s {post}")


__all__ = ["POSTS", "a_post", "body_held", "post_in_body"]
