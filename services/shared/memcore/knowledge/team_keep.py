"""What a team's statement keeps (issue 35): the clause families' and the parse's facts beside what
team_things.py read of the organisation's things, so that each card holds one clause's words. Pure.

- A fact whose words come from two of the statement's clauses that each teach a fact of their own
  holds a sibling's words and goes; a rule kept whole keeps the line of its own clause; a process
  stays whole, unless its "steps" are facts about things.
- No fact whose value joins two of a person's items and more, or whose value is a clause of its own.
- A thing's fact another already stated, or a step of a process, is not added again.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ..extraction.patterns import NAME_WORD
from .statement_basics import named_text
from .steps import STAGE
from .models import Fact
from .rule_basics import TurnContext
from .team_counts import counts_apart
from .team_split import split_schedules
from .team_words import CLOCK, DAY_WORD, DAYS, EVERY, ONE_OFF, RULE, RULE_FIRST, VERDICT, retyped
from .vocabulary import content_words

# A value that is a clause of its own: "Dele prefers | he's useless after 8pm".
_CLAUSE_VALUE = re.compile(r"(?i)^(?:he|she|they|it|that)(?:['’](?:s|re)|\s+(?:is|are|was|were|has|have)\b)")
# ... or one with someone else as its subject: "Jo loves | everyone else hates them" (not a rule's "nobody lifts ...")
_OTHERS_VALUE = re.compile(r"(?i)^(?:everyone|everybody|someone|somebody|others|the\s+others)(?:\s+else)?\s+[a-z]+s?\b")
# A value that is no thing: "are trained to give them" (whom?), "here is: at 8pm"
_BE_FIRST = re.compile(r"(?i)^(?:(?:here|there)\s+is\b|(?:is|are|am|was|were)\s+[a-z]+ed\s+to\b)")
# How things are right now: "so slow today", "in a right mood", "is jammed again"
_MOMENT = re.compile(r"(?i)\b(?:today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:week|morning|afternoon|evening)|"
                     r"again|so\s+far|in\s+a\s+(?:\w+\s+)?mood)\b")
# A habit that is a bare verb with at most a word of how often: "we always ask" is no routine of its own
_BARE_HABIT = re.compile(r"^(?:(?:always|never|usually|often|sometimes|normally|just|also)\s+)?[a-z]+$")


def _passive_skill(f: Fact) -> Fact:
    """"appointments can be booked online": what can be done to a thing is a fact of it, not a skill."""
    if f.type == "skill" and re.match(r"(?i)^(?:can\s+|could\s+)?be\s+[a-z]+(?:ed|en|wn|t)\b", f.value):
        return Fact(f.subject, f.predicate, f.value, "semantic", f.certainty, f.text)
    return f


# Talk, not knowledge: a suggestion ("maybe we should open Sundays"), a wish ("we could do with more parking"),
# someone's forecast ("the council says we'll get the grant")
_TALK = re.compile(r"(?i)\b(?:maybe|perhaps|possibly)\b[^.]*\b(?:should|could)\b|\bshould\s+we\b|\bcould\s+do\s+with\b"
                   r"|\b(?:says?|said|reckons?|thinks?)\b[^.]*(?:\bwill\b|['’]ll\b|\bgoing\s+to\b|\bgonna\b)")
_HOW_IT_FEELS = frozenset("are is always usually often so really here pretty quite a bit bit absolutely totally".split())


def _broken(f: Fact, ctx: TurnContext) -> bool:
    """A card that tells nothing on its own (see above), or a line that names neither its subject nor
    the organisation ("Plays piano" said of the residents)."""
    if (_TALK.search(f.text) and not RULE_FIRST.match(f.value)) or re.match(r"(?i)(?:could\s+)?do\s+with\b", f.value):
        return True
    if f.type in ("routine", "semantic") and VERDICT.search(f.value) and not (
            set(re.findall(r"[a-z]+", f.value.lower())) - _HOW_IT_FEELS - {w.lower() for w in VERDICT.findall(f.value)}):
        return True  # "Mondays are always mad here": how it feels
    if f.type in ("process", "safety"):
        return False  # (a rule is said as it was: "patient records must never be emailed")
    if _BE_FIRST.match(f.value) or _OTHERS_VALUE.match(f.value):
        return True
    if f.value.split()[:1] == f.subject.split()[:1] and f.predicate not in ("name", "role") and not f.value.startswith(
            (f"{f.subject}'s ", f"{f.subject}’s ", f"{f.subject}' ")):  # ("Harbour Yoga's lido report": its own thing)
        return True  # "Rosa | runs | Rosa here own the place ...": the whole clause again, not a value
    if f.type == "routine" and _BARE_HABIT.match(f.value.strip()) and not DAYS.fullmatch(f.value.strip()):
        return True  # ("Marco works | weekends" is when, not a bare habit)
    if re.search(r"(?i)\b(?:talked|spoke|chatted|asked|heard|thought|said)\s+(?:about|of|on)\s+(?:it|that|this)\b", f.value):
        return True  # "we talked about it at the committee meeting": about what, the card does not say
    if f.type in ("semantic", "preference", "identity") and _MOMENT.search(f.value):
        return True  # "our wifi is so slow today", "the boss is in a right mood": the moment, not the team
    named = content_words(f.subject)
    if f.subject == ctx.org or re.match(r"(?i)(?:he|she|they|his|her|their)\b", f.text):
        return False  # ("She's in on Tuesdays": named by the turn before)
    return bool(named) and not named & content_words(f.text)


# A second clause glued to a value: "keeps | the books, he's been treasurer since 2019".
_GLUED = re.compile(r"(?i),?\s+(?:and\s+)?(?:he|she|they)(?:['’](?:s|re)|\s+(?:is|are|was|were|has|have)\b)"
                    rf"|,\s+(?:and\s+)?(?-i:{NAME_WORD})(?:\s+from\s+(?:the\s+)?[a-z]+\b|\s+(?-i:[a-z]+s)\b)")  # ", Tommy from church plays"


def _one_clause(f: Fact) -> Fact:
    """The fact cut where its value goes on to a second clause about a person."""
    m = _GLUED.search(f.value)
    if f.type == "process" or not m or m.start() == 0:
        return f
    value = f.value[:m.start()].strip(" ,")
    rest = f.value[m.start():].strip(" ,")
    at = f.text.find(rest)
    if at <= 0 and rest[:1].isupper():  # the line says it with more words: cut at the name ("Tommy from the church")
        name = re.search(rf"\b{re.escape(rest.split()[0])}\b", f.text)
        at = name.start() if name else -1
    text = f.text[:at].strip(" ,") if at > 0 else f.text
    return Fact(f.subject, f.predicate, value, f.type, f.certainty, text)


# A second colleague's clause joined to a value: "handles the rota | and Ben orders stock on Fridays"
_AND_NAME = re.compile(rf",?\s+and\s+(?P<who>{NAME_WORD})\s+(?P<rest>(?:(?:also|usually|always|then)\s+)?[a-z]+s\b.*)$")


def _apart(f: Fact, ctx: TurnContext) -> list[Fact]:
    """A fact whose value goes on to another colleague's clause, cut in two: each said of its own person
    ("Mia handles the rota and Ben orders stock on Fridays")."""
    m = _AND_NAME.search(f.value)
    if f.type in ("process", "safety") or not m or m.start() == 0 or m.group("who") in (ctx.org, ctx.owner, f.subject) \
            or DAYS.search(m.group("who") + "s") or ONE_OFF.search(f"in {m.group('who')}"):
        return [f]  # ("Tuesday and Friday mornings", "March and April"): no colleague
    value, who, rest = f.value[:m.start()].strip(" ,"), m.group("who"), m.group("rest")
    at = f.text.find(f.value[m.start():].strip(" ,"))
    text = f.text[:at].strip(" ,") if at > 0 else f.text
    if text.endswith(" and"):
        text = text[:-4]
    theirs = retyped(Fact(who, f.predicate, rest, "routine" if DAYS.search(rest) or CLOCK.search(rest) else "semantic",
                          f.certainty, f"{who} {rest}"), ctx.org)
    mine = Fact(f.subject, f.predicate, value, f.type if DAYS.search(value) or CLOCK.search(value) or f.type != "routine"
                else "semantic", f.certainty, text)
    return [mine, theirs]


def _joins(f: Fact, facts: list[Fact]) -> bool:
    """A fact whose value holds the values of two or more others of the same subject and more ("speaks
    Polish and Urdu really handy at the desk" beside "speaks Polish" and "speaks Urdu")."""
    mine = content_words(f.value)
    return sum(1 for g in facts if g is not f and g.subject == f.subject and content_words(g.value) and content_words(g.value) < mine) >= 2


def _a_step(thing: Fact) -> bool:
    """A thing's fact that is someone's act in turn ("the librarian checks the ID card": check), a
    step of the process it is said in, not a fact about the thing."""
    verb = thing.predicate
    first = thing.value.split()[0].lower() if thing.value.split() else ""
    return verb.isalpha() and first in (verb + "s", verb + "es", verb[:-1] + "ies")


def kept_of_team(read: list[Fact], things: list[Fact], clauses_: list[tuple[str, str]], whole: list[Fact],
                 ctx: TurnContext, covered: Callable[[Fact, list[Fact]], bool]) -> list[Fact]:
    """A team statement's facts with what team_things read of its things. A fact whose words come
    from two of the statement's clauses that each teach a fact of their own holds a sibling's words
    and goes (a process kept whole stays; a rule kept whole keeps the line of its own clause); a
    thing's fact the others already stated is not added again. Names (capitalised words) and the
    fact's subject do not count: "Joel starts at 4am" after "our head baker is Joel" is one clause's."""
    named = content_words(ctx.org or "") | content_words(ctx.owner)
    segs = [text for _, text in clauses_]
    header = content_words(segs[0].split(":", 1)[0]) if segs and ":" in segs[0] else set()  # "our floor rules: A, B, C": each item's
    own_words = [content_words(seg) - named - header for seg in segs]
    unique = [w - set().union(*(o for k, o in enumerate(own_words) if k != n)) for n, w in enumerate(own_words)]

    def hits(f: Fact) -> set[int]:
        mine = content_words(f.text) | content_words(f.value)
        mine -= content_words(f.subject) | {w.lower() for w in re.findall(r"\b[A-Z][\w'’-]*", f.text)}
        return {n for n, u in enumerate(unique) if mine & u}

    teaching = {next(iter(h)) for f in read + things if len(h := hits(f)) == 1}
    teaching |= {n for n, (kind, text) in enumerate(clauses_) if kind in ("thing", "figure", "rule", "shared")
                 or RULE.search(text)}  # ("we never refund missed lessons" is a rule of its own)
    teaching |= {n for n, words in enumerate(own_words) for f in whole  # the clause a rule kept whole is said in
                 if content_words(f.value) - named and content_words(f.value) - named <= words}
    kept = []
    for f in read:
        if f.type == "process" and f in whole and sum(
                bool(content_words(t.value)) and content_words(t.value) <= content_words(f.text) and not _a_step(t)
                and not STAGE.search(t.value) for t in things) >= 2:
            continue  # its "steps" are facts about things ("loans: adults can borrow ..., renewals are ..."), not acts
            # (nor stages said by when they come: "deposit up front, first fitting after a week")
        spans = len(hits(f) & teaching) > 1
        if spans and f.type != "process" and f in whole:  # a rule kept whole: the line of its own clause,
            # with the thing the clause before was about ("early check in is £20, never promise it ...")
            own = next((n for n, words in enumerate(own_words) if content_words(f.value) - named <= words), None)
            if own is not None:
                about = max((t.subject for t in things if own and content_words(t.subject) and
                             content_words(t.subject) <= own_words[own - 1] and not content_words(t.subject) & own_words[own]),
                            key=lambda x: len(content_words(x)), default=None)
                line = named_text(segs[own], ctx)
                f = Fact(f.subject, f.predicate, f.value, f.type, f.certainty, f"{about[:1].upper()}{about[1:]}: {line}" if about else line)
            elif f.type == "safety":  # a rule read across two clauses, one of them a thing's fact: the rest is the rule
                told = [n for n in sorted(hits(f) & teaching) if not any(
                    content_words(t.value) and content_words(t.value) <= own_words[n] for t in things)
                    and (RULE.search(segs[n]) or RULE_FIRST.match(segs[n].strip()))]  # (", the kilns are hot": why, no rule)
                kept += [Fact(f.subject, f.predicate, segs[n], f.type, f.certainty, named_text(segs[n], ctx)) for n in told]
                if told:
                    continue
            spans = False  # (a rule whose value needs both clauses is said whole)
        if not spans or f.type == "process":
            kept.append(retyped(f, ctx.org))
    kept = [_one_clause(f) for f in kept if f.type == "process" or not _joins(f, kept) and not _CLAUSE_VALUE.match(f.value)]
    steps = [content_words(g.text) | {"we", "our", "us"} for g in kept if g.type == "process"]  # a step is no fact of its own
    kept += [f for f in things if not covered(f, kept) and not any(len(content_words(f.value) - said) <= 1 for said in steps)]
    kept = [g for f in kept for g in _apart(f, ctx)]
    kept = [g for f in kept for g in counts_apart(f)]  # "96 buses on 14 lines": a card a count
    kept = [_passive_skill(f) for f in kept if not _broken(f, ctx)]
    return split_schedules(kept, ctx)  # "we meet Tuesdays 6 till 9 in the scout hut": when, and where


def of_the_team(facts: list[Fact], org: str, things: frozenset[str]) -> list[Fact]:
    """A team's facts about its things name the team: "Deposit is 50 euros" is kept as "Blackthorn
    Tattoo: Deposit is 50 euros", so that what a team says of its deposit, its hours or its show is
    the team's, found by its name. `things`: the common nouns of the turn, as its parse read them
    (lower case); a fact is about a thing when its subject ends with one, or with a day ("Sat
    mornings"). A person's fact keeps its line as said (a tie or a post is not the team's thing)."""
    team = content_words(org)
    out = []
    for f in facts:
        last = (f.subject.split() or [""])[-1].lower()
        thing = last in things or bool(re.fullmatch(DAY_WORD, last)) or bool(DAYS.fullmatch(last)) or bool(
            re.search(r"\d", f.subject))  # "Under-12s must ...", "Kids under 5 ...": an age group, no person
        if f.type == "semantic" and EVERY.search(f.value):  # "inspected every 7 days": a routine
            f = Fact(f.subject, f.predicate, f.value, "routine", f.certainty, f.text)
        if not thing or f.type in ("identity", "relationship") or team <= content_words(f.text) | content_words(f.subject):
            out.append(f)
        else:
            out.append(Fact(f.subject, f.predicate, f.value, f.type, f.certainty, f"{org}: {f.text}"))
    return out


__all__ = ["kept_of_team", "of_the_team"]
