"""What a team does, said with "we" and a verb in the plain present and its object (issue 35, a team's
knowledge): "we patrol the beach for nesting turtles", "we share the yard with the scaffolders", "we rent
out kayaks and paddleboards" (one card an item), "mostly we teach beginners". Read from the clause's parse
(clause_reader.generic_facts hands a team's "we" here): the verb with its particle, the object with what
the verb's phrases after it say (whom with, for what, where), and no clause of its own, no habit (a time or
a recurrence in the sentence: the routine readers'), no count (the count readers'), no aside after a comma
(", not the other way round"), no plan, wish, feeling or negation, and no verb that says nothing by
itself ("we have", "we do", "we get": the count, price and kind readers'). Pure: token tuples in, facts out."""
from __future__ import annotations

from . import verb_classes as vc
from .clause_text import OTHER_CLAUSES
from .models import Fact
from .parse import Sentence, Tok
from .person import third_person_verb
from .rule_basics import RECURRENCE, TurnContext
from .team_counts import counts_said
from .tree import Kids, conjuncts, item_tokens, subtree, text_of

# what a phrase after the object may say of the doing (not a time: the clause has none by then)
_ALONG = ("prep", "prt", "advmod", "npadvmod", "dative")
# how much or how often, said beside the verb: not the doing's words
_BESIDE = frozenset("mostly mainly also only just now usually always often sometimes really still even all too".split())


def team_doing(s: Sentence, kids: Kids, p: Tok, subj: Tok, obj: Tok | None, aux: set[str], neg: bool,
               ctx: TurnContext, chat_nouns: frozenset[str]) -> list[Fact]:
    """The team's doing, one fact an item of the object, said of the organisation; none when the clause
    is not a plain present "we" + verb + object. `chat_nouns`: objects that say nothing lasting."""
    if subj.lower != "we" or not ctx.org or neg or aux or p.tag != "VBP" or p.pos != "VERB" \
            or p.lemma in vc.LIGHT | vc.REPORT | vc.WANT | vc.LIKE | vc.DISLIKE | {"have", "need", "think", "hope", "come"}:
        return []
    said_with_det = obj is not None and any(c.dep == "det" for c in kids.get(obj.i, []))  # ("the estuary", tagged JJ)
    if obj is None or obj.dep != "dobj" or obj.pos not in ("NOUN", "PROPN") and not said_with_det \
            or obj.lower in chat_nouns or obj.lemma in chat_nouns or obj.lower in vc.NOBODY \
            or any(c.dep == "det" and c.lower == "no" for c in kids.get(obj.i, [])) or RECURRENCE.search(text_of(s, range(len(s)))):
        return []  # ("every Friday ... and we ...": a habit, the routine readers')
    mine = kids.get(p.i, [])
    verb = {p.i} | {c.i for c in mine if c.dep == "prt"}  # "rent out"
    items = conjuncts(s, kids, obj)
    start = items[-1].i  # (a list's commas are no aside: "canoes, kayaks and boards")
    comma = next((t.i for t in s if t.i > start and t.text in (",", ";", "-", "–")), len(s))  # (", not the other way round": an aside)
    along = {i for c in mine if start < c.i < comma and c.dep in _ALONG and c.lower not in _BESIDE for i in subtree(kids, c.i)}
    dropped = {i for c in mine if c.dep in OTHER_CLAUSES or c.dep in ("conj", "cc", "punct") for i in subtree(kids, c.i)}
    along = {i for i in along - dropped if i < comma}
    if len(counts_said(text_of(s, sorted(subtree(kids, obj.i) | along)))) > 1 or any(
            c.dep == "nummod" for item in items for c in kids.get(item.i, [])):
        return []  # "we run 96 buses on 14 lines", "we launch 4 boats": what a team has, the count readers' (team_counts.py)
    said = p.text.lower()
    said_verb = " ".join([said + "es" if said.endswith("s") else third_person_verb(said)]  # ("we focus on": focuses)
                         + [s[i].lower for i in sorted(verb - {p.i})])
    pred = "_".join([p.lemma] + [s[i].lower for i in sorted(verb - {p.i})])
    out = []
    for item in items:
        after = along if item.i == items[-1].i else set()  # ("share the yard and the van with X": said of the last)
        words = {i for i in item_tokens(s, kids, item, items) if i < comma} | after
        value = text_of(s, [i for i in sorted(words) if not (s[i].dep == "det" and s[i].lower in ("the", "a", "an"))])
        if not value:
            continue
        line = (subtree(kids, item.i) - {i for o in items if o.i != item.i and o.i in subtree(kids, item.i) for i in subtree(kids, o.i)}
                - {c.i for c in kids.get(item.i, []) if c.dep in ("cc", "punct")}) | after  # (its words as said, "the" too)
        line = {i for i in line if i < comma}
        out.append(Fact(ctx.org, pred, value, "semantic", 0.8, f"{ctx.org} {said_verb} {text_of(s, sorted(line))}"))
    return out


__all__ = ["team_doing"]
