"""A parsed clause's tokens and the line it becomes (the parse path, dependency.py): the predicate's
subtree without the clauses inside it, said with its subject named. Pure."""
from __future__ import annotations

import re

from .parse import Sentence, Tok
from .person import about
from .rule_basics import TurnContext
from .subjects import FIRST, THIRD
from .tree import Kids, subtree, text_of

# Children that start another clause: read on their own, never part of this clause's text.
OTHER_CLAUSES = ("ccomp", "advcl", "parataxis", "relcl", "mark", "intj", "discourse", "csubj", "meta")


def clause_tokens(s: Sentence, kids: Kids, p: Tok) -> set[int]:
    """The clause's tokens: the predicate's subtree without the clauses inside it."""
    out = subtree(kids, p.i)
    for c in kids.get(p.i, []):
        if c.dep in OTHER_CLAUSES or (c.dep == "conj" and c.pos in ("VERB", "AUX")) or (
                c.dep == "cc" and any(k.dep == "conj" and k.pos in ("VERB", "AUX") for k in kids.get(p.i, []))):
            out -= subtree(kids, c.i)
    # "the cardamom knot, then the rye sourdough": what comes after ", then" is the next one, another fact
    then = next((c.i for c in kids.get(p.i, []) if c.lower == "then" and c.i > p.i and c.i > 0 and s[c.i - 1].text == ","),
                None)
    if then is not None:
        out -= {i for c in kids.get(p.i, []) if c.i >= then for i in subtree(kids, c.i)}
    return {i for i in out if s[i].pos != "PUNCT" or s[i].text in ("-", "&", "%")}


def said_line(s: Sentence, kids: Kids, idx: set[int], subj: Tok, who: str, ctx: TurnContext, team_thing: bool) -> str:
    """The clause as a line that names its subject."""
    sub = subtree(kids, subj.i)
    if who == ctx.owner and subj.lower not in FIRST and any(c.dep == "conj" for c in kids.get(subj.i, [])):
        who = "I"  # "my partner Leon and I are getting married": the owner's line, Leon's tie is its own fact
    if who == "I" or subj.lower in THIRD or (subj.pos == "PROPN" and who != subj.text):
        first, keep = min(sub), sorted(idx)
        line = "".join((who + " " if i == first else "") if i in sub else
                       s[i].text + (s[i].ws if n < len(keep) - 1 else "") for n, i in enumerate(keep)).strip(" ,;:-")
    else:
        line = text_of(s, idx)
    first_said = s[min(idx)] if idx else None
    if first_said is not None and not sub & idx and min(idx) > max(sub) and first_said.pos in ("VERB", "AUX") and first_said.dep == "conj" \
            and any(c.dep == "cc" and first_said.head < c.i < first_said.i for c in kids.get(first_said.head, [])):
        said = who if subj.lower in FIRST | THIRD or subj.pos == "PRON" else text_of(s, sub)  # "the kids love X and hate Y":
        line = f"{said} {line[:1].lower()}{line[1:]}"  # the second verb's line names the subject it shares
    line = re.sub(r"\s+['’]ll\b", " will", about(line, ctx.owner, team=ctx.org))  # "she 'll be 70": she will
    line = re.sub(r" ['’](s|re|m) ", lambda m: {"s": " is ", "re": " are ", "m": " am "}[m.group(1)], line)  # "Dad 's 81"
    return f"{ctx.org}: {line[:1].lower()}{line[1:]}" if team_thing and ctx.org else line


def named_value(value: str, ctx: TurnContext) -> str:
    """A value with the owner named ("my bike" -> "Mia's bike"), its first letter as said."""
    named = about(value, ctx.owner, team=ctx.org)
    names = tuple(n for n in (ctx.owner, ctx.org) if n)
    return named[:1].lower() + named[1:] if value[:1].islower() and not named.startswith(names) else named  # ("Kofi's bike")



__all__ = ["OTHER_CLAUSES", "clause_tokens", "named_value", "said_line"]
