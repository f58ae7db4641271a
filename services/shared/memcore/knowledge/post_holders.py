"""A person named after the post they hold, the way a note says it (issue 35): "Treasurer is Oluwaseun Adeyemi, he's
64", "chair is Mei-Ling Chou. She's my aunt", "Head baker is Tomás, he starts at 4", "the owner is my uncle Agim, he opened it in 1995".

Said without "the" or "our", the post opens the sentence, so it is capitalised and reads like a name: the readers
took "Treasurer" for the person, and every card after it went to the post ("Treasurer is 64", "Secretary is Ines's
cousin"), and a "he"/"she" after it pointed at the post too. The note-taker writes those cards of the person the
post names (docs/formation-spec.md: the subject is the person named; a named person in a team's post is a card of
its own).

- `holders`: each (post, person) a text says so, the post a job title (post_words.is_post) or a tie a team has
  ("manager", "boss"), the person a name that is not itself a post word.
- `holder_named`: the person a text names that way, for whom "he"/"she" means (mentions.last_mention).
- `said_of_holders`: a turn's cards with the post as the subject or the tie's value said of the person instead,
  and the bare "<Post> is <Name>" card said as the person's post; in a team's account the post card is made when no
  card says it (a household's "Winner is Leyla" names no post of a team, so none is added there).

Pure regex work on the turn's text and its cards.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..extraction.patterns import NAME
from .models import Fact
from .post_words import ROLE_CERTAINTY, is_post
from .vocabulary import RELATION_PHRASES, RELATIONS, content_words

# a team's own tie words, which is_post leaves to the tie rules when said alone ("manager is Sigrún")
_TEAM_TIES = frozenset("manager boss head lead leader mentor supervisor director".split())
_TIES = "|".join(re.escape(w) for w in sorted((*RELATION_PHRASES, *RELATIONS), key=len, reverse=True))
# the post at a sentence's or a clause's start, with or without "the"/"our", then "is <Name>"
_HOLDER = re.compile(rf"(?:^|(?<=[.;!?:]\s)|(?<=,\s)|(?<=\band\s))(?:(?:[Tt]he|[Oo]ur)\s+)?"
                     rf"(?P<post>[A-Za-z][a-z-]+(?:\s+(?:of\s+)?[a-z][a-z-]+){{0,2}})\s+(?:is|was|['’]s)\s+"
                     rf"(?:(?:my|our)\s+(?:[a-z]+\s+)?(?:{_TIES})\s+)?(?P<who>{NAME})")  # ("the owner is my uncle Agim")
_MODIFIER = re.compile(r"(?i)^(?:(?:new|current|old|former|acting|interim|temporary|temp)\s+)+(?=\w)")
_NOT_A_POST = frozenset("it this that there here he she who what which name one everyone everybody nobody someone".split())


def _a_post(post: str) -> bool:
    words = post.lower().split()
    if not words or words[0] in _NOT_A_POST:
        return False
    return is_post(post.lower()) or words[-1] in _TEAM_TIES


def _person(who: str) -> str:
    """The name without words a note runs on with ("Fatima But", "Hazirah And"): capitalised function words."""
    words = who.split()
    while len(words) > 1 and words[-1].lower() in ("but", "and", "so", "then", "he", "she", "also"):
        words.pop()
    return " ".join(words)


def holders(text: str) -> list[tuple[str, str]]:
    """(post, person) for each "<post> is <Name>" the text says, the post in lower case."""
    out = []
    for m in _HOLDER.finditer(text):
        post, who = _MODIFIER.sub("", m.group("post")), _person(m.group("who"))  # ("our new bookkeeper": the bookkeeper)
        if _a_post(post) and not _a_post(who) and post.lower() != who.lower():
            out.append((post.lower(), who))
    return out


def holder_named(text: str) -> tuple[str, str] | None:
    """The last (post, person) the text names, or None."""
    found = holders(text)
    return found[-1] if found else None


def _of_post(said: str, post: str) -> bool:
    return re.sub(r"(?i)^(?:the|our)\s+", "", said.strip()).lower() == post


def _swap(line: str, post: str, who: str) -> str:
    """The card's line with the post said as the person ("Treasurer is 64" -> "Oluwaseun Adeyemi is 64")."""
    return re.sub(rf"(?i)\b(?:(?:the|our)\s+)?{re.escape(post)}\b", who, line, count=1)


def _tells_post(f: Fact, post: str, who: str) -> bool:
    """A card that already says the person holds the post ("Moulaye is the team's director", his role card)."""
    words = content_words(post)
    return (f.subject == who and words <= content_words(f.value)) or (
        f.value == who and words <= content_words(f.predicate.replace("_", " ")))


def said_of_holders(cards: list[Fact], text: str, org: str | None) -> list[Fact]:
    """The cards, each post the text names a holder for said as its holder, and the holder's post card once
    (see the module's doc)."""
    named = holders(text)
    if not named:
        return cards
    out: list[Fact] = []
    told: set[str] = set()  # whose bare "<Post> is <Name>" card the readers made
    for f in cards:
        for post, who in named:
            if _of_post(f.subject, post):
                f = replace(f, subject=who, text=_swap(f.text, post, who))
            elif f.type == "relationship" and _of_post(f.value, post):
                f = replace(f, value=who, text=_swap(f.text, post, who))
        if any(f.subject == who and f.predicate == "is" and content_words(f.value) == content_words(who) for _, who in named):
            told.add(f.subject)
            continue  # the bare note "<Post> is <Name>", said of the person: its post card below says it
        out.append(f)
    at = f" at {org}" if org else ""
    for post, who in named:  # a team's post, or the post a household's note said
        if (org or who in told) and not any(_tells_post(f, post, who) for f in out):
            out.append(Fact(who, "role", post, "identity", ROLE_CERTAINTY, f"{who} is the {post}{at}"))
    return out


__all__ = ["holder_named", "holders", "said_of_holders"]
