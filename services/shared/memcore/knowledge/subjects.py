"""Who a parsed clause is about (the parse path, dependency.py): its subject token and the name it
stands for: I/we (the owner, or the organisation in a team), he/she (the person named last), a name
("Uncle Ben" is Ben), a possessed noun ("my sister's dog" -> "Mia's sister's dog"; "my brother Kai"
-> Kai) or, in a team, a thing of the organisation. Pure: token tuples in, names out."""
from __future__ import annotations

from . import verb_classes as vc
from .parse import Sentence, Tok
from .person import possessive
from .rule_basics import TurnContext
from .ties import name_beside
from .chain_holders import chain_holder, kin_said_as_name
from .kin_groups import GROUP_KIN
from .kin_said_bare import said_bare_as_kin
from .lowercase_names import a_name
from .tree import Kids, text_of
from .vocabulary import BARE_KIN, NUMBER_WORDS, RELATIONS

SUBJECTS = ("nsubj", "nsubjpass")
FIRST = frozenset({"i", "me", "myself", "we", "us"})
THIRD = frozenset({"he", "she", "they", "him", "her", "them"})
# What only a person does ("Tej isn't walking yet", "Ruo hopes to become a nurse"): the verb that shows a bare
# capitalised subject the model took for a common noun is someone. "hop": the model's lemma of "hopes".
PERSON_VERBS = vc.LIKE | vc.DISLIKE | vc.WANT | vc.LEARN | vc.WORK | vc.RESIDE | vc.MILESTONES | frozenset(
    "hope hop become study".split())


def subject_of(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    subjects = [c for c in kids.get(p.i, []) if c.dep in SUBJECTS]
    if subjects:
        c = subjects[-1]  # the nearest: "tbh i kinda hate ..." parses with two
        if p.dep == "relcl" and c.lower in ("who", "that", "which"):
            return s[p.head]
        if c.i < p.i and _misread_subject(kids, p, c) and (item := joined_clause_subject(s, kids, p)) is not None:
            return item  # "Bo fixes boats and my cousin Mia is 9": the parser made "fixes" the subject of "is"
        return c
    if p.dep == "ccomp":  # "Lin sells flowers and my nephew Kofi is 11": "is" read as what "sells" says
        return joined_clause_subject(s, kids, p)
    if p.dep == "conj" and s[p.head].i != p.i and not any(c.dep == "expl" for c in kids.get(p.i, [])):
        return joined_clause_subject(s, kids, p) or subject_of(s, kids, s[p.head])  # "..., and there's usually 3 temps": no one's
    return None


def _misread_subject(kids: Kids, p: Tok, c: Tok) -> bool:
    """Whether the subject the parser gave `p` cannot be it: a verb ("fixes" in "Bo fixes boats and my cousin Mia
    is 9"), or nouns joined by "and" before a verb in the singular ("maths and my son Rafi is 4": joined subjects
    would say "are")."""
    return c.pos in ("VERB", "AUX") or p.tag == "VBZ" and any(k.dep == "conj" for k in kids.get(c.i, []))


def joined_clause_subject(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    """The subject of a clause joined by "and" that the parser took for one more item of the clause before
    ("Mr Hale is a chef and Mrs Hale is a dentist": "Mrs Hale" a conjunct of "chef", her "is" left with no
    subject, which would make her the chef's): the name or noun said right before the verb, after "and"."""
    start = min([p.i, *(c.i for c in kids.get(p.i, []) if c.dep in ("aux", "neg", "advmod") and c.i < p.i)])
    if start < 2:
        return None
    t = named = s[start - 1]
    if t.dep == "appos" and t.pos == "PROPN" and t.head < t.i:  # "... and my cousin Mia is 9": the tie is the item,
        t = s[t.head]  # the name beside it is who is 9
    if t.dep != "conj" or t.pos not in ("PROPN", "NOUN") or t.head >= t.i or t.head == p.head:
        return None
    first = min([t.i, *(c.i for c in kids.get(t.i, []) if c.dep in ("compound", "det", "poss", "amod", "flat"))])
    return named if first >= 1 and s[first - 1].dep == "cc" else None


def name_of(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str | None:
    """Who or what a subject or possessor names, or None when it names nobody the owner knows."""
    low = t.lower
    if any(c.dep == "conj" and c.lower in ("i", "me") for c in kids.get(t.i, [])):
        return ctx.owner  # "my partner Leon and I are ...": the owner, with Leon
    if low in ("i", "me", "myself", "my", "mine"):
        return ctx.owner
    if low in ("we", "us", "our", "ours"):
        return ctx.org or ctx.owner
    if low in THIRD or low in ("his", "their"):
        return None if low in ("they", "them", "their") and ctx.carried else ctx.last_person
    if t.pos == "PRON" and not _a_name_misread(s, kids, t) or low in vc.NOBODY:
        return None  # ("Ama is fourteen": a name the model tagged PRON, a_name keeps "Everyone" a word)
    mine = kids.get(t.i, [])
    if low in BARE_KIN and t.text[:1].islower() and not any(c.dep in ("det", "poss") for c in mine):
        return f"{possessive(ctx.owner)} {low}"  # "dad's still going strong": the owner's dad
    if said_bare_as_kin(s, kids, t, ctx.kin_words):
        return f"{possessive(ctx.owner)} {low}"  # "kaka works at the mill": the owner's kaka (kin_said_bare.py)
    if t.pos != "PROPN" and _a_name_misread(s, kids, t):
        return t.text  # "Tej isn't walking yet": a name the small model tagged as a common noun or a verb
    if kin_said_as_name(kids, t):
        return f"{possessive(ctx.owner)} {low}"  # "Mum's cousin lives in Leeds": the owner's mum (chain_holders.py)
    if t.pos == "PROPN" and (theirs := _their_tie_named(s, kids, t)) is not None:
        return name_of(s, kids, theirs, ctx)  # "my wife Gwen, her daughter Ela is 16": Ela is 16
    if t.pos == "PROPN":
        return _whole_name(s, kids, t) or t.text
    if t.pos == "ADJ" and (named_one := next((c for c in mine if c.dep == "appos" and c.pos == "PROPN"), None)) is not None:
        return name_of(s, kids, named_one, ctx)  # "my eldest, Maya, is 14": Maya
    if t.pos != "NOUN":
        return None
    if _group_said(s, kids, t, ctx):
        return f"the {low}"  # "the kids love the pool": the group as said, whoever's they are
    beside = name_beside(s, kids, t) if t.lemma in RELATIONS else None  # "Marta, my sister, works ..."
    if beside is not None and beside.i != t.head:
        return name_of(s, kids, beside, ctx)
    appos = [c for c in mine if c.dep == "appos" and c.pos == "PROPN"]
    if appos:
        return name_of(s, kids, appos[0], ctx)
    poss = [c for c in mine if c.dep == "poss"]
    phrase = " ".join([c.lower for c in mine if c.dep in ("amod", "compound") and c.i < t.i] + [t.lower])
    if [w.lower for w in s[t.i + 1:t.i + 5]] == ["-", "in", "-", "law"]:
        phrase += "-in-law"  # "my mother-in-law", which the parser splits
    if poss:
        holder = name_of(s, kids, poss[0], ctx) or (chain_holder(s, kids, poss[0], ctx) if t.lemma in RELATIONS else None)
        return f"{possessive(holder)} {phrase}" if holder else None  # ("the twins' nanny": chain_holders.py)
    return None


def _whole_name(s: Sentence, kids: Kids, t: Tok) -> str:
    """A name's words before its head as written: its compound words, the words of a hyphenated part joined as
    typed ("Mrs Vasquez-Obi", "Anne-Marie Duval", whose parts the parser attaches to each other); a kin
    title left out ("Uncle Ben": Ben)."""
    inside = {t.i}
    todo = [t.i]
    while todo:
        for c in kids.get(todo.pop(), []):
            if c.i < t.i and (c.dep in ("compound", "flat") and c.pos == "PROPN" or c.text == "-" and not c.ws):
                inside.add(c.i)
                todo.append(c.i)
    start = t.i
    while start - 1 in inside:
        start -= 1
    while start < t.i and (s[start].lower in vc.KIN_TITLES or s[start].text == "-"):
        start += 1
    return text_of(s, range(start, t.i + 1))


whole_name = _whole_name  # for the dependency reader's "Kemal and I ...": whom a "he" after it means


def _a_name_misread(s: Sentence, kids: Kids, t: Tok) -> bool:
    """A bare capitalised subject that is no word of the language's common stock, of a verb only a person
    does ("Tej isn't walking yet", "Ruo hopes to become a nurse"): a name the model tagged NOUN or VERB (or
    PRON: "Ama is fourteen").
    "Sushi is great", "Mango loves ..." stay things: no person's verb, or a common word."""
    if t.dep not in SUBJECTS or t.pos not in ("NOUN", "VERB", "ADJ", "X", "PRON"):
        return False  # (a plural: "Ines works mornings", a name in -s read as "ine"s; a_name keeps "Nibbles" a word's form)
    if not (t.text.isalpha() and t.text[:1].isupper() and t.text[1:].islower()):
        return False
    if any(c.dep in ("det", "poss", "amod", "compound", "nummod") for c in kids.get(t.i, [])):
        return False
    return (s[t.head].lemma in PERSON_VERBS or _an_age(kids, s[t.head])) and a_name(t.lower)


def _an_age(kids: Kids, verb: Tok) -> bool:
    """"Tane is 12", "Ezio's nine": "be" with a bare count, an age, which only someone has."""
    return verb.lemma == "be" and any(c.dep in ("attr", "acomp") and (c.tag == "CD" or c.lower in NUMBER_WORDS)
                                      and not kids.get(c.i) for c in kids.get(verb.i, []))


def _group_said(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> bool:
    """Children said as a group with "the" and a liking or a habit of theirs ("The kids love the pool", "the twins
    hate peas", "the kids go to bed at eight"), outside a team's talk (a team's "the kids" are its own, a_team_thing)."""
    verb = s[t.head]
    habit = verb.tag == "VBP" and verb.lemma != "be" and any(  # "the kids go to bed at eight", "the twins wake up at six"
        w.tag == "CD" or w.lower in ("every", "each") for w in s[verb.i + 1:])  # (a number or "every" after: when)
    return not ctx.org and t.tag == "NNS" and t.lemma in GROUP_KIN and t.dep == "nsubj" and (
        verb.lemma in vc.LIKE or verb.lemma in vc.DISLIKE or habit) and any(c.dep == "det" and c.lower == "the" for c in kids.get(t.i, []))


def _their_tie_named(s: Sentence, kids: Kids, t: Tok) -> Tok | None:
    """The name said after a name and a tie of theirs ("Gwen, her daughter Ela"): the person nearest the verb."""
    for c in kids.get(t.i, []):
        if c.dep == "appos" and c.pos == "NOUN" and c.lemma in RELATIONS and any(
                p.dep == "poss" and p.lower in ("his", "her", "their") for p in kids.get(c.i, [])):
            return next((n for n in kids.get(c.i, []) if n.dep == "appos" and n.pos == "PROPN"), None)
    return None


def related_holder(s: Sentence, kids: Kids, t: Tok, ctx: TurnContext) -> str | None:
    """The person who holds a thing when a tie is named as its holder ("my mother's birthday")."""
    poss = [c for c in kids.get(t.i, []) if c.dep == "poss" and c.lemma in RELATIONS]
    return name_of(s, kids, poss[0], ctx) if poss else None


def a_team_thing(kids: Kids, t: Tok, ctx: TurnContext) -> bool:
    """In a team's conversation, an unpossessed thing ("Patient records", "The demo") is the team's; the owner's own
    name, which the parser may tag as a noun ("Joost starts at 4"), is the owner."""
    return bool(ctx.org) and t.pos == "NOUN" and t.lower not in vc.NOBODY and not any(
        c.dep == "poss" for c in kids.get(t.i, [])) and t.lower != ctx.owner.split()[0].lower()



def person_before(s: Sentence, kids: Kids, pronoun: Tok, ctx: TurnContext) -> str | None:
    """Whom "he"/"she" points at within its sentence: the last person named before it as a subject
    or beside one ("my other half Dan is a roofer, he starts at 7"); not a place or an employer."""
    if pronoun.lower not in ("he", "she"):
        return None
    for t in reversed(s[:pronoun.i]):
        if t.pos == "PROPN" and (t.dep in SUBJECTS or t.dep == "appos" and s[t.head].dep in SUBJECTS):
            return name_of(s, kids, t, ctx)
    return None


def names_before(s: Sentence, t: Tok) -> list[str]:
    """The people "they" stands for when the sentence named two or more just before it, joined by "and"
    ("twin boys, Alfie and Jack, they're three"): each name, in order; none when no group was named."""
    names = [x for x in s[:t.i] if x.pos == "PROPN" and (x.dep in ("conj", "appos") or any(
        y.dep in ("conj", "appos") and y.head == x.i and y.pos == "PROPN" for y in s[:t.i]))]
    joined = any(x.dep == "cc" and x.lower == "and" for x in s[:t.i])
    return [x.text for x in names] if len(names) >= 2 and joined and t.lower == "they" else []


__all__ = ["FIRST", "SUBJECTS", "THIRD", "a_team_thing", "name_of", "names_before", "person_before", "related_holder", "subject_of"]
