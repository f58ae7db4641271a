"""What someone in the owner's life does for a living, and when (issue 35; docs/formation-spec.md: identity
holds a job, a routine what recurs, each said of the person).

A child or an adult often says a relative's work as what they do, not as what they are: "my uncle fixes
boilers", "she sells fish at the harbour", "my nan weaves baskets at home", "he drives a rickshaw". The
clause readers read such a clause as a plain fact or a tie of the person ("Kemi's uncle | fixes | boilers");
it is the person's job when its verb is one of the trades below, said in the present simple of a thing
(not of a pronoun or of something of theirs: "he fixes everything", "she sells her car" are no trade).

When it is said with its times ("my mum sells scarves there every night 6 till 10"), the job and the
times are two facts: the job, and the person's routine of those times. When the times are a sentence of
their own just after it ("she weaves cloth at home. every day after lunch"), they are the person's times
too, not the owner's (the readers gave them to the owner: a sentence without a subject is the owner's;
whose_times.py decides whose they are).

Only in a personal account (a team's duties are roles: roles.py), only of a person (the owner's tie, "my
X", or someone the turn ties to the owner), and never a second job when the turn says one. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .models import Fact
from .person import possessive, third_person_verb
from .said_when import only_when
from .whose_times import a_person, given_to_whose, tied_by_name

# Verbs whose present simple of a thing says a trade: "sells vegetables", "fixes boilers", "weaves carpets".
# (Not "cooks", "cleans", "bakes", "makes", "grows": a household's doings or a hobby as often as a trade.)
TRADE_VERBS = frozenset("sell fix repair mend drive weave build deliver install tailor plumb carve farm herd weld thatch "
                         "upholster".split())
_THIRD = {third_person_verb(v): v for v in TRADE_VERBS}
# what a job's object never opens with: a pronoun, something of one's own, a quantity of nothing in particular
_NOT_A_TRADE_OBJECT = frozenset("me us him her them it you everything something anything nothing his their my our "
                                "your its this that these those".split())
# a one-off or a plan, not a trade: "he fixes it tomorrow", "she sells the house next month"
_ONE_OFF = re.compile(r"(?i)\b(?:yesterday|today|tonight|tomorrow|ago|next|last|this\s+(?:week|month|year|morning|time))\b")
_JOBS = frozenset("job occupation used_to_be".split())
_PLACE_ADVERBS = frozenset("there here now".split())


def _whose(f: Fact, owner: str, tied: set[str]) -> str | None:
    """The person a card is of, or None: its subject, or the owner's tie its line names it as ("mae" whose
    line says "Manivone's mae": a word for a tie the readers did not know)."""
    if a_person(f.subject, owner, tied):
        return f.subject
    mine = f"{possessive(owner)} {f.subject}"
    return mine if f.subject and f.subject != owner and re.search(rf"(?i)(?<!\w){re.escape(mine)}(?!\w)", f.text) else None


def _verb(predicate: str) -> str | None:
    """The trade verb a card's predicate is, as a lemma ("sells", "sell", "drive"), or None."""
    low = predicate.lower()
    return low if low in TRADE_VERBS else _THIRD.get(low)


def _object_ok(value: str, owner: str, tied: set[str]) -> bool:
    """A thing a trade is done to: not a pronoun, nor the owner or one of their people ("drives Kemi to school")."""
    words = value.lower().split()
    return bool(words) and words[0] not in _NOT_A_TRADE_OBJECT and not any(
        re.search(rf"(?i)(?<!\w){re.escape(p)}(?!\w)", value) for p in (owner, *tied))


def _job_of(f: Fact, owner: str, tied: set[str]) -> Fact | None:
    """A plain fact or tie of a person said with a trade verb, as their job; None when it is none."""
    if f.type not in ("semantic", "relationship") or (verb := _verb(f.predicate)) is None or not _object_ok(f.value, owner, tied):
        return None
    said = third_person_verb(verb)
    if not re.search(rf"(?i)\b{said}\b", f.text) or _ONE_OFF.search(f.text):
        return None  # "she sold it", "he'll fix boilers": no trade said in the present simple
    return Fact(f.subject, "job", f"{said} {f.value}", "identity", f.certainty, f.text)


def _job_and_times(f: Fact, owner: str, tied: set[str]) -> list[Fact] | None:
    """A routine of a person that says a trade and its times ("sells scarves there every night 6 till 10"),
    as the job and the times (two cards); None when it says no trade or no times."""
    if f.type != "routine":
        return None
    words = f.value.split()
    at = next((n for n, w in enumerate(words[:2]) if w.lower() in _THIRD), None)
    if at is None:
        return None
    when = next((n for n in range(at + 2, len(words)) if only_when(" ".join(words[n:]))), None)
    if when is None:
        return None
    thing = words[at + 1:when]
    while thing and thing[-1].lower().strip(",") in _PLACE_ADVERBS:
        thing = thing[:-1]  # "sells scarves there": where is said elsewhere
    if not thing or not _object_ok(" ".join(thing), owner, tied) or _ONE_OFF.search(f.value):
        return None
    job = " ".join([words[at].lower(), *thing]).rstrip(",")
    times = " ".join(words[when:])
    return [Fact(f.subject, "job", job, "identity", f.certainty, f"{f.subject} {job}"),
            Fact(f.subject, "routine", times, "routine", f.certainty, f"{f.subject}: {times}")]


def others_work(cards: list[Fact], owner: str, statements: Sequence[str]) -> list[Fact]:
    """The turn's cards with the trades of the owner's people read as their jobs, and their times as theirs."""
    cards = given_to_whose(cards, owner, statements)  # "she mends nets on the beach. every day after lunch": hers
    tied = tied_by_name(cards, owner)
    out: list[Fact] = []
    for f in cards:
        who = _whose(f, owner, tied)
        if who is None or any(g.subject in (f.subject, who) and g.predicate in _JOBS for g in cards):
            out.append(f)
            continue
        theirs = Fact(who, f.predicate, f.value, f.type, f.certainty, f.text)
        split = _job_and_times(theirs, owner, tied)
        job = _job_of(theirs, owner, tied) if split is None else None
        out += split if split is not None else [job] if job is not None else [f]  # (a card of no trade as it was)
    return out


__all__ = ["TRADE_VERBS", "others_work"]
