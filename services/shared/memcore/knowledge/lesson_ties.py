"""A teacher said as whom one has lessons with (issue 35): "I have swimming lessons with Mrs Hughes",
"Cai has piano lessons with Mr Reid", "lessons every Tuesday with kyrios Manolis": the name is the
learner's teacher, of the lessons' subject when one is said ("Mrs Hughes is Tova's swimming teacher").
A class or a course is taken with classmates too ("dance classes with Mia"): there only a titled name is
the teacher ("yoga classes with Mrs Bell"). Pure: parse.Tok tuples in, facts out."""
from __future__ import annotations

from . import verb_classes as vc
from .models import Fact
from .parse import Sentence, Tok
from .person import possessive
from .rule_basics import TurnContext
from .tree import Kids, text_of

_MINE = frozenset({"i", "we", "my", "our"})


def _learner(s: Sentence, kids: Kids, lessons: Tok, ctx: TurnContext) -> str | None:
    """Whose lessons: "my"/"our", the subject of the verb they are had with, or the owner's when no one is said."""
    poss = next((c for c in kids.get(lessons.i, []) if c.dep == "poss"), None)
    if poss is not None:
        return ctx.owner if poss.lower in _MINE else None
    if lessons.dep == "ROOT":
        return ctx.owner  # "lessons every Tuesday with Mr Reid": a note of the owner's
    subj = next((c for c in kids.get(lessons.head, []) if c.dep == "nsubj"), None) if lessons.dep == "dobj" else None
    if subj is None:
        return None
    if subj.lower in _MINE:
        return ctx.org or ctx.owner if subj.lower == "we" else ctx.owner
    return subj.text if subj.pos == "PROPN" else None


def lesson_teachers(s: Sentence, kids: Kids, ctx: TurnContext) -> list[Fact]:
    """The teacher each "lessons with <Name>" of the sentence names."""
    out = []
    for t in s:
        if t.pos != "NOUN" or t.lemma not in vc.LESSONS:
            continue
        for prep in kids.get(t.i, []):
            if prep.dep != "prep" or prep.lower != "with":
                continue
            named = next((c for c in kids.get(prep.i, []) if c.dep == "pobj" and c.pos == "PROPN" and c.text[:1].isupper()), None)
            if named is None:
                continue
            before = [c for c in kids.get(named.i, []) if c.dep == "compound" and c.i < named.i]
            titled = [c for c in before if c.pos == "PROPN"]
            if t.lemma != "lesson" and not before:
                continue  # "dance classes with Mia": a classmate as likely as a teacher
            learner = _learner(s, kids, t, ctx)
            if learner is None or ctx.org and learner == ctx.org:
                continue
            name = text_of(s, [*(c.i for c in titled), named.i])
            what = " ".join(c.lower for c in kids.get(t.i, []) if c.dep == "compound" and c.i < t.i)
            tie = f"{what} teacher".strip()
            out.append(Fact(learner, "teacher", name, "relationship", 0.8, f"{name} is {possessive(learner)} {tie}"))
    return out


__all__ = ["lesson_teachers"]
