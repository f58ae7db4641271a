"""Whom "they" means after the owner's people said with a plural tie in the same sentence (issue 35): "my
grandparents live in Daegu and they have a farm", "my in-laws live in Rabat and they keep bees", "our neighbours
moved here from Lviv and they run the bakery".

The clause reader knew whom "he"/"she" meant inside a sentence (the person named before as a subject), but a
"they" looked only for names joined by "and" or for a person an earlier sentence set; a plural tie said as the
subject ("my grandparents", "my cousins") set nobody when its word was not in the vocabulary's list of ties, so the
second clause's fact (the farm) was lost. `group_before` finds the plural subject said with "my"/"our" before the
pronoun in the same sentence, when it is a word for people (a tie, a kin word, or one of the family's plural
words below); its name is read by the caller (subjects.name_of: "<owner>'s grandparents"). A plural thing
("my plants are dying and they need water"), a team ("our suppliers"), or another subject between the two
("my parents live in Cusco and the hotels are full, they ...") is left as it was.

Pure: token tuples in, a token out.
"""
from __future__ import annotations

from .parse import Sentence, Tok
from .tree import Kids
from .vocabulary import PEOPLE, RELATIONS

# plural words for one's people that the vocabulary's list of ties does not hold
_FAMILY_PLURALS = frozenset("grandparents great-grandparents parents in-laws laws folks relatives relations "
                            "inlaws godparents step-parents stepparents".split())
_SUBJECTS = ("nsubj", "nsubjpass")


def _people_word(t: Tok) -> bool:
    return t.lower in _FAMILY_PLURALS or t.lemma in RELATIONS or t.lemma in PEOPLE


def group_before(s: Sentence, kids: Kids, pronoun: Tok) -> Tok | None:
    """The plural subject of the owner's people that "they" goes back to within its sentence, or None."""
    if pronoun.lower != "they":
        return None
    for t in reversed(s[:pronoun.i]):
        if t.dep not in _SUBJECTS:
            continue
        if t.tag == "NNS" and _people_word(t) and any(c.dep == "poss" and c.lower in ("my", "our") for c in kids.get(t.i, [])):
            return t
        return None  # the nearest subject before it is someone or something else
    return None


__all__ = ["group_before"]
