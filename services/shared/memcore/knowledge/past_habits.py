"""What one used to be or do, and lessons one has taken up, read from a parsed clause (issue 35): "I used to be a pastry chef in
Krakow" is a past job (identity), "he used to play in a punk band" a past habit (a plain fact). The
small model reads "used" as the clause's verb and what was done as its infinitive; the fact is the
infinitive's. A plan, a wish or a negation ("I never used to ...") is no card. Pure."""
from __future__ import annotations

from . import verb_classes as vc
from .clause_reader import head_phrase
from .clause_text import clause_tokens, named_value, said_line
from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .tree import Kids, subtree, text_of

_DROPPED = frozenset("det".split())


def used_to(s: Sentence, kids: Kids, p: Tok, subj: Tok, who: str, neg: bool, ctx: TurnContext) -> list[Fact] | None:
    """The past job or habit a "used to" clause says of a person, or None when it is no such clause."""
    if p.lemma != "use" or not (p.tag == "VBD" or p.tag == "VBN" and p.dep == "ccomp") or neg or any(
            c.dep in ("aux", "auxpass") for c in kids.get(p.i, [])):  # ("funny thing is I used to ...", tagged VBN)
        return None
    done = next((c for c in kids.get(p.i, []) if c.dep == "xcomp" and c.pos in ("VERB", "AUX")
                 and any(k.dep == "aux" and k.lower == "to" for k in kids.get(c.i, []))), None)
    if done is None or done.lemma in vc.REPORT:
        return None  # "Stan used to say I was the best": what he said is its own clause
    line = said_line(s, kids, clause_tokens(s, kids, p), subj, who, ctx, False)
    mine = kids.get(done.i, [])
    if done.lemma == "be":
        what = next((c for c in mine if c.dep == "attr" and c.pos == "NOUN"), None)
        if what is None:
            return []  # "I used to be shy": a mood of the past, no card
        job = text_of(s, [i for i in sorted(head_phrase(s, kids, what)) if s[i].dep not in _DROPPED])
        return [Fact(who, "used_to_be", named_value(job, ctx), "identity", 0.8, line)]
    said = sorted(subtree(kids, done.i) - {k.i for k in mine if k.dep == "aux"})
    if len([i for i in said if s[i].pos in ("NOUN", "PROPN", "VERB")]) < 2:
        return []  # "I used to do that": what it was is said elsewhere
    return [Fact(who, "used_to", named_value(text_of(s, said), ctx), "semantic", 0.8, line)]


def lessons_in(s: Sentence, kids: Kids, t: Tok) -> str | None:
    """What lessons are in: "ukulele lessons", "a pottery class", "lessons in Welsh", "a course on bookkeeping"."""
    said = [c for c in kids.get(t.i, []) if c.dep in ("compound", "amod", "nmod") and c.i < t.i and c.lower not in _NOT_SUBJECTS]
    if said:
        return text_of(s, sorted(i for c in said for i in subtree(kids, c.i)))
    of = next((k for c in kids.get(t.i, []) if c.dep == "prep" and c.lower in ("in", "on")
               for k in kids.get(c.i, []) if k.dep == "pobj"), None)
    return text_of(s, sorted(subtree(kids, of.i))) if of is not None else None


# What says when or how many lessons, not what they are in: "weekly lessons", "private lessons".
_NOT_SUBJECTS = frozenset("weekly daily evening night private online new more few some first last extra".split())


__all__ = ["lessons_in", "used_to"]
