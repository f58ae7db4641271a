"""Which year of school, a course or an apprenticeship someone else is in (issue 35): "my son is in year 4",
"he's in his third year", "Ela is in her second year at Bangor uni", "Deio is in the first year of sixth
form": identity, said of that person. The owner's own ("I'm in year 6") is identity_rules'. Pure: parse.Tok
tuples in, facts out."""
from __future__ import annotations

from .birthdays import ORDINAL_WORDS
from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .subjects import name_of, subject_of
from .tree import Kids, subtree, text_of

_YEARS = frozenset({"year", "grade"})


def year_in(s: Sentence, kids: Kids, p: Tok, ctx: TurnContext) -> list[Fact]:
    """The year a predicate "be in ... year" says its subject is in; none of the owner's."""
    if p.lemma != "be":
        return []
    out = []
    for prep in kids.get(p.i, []):
        if prep.dep != "prep" or prep.lower != "in":
            continue
        for t in kids.get(prep.i, []):
            said = [c for c in kids.get(t.i, []) if c.dep == "nummod" or c.dep == "amod" and (
                c.lower in ORDINAL_WORDS or c.lower[:-2].isdigit() and c.lower[-2:] in ("st", "nd", "rd", "th"))]
            if t.dep != "pobj" or t.lemma not in _YEARS or not said:
                continue
            subj = subject_of(s, kids, p)
            who = name_of(s, kids, subj, ctx) if subj is not None else None
            if not who or who in (ctx.owner, ctx.org):
                continue
            value = text_of(s, sorted(i for i in subtree(kids, t.i) if s[i].dep not in ("det", "poss")))
            kind = "school_year" if any(c.dep == "nummod" for c in said) else "year"
            out.append(Fact(who, kind, value, "identity", 0.8, f"{who} is in {text_of(s, sorted(subtree(kids, t.i)))}"))
    return out


__all__ = ["year_in"]
