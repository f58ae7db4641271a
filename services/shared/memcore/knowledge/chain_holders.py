"""Whose a tie is when it is said through other people (issue 35): "my wife's sister's husband is called Bram" (Sam's
wife's sister's), "Mum's cousin Fatima" (Sam's mum's), "the twins' nanny is Rosa" (the twins').

The tie readers (ties.py, clause_reader.named_tie) name the holder of a possessed tie from its possessor: "my" is the
owner, a name is that person. This module reads the possessors they did not:

- "our" in a team's talk: the team's, unless the tie is one of home ("our manager Ines": the team's manager);
- a chain of ties down to "my"/"our" or a name, as deep as it goes ("my wife's sister's husband": Sam's wife's
  sister; "my friend Ayesha's mum's dog": Ayesha's mum), each tie with the words that say which ("best friend");
- a family word written with a capital as a possessor, with no "my" of its own ("Mum's cousin", "Grandad's dog"):
  the owner's, as the lower-case "mum's" is (docs/formation-spec.md: kin without a name is "<owner>'s mum");
- children said as a group with "the" ("the twins' nanny", "the kids' school"): the group as said, whoever's
  they are (the owner's in a household, perhaps a sibling's in a child's talk: the card does not guess).

A possessor that is a thing ("the school's head", "Kwame's football team's coach") names nobody: None. Pure: parsed
tokens in, a holder's words out.
"""
from __future__ import annotations

from ..extraction.lexicon import KINSHIP
from .kin_groups import GROUP_KIN
from .parse import Sentence, Tok
from .person import possessive
from .rule_basics import TurnContext
from .tree import Kids, text_of
from .vocabulary import BARE_KIN, RELATIONS

_MINE = ("my", "our")
_DEEPEST = 4  # ties said through ties: "my wife's sister's husband's mother" is as far as anyone goes


def kin_said_as_name(kids: Kids, t: Tok) -> bool:
    """A family word with a capital said as a possessor, no "my" of its own ("Mum's cousin", "Dad's van")."""
    return t.dep == "poss" and t.lower in BARE_KIN and t.text[:1].isupper() \
        and not any(c.dep in ("det", "poss") for c in kids.get(t.i, []))


def _a_tie(t: Tok) -> bool:
    return t.pos == "NOUN" and (t.lemma in RELATIONS or t.lower in RELATIONS or t.lemma in GROUP_KIN)


def _name(s: Sentence, kids: Kids, t: Tok) -> str:
    """A name with its title or first names: "Mrs Kowalski", "Anne Marie"."""
    words = [c.i for c in kids.get(t.i, []) if c.dep in ("compound", "flat") and c.pos == "PROPN" and c.i < t.i]
    return text_of(s, [*words, t.i])


def _tie_words(s: Sentence, kids: Kids, t: Tok) -> str:
    """The tie as said, with the words that say which ("best friend", "big sister", "mother-in-law")."""
    words = [c.lower for c in kids.get(t.i, []) if c.dep in ("amod", "compound") and c.i < t.i and c.pos != "PROPN"]
    phrase = " ".join([*words, t.lower])
    return phrase + "-in-law" if [w.lower for w in s[t.i + 1:t.i + 5]] == ["-", "in", "-", "law"] else phrase


def chain_holder(s: Sentence, kids: Kids, poss: Tok, ctx: TurnContext, depth: int = 0) -> str | None:
    """Who the possessor `poss` of a tie names (see the module's doc), or None when it names nobody it can tell."""
    if poss.lower in _MINE:  # a team's "our" is the team's, but a tie of home is the owner's ("our daughter")
        tie = s[poss.head]
        return ctx.org if ctx.org and poss.lower == "our" and tie.lemma not in KINSHIP and tie.lower not in KINSHIP else ctx.owner
    if kin_said_as_name(kids, poss):
        return f"{possessive(ctx.owner)} {poss.lower}"
    if poss.pos == "PROPN":
        return _name(s, kids, poss)
    if not _a_tie(poss) or depth >= _DEEPEST:
        return None
    inner = next((c for c in kids.get(poss.i, []) if c.dep == "poss"), None)
    if inner is None:  # "the twins' nanny": the group as said
        the = any(c.dep == "det" and c.lower == "the" for c in kids.get(poss.i, []))
        return f"the {poss.lower}" if the and poss.tag == "NNS" and poss.lemma in GROUP_KIN else None
    whose = chain_holder(s, kids, inner, ctx, depth + 1)
    return f"{possessive(whose)} {_tie_words(s, kids, poss)}" if whose else None


__all__ = ["chain_holder", "kin_said_as_name"]
