"""Pets and children named through someone else (issue 35): "my friend's dog Biscuit", "my best friend Lucía's hamster
is called Churro", "our neighbour's kids are called Ola and Tunde", "my daughter's twins are Kai and Noa".

The tie readers (ties.py, relationship_rules.py) name the owner's own pets and children ("my dog Biscuit", "my kids
are Ola and Tunde"), and the ties of kin and posts someone else has ("Tom's wife is called Jess"); a pet or a group
of children held by someone else, named beside the noun ("dog Biscuit"), by "is/are called" or by "is/are", was no
one's card. The holder is read along the chain of possessives (chain_holders.py); a card each name:

- a pet: "<name> is <holder>'s <pet>" (relationship; docs/formation-spec.md: a pet is a relationship or semantic),
  predicate has_<pet>, as the owner's own pets are;
- children said as a group ("kids", "boys", "twins"): "<name> is <holder>'s <child|son|daughter>" (kin_groups'
  word for one of them), which kin_through.py says as the owner's own tie where it can ("my daughter's twins":
  the owner's grandchildren).

The owner's own pets and children are left to the readers above; "a dog is called ..." (no one's) and a denied name
("isn't called") are no card. Pure: parsed tokens in, facts out.
"""
from __future__ import annotations

from .chain_holders import chain_holder
from .kin_groups import GROUP_KIN
from .models import Fact
from .parse import Sentence, Tok
from .person import possessive
from .rule_basics import TurnContext
from .tree import Kids, conjuncts, text_of
from .vocabulary import PETS

_NAMING = ("call", "name")


def _names(s: Sentence, kids: Kids, t: Tok) -> list[Tok]:
    """The names given to `t`: set beside it ("dog Biscuit"), by "is called" or by "is" ("the kids are Ola and Tunde")."""
    beside = next((c for c in kids.get(t.i, []) if c.dep == "appos" and c.pos == "PROPN" and c.i > t.i), None)
    if beside is not None:
        return conjuncts(s, kids, beside)
    verb = s[t.head]
    if any(c.dep == "neg" for c in kids.get(verb.i, [])) or t.head == t.i:
        return []
    if t.dep == "nsubjpass" and verb.lemma in _NAMING or t.dep == "nsubj" and verb.lemma == "be":
        named = next((c for c in kids.get(verb.i, []) if c.dep in ("oprd", "attr") and c.pos == "PROPN"), None)
        return conjuncts(s, kids, named) if named is not None else []
    return []


def _full(s: Sentence, kids: Kids, t: Tok) -> str:
    words = [c.i for c in kids.get(t.i, []) if c.dep in ("compound", "flat") and c.pos == "PROPN" and c.i < t.i]
    return text_of(s, [*words, t.i])


def named_through(s: Sentence, kids: Kids, ctx: TurnContext) -> list[Fact]:
    """A card for each pet or child a sentence names through someone other than the owner (see the module's doc)."""
    out: list[Fact] = []
    for t in s:
        pet = t.lemma in PETS or t.lower in PETS
        group = t.tag == "NNS" and t.lemma in GROUP_KIN
        poss = next((c for c in kids.get(t.i, []) if c.dep == "poss"), None)
        if t.pos != "NOUN" or not (pet or group) or poss is None or poss.lower in ("my", "our", "his", "her", "their"):
            continue
        holder = chain_holder(s, kids, poss, ctx)
        if not holder or holder == ctx.owner:
            continue
        for named in _names(s, kids, t):
            name = _full(s, kids, named)
            if pet:
                out.append(Fact(holder, f"has_{t.lemma}", name, "relationship", 0.8, f"{name} is {possessive(holder)} {t.lemma}"))
            else:
                kin = GROUP_KIN[t.lemma]
                out.append(Fact(holder, kin, name, "relationship", 0.8, f"{name} is {possessive(holder)} {kin}"))
    return out


__all__ = ["named_through"]
