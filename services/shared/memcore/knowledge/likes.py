"""Likes, dislikes, wishes, fears, allergies and what one is good at, read from a parsed clause (the
parse path, dependency.py): one fact per item of a conjunction, each line holding its own item. Pure."""
from __future__ import annotations

from . import verb_classes as vc
from .clause_parts import prep_object
from .clause_text import clause_tokens, named_value, said_line
from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .tree import Kids, conjuncts, denied_conjuncts, item_tokens, subtree, text_of


def preference(s: Sentence, kids: Kids, p: Tok, obj: Tok | None, neg: bool, who: str, ctx: TurnContext,
                subj: Tok, team_thing: bool) -> list[Fact] | None:
    """Likes, dislikes, wishes, fears, allergies, what one is good at: one fact per item."""
    target: Tok | None = None
    lemma = vc.LIKED_IN_THE_PAST.get(p.lower, p.lemma)  # the small model reads "hated" as "hat"
    if lemma in vc.LIKE | vc.DISLIKE | vc.WANT and obj is not None and obj.dep in ("dobj", "xcomp"):
        liked = lemma in vc.LIKE
        pred = ("wants" if not neg else "does_not_want") if p.lemma in vc.WANT else (
            "likes" if liked != neg else "dislikes")
        target, kind = obj, "preference"
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.lemma == "fan" and (
            target := prep_object(kids, obj, ("of",)) or next(  # "I'm (not) a big fan of horror films", "a Spurs fan"
                (c for c in kids.get(obj.i, []) if c.dep == "compound" and c.pos == "PROPN"), None)) is not None:
        pred, kind = ("likes" if not neg else "dislikes"), "preference"
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.lower in ("best", "worst") and (
            target := prep_object(kids, p, ("at",)) or prep_object(kids, obj, ("at",))) is not None:  # "the best at the ginga"
        pred, kind = ("good_at" if (obj.lower == "best") != neg else "weak_at"), "skill"
    elif p.lemma == "support" and obj is not None and obj.dep == "dobj" and obj.pos == "PROPN" and not neg:
        target, pred, kind = obj, "supports", "preference"  # "I support Arsenal": a team one follows
    elif p.lemma in ("be", "get") and obj is not None and obj.dep == "acomp":  # "I'm getting better at ..."
        adj = obj.lower if obj.lower in vc.ABILITY_ADJ else obj.lemma
        target = prep_object(kids, obj, ("of", "to", "at", "by", "with") + (("on", "about") if adj in vc.FOND_ADJ else ())
                             + (("in",) if adj in vc.ABILITY_ADJ else ())) or (
            prep_object(kids, p, ("at", "in")) if adj in vc.ABILITY_ADJ else None) or next(
            (c for c in kids.get(obj.i, []) if c.dep in ("amod", "npadvmod", "compound") and adj in vc.ALLERGY_ADJ), None)
        if target is not None and s[target.head].lower == "in" and (target.lemma in vc.EVENT_TIME_HEADS | vc.PARTS_OF_WEEK
                                                                   or target.lower in vc.PARTS_OF_WEEK):
            return None  # "I'm rubbish in the mornings": when, not at what
        if adj in vc.FEAR_ADJ:
            pred, kind = ("fears" if not neg else "not_afraid_of"), "preference"
        elif adj in vc.ALLERGY_ADJ:
            pred, kind = "allergic_to", "safety"
        elif adj in vc.FOND_ADJ and target is not None and s[target.head].lower in ("with", "about", "on"):
            pred, kind = ("likes" if not neg else "dislikes"), "preference"  # "obsessed with", "keen on", "mad about"
        elif adj in vc.ABILITY_ADJ and target is not None:
            pred, kind = ("good_at" if not neg and adj not in vc.WEAK_ADJ else "weak_at"), "skill"
        else:
            return None
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and not neg and (act := pastime(kids, obj)):
        return [Fact(who, "likes", act, "preference", 0.8, f"{who} likes {act}")]  # "a keen climber": likes climbing
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and not neg and (act := pastime(kids, obj, vc.ABILITY_ADJ)):
        how = "weak_at" if any(c.lower in vc.WEAK_ADJ for c in kids.get(obj.i, [])) else "good_at"  # "the best reader in my class"
        return [Fact(who, how, act, "skill", 0.8, f"{who} is {'bad' if how == 'weak_at' else 'good'} at {act}")]
    elif p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.lower == "sucker" and not neg and (
            target := prep_object(kids, obj, ("for",))) is not None:  # "I'm a sucker for a good Bakewell tart"
        pred, kind = "likes", "preference"
    elif p.lower in vc.FOND_ADJ and p.tag == "VBN" and (  # "she's obsessed with puddles": the small model reads a passive
            target := prep_object(kids, p, ("with", "about", "on"))) is not None:
        pred, kind = ("likes" if not neg else "dislikes"), "preference"
    if target is None:
        return None
    items = [target] if target.dep == "xcomp" else conjuncts(s, kids, target)  # "I love to swim": one activity
    contrasts = [(item, at) for item in items if kind == "skill" and item.lower in vc.ABILITY_ADJ
                 and (at := _ability_object(s, kids, item)) is not None]
    if contrasts:  # "good at maths but rubbish at French": the second ability is its own, of its own word
        items = [item for item in items if all(item.i != c.i for c, _ in contrasts)]
        weak = [(at, c.lower in vc.WEAK_ADJ) for c, at in contrasts]
        return per_item(s, kids, p, items, who, pred, kind, subj, team_thing, ctx) + [
            Fact(who, "weak_at" if w else "good_at", text_of(s, sorted(subtree(kids, at.i))), "skill", 0.8,
                 f"{who} is {'bad' if w else 'good'} at {text_of(s, sorted(subtree(kids, at.i)))}") for at, w in weak]
    return per_item(s, kids, p, items, who, pred, kind, subj, team_thing, ctx)


def _ability_object(s: Sentence, kids: Kids, adj: Tok) -> Tok | None:
    """What an ability word said as a conjunct is about: "rubbish at French" (the small model hangs "at French"
    on the first item at times)."""
    if (at := prep_object(kids, adj, ("at", "in", "with"))) is not None:
        return at
    nxt = s[adj.i + 1] if adj.i + 1 < len(s) else None
    return next((k for k in kids.get(nxt.i, []) if k.dep == "pobj"), None) if nxt is not None and nxt.dep == "prep" \
        and nxt.lower in ("at", "in", "with") else None


_HOW_MUCH = frozenset("mostly mainly usually really especially too also".split())
# Said of one who does something for the love of it: "a keen climber", "an avid reader".
_KEEN = frozenset("keen avid passionate enthusiastic mad obsessive".split())
_NOT_PASTIMES = frozenset("lover user owner member player partner worker customer".split())


def pastime(kids: Kids, t: Tok, how: frozenset[str] = _KEEN) -> str | None:
    """The activity a doer's noun names ("climber" -> "climbing", "runner" -> "running") when it is
    said with one of the words `how` (keen: a pastime; good, best: a skill), or None."""
    if t.pos != "NOUN" or not (t.lower.endswith("er") or t.lower in vc.DOERS) or t.lower in _NOT_PASTIMES or len(t.lower) < 4 or not any(
            c.dep == "amod" and c.lower in how for c in kids.get(t.i, [])):
        return None
    return vc.DOERS.get(t.lower) or t.lower[:-2] + "ing"


def per_item(s: Sentence, kids: Kids, p: Tok, items: list[Tok], who: str, pred: str, kind: str, subj: Tok,
              team_thing: bool, ctx: TurnContext, without: frozenset[int] = frozenset()) -> list[Fact]:
    """One fact per item of a conjunction, each line holding its own item only (and none of `without`:
    what is a fact of its own)."""
    without = without | denied_conjuncts(s, kids, items)  # "guitar and drums but not piano": no item holds "piano"
    idx = clause_tokens(s, kids, p) - without
    out = []
    for item in items:
        keep = idx - set().union(*(item_tokens(s, kids, o, items) for o in items if o.i != item.i))
        keep -= {c.i for o in items for c in kids.get(o.i, []) if c.dep in ("cc", "preconj")}
        how_much = {c.i for c in kids.get(item.i, []) if c.dep == "advmod" and c.lower in _HOW_MUCH}  # "climbing mostly"
        # "prefer the long-tails to the trikes": what is preferred, without what it is preferred to
        over = {i for c in (*kids.get(p.i, []), *kids.get(item.i, [])) if p.lemma == "prefer" and c.dep == "prep"
                and c.lower in ("to", "over") for i in subtree(kids, c.i)}
        keep -= over
        item_text = text_of(s, item_tokens(s, kids, item, items) - how_much - over - without)
        if not item_text or item_text.lower() in ("it", "that", "this", "them"):
            continue
        out.append(Fact(who, pred, named_value(item_text, ctx), kind, 0.8,
                        said_line(s, kids, keep, subj, who, ctx, team_thing)))
    return out



__all__ = ["pastime", "per_item", "preference"]
