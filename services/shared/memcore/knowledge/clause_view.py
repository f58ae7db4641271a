"""One clause as dependency.py reads it (issue 35): its parse, its head and the words around the head,
whom it is about, and what it says beside its words (negation, auxiliaries, a team's thing). The readers
of a clause (rules_and_times.py, pursuits.py, who_one_is.py) each take one and give facts or None. Pure."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .tree import Kids


@dataclass(frozen=True)
class Clause:
    s: Sentence
    kids: Kids
    p: Tok  # the clause's head: a verb, or the copula
    subj: Tok
    obj: Tok | None  # its object, attribute or complement (clause_parts.object_of)
    who: str  # whom the clause is about, named
    ctx: TurnContext
    mine: list[Tok]  # the head's children, as parsed (kept when "going to be" moves the head)
    aux: set[str]  # the auxiliaries, lower-case
    neg: bool  # "not", "never", "nobody ..."
    team_thing: bool  # a thing of the team's ("patient records ..."), said in a team's account
    # set once the clause is known to say something (dependency._read_one):
    idx: set[int] = field(default_factory=set)  # the clause's tokens, without company ("with my mum")
    rest: set[int] = field(default_factory=set)  # ... without the subject's
    value: str = ""  # what is said of the subject, people named
    line: str = ""  # the clause as a line naming its subject

    def told(self, idx: set[int], rest: set[int], value: str, line: str) -> Clause:
        return replace(self, idx=idx, rest=rest, value=value, line=line)

    def moved_to(self, p: Tok, obj: Tok | None, aux: set[str]) -> Clause:
        """The clause read from another head ("I'm going to be eight": "be"), its parsed children kept."""
        return replace(self, p=p, obj=obj, aux=aux)


__all__ = ["Clause"]
