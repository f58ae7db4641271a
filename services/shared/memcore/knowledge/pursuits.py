"""What a clause says of one's abilities and pursuits (issue 35), for dependency.py: what one cannot do
("I still can't ride a bike", "she's not doing the solos yet"), can do now ("she's started walking"),
is learning or studied, plays, saves for, gave up, and the age one turns ("Alfie turns 5 next week").
Each reader takes a clause_view.Clause and gives its facts, or None when the clause is not of its kind. Pure."""
from __future__ import annotations

from . import verb_classes as vc
from ..extraction.lexicon import TIME_WORDS
from .clause_parts import awaits_becoming, prep_object
from .clause_values import noun_value, without_aux
from .clause_view import Clause
from .likes import per_item
from .models import Fact
from .past_habits import lessons_in
from .person import about
from .skill_rules import learnt
from .tree import conjuncts, subtree, text_of
from .who_one_is import birthday_month
from .parse import Tok
from .vocabulary import GROUP_NOUNS, NUMBER_WORDS, PETS, RELATIONS

_FILLERS = ("yet", "still", "really", "properly", "though", "even")  # words that leave "can't ride" a missing ability


def cannot(c: Clause) -> list[Fact] | None:
    """A missing ability: "I can't swim", "Tej still can't ride a bike" (not "we can't come on Friday")."""
    s, kids, p, obj, mine = c.s, c.kids, c.p, c.obj, c.mine
    # "I can't follow fast speech at all": "at all" says the ability is missing, whatever the verb
    at_all = {i for k in mine if k.lower == "all" and any(g.lower == "at" for g in kids.get(k.i, [])) for i in subtree(kids, k.i)}
    # a remark set off before the subject ("Still A2, I can't ...", "Honestly, ..."), not a time: beside the clause
    aside = {i for k in mine if k.dep in ("npadvmod", "advmod") and k.i < c.subj.i and k.lower not in TIME_WORDS | vc.EVENT_TIME and any(
        s[j].text == "," for j in range(k.i, c.subj.i)) for i in subtree(kids, k.i)}
    mine = [k for k in mine if k.i not in at_all | aside]
    if any(k.dep == "prep" and k.i < c.subj.i and any(g.dep == "pobj" and g.lower in TIME_WORDS | vc.EVENT_TIME
                                                       for g in kids.get(k.i, [])) for k in mine):
        return None  # "On Friday, I can't drive": when one can't, a plan, not a missing ability
    if any(k.dep == "prep" and k.lower in ("till", "until") for k in mine):
        return None  # "he can't drive the truck till then": a restriction for a while, not an ability missing
    progress = any(k.lower in ("yet", "still") for k in mine) or bool(at_all)  # "I still can't ride a bike": an ability not yet had
    able = p.lemma in vc.ABILITY_VERBS or progress  # (then what is done, and where, belong to the ability)
    said_more = vc.MORE_SAID - ({"dobj", "prep"} if able else set())
    light = vc.LIGHT - ({"do"} if able and obj is not None and obj.lower not in TIME_WORDS else set())  # "do the splits", not "do Tuesday"
    if not (c.aux & {"can", "ca"} and c.neg and (obj is None or able) and p.pos == "VERB"
            and p.lemma not in light | vc.NOT_ABILITIES and c.subj.lower not in ("you", "we", "they")
            and not any(k.dep in said_more and k.lower not in _FILLERS for k in mine)):
        return None
    what = p.lemma if obj is None else text_of(s, sorted(subtree(kids, p.i) - subtree(kids, c.subj.i) - at_all - aside - {
        k.i for k in mine if k.dep in ("aux", "neg", "advmod", "punct", "cc", "mark")}))  # ("but I can't ...", "so he can't ...")
    return [Fact(c.who, "cannot", what, "skill", 0.8, about(f"{c.who} can't {what}", c.ctx.owner))]


def _turns(c: Clause) -> list[Fact] | None:
    p, obj, subj = c.p, c.obj, c.subj
    if p.lemma == "turn" and obj is not None and (obj.tag == "CD" or obj.lower in NUMBER_WORDS) and not c.neg and (
            subj.pos in ("PRON", "PROPN") or subj.lemma in RELATIONS or subj.lemma in PETS):  # "Alfie turns 5 next week"
        return [Fact(c.who, "turns", obj.text, "identity", 0.8, c.line)] + birthday_month(c)
    return None


def _studies(c: Clause) -> list[Fact] | None:
    s, kids, p, obj, who = c.s, c.kids, c.p, c.obj, c.who
    if p.lemma in ("do", "start", "begin") and obj is not None and obj.dep == "dobj" and obj.lemma in vc.DEGREES \
            and not c.neg and (field := prep_object(kids, obj, ("in", "on")) or prep_object(kids, p, ("in",))) is not None:
        return [Fact(who, "studies", noun_value(s, kids, field, c.ctx), "identity", 0.8, c.line)]  # "doing a degree in psychology"
    if p.lemma in ("start", "begin", "take", "have", "do") and obj is not None and obj.dep == "dobj" and not c.neg \
            and obj.lemma in vc.LESSONS and not c.aux & (vc.FUTURE | vc.UNREAL_MODALS) and (taught := lessons_in(s, kids, obj)):
        return [Fact(who, "learning", taught, "skill", 0.8, f"{who} is learning {taught} ({obj.lower})")]  # "ukulele lessons"
    where = (prep_object(kids, p, ("at", "in")) or prep_object(kids, obj, ("at", "in"))) if (
        p.lemma == "study" and obj is not None and obj.dep == "dobj") else None
    if where is not None and obj is not None and (where.pos == "PROPN" or where.lower in ("uni", "university", "college")) and not c.neg \
            and p.tag != "VBD":  # "I'm studying law at Bristol": what one studies is who one is, not a skill
        return [Fact(who, "studies", noun_value(s, kids, obj, c.ctx), "identity", 0.8, c.line)]
    if p.lemma in vc.LEARN and p.tag == "VBD" and not c.aux:  # "I studied history at Durham": who one is
        return [Fact(who, "studied", c.value, "identity", 0.8, c.line)]
    if (taken := _taken_up(c)) is not None:
        return [Fact(who, "learning", taken, "skill", 0.8, c.line)]
    if p.lemma in vc.LEARN or (p.lemma == "take" and any(k.dep == "prt" and k.lower == "up" for k in c.mine)
                               and not c.aux & vc.FUTURE):  # "maybe I'll take up golf" is a thought, not a start
        said = without_aux(s, kids, p, c.rest, c.ctx)  # ("learning Greek on the side": Greek)
        return [Fact(who, "learning", learnt(said), "skill", 0.8, c.line if learnt(said) == said else f"{who} is {learnt(said)}")]
    return None


# what one starts that is no skill: "I started the car", "she started a fight", "we started the business"
_NOT_LEARNT = frozenset("car engine van fire fight argument row business company firm shop job work school nursery uni "
                        "university college treatment medication meds tablets antibiotics diet project renovation washing "
                        "dishes dinner lunch tea breakfast day week meeting call rumour petition campaign family".split())


def _taken_up(c: Clause) -> str | None:
    """What one has started to learn, said with "started", "picked up", "taught myself" or "working towards": "I started
    the cello last year", "picked up knitting over lockdown", "I'm teaching myself Python", "working towards my grade 5
    piano"; None when the clause says none (or a plan: "I'll start karate")."""
    s, kids, p, obj = c.s, c.kids, c.p, c.obj
    if c.neg or c.aux & (vc.FUTURE | vc.UNREAL_MODALS) or c.subj.lower in ("it", "that", "this", "they"):
        return None
    up = any(k.dep == "prt" and k.lower == "up" for k in c.mine)
    started = p.lemma in ("start", "begin") or (p.lemma == "pick" and up)
    selves = ("myself", "herself", "himself", "themselves")
    myself = p.lemma == "teach" and any(k.lower in selves for k in c.mine)
    if myself:  # "I'm teaching myself Welsh": what is taught, not whom
        obj = next((k for k in c.mine if k.dep == "dobj" and k.lower not in selves), None)
    doing = next((k for k in c.mine if k.dep == "xcomp" and k.tag == "VBG"), None) if started else None
    if doing is not None and doing.lemma not in vc.LIGHT | vc.MILESTONES and not any(
            k.dep in ("dobj", "xcomp") for k in kids.get(doing.i, [])):  # ("has started crawling": a new ability, _can_now)
        return doing.text  # "picked up knitting over lockdown": the parse hangs the doing on the verb
    if (started or myself) and obj is not None and obj.dep == "dobj" and obj.pos in ("NOUN", "PROPN") and obj.lemma not in _NOT_LEARNT \
            and obj.lower not in vc.NOBODY and obj.lemma not in vc.LESSONS and obj.lemma not in vc.DEGREES:
        return noun_value(s, kids, obj, c.ctx)
    if p.lemma == "work" and (goal := prep_object(kids, p, ("towards", "toward"))) is not None:
        return noun_value(s, kids, goal, c.ctx)
    return None


def _keeps_at(c: Clause) -> list[Fact] | None:
    s, kids, p, obj, who = c.s, c.kids, c.p, c.obj, c.who
    if p.lemma == "give" and any(k.dep == "prt" and k.lower == "up" for k in c.mine) and obj is not None \
            and obj.dep == "dobj" and obj.lower not in vc.NOBODY and not c.aux & vc.FUTURE and not c.neg:
        return per_item(s, kids, p, conjuncts(s, kids, obj), who, "gave_up", "preference", c.subj, c.team_thing, c.ctx)
    if p.lemma == "save" and (goal := prep_object(kids, p, ("for",))) is not None and not c.neg:  # "saving up for a house"
        return [Fact(who, "saving_for", text_of(s, [i for i in sorted(subtree(kids, goal.i)) if s[i].dep != "det"]),
                     "semantic", 0.8, c.line)]
    if p.lemma in ("play", "sing") and obj is not None and obj.dep == "dobj" and obj.pos == "NOUN" and not c.neg:
        group = _played_in(c) if p.tag != "VBD" else None  # "I play the cornet in a brass band", "I sing alto in a choir": the band is a fact
        # of its own ("who played bass in our band": a band one was in, no membership now)
        played = per_item(s, kids, p, conjuncts(s, kids, obj), who, f"{p.lemma}s", "skill", c.subj, c.team_thing, c.ctx,
                          frozenset(subtree(kids, group.i)) if group is not None else frozenset())  # "I play guitar"
        if group is None or not played:
            return played
        band = noun_value(s, kids, next(k for k in kids.get(group.i, []) if k.dep == "pobj"), c.ctx)
        return played + [Fact(who, "member_of", band, "identity", 0.8, f"{who} is a member of {band}")]
    return None


def _played_in(c: Clause) -> Tok | None:
    """The "in"/"with"/"for" a group one plays in is said with: "in a brass band", "with the Bournemouth Symphony",
    "for the school team" (a group's noun, or a name said with "the"); not whom one plays with ("with my dad")
    nor when or where ("in the evenings", "in the garden")."""
    said: list[Tok] = [*c.mine, *(c.kids.get(c.obj.i, []) if c.obj is not None else ())]  # ("the viola with the Hallé")
    for k in said:
        pobj = next((g for g in c.kids.get(k.i, []) if g.dep == "pobj"), None) if k.dep == "prep" and k.lower in (
            "in", "with", "for") else None
        if pobj is None or pobj.lemma in RELATIONS:
            continue
        det = {g.lower for g in c.kids.get(pobj.i, []) if g.dep in ("det", "poss")}
        if pobj.lemma in GROUP_NOUNS or (pobj.pos == "PROPN" and "the" in det):
            return k
    return None


def _aside(c: Clause, k: Tok) -> bool:
    """A word said after a comma, as a remark on what went before ("started walking, mostly into furniture")."""
    return any(c.s[j].text == "," for j in range(min(subtree(c.kids, k.i)) - 1, k.i)) if k.i > 0 else False


def _not_yet(c: Clause) -> list[Fact] | None:
    """An ability not had yet, said as a doing not yet done: "she's not doing gold leaf yet", "he isn't diving yet"
    (a verb of ability in the progressive, negated, with "yet"): what one cannot do so far."""
    p, mine = c.p, c.mine
    if not (c.neg and p.tag == "VBG" and p.lemma in vc.ABILITY_VERBS - vc.MILESTONES and any(k.lower == "yet" for k in mine)
            and any(k.dep == "aux" and k.lemma == "be" for k in mine) and c.subj.lower not in ("it", "that", "this", "you", "we", "they")):
        return None
    obj = c.obj if c.obj is not None and c.obj.dep == "dobj" and c.obj.pos in ("NOUN", "PROPN") else None
    if (p.lemma == "do" and obj is None) or any(k.dep in ("prep", "advcl", "ccomp", "xcomp") and not _aside(c, k) for k in mine):
        return None  # "he isn't doing it yet", "she isn't riding to school yet": what, or a moment's plan
    what = p.lemma if obj is None else f"{p.lemma} {text_of(c.s, sorted(subtree(c.kids, obj.i)))}"
    return [Fact(c.who, "cannot", what, "skill", 0.8, c.line)]


def _can_now(c: Clause) -> list[Fact] | None:
    p, mine, neg = c.p, c.mine, c.neg
    if p.lemma in ("start", "begin") and p.tag == "VBN" and c.aux & {"has", "have", "'s", "'ve", "’s", "’ve"} and not neg and (
            doing := next((k for k in mine if k.dep == "xcomp" and k.tag == "VBG" and not any(
                g.dep in ("dobj", "prep", "ccomp", "xcomp") and not _aside(c, g) for g in c.kids.get(k.i, []))), None)) is not None:
        return [Fact(c.who, "can", f"{p.lower} {doing.lower}", "skill", 0.8, c.line)]  # "she's started walking": a new ability
    if (not_yet := _not_yet(c)) is not None:
        return not_yet
    if p.lemma in vc.MILESTONES and p.tag == "VBG" and any(k.dep == "aux" and (k.lemma == "be" or k.lower in ("'s", "’s"))
                                                         for k in mine) and not any(
            k.dep in ("dobj", "prep", "xcomp", "ccomp", "advcl") for k in mine) and (
            any(k.lower in ("now", "already", "basically", "properly") for k in mine) or neg and any(k.lower == "yet" for k in mine)):
        return [Fact(c.who, "cannot" if neg else "can", p.lemma, "skill", 0.8, c.line)]  # "Tej isn't walking yet", "she's crawling now"
    if "can" in c.aux and not neg and p.lemma not in vc.LIGHT:  # not "I can drive it when I'm 12": a promise
        return [] if awaits_becoming(c.kids, p) else [Fact(c.who, "can", c.value, "skill", 0.8, c.line)]
    return None


def pursuits(c: Clause) -> list[Fact] | None:
    """The age one turns, what one studies or learns, gives up, saves for or plays, and what one can now do."""
    for reader in (_turns, _studies, _keeps_at, _can_now):
        if (facts := reader(c)) is not None:
            return facts
    return None


__all__ = ["cannot", "pursuits"]
