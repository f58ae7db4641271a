"""What someone else thinks a person is (issue 35, precision): "the kids think I'm a walking cash machine", "my boss
thinks he's a comedian", "they think we are fishermen", "Dad thinks Ana is a genius". An opinion held by somebody
other than the owner, of what someone *is* (a noun after "be"), is a remark, a tease or a joke: no card
(docs/formation-spec.md, small talk: opinions relayed from others).

Only the shape "<someone not the owner> thinks/reckons/believes <someone> is a <noun>" is read so. What a health
professional thinks stays hearsay told ("my doctor thinks I'm a diabetic"), so does what anyone thinks a thing is
("my physio reckons it's my knee": said of "it", no person), and what someone thinks one does or has ("Mum thinks I
have a cold", "Dad thinks we're moving to Leeds": no noun after "be"). Pure: the part's parse tokens in, a yes or
no out.
"""
from __future__ import annotations

from .parse import Tok

_HOLDING = frozenset("think reckon believe".split())
_SUBJECTS = ("nsubj", "nsubjpass")
# whose opinion of a condition is told as hearsay, not teased
_CARERS = frozenset("doctor doctors gp nurse dentist consultant specialist vet physio therapist midwife surgeon "
                    "optician paediatrician pediatrician".split())


def held_opinion(toks: list[Tok]) -> bool:
    """Whether the part is somebody else's opinion of what someone is."""
    by_i = {t.i: t for t in toks}
    top = next((t for t in toks if t.dep == "ROOT" or t.head not in by_i), None)
    if top is None or top.lemma not in _HOLDING or top.pos != "VERB":
        return False
    holder = next((k for k in toks if k.head == top.i and k.dep in _SUBJECTS and k.i != top.i), None)
    if holder is None or holder.lower in ("i", "we") or holder.lower in _CARERS:
        return False
    said = next((k for k in toks if k.head == top.i and k.dep == "ccomp" and k.lemma == "be"), None)
    if said is None:
        return False
    who = next((k for k in toks if k.head == said.i and k.dep in _SUBJECTS), None)
    if who is None or who.lower in ("it", "that", "this", "there") or who.pos not in ("PRON", "PROPN", "NOUN"):
        return False  # "she reckons it's my IT band": a diagnosis passed on, told as hearsay
    return any(k.head == said.i and k.dep == "attr" and k.pos in ("NOUN", "PROPN") for k in toks)


__all__ = ["held_opinion"]
