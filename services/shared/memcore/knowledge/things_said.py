"""What is said of a thing (issue 35): a lasting fact whose subject is no person but a place or a thing
("the sports hall is open till midnight in term time", "her grandad's clock is 90 years old", "the big bell
is from 1702", "the heating is broken", "the river is named after a saint"). Often relayed ("my neighbour
says the pool is closed on Mondays"): the report's words set the certainty (certainty.py), the card keeps
what was reported, not who said it.

Closed shapes of a plain present clause, each its own predicate:
- an age: "is N years old" (also "months", "centuries"): age;
- where or when a thing called by its own name comes from ("the oldest boat, the Marigold, is from 1954"): from
  (a thing without one is who_one_is.py's: "Kemal's van is from Germany");
- when it is open: "is open/closed/shut" with more words ("24/7", "in exam season"): open/closed (not a team's:
  a team's hours are its routine);
- a name's source: "is named/called after X": named_after;
- a state out of use: "is broken", "is flooded", "is out of order": is;
- relayed only ("X says ...", "apparently ..."): what it does, verb + object ("the council gives a grant for
  roofs"): the verb.
The subject is a common noun with "the", a possessive or a name of its own set beside it ("the oldest puppet,
the Kasparek": Kasparek); a bare lower-case noun with an age is a pet or a person's name typed small
("toffee is 20 years old"). Not a person, kin, a pet word, a time or a chat noun; not negated, planned,
wished or past. Pure: token tuples in, facts out.
"""
from __future__ import annotations

from . import verb_classes as vc
from .certainty import HEARSAY, PLAIN
from .clause_reader import CHAT_NOUNS, head_phrase
from .models import Fact
from .parse import Sentence, Tok
from .person import possessive
from .rule_basics import TurnContext
from .subjects import name_of
from .tree import Kids, subtree, text_of
from .vocabulary import PEOPLE, PETS, RELATIONS

_AGE_UNITS = frozenset("years months centuries weeks".split())
_OPENING = frozenset("open closed shut".split())
_OUT_OF_USE = frozenset("broken flooded blocked cracked leaking".split())
_NAMING = frozenset("named called".split())
_TIMES = frozenset("""day days week weeks month months year years time today tonight morning evening night weekend
    weather traffic""".split())
_RELAYING = frozenset("say tell reckon hear claim swear".split())


def _a_thing(kids: Kids, subj: Tok) -> bool:
    low = subj.lemma
    if subj.pos == "NUM":  # "the 101 gets the most complaints": a line, a room, a route by its number
        return any(c.dep == "det" and c.lower == "the" for c in kids.get(subj.i, []))
    return subj.pos == "NOUN" and low not in RELATIONS and low not in PETS and low not in PEOPLE \
        and low not in CHAT_NOUNS and subj.lower not in _TIMES and subj.lower not in vc.NOBODY


def _bare_name(kids: Kids, subj: Tok) -> bool:
    """"toffee is 20 years old": a lone singular noun with no article is a name typed small."""
    return subj.tag == "NN" and not kids.get(subj.i)


def _relayed(s: Sentence, kids: Kids, p: Tok) -> bool:
    """Said as what someone else says ("my cousin says ...", "people say ...") or "apparently"."""
    if any(c.lower in ("apparently", "supposedly", "reportedly") for c in kids.get(p.i, [])):
        return True
    if p.dep != "ccomp":
        return False
    head = s[p.head]
    who = next((c for c in kids.get(head.i, []) if c.dep == "nsubj"), None)
    return head.lemma in _RELAYING and who is not None and who.lower not in ("i", "we", "you")


def _subject_words(s: Sentence, kids: Kids, subj: Tok, ctx: TurnContext, p: Tok) -> str | None:
    """The thing's name: the name set beside it, else its noun phrase without "the"; "his"/"her" is whoever
    relays it ("my papou says his oldest tree ...": papou's oldest tree)."""
    named = next((c for c in kids.get(subj.i, []) if c.dep == "appos" and c.pos == "PROPN"), None)
    if named is not None:
        return text_of(s, [i for i in sorted(head_phrase(s, kids, named)) if s[i].dep != "det"])
    idx = sorted(i for i in head_phrase(s, kids, subj) if s[i].dep != "det")
    poss = next((s[i] for i in idx if s[i].dep == "poss" and s[i].head == subj.i), None)
    rest = [i for i in idx if poss is None or i not in subtree(kids, poss.i)]
    if poss is None:
        return text_of(s, rest)
    holder = _holder(s, kids, poss, ctx, p)
    return f"{possessive(holder)} {text_of(s, rest)}" if holder else None


def _holder(s: Sentence, kids: Kids, poss: Tok, ctx: TurnContext, p: Tok) -> str | None:
    if poss.lower in ("his", "her", "their") and p.dep == "ccomp":
        teller = next((c for c in kids.get(p.head, []) if c.dep == "nsubj"), None)
        if teller is not None and teller.lower not in ("i", "we", "you", "they", "people"):
            return _a_name(name_of(s, kids, teller, ctx))  # ("nonno says his mask ...": whose nonno is not said, no card)
    if poss.pos == "PRON" and poss.lower not in ("my", "our"):
        return None
    return _a_name(name_of(s, kids, poss, ctx))


def _a_name(holder: str | None) -> str | None:
    """`holder` when it is words, not a parse's slip ("woah .")."""
    return holder if holder and all(w.replace("'", "").replace("’", "").replace("-", "").isalnum()
                                    for w in holder.split()) else None


def _content(s: Sentence, kids: Kids, t: Tok) -> list[Tok]:
    return [s[i] for i in sorted(subtree(kids, t.i)) if s[i].pos in ("NOUN", "PROPN", "ADJ", "NUM") and s[i].tag != "JJS"]


def _words(s: Sentence, idx: set[int]) -> str:
    return text_of(s, [i for i in sorted(idx) if s[i].pos != "PUNCT" and s[i].lower not in ("again", "still", "too")])


def _complement(s: Sentence, kids: Kids, p: Tok, relayed: bool, named: bool, team: bool) -> tuple[str, str, str] | None:
    """(predicate, value, the words said after the subject) of a closed shape, or None."""
    mine = kids.get(p.i, [])
    if p.lemma == "be":
        acomp = next((c for c in mine if c.dep == "acomp"), None)
        if acomp is not None and acomp.lower == "old":
            years = next((c for c in kids.get(acomp.i, []) if c.dep == "npadvmod" and c.lower in _AGE_UNITS), None)
            count = next((c for c in kids.get(years.i, []) if c.dep == "nummod"), None) if years is not None else None
            if years is not None and count is not None:
                return "age", f"{count.text} {years.text} old", f"is {count.text} {years.text} old"
        if acomp is not None and acomp.lower in _OPENING and not team:  # a team's hours are its routine (team_figures)
            more = subtree(kids, acomp.i) - {acomp.i} | {i for c in mine if c.dep in ("prep", "npadvmod") and c.i > acomp.i
                                                         for i in subtree(kids, c.i)}  # "... in August" said of the verb
            if more:
                return acomp.lower, _words(s, more), f"is {_words(s, more | {acomp.i})}"
        if acomp is not None and acomp.lower in _OUT_OF_USE:
            return "is", acomp.lower, f"is {acomp.lower}"
        where = next((c for c in mine if c.dep == "prep" and c.lower == "from"), None)
        whence = next((c for c in kids.get(where.i, []) if c.dep == "pobj"), None) if where is not None else None
        if whence is not None and (whence.tag == "CD" or whence.pos == "PROPN") and named:  # others: who_one_is
            value = _words(s, subtree(kids, whence.i))
            return "from", value, f"is from {value}"
        return None
    if p.tag == "VBN" and any(c.dep == "auxpass" and c.lemma == "be" and c.tag in ("VBZ", "VBP") for c in mine):
        after = next((c for c in mine if c.dep == "prep" and c.lower == "after"), None)
        if p.lower in _NAMING and after is not None and any(c.dep == "pobj" for c in kids.get(after.i, [])):
            value = _words(s, subtree(kids, after.i) - {after.i})
            return "named_after", value, f"is {p.lower} after {value}"
        if p.lower in _OUT_OF_USE:
            return "is", p.lower, f"is {p.lower}"
        return None
    obj = next((c for c in mine if c.dep == "dobj"), None)
    if relayed and p.tag == "VBZ" and p.lemma not in vc.LIGHT - {"get", "make", "keep"} and obj is not None and obj.pos == "NOUN" \
            and obj.lower not in CHAT_NOUNS and len(_content(s, kids, obj)) > 1:  # "gives a pound" says too little
        said = {i for c in mine if c.dep in ("dobj", "prt", "prep", "dative") for i in subtree(kids, c.i)}
        return p.lemma, _words(s, said), _words(s, said | {p.i})
    return None


def thing_said(s: Sentence, kids: Kids, p: Tok, subj: Tok, ctx: TurnContext) -> list[Fact]:
    """The fact said of a thing by the clause of `p` whose subject is `subj`, or none."""
    mine = kids.get(p.i, [])
    if subj.dep not in ("nsubj", "nsubjpass") or not _a_thing(kids, subj) or any(
            c.dep == "neg" or (c.dep == "aux" and (c.lower in vc.UNREAL_MODALS | vc.FUTURE or c.tag == "MD")) for c in mine):
        return []
    if p.lemma == "be" and p.tag not in ("VBZ", "VBP") or p.lemma != "be" and p.tag not in ("VBZ", "VBP", "VBN"):
        return []
    named = any(c.dep == "appos" and c.pos == "PROPN" for c in kids.get(subj.i, []))
    shape = _complement(s, kids, p, _relayed(s, kids, p), named, bool(ctx.org))
    if shape is None:
        return []
    predicate, value, said = shape
    bare = _bare_name(kids, subj)
    if bare and predicate != "age":
        return []
    if not bare and not any(c.dep in ("det", "poss", "appos", "compound") for c in kids.get(subj.i, [])):
        return []  # "cats are 15 years old" says nothing of one thing
    thing = subj.text[:1].upper() + subj.text[1:] if bare else _subject_words(s, kids, subj, ctx, p)
    if not thing or not value:
        return []
    line = f"{thing[:1].upper()}{thing[1:]} {said}"
    sure = HEARSAY if _relayed(s, kids, p) else PLAIN  # "the cellists say ...": whoever relays it
    return [Fact(thing, predicate, value, "semantic", sure, line)]


__all__ = ["thing_said"]
