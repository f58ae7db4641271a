"""What a clause says of who someone is (issue 35), for dependency.py: where one lives, works or comes
from, what one used to be, one's age, name, standing ("I'm Polish"), birthday, and a role one holds ("I run
the coding club", "I'm a paralegal"). Each reader takes a clause_view.Clause and gives its facts, or None
when the clause is not of its kind. Pure."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from ..extraction.lexicon import KINSHIP
from . import trade_nouns
from . import verb_classes as vc
from .clause_parts import fond_of, named_pet, prep_object
from .clause_values import count_before, noun_value
from .birthdays import birthday_in
from .clause_view import Clause
from .models import Fact
from .occupation import is_job
from .past_habits import used_to
from .person import possessive
from .near_homes import near_home
from .places import town_beside
from .post_words import is_post
from .subjects import FIRST, name_of
from .parse import Tok
from .tree import text_of
from .vocabulary import NOT_A_JOB, NUMBER_WORDS, PEOPLE, PETS, RELATIONS, content_words

_PLACE_PREPS = ("in", "at", "on", "near", "from", "for", "to", "by", "outside")
_TIME_OF_BIRTH = frozenset("day date hour time century decade war summer winter spring autumn".split())


def home_work_origin(c: Clause) -> list[Fact] | None:
    """Where one lives ("we live just outside York"), works ("I work on the returns desk": a post), comes
    from ("his wife is from Poland"), and what one used to be or do ("I used to be a pastry chef")."""
    s, kids, p, who, ctx = c.s, c.kids, c.p, c.who, c.ctx
    place = prep_object(kids, p, _PLACE_PREPS)
    if p.lemma in vc.RESIDE and (place is None or place.pos != "PROPN") and (town := town_beside(s, kids, p)) is not None:
        return [Fact(who, "lives_in", town, "identity", 0.8, f"{who} lives in {town}")]  # "lives two streets away in Redcar"
    nearby = near_home(s, kids, p) if p.lemma in vc.RESIDE and (place is None or place.pos == "PRON") else None
    if nearby is not None:  # "next door", "over the road", "down the street from us": where, said by how near
        return [Fact(who, "lives_in", nearby, "identity", 0.8, f"{who} lives {nearby}")]
    if p.lemma in vc.RESIDE and place is not None and s[place.head].lower != "for" and not (  # "I live for festivals": a liking
            place.lemma in vc.EVENT_TIME_HEADS | _TIME_OF_BIRTH or place.lower in vc.PARTS_OF_WEEK):  # "stay ... in the week": when
        near = s[place.head].lower in ("near", "outside")  # "just outside York": where, said with how near
        home = noun_value(s, kids, place, ctx).split(" with ")[0]  # "a flat with my mum": whom with is a household's card
        return [Fact(who, "lives_in", f"{s[place.head].lower} " * near + home, "identity", 0.8, c.line)]  # "Dublin", not "lives in Dublin"
    if p.lemma in vc.WORK and place is not None and (place.tag == "CD" or place.lower.rstrip("s") in WEEKDAY_SET
                                                     or place.lower in vc.PARTS_OF_WEEK):
        return None  # "I work 9 to 5 Monday to Friday": when one works (a habit's), not where
    if p.lemma in vc.WORK and place is not None and not c.neg:  # "I work on the returns desk": a post, not an employer
        on = s[place.head].lower == "on"  # "for a charity called Shelterbox": the employer is its name
        employer = None if on else named_pet(s, kids, place)
        return [Fact(who, "role" if on else "works_for", employer or noun_value(s, kids, place, ctx), "identity", 0.8, c.line)
                ] + _department(c, place)
    return _origin_or_past(c)


def _department(c: Clause, place: Tok) -> list[Fact]:
    """The part of a workplace one works in, set after it with a comma and "in": "at the Royal Infirmary, in
    cardiology", "at Barclays, in the fraud team" (a common noun: "in Leeds" is a town, "in the mornings" a time)."""
    s, kids = c.s, c.kids
    part = next((k for p in kids.get(c.p.i, []) if p.dep == "prep" and p.lower == "in" and p.i > place.i and s[p.i - 1].text == ","
                 for k in kids.get(p.i, []) if k.dep == "pobj" and k.pos == "NOUN" and k.text.islower()
                 and k.lemma not in vc.EVENT_TIME_HEADS | vc.PARTS_OF_WEEK and k.lower not in vc.PARTS_OF_WEEK), None)
    if part is None:
        return []
    value = noun_value(s, kids, part, c.ctx)
    return [Fact(c.who, "department", value, "identity", 0.8, f"{c.who} works in {value}")]


def _birthplace(c: Clause) -> Tok | None:
    """The place one was born in, on or at ("bubu was born on Tanna", "born in a village near Graz in 1941":
    the village), not a time ("born in 1990", "born in March", "born on a Tuesday"); None when none is said."""
    for k in c.kids.get(c.p.i, []):
        place = next((o for o in c.kids.get(k.i, []) if o.dep == "pobj"), None) if k.dep == "prep" and k.lower in (
            "in", "on", "at") else None
        if place is not None and place.pos in ("PROPN", "NOUN") and place.tag != "CD" and not place.text.isdigit() \
                and place.lower not in MONTH_SET and place.lower.rstrip("s") not in WEEKDAY_SET \
                and place.lemma not in vc.EVENT_TIME_HEADS | _TIME_OF_BIRTH:
            return place
    return None


def _origin_or_past(c: Clause) -> list[Fact] | None:
    s, kids, p, who, ctx = c.s, c.kids, c.p, c.who, c.ctx
    if p.lemma == "bear" and c.aux & {"was", "were"} and not c.neg:
        kind = "identity" if _a_person(c.subj) else "semantic"
        if (place := _birthplace(c)) is not None:  # the place, not "was born on Tanna" (the line says it so)
            return [Fact(who, "born_in", noun_value(s, kids, place, ctx), kind, 0.8, c.line)]
        when = re.sub(r"(?i)^(?:(?:was|were)\s+)?born\s+", "", c.value)  # "in March", "last week": when, no origin
        return [Fact(who, "born", when, kind, 0.8, c.line)] if when != c.value and content_words(when) else None
    origin = prep_object(kids, p, ("from",))
    if (p.lemma in vc.ORIGIN and origin) or (p.lemma == "bear" and "was" in c.aux) or (
            p.lemma == "be" and origin is not None and origin.pos == "PROPN" and not c.neg):  # "his wife is from Poland"
        return [Fact(who, "from", noun_value(s, kids, origin, ctx) if origin is not None and p.lemma == "be" else c.value,
                     "identity" if _a_person(c.subj) else "semantic", 0.8, c.line)]  # "Ms Lynge is from Denmark": Denmark
        # (where a thing is from is no one's identity: "his grandfather's carpet is from Artsakh")
    return used_to(s, kids, p, c.subj, who, c.neg, ctx)  # "I used to be a pastry chef", "he used to play in a band"


def _a_person(t: Tok) -> bool:
    """Whether a subject names a person (or a pet): a pronoun, a name, a tie, a job, "the new volunteer"."""
    return t.pos in ("PRON", "PROPN") or t.lemma in RELATIONS or t.lemma in PETS or t.lemma in PEOPLE or is_job([t.lower], False)


def as_an_age(c: Clause) -> Clause:
    """The clause read for an age: "I'm going to be eight" from its "be" (and as to come), "she's 14 months
    old" with the count as what she is."""
    p, obj = c.p, c.obj
    if p.lemma == "go" and obj is not None and obj.dep == "xcomp" and obj.lemma == "be":
        c = c.moved_to(obj, next((k for k in c.kids.get(obj.i, []) if k.dep == "attr"), None), c.aux | {"will"})
    if c.p.lemma == "be" and c.obj is not None and c.obj.lower == "old" and c.obj.dep == "acomp" and (
            count := count_before(c.kids, c.obj)) is not None:
        c = c.moved_to(c.p, count, c.aux)  # "my rabbit Pip is 6 years old": the count is the age
    elif c.p.lemma == "be" and c.obj is not None and c.obj.lemma in ("month", "week") and c.obj.dep == "attr" and (
            count := next((k for k in c.kids.get(c.obj.i, []) if k.dep == "nummod" and k.tag == "CD"), None)) is not None:
        c = c.moved_to(c.p, count, c.aux)  # "they're 18 months": the count, in months, is the age
    return c


def age(c: Clause) -> list[Fact] | None:
    """An age said with "be": "they're 3", "my eldest Lindiwe is four", "I'm going to be eight", "she'll be 70"."""
    s, kids, p, obj, subj, who = c.s, c.kids, c.p, c.obj, c.subj, c.who
    if p.lemma != "be" or obj is None or c.neg:
        return None
    if (aged_after := _age_set_after(c)) is not None:
        return aged_after
    number = (obj.tag == "CD" or obj.lower in NUMBER_WORDS) and obj.dep in ("attr", "acomp", "nummod") and not any(
        k.dep == "prep" for k in kids.get(obj.i, []))  # "one of our writers" is no age
    aged = (obj.text.isdigit() or obj.lower in NUMBER_WORDS) and (  # not "my PB is 3:21"
        subj.pos in ("PRON", "PROPN")  # "my eldest Lindiwe is four" (a possessed name is a person too)
        or who == subj.text  # "Tane is 12": a name the model took for a common noun (subjects.name_of)
        or any(k.dep == "appos" and k.pos == "PROPN" for k in kids.get(subj.i, []))  # "my eldest, Maya, is 14"
        or subj.lemma in RELATIONS or subj.lemma in PETS)
    if not (number and aged and (subj.lower not in FIRST or c.aux & vc.FUTURE or "going" in {k.lower for k in c.mine})):
        return None
    turns = subj.lower in FIRST  # "they're 3"; "I'm going to be eight", "she'll be 70 this year": an age
    unit = s[obj.head].lower if obj.dep == "nummod" and s[obj.head].lemma in ("month", "week") else ""
    value = f"{obj.text} {unit}".strip()  # (the line names only the person: "my mother-in-law Siranush is 81" holds the tie's card too)
    said_age = [Fact(who, "turns" if turns else "age", value, "identity", 0.8,
                     c.line if not kids.get(obj.i) and not kids.get(subj.i) else f"{who} is {value}")]
    return said_age + fond_of(s, kids, (obj, p), who) + birthday_month(c)  # "He's twelve, mad about trains"


def _age_set_after(c: Clause) -> list[Fact] | None:
    """An age set after what a named one is, with a comma: "Zefyros is my best peregrine, 4 years old", "Bella is
    our oldest hen, 8 years old" (the age is the named one's; the attribute's words stay out of its card)."""
    obj, subj = c.obj, c.subj
    if obj is None or obj.dep != "attr" or not (subj.pos == "PROPN" or subj.lemma in RELATIONS or subj.lemma in PETS):
        return None
    old = next((k for k in c.kids.get(obj.i, []) if k.lower == "old" and k.dep in ("amod", "appos") and k.i > obj.i), None)
    count = count_before(c.kids, old) if old is not None else None
    if count is None or not any(c.s[i].text == "," for i in range(obj.i, count.i)):
        return None
    unit = " months" if c.s[count.head].lemma == "month" else ""
    return [Fact(c.who, "age", f"{count.text}{unit}", "identity", 0.8, f"{c.who} is {count.text}{unit}")]


def birthday_month(c: Clause) -> list[Fact]:
    """The month an age to come is said with ("she'll be five in June", "Ines turns eight in April"): the
    birthday's month. An age said as now ("he's four in the photo") says none."""
    if not (c.aux & vc.FUTURE or c.p.lemma == "turn" or "going" in {k.lower for k in c.mine}):
        return []
    when = prep_object(c.kids, c.p, ("in",))
    return [birthday_in(c.who, when.text)] if when is not None and when.lower in MONTH_SET else []


def standing(c: Clause) -> list[Fact] | None:
    """Who one is, said with "be" or a noun of identity: "I'm Polish", "hi, im Ines, 16", "my birthday's on
    the 3rd of June", "my mother's birthday is on 9 May", "I run the school's coding club", "I'm a paralegal"."""
    s, kids, p, obj, subj, who, ctx = c.s, c.kids, c.p, c.obj, c.subj, c.who, c.ctx
    if subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep in ("attr", "acomp") and obj.pos in ("PROPN", "ADJ") \
            and obj.text[:1].isupper() and not c.neg and obj.lower.endswith(vc.BELONGING) and not kids.get(obj.i):  # "I'm Jewish", "I'm Polish": who one is, no name
        return [Fact(who, "is", obj.text, "identity", 0.8, f"{who} is {obj.text}")]
    if subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "PROPN" and not c.neg:
        out = [Fact(who, "name", obj.text, "identity", 0.9, f"{who} is called {obj.text}")]  # "hi, im Ines, 16"
        out += [Fact(who, "age", k.text, "identity", 0.9, f"{who} is {k.text} years old")
                for k in kids.get(obj.i, []) if k.dep in ("appos", "conj", "npadvmod") and k.tag == "CD"]
        return out
    if subj.lemma in vc.IDENTITY_NOUNS and any(k.dep == "poss" and k.lower == "my" for k in kids.get(subj.i, [])) \
            and p.lemma == "be" and not c.neg:  # "my birthday's on the 3rd of June"
        return [Fact(ctx.owner, subj.lemma, c.value, "identity", 0.8, c.line)]
    whose = next((k for k in kids.get(subj.i, []) if k.dep == "poss" and (k.lemma in RELATIONS or k.pos == "PROPN")), None)
    when = prep_object(kids, p, ("on", "in")) if subj.lemma == "birthday" and p.lemma == "be" and not c.neg else None
    if whose is not None and when is not None and (holder := name_of(s, kids, whose, ctx)):  # "my mother's birthday is on 9 May"
        day = noun_value(s, kids, when, ctx)
        return [Fact(holder, "birthday", day, "identity", 0.8, f"{possessive(holder)} birthday is {s[when.head].lower} {day}")]
    if p.lemma in vc.LEAD and who == ctx.owner and subj.lower not in ("we", "us") and obj is not None and obj.dep == "dobj" \
            and not c.neg and not c.aux and p.tag in ("VBP", "VBZ"):  # (what one ran once is no role now)
        return [Fact(who, "runs", noun_value(s, kids, obj, ctx), "identity", 0.8, c.line)]  # "I run the school's coding club": a role
    if (done := _how_one_does_it(c)) is not None:
        return done  # "I'm a fast bowler": how one does a thing, a skill (not a post, not a trait)
    if p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "NOUN" and subj.lower == "i" \
            and not c.neg and obj.lemma not in RELATIONS and any(k.lower in ("a", "an") for k in kids.get(obj.i, [])) \
            and not any(k.lower in NOT_A_JOB for k in kids.get(obj.i, [])) and obj.lower not in NOT_A_JOB \
            and is_job([k.lower for k in kids.get(obj.i, []) if k.dep in ("amod", "compound") and k.i < obj.i] + [obj.lower], False,
                       {k.lower for k in kids.get(obj.i, []) if k.dep == "amod" and k.pos == "ADJ"}):
        # a role, not a trait ("I'm a night owl", "I'm an early riser": trade_nouns.py)
        return [Fact(who, "role", c.value, "identity", 0.8, c.line)]  # "I'm a paralegal"
    return _post_of(c)


def _how_one_does_it(c: Clause) -> list[Fact] | None:
    """"I'm a fast bowler": the owner as a doer said with how (an evaluating adjective,
    trade_nouns.judged), of a doing that is no everyday habit ("an early riser", "a light sleeper" say how one
    lives, and tell nothing here): what one can do, a skill card."""
    s, kids, p, obj = c.s, c.kids, c.p, c.obj
    if not (c.subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "NOUN"
            and not c.neg and obj.lower.endswith(trade_nouns.AGENT_ENDINGS + ("ist",)) and not trade_nouns.habit_doer(obj.lower)):
        return None
    mods = [k for k in kids.get(obj.i, []) if k.dep == "amod" and k.i < obj.i]
    if not any(k.lower in ("a", "an") for k in kids.get(obj.i, [])) or not mods or not trade_nouns.judged(
            [k.lower for k in mods], {k.lower for k in mods if k.pos == "ADJ"}) or any(k.lower in vc.ABILITY_ADJ | NOT_A_JOB for k in mods):
        return None  # ("a good cook": good at cooking; "a keen gardener": a liking, likes.py)
    said = text_of(s, [k.i for k in mods] + [obj.i])
    return [Fact(c.who, "is", said, "skill", 0.8, f"{c.who} is a {said}")]


def _post_of(c: Clause) -> list[Fact] | None:
    """A post held in a named place or body ("I'm the secretary of Tarn Rowing Club", "I'm the manager of a
    small hotel in Tenby", "I'm the head coach for the juniors"): the post, and where it is held; "I'm the
    postwoman on Vis": the post."""
    s, kids, p, obj, subj, who, ctx = c.s, c.kids, c.p, c.obj, c.subj, c.who, c.ctx
    if not (subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "NOUN"
            and not c.neg and obj.lemma not in KINSHIP and any(k.lower == "the" for k in kids.get(obj.i, []))):
        return None  # ("the manager of ..." is a post; "the daughter of a fisherman" is kin)
    where = prep_object(kids, obj, ("of", "at", "for"))
    title = [k.lower for k in kids.get(obj.i, []) if k.dep in ("compound", "amod") and k.i < obj.i] + [obj.lower]
    if not (is_job(title, True) or is_post(" ".join(title))) or set(title) & NOT_A_JOB or any(
            k.dep in ("npadvmod", "advmod") and k.lower in vc.EVENT_TIME for k in kids.get(p.i, []) + kids.get(obj.i, [])):
        return None  # ("I'm the driver today": a turn of duty, no post)
    post = " ".join(title)
    if where is None:  # "I'm the postwoman on Vis", "I'm the new cook": the post alone
        return [Fact(who, "role", post, "identity", 0.8, f"{who} is the {post}")] if not prep_object(
            kids, obj, ("with", "to", "between", "among", "from")) else None
    if where.lemma in PETS or any(k.tag == "CD" for k in kids.get(where.i, [])):
        return None  # "I'm the owner of two cats": no body one serves
    body = noun_value(s, kids, where, ctx)
    role = Fact(who, "role", post, "identity", 0.8, f"{who} is the {post} of {body}")
    if ctx.org and not any(w[:1].isupper() for w in body.split()):
        return [role]  # "the secretary of the club" in a team's chat: the team itself, said again
    return [role, Fact(who, "works_for", body, "identity", 0.8, f"{who} works at {body}")]


__all__ = ["age", "as_an_age", "home_work_origin", "standing"]
