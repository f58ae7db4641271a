"""Where a person stands in life, said with an adjective (issue 35): "I'm divorced", "I'm retired
now", "she's self-employed", "my son is dyslexic", "I'm fluent in Japanese". Pure: parse.Tok tuples
in, facts out.

A closed class of adjectives of standing (marital, working, parental) and of lasting conditions
said as adjectives; both are identity cards: who the person is, not a mood ("I'm tired" is no card).
"""
from __future__ import annotations

from .models import Fact
from .parse import Sentence, Tok
from .tree import Kids, subtree, text_of

STANDING = frozenset("""married divorced separated widowed single engaged retired unemployed self-employed
pregnant vegan vegetarian teetotal sober freelance""".split())
CONDITION_ADJ = frozenset("""dyslexic dyspraxic autistic deaf blind diabetic epileptic asthmatic disabled
coeliac celiac anaemic anemic colour-blind color-blind partially-sighted anaphylactic""".split())
_LANGUAGE_ADJ = frozenset("fluent bilingual".split())


def _be(kids: Kids, p: Tok) -> str:
    """The copula as a plural subject takes it ("my parents are retired"), else "is"."""
    subj = next((c for c in kids.get(p.i, []) if c.dep in ("nsubj", "nsubjpass")), None)
    many = subj is not None and (subj.tag == "NNS" or any(c.dep == "conj" for c in kids.get(subj.i, [])))
    return "are" if many else "is"


def status_facts(s: Sentence, kids: Kids, p: Tok, obj: Tok | None, who: str, neg: bool) -> list[Fact] | None:
    """The standing or condition a "be <adjective>" clause says of a person, or None."""
    if p.tag == "VBN" and p.lower in STANDING and any(c.dep == "auxpass" and c.lemma == "be" for c in kids.get(p.i, [])):
        obj = p  # "I'm retired now", read as a passive
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and not neg:
        return _a_parent(s, kids, obj, who)
    elif p.lemma != "be" or obj is None or obj.dep != "acomp":
        return None
    if neg:
        return None
    before = [c for c in kids.get(obj.i, []) if c.dep in ("npadvmod", "amod") and c.i < obj.i]
    counted = [k.i for c in before for k in kids.get(c.i, []) if k.dep == "nummod"]  # "31 weeks pregnant": the number too
    word = text_of(s, sorted(counted + [c.i for c in before]) + [obj.i])
    word = word.replace(" ", "-") if word.lower().replace(" ", "-") in STANDING | CONDITION_ADJ else word
    low = obj.lower
    if low in _LANGUAGE_ADJ:  # "I'm fluent in Japanese"
        lang = next((k for c in kids.get(obj.i, []) if c.dep == "prep" and c.lower == "in"
                     for k in kids.get(c.i, []) if k.dep == "pobj"), None)
        return [Fact(who, "language", lang.text, "skill", 0.8, f"{who} is {low} in {lang.text}")] if lang else None
    if low in STANDING or word.lower() in STANDING:
        out = [Fact(who, "status", word.lower(), "identity", 0.8, f"{who} {_be(kids, p)} {word.lower()}")]
        to = next((k for c in kids.get(obj.i, []) if c.dep == "prep" and c.lower == "to"
                   for k in kids.get(c.i, []) if k.dep == "pobj" and k.pos == "PROPN"), None) if low in ("married", "engaged") else None
        if to is not None:  # "I've been married to Jorge for 20 years": whom, a tie of its own
            name = text_of(s, [k.i for k in kids.get(to.i, []) if k.dep == "compound" and k.pos == "PROPN"] + [to.i])
            tie = "spouse" if low == "married" else "fiance"
            out.append(Fact(who, tie, name, "relationship", 0.8, f"{who} is {low} to {name}"))
        return out
    if low in CONDITION_ADJ or word.lower() in CONDITION_ADJ:
        return [Fact(who, "condition", word.lower(), "identity", 0.8, f"{who} is {word.lower()}")]
    return None


# what one is in one's family, said as a noun: "a stay-at-home mum", "a single dad", "a widower"
_PARENT_NOUNS = frozenset("""mum mom mother mummy dad father daddy parent grandmother grandfather grandma grandad granddad
granny grandpa nan nana widow widower stepmum stepmom stepdad stepmother stepfather""".split())


def _a_parent(s: Sentence, kids: Kids, obj: Tok, who: str) -> list[Fact] | None:
    """"I'm a stay-at-home mum", "she's a widow": a standing in one's family (no one's tie: "I'm Leo's mum" says
    whose, and the ties read it)."""
    if obj.lemma not in _PARENT_NOUNS and obj.lower not in _PARENT_NOUNS:
        return None
    mine = kids.get(obj.i, [])
    if not any(c.dep == "det" and c.lower in ("a", "an") for c in mine) or any(c.dep == "poss" for c in mine):
        return None
    if any(c.dep == "prep" and c.lower in ("of", "to") for c in mine):
        return None  # "a mum of two": how many children, the card that counts them says it (intro readers)
    idx = [i for c in mine if c.dep != "det" for i in subtree(kids, c.i)] + [obj.i]
    what = text_of(s, sorted(idx))
    return [Fact(who, "status", what, "identity", 0.8, f"{who} is a {what}")]


__all__ = ["CONDITION_ADJ", "STANDING", "status_facts"]
