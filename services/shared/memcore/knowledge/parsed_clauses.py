"""The clauses of a parsed sentence, for the dependency path (dependency.py): their heads
(predicates), their subjects and whom a subject names (name_of: the owner, the organisation, the
person named last, a name, a possessed noun), a clause's tokens and the line that says it with its
subject named. Pure: token tuples (parse.Tok) in, tokens or text out."""
from __future__ import annotations

import re

from . import verb_classes as vc
from .clause_parts import quoted
from .parse import Sentence, Tok
from .person import about, possessive
from .rule_basics import TurnContext
from .ties import name_beside
from .tree import Kids, subtree, text_of
from .vocabulary import RELATIONS

_SUBJECTS = ("nsubj", "nsubjpass")
# Children that start another clause: read on their own, never part of this clause's text.
_OTHER_CLAUSES = ("ccomp", "advcl", "parataxis", "relcl", "mark", "intj", "discourse", "csubj", "meta")
_FIRST = frozenset({"i", "me", "myself", "we", "us"})
_THIRD = frozenset({"he", "she", "they", "him", "her", "them"})


def predicates(s: Sentence, kids: Kids) -> list[Tok]:
    """The clauses' heads: the roots, verbs joined to a clause by "and", what a reporting verb
    reports, and relative clauses (none inside a quoted title)."""
    heads: list[Tok] = []
    seen: set[int] = set()
    titles = quoted(s)
    for t in s:
        if t.i in titles:
            continue
        head = s[t.head]
        verb = t.pos in ("VERB", "AUX")
        # a comma splice ("Dr Ahmed works Mondays, Dr Lewis covers Fridays") parses as a ccomp before its head
        if t.dep == "ROOT" or (verb and t.dep == "conj" and head.i in seen) or (
                verb and t.dep == "ccomp" and (head.lemma in vc.REPORT or t.i < head.i)) or (verb and t.dep == "relcl"):
            heads.append(t)
            seen.add(t.i)
    return heads


def subject_of(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    subjects = [c for c in kids.get(p.i, []) if c.dep in _SUBJECTS]
    if subjects:
        c = subjects[-1]  # the nearest: "tbh i kinda hate ..." parses with two
        if p.dep == "relcl" and c.lower in ("who", "that", "which"):
            return s[p.head]
        return c
    if p.dep == "conj" and s[p.head].i != p.i and not any(c.dep == "expl" for c in kids.get(p.i, [])):
        return subject_of(s, kids, s[p.head])  # "..., and there's usually 3 temps": no one's
    return None


def name_of(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str | None:
    """Who or what a subject or possessor names, or None when it names nobody the owner knows."""
    low = t.lower
    if any(c.dep == "conj" and c.lower in ("i", "me") for c in kids.get(t.i, [])):
        return ctx.owner  # "my partner Leon and I are ...": the owner, with Leon
    if low in ("i", "me", "myself", "my", "mine"):
        return ctx.owner
    if low in ("we", "us", "our", "ours"):
        return ctx.org or ctx.owner
    if low in _THIRD or low in ("his", "their"):
        return None if low in ("they", "them", "their") and ctx.carried else ctx.last_person
    if t.pos == "PRON" or low in vc.NOBODY:
        return None
    mine = kids.get(t.i, [])
    if t.pos == "PROPN":
        words = [c for c in mine if c.dep in ("compound", "flat") and c.pos == "PROPN" and c.i < t.i] + [t]
        named = " ".join(w.text for w in words if w.lower not in vc.KIN_TITLES)
        return named or t.text
    if t.pos != "NOUN":
        return None
    beside = name_beside(s, kids, t) if t.lemma in RELATIONS else None  # "Marta, my sister, works ..."
    if beside is not None and beside.i != t.head:
        return name_of(s, kids, beside, ctx)
    appos = [c for c in mine if c.dep == "appos" and c.pos == "PROPN"]
    if appos:
        return name_of(s, kids, appos[0], ctx)
    poss = [c for c in mine if c.dep == "poss"]
    phrase = " ".join([c.lower for c in mine if c.dep in ("amod", "compound") and c.i < t.i] + [t.lower])
    if [w.lower for w in s[t.i + 1:t.i + 5]] == ["-", "in", "-", "law"]:
        phrase += "-in-law"  # "my mother-in-law", which the parser splits
    if poss:
        holder = name_of(s, kids, poss[0], ctx)
        return f"{possessive(holder)} {phrase}" if holder else None
    return None


def _related_holder(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str | None:
    """The person who holds a thing when a tie is named as its holder ("my mother's birthday")."""
    poss = [c for c in kids.get(t.i, []) if c.dep == "poss" and c.lemma in RELATIONS]
    return name_of(s, kids, poss[0], ctx) if poss else None


def _a_team_thing(kids: Kids, t: Tok, ctx: TurnContext) -> bool:
    """In a team's conversation, an unpossessed thing ("Patient records", "The demo") is the team's."""
    return bool(ctx.org) and t.pos == "NOUN" and t.lower not in vc.NOBODY and not any(
        c.dep == "poss" for c in kids.get(t.i, []))


def _clause(s: Sentence, kids: Kids, p: Tok) -> set[int]:
    """The clause's tokens: the predicate's subtree without the clauses inside it."""
    out = subtree(kids, p.i)
    for c in kids.get(p.i, []):
        if c.dep in _OTHER_CLAUSES or (c.dep == "conj" and c.pos in ("VERB", "AUX")) or (
                c.dep == "cc" and any(k.dep == "conj" and k.pos in ("VERB", "AUX") for k in kids.get(p.i, []))):
            out -= subtree(kids, c.i)
    # "the cardamom knot, then the rye sourdough": what comes after ", then" is the next one, another fact
    then = next((c.i for c in kids.get(p.i, []) if c.lower == "then" and c.i > p.i and c.i > 0 and s[c.i - 1].text == ","),
                None)
    if then is not None:
        out -= {i for c in kids.get(p.i, []) if c.i >= then for i in subtree(kids, c.i)}
    return {i for i in out if s[i].pos != "PUNCT" or s[i].text in ("-", "&", "%")}


def _said(s: Sentence, kids: Kids, idx: set[int], subj: Tok, who: str, ctx: TurnContext, team_thing: bool) -> str:
    """The clause as a line that names its subject."""
    sub = subtree(kids, subj.i)
    if who == ctx.owner and subj.lower not in _FIRST and any(c.dep == "conj" for c in kids.get(subj.i, [])):
        who = "I"  # "my partner Leon and I are getting married": the owner's line, Leon's tie is its own fact
    if who == "I" or subj.lower in _THIRD or (subj.pos == "PROPN" and who != subj.text):
        first, keep = min(sub), sorted(idx)
        line = "".join((who + " " if i == first else "") if i in sub else
                       s[i].text + (s[i].ws if n < len(keep) - 1 else "") for n, i in enumerate(keep)).strip(" ,;:-")
    else:
        line = text_of(s, idx)
    line = re.sub(r"\s+['’]ll\b", " will", about(line, ctx.owner, team=ctx.org))  # "she 'll be 70": she will
    return f"{ctx.org}: {line[:1].lower()}{line[1:]}" if team_thing and ctx.org else line


def _named(value: str, ctx: TurnContext) -> str:
    """A value with the owner named ("my bike" -> "Mia's bike"), its first letter as said."""
    named = about(value, ctx.owner, team=ctx.org)
    return named[:1].lower() + named[1:] if value[:1].islower() else named
