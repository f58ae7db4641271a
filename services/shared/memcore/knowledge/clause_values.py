"""Values read from a clause's words (issue 35), for dependency.py's reading of a clause: a noun phrase
without its article, what is said after the subject without auxiliaries, the words of one's trade,
whom a "him"/"her" object means and what "them" does, the count of "N years old". Pure: token tuples in, text out."""
from __future__ import annotations

from . import verb_classes as vc
from .clause_text import named_value
from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .tree import Kids, subtree, text_of
from .vocabulary import RELATIONS

# Plurals that are no things a later "them" means: spans of time, amounts, people in general.
_NOT_THINGS = frozenset("year month week day hour minute second time thing one lot people kid child boy girl guy folk "
                        "lady gentleman parent grandparent".split())


def whom_named(s: Sentence, rest: set[int], who: str, ctx: TurnContext) -> Sentence:
    """The sentence with "him" or "her" as an object read as the person named last (one such pronoun,
    someone other than the clause's subject), and "them" as the plural things said in a sentence before,
    so that the value says whom and what."""
    named = list(s)
    them = [i for i in rest if s[i].lower == "them" and s[i].dep in ("dobj", "pobj")]
    if len(them) == 1 and ctx.things:  # "We have three goats. I milk them every morning": the goats
        named[them[0]] = s[them[0]]._replace(text=ctx.things, lower=ctx.things.lower(), pos="NOUN")
    said = [i for i in rest if s[i].lower in ("him", "her") and s[i].dep in ("dobj", "pobj", "dative")]
    if len(said) == 1 and ctx.last_person and ctx.last_person != who:
        named[said[0]] = s[said[0]]._replace(text=ctx.last_person, lower=ctx.last_person.lower(), pos="PROPN")
    return tuple(named) if isinstance(s, tuple) else type(s)(named)


def noun_value(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str:
    """A noun phrase as a value: its words without a leading article ("a garden centre" -> "garden centre")."""
    idx = sorted(subtree(kids, t.i))
    while idx and s[idx[0]].dep == "det" and s[idx[0]].lower in ("a", "an", "the"):
        idx = idx[1:]
    return named_value(text_of(s, idx), ctx)


def without_aux(s: Sentence, kids: Kids, p: Tok, rest: set[int], ctx: TurnContext) -> str:
    """What is said after the subject without the auxiliaries before the verb ("'m training for ..." -> "training for ...")."""
    return named_value(text_of(s, rest - {c.i for c in kids.get(p.i, []) if c.dep in ("aux", "auxpass") and c.i < p.i}), ctx)


_AS_WORK = frozenset("professionally freelance commercially".split())


def trade_words(s: Sentence, kids: Kids, p: Tok, subj: Tok, aux: set[str], neg: bool, team: bool = False) -> set[int] | None:
    """The words of one's work when a present-tense verb of a person says it: "for a living", or
    "for"/"at" an employer (a firm, a school, a name): the verb, its object and the employer (not the
    other things the clause says: "mostly out of a yard in Skipton"); None when it says nothing of work. `team`: in a
    team's conversation a vehicle driven is a duty there, a role (roles.py), not a job."""
    said_so = [c for c in kids.get(p.i, []) if c.dep == "advmod" and c.lower in _AS_WORK or c.dep == "prep" and c.lower == "by"
               and any(k.dep == "pobj" and k.lower == "trade" for k in kids.get(c.i, []))]  # "professionally", "by trade"
    if p.pos != "VERB" or p.tag not in ("VBP", "VBZ") or p.lemma in vc.LIGHT and not said_so or neg or aux or subj.lower in (
            "we", "us", "it", "they"):
        return None
    if any(t.lower in ("every", "each", "usually", "sometimes", "often", "always", "tomorrow", "today", "tonight")
           for t in s if t.head == p.i or s[t.head].head == p.i):
        return None  # a habit or a plan, not a trade
    vehicle = not team and p.lemma == "drive" and any(c.dep == "dobj" and c.lemma in vc.VEHICLES for c in kids.get(p.i, []))  # "drives a minibus"
    if said_so or vehicle:
        return {p.i} | {i for c in kids.get(p.i, []) if c.dep in ("dobj", "prt") for i in subtree(kids, c.i)}
    for prep in (c for c in kids.get(p.i, []) if c.dep == "prep" and c.lower in ("for", "at")):
        where = next((k for k in kids.get(prep.i, []) if k.dep == "pobj"), None)
        if where is None:
            continue
        if (prep.lower == "for" and where.lower in ("living",)) or where.lemma in vc.EMPLOYERS or (
                where.pos == "PROPN" and prep.lower == "for"):
            said = {p.i} | subtree(kids, prep.i)
            for c in kids.get(p.i, []):
                if c.i > p.i and (c.dep in ("dobj", "prt", "npadvmod") or (c.dep == "advmod" and c.i == p.i + 1 and c.pos != "ADV")):
                    # (after the verb only: "My niece Ama swims for the county" may parse "My niece" as the verb's npadvmod)
                    said |= subtree(kids, c.i)
            return said
    return None


def count_before(kids: Kids, old: Tok) -> Tok | None:
    """The number of "N years/months/weeks old" (the parse hangs it on the unit, the unit on "old")."""
    unit = next((c for c in kids.get(old.i, []) if c.dep == "npadvmod" and c.lemma in ("year", "month", "week")), None)
    return next((k for k in kids.get(unit.i, []) if k.dep == "nummod"), None) if unit is not None else None


def plural_things(s: Sentence, kids: Kids) -> str | None:
    """The last plural things a sentence says one has, keeps or does something to ("three goats", "sled dogs",
    "the hens"), without their count or article: what a later "them" is. Not people, not times."""
    found = None
    for t in s:
        if t.tag != "NNS" or t.dep not in ("dobj", "attr", "appos") or t.lemma in RELATIONS or t.lemma in _NOT_THINGS:
            continue
        words = [c.i for c in kids.get(t.i, []) if c.dep in ("compound", "amod") and c.i < t.i] + [t.i]
        found = text_of(s, sorted(words))
    return found
