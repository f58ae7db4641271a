"""Where someone is, said beside something else (issue 35): the parse path's reading of a place that
hangs off a word other than "live".

"I live in Leeds" is read by the clause readers (dependency.py). What they miss is a place said on the
side of another statement:
- "here in Umeå", "based in Sligo", "out of Cusco" said of the clause's subject ("I'm a forestry
  planner for the county, here in Umeå", "I guide treks out of Cusco");
- a place said of a tie ("my mother in Urubamba", "my grandma and grandpa in Sapporo"): that
  person lives there, and so does whoever lives or stays *with* them ("I live with my grandma and
  grandpa in Sapporo").
The place must be a proper noun (a town, a region), so "my mum in the kitchen" or "in a band" say
nothing of where one lives. Each fact is `lives_in`, identity. Pure.
"""
from __future__ import annotations

from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import TurnContext, resolve
from .subjects import name_of, subject_of
from .tree import Kids, text_of
from .verb_classes import RESIDE
from .vocabulary import RELATIONS

_ASIDE = frozenset({"here", "there"})  # "here in Umeå"
_BASE = frozenset({"base", "locate"})  # "based in Sligo", "located in ..."
_OUT_OF_VERBS = frozenset("work guide operate run drive sail fly trade".split())  # "I guide treks out of Cusco"


def _place(s: Sentence, kids: Kids, t: Tok) -> str:
    """A proper noun with the proper nouns compounded to it ("New Zealand", "Bradford-on-Avon")."""
    parts = [c.i for c in kids.get(t.i, []) if c.dep == "compound" and c.pos == "PROPN"] + [t.i]
    return text_of(s, parts)


def _clause_subject(s: Sentence, kids: Kids, t: Tok) -> Tok | None:
    """The subject of the clause a word belongs to: up the heads to the first word with a subject."""
    seen = set()
    while t.i not in seen:
        seen.add(t.i)
        subj = subject_of(s, kids, t)
        if subj is not None:
            return subj
        if t.head == t.i:
            return None
        t = s[t.head]
    return None


def _person(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str | None:
    """Whom a tie names ("my mother" -> "Mia's mother", as rule_basics.resolve says it); None for any other
    noun (a name alone is not enough: "I met Sarah in Paris" says where they met, not where she lives)."""
    if t.lower not in RELATIONS and t.lemma not in RELATIONS:
        return None
    owner_said = any(c.dep == "poss" and c.lower in ("my", "our") for c in kids.get(t.i, []))
    if not owner_said and t.dep == "conj":  # "my grandma and grandpa": the tie's "my" is said once
        owner_said = any(c.dep == "poss" and c.lower in ("my", "our") for c in kids.get(t.head, []))
    return resolve(f"my {t.lower}", ctx) if owner_said else None


# the words a town may hang on below "live": how far ("two streets away", "just down the road", "round the corner
# in Leith"), not whom one lives with or for ("with my gran in Hull" is places' own reading)
_ON_THE_WAY = frozenset("advmod npadvmod dobj prep pobj".split())
_NOT_ON_THE_WAY = frozenset("with for".split())


def town_beside(s: Sentence, kids: Kids, verb: Tok) -> str | None:
    """The town "in" names below a verb of living when how far comes first ("lives two streets away in Redcar",
    "lives just down the road in Hexham"): a proper noun, or None."""
    todo, seen = [(verb, 0)], {verb.i}
    while todo:
        t, depth = todo.pop(0)
        for c in kids.get(t.i, []):
            if c.i in seen or c.dep not in _ON_THE_WAY or c.lower in _NOT_ON_THE_WAY or depth >= 4:
                continue
            seen.add(c.i)
            town = next((k for k in kids.get(c.i, []) if k.dep == "pobj" and k.pos == "PROPN"), None) if (
                c.dep == "prep" and c.lower == "in" and t.i != verb.i) else None
            if town is not None:
                return _place(s, kids, town)
            todo.append((c, depth + 1))
    return None


def _lives(who: str, place: str) -> Fact:
    return Fact(who, "lives_in", place, "identity", 0.8, f"{who} lives in {place}")


def places(s: Sentence, kids: Kids, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    for t in s:
        if t.dep not in ("pobj", "nmod") or t.pos != "PROPN" or t.head == t.i:
            continue
        prep = s[t.head] if t.dep == "pobj" else s[s[t.head].head]  # "out of Kenmare most summers": a noun's modifier
        anchor = s[prep.head]
        if prep.lower == "of" and anchor.lower == "out" and anchor.head != anchor.i:  # "out of Cusco"
            verb = s[anchor.head]
            subj = subject_of(s, kids, verb) if verb.lemma in _OUT_OF_VERBS else None
            who = name_of(s, kids, subj, ctx) if subj is not None else None
            out += [_lives(who, _place(s, kids, t))] if who else []
            continue
        if prep.lower != "in":
            continue
        place = _place(s, kids, t)
        if anchor.lower in _ASIDE or (anchor.lemma in _BASE and anchor.tag == "VBN"):
            subj = _clause_subject(s, kids, anchor)
            who = name_of(s, kids, subj, ctx) if subj is not None else None
            out += [_lives(who, place)] if who else []
        elif anchor.pos == "NOUN" and (person := _person(s, kids, anchor, ctx)):
            out.append(_lives(person, place))  # and the ties joined to it: "my auntie and uncle in Tralee"
            out += [_lives(p, place) for c in kids.get(anchor.i, []) if c.dep == "conj" and (p := _person(s, kids, c, ctx))]
            head = anchor  # "(I live) with my grandma and grandpa in Sapporo": whoever lives with them, too
            while head.dep == "conj" and head.head != head.i:
                head = s[head.head]
            if head.dep == "pobj" and s[head.head].lower == "with" and s[s[head.head].head].lemma in RESIDE:
                verb = s[s[head.head].head]
                subj = _clause_subject(s, kids, verb)  # "(I'm a retired mechanic,) living with my sister in Hull"
                who = name_of(s, kids, subj, ctx) if subj is not None else None
                out += [_lives(who, place)] if who else []
    return out


__all__ = ["places", "town_beside"]
