"""Facts read from a dependency parse: the general path of the extractor (issue 35). Pure: it reads
token tuples (parse.Tok) made by parse.py and decides, with no model and no I/O.

Per clause (a verb or copula with its own or a shared subject: the root, verbs joined by "and",
what a reporting verb reports, relative clauses) it reads:
- the subject: I/we (the owner, or the organisation in a team), he/she (the person named last), a
  name ("Uncle Ben" is Ben), a possessed noun ("my sister's dog" -> "Mia's sister's dog"; "my
  brother Kai" -> Kai) or, in a team, a thing of the organisation ("Patient records ...");
- the predicate, mapped by the class of its lemma (verb_classes.py) to a predicate and a type;
- the object, attribute or prepositional complement, one fact per item of a conjunction;
- negation, obligation (must, have to, not allowed), unreal mood (would, could, might).
The canonical text is the clause with its subject named (person.about)."""
from __future__ import annotations


from .places import places
from . import verb_classes as vc
from .birthdays import birth_facts
from .clause_parts import (PART_OF_DAY, a_ban, awaits_becoming, clock_time, company, dated, each_age, fond_of, grew_up, moved, named_pet, object_of,
                           per_period, prep_object, quoted, time_words, to_the_assistant, to_you)
from .health import health_facts
from .mentions import agreeing, last_mention
from .models import Fact
from .occupation import is_job, job_facts, new_job, workplace
from .parse import Sentence, Tok
from .person import about, possessive, third_person_verb
from .rule_basics import RECURRENCE, TurnContext
from .status import status_facts
from .subjects import FIRST, THIRD, a_team_thing, name_of, names_before, person_before, related_holder, subject_of
from .clause_reader import dated_thing, generic_facts, named_tie
from .clause_values import count_before, noun_value, trade_words, whom_named, without_aux
from .clause_text import clause_tokens, named_value, said_line
from .likes import per_item, preference
from .past_habits import lessons_in, used_to
from .ties import named_ties
from .tree import Kids, children, conjuncts, item_tokens, subtree, text_of
from ..extraction.lexicon import TIME_WORDS
from .vocabulary import NOT_A_JOB, NUMBER_WORDS, PETS, RELATIONS

# Conjunctions that join a clause told as true beside another ("since my wife passed last spring, ..."):
# not a condition ("if", "unless") nor a purpose ("so that").
_BESIDE = frozenset("since when after before because as while though although once".split())


def _told_beside(kids: Kids, t: Tok) -> bool:
    return any(c.dep == "mark" and c.lower in _BESIDE for c in kids.get(t.i, []))


def predicates(s: Sentence, kids: Kids) -> list[Tok]:
    """The clauses' heads: the roots, verbs joined to a clause by "and", what a reporting verb
    reports, and relative clauses (none inside a quoted title)."""
    heads: list[Tok] = []
    seen: set[int] = set()
    titles = quoted(s)
    for t in s:
        if t.i in titles:
            continue
        head = s[t.head]
        verb = t.pos in ("VERB", "AUX")
        # a comma splice ("Dr Ahmed works Mondays, Dr Lewis covers Fridays") parses as a ccomp before its head
        if t.dep == "ROOT" or (verb and t.dep == "conj" and head.i in seen) or (
                verb and t.dep == "ccomp" and (head.lemma in vc.REPORT or head.lower == "sure" or t.i < head.i)) or (  # "pretty sure ..."
                verb and t.dep == "relcl") or (
                verb and t.dep == "advcl" and _told_beside(kids, t)):
            heads.append(t)
            seen.add(t.i)
    return heads


def _read_one(s: Sentence, kids: Kids, p: Tok, ctx: TurnContext) -> list[Fact]:
    subj = subject_of(s, kids, p)
    if subj is None:
        return []
    mine = kids.get(p.i, [])
    if p.lemma == "say" and a_ban(kids, p):  # "Dad says no scary films": a rule for the owner
        ban = text_of(s, clause_tokens(s, kids, p) - subtree(kids, subj.i) - {p.i})
        line = about(f"{text_of(s, subtree(kids, subj.i))} says {ban}", ctx.owner, team=ctx.org)
        return [Fact(ctx.owner, "must_avoid", ban, "safety", 0.9,
                     line if ctx.owner in line else f"{line} ({possessive(ctx.owner)} rule)")]
    obj = object_of(s, kids, p)
    if p.lemma == "get" and p.tag == "VBN" and any(c.dep == "aux" and c.lemma == "have" for c in mine):
        p = p._replace(lemma="have")  # "we've got a greyhound called Pickle": what one has
    if p.lemma == "have" and obj is not None and obj.dep == "dobj" and (pet := named_pet(s, kids, obj)):
        keeper = name_of(s, kids, subj, ctx)  # "we have a cat called Mochi"
        if keeper:
            ctx.last_person = pet
            kind = "relationship" if keeper in (ctx.owner, ctx.org) else "semantic"
            return [Fact(keeper, f"has_{obj.lemma}", pet, kind, 0.8, f"{keeper} has a {obj.lower} called {pet}")]
    if p.lemma == "be" and obj is not None and obj.lower in ("favourite", "favorite", "fave") and any(
            c.dep == "poss" and c.lower in ("my", "our") for c in kids.get(obj.i, [])):
        # "dinosaurs are my favourite, especially the T-rex": the subject's items and the special ones
        special = [c for c in kids.get(obj.i, []) if c.dep == "appos"]
        items = conjuncts(s, kids, subj) + [x for a in special for x in conjuncts(s, kids, a)]
        return [Fact(ctx.owner, "likes", text_of(s, item_tokens(s, kids, it, items)), "preference", 0.8,
                     f"{possessive(ctx.owner)} favourite: {text_of(s, item_tokens(s, kids, it, items))}") for it in items
                if it.lower not in vc.NOBODY]
    if p.lemma in vc.FEAR_VERBS and obj is not None and obj.lower in ("me", "us") and not any(
            c.dep == "neg" for c in mine):
        feared = text_of(s, subtree(kids, subj.i))  # "roundabouts scare me": the owner fears them
        return [Fact(ctx.owner, "fears", feared, "preference", 0.8, about(f"I am scared of {feared}", ctx.owner))]
    if p.lemma == "be" and obj is not None and obj.dep == "attr" and (obj.tag == "CD" or obj.lower in NUMBER_WORDS) \
            and (group := names_before(s, subj)) and not any(c.dep == "neg" for c in mine):
        return [Fact(n, "age", obj.text, "identity", 0.8, f"{n} is {obj.text}") for n in group]  # "Alfie and Jack, they're three"
    team_thing = a_team_thing(kids, subj, ctx) or subj.lower in vc.QUANTIFIERS
    who = name_of(s, kids, subj, ctx) or ((ctx.org or ctx.owner) if team_thing else None)
    if not who:
        return dated_thing(s, kids, p, subj, ctx)  # "the car's MOT is due next month": the owner's date
    if (tie := named_tie(s, kids, p, subj, obj, ctx)) is not None:
        return tie  # "my manager at the practice is Claire"
    if (subj.pos == "PROPN" or subj.lemma in RELATIONS) and not team_thing:
        ctx.last_person, ctx.carried = who, False
    elif (holder := related_holder(s, kids, subj, ctx)) is not None:
        ctx.last_person, ctx.carried = holder, False  # "my mother's birthday is ..., she'll be 70": she is the mother
    if subj.lemma == "name" and any(c.dep == "poss" for c in kids.get(subj.i, [])):
        return []  # "his name is Callan": the tie rules name the person (rules.relationships)
    aux = {c.lower for c in mine if c.dep in ("aux", "auxpass")}
    neg = any(c.dep == "neg" or c.lower == "never" for c in mine) or subj.lower in vc.NEGATIVE_QUANTIFIERS
    if to_the_assistant(kids, p):
        return []  # "I want you to draft it": a request, talk with the assistant, not a fact
    if aux & vc.UNREAL_MODALS or p.lemma in vc.REPORT:
        return []  # would/could/might; "Mum says": its report is a clause of its own
    if (started := new_job(s, kids, p, obj, who, neg, ctx)) is not None:
        return started  # "I've just started a new job at Aviva as a data analyst": who one is now
    if not aux & vc.FUTURE and (life := job_facts(s, kids, p, subj, obj, who, neg, ctx.org) or health_facts(s, kids, p, obj, who, neg)
                                  or status_facts(s, kids, p, obj, who, neg)):
        return life  # a job and its workplace (occupation.py), a condition or a medicine (health.py), a standing (status.py)
    if (grew := grew_up(s, kids, p, who)) is not None:
        return grew
    progress = any(c.lower in ("yet", "still") for c in mine)  # "I still can't ride a bike": an ability not yet had
    able = p.lemma in vc.ABILITY_VERBS or progress  # (then what is done, and where, belong to the ability)
    said_more = vc.MORE_SAID - ({"dobj", "prep"} if able else set())
    light = vc.LIGHT - ({"do"} if able and obj is not None and obj.lower not in TIME_WORDS else set())  # "do the splits", not "do Tuesday"
    if aux & {"can", "ca"} and neg and (obj is None or able) and p.pos == "VERB" and p.lemma not in light | vc.NOT_ABILITIES \
            and subj.lower not in ("you", "we", "they") and not any(
                c.dep in said_more and c.lower not in ("yet", "still", "really", "properly", "though", "even") for c in mine):
        what = p.lemma if obj is None else text_of(s, sorted(subtree(kids, p.i) - subtree(kids, subj.i) - {
            c.i for c in mine if c.dep in ("aux", "neg", "advmod", "punct")}))
        return [Fact(who, "cannot", what, "skill", 0.8, about(f"{who} can't {what}", ctx.owner))]  # "I can't swim"
    idx = clause_tokens(s, kids, p) - company(s, kids, p)
    rest = idx - subtree(kids, subj.i)
    named = whom_named(s, rest, who, ctx)  # "my mum lives in Leicester and I visit her ...": her is the mum
    line = said_line(named, kids, idx, subj, who, ctx, team_thing)
    value = named_value(text_of(named, rest), ctx)
    if (subj.lower == "i" or subj.lemma == "birthday") and (born := birth_facts(text_of(s, idx), ctx.owner)):
        return born  # the owner's birthday or age to come, read as the rules read it (birthdays.py)
    if len([i for i in rest if s[i].pos in ("NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV")]) < 2 and not obj:
        return []
    if obj is not None and obj.dep == "dobj" and obj.lower in vc.NOBODY:
        return []  # "I do it every morning": what "it" is was said elsewhere
    things = any(s[i].pos in ("NOUN", "PROPN", "NUM") for i in idx)  # "I should try it": advice, no rule
    xcomp_to = obj is not None and obj.dep == "xcomp" and any(k.dep == "aux" and k.lower == "to" for k in kids.get(obj.i, []))
    permission = obj is not None and obj.lemma in vc.PERMISSION_ADJ or p.lemma in vc.PERMISSION_ADJ
    have_to = p.lemma == "have" and xcomp_to and p.tag != "VBD"  # "I had to stay late": what happened, no rule
    # A permission ("I'm allowed to ...") or a lifted obligation ("I don't have to ...") loosens: it
    # sets no rule, so a child relaying one cannot loosen a parent's (docs/security.md).
    grant = obj is not None and obj.lemma in vc.GRANTS or p.lemma in vc.GRANTS
    loosens = (grant and not neg) or (have_to and neg and not aux & vc.RULE_MODALS)
    rule = things and not loosens and (
        bool(aux & vc.RULE_MODALS) or have_to or permission
        or (neg and subj.lower == "we" and ctx.org is not None and "never" in {c.lower for c in mine}))
    timed = time_words(s, idx)
    if rule and not timed:  # "I have to fly to Toronto next month": a dated plan, not a rule
        pred = "must_avoid" if neg or (permission and neg) else "rule"
        return [Fact(who, pred, value, "safety", 0.9, line)]
    if p.lemma in vc.MOVE and prep_object(kids, p, ("to",)) is not None and not neg:
        return moved(s, kids, p, who, value, line)
    if subj.lower in vc.QUANTIFIERS:
        return []  # "everything needs a review": only as a rule
    facts = preference(s, kids, p, obj, neg, who, ctx, subj, team_thing)
    if facts is not None:
        return facts
    habitual = p.tag in ("VBP", "VBZ") and not aux and PART_OF_DAY.search(text_of(s, idx))  # "I ring in the evening"
    every = p.tag in ("VBP", "VBZ") and not aux and any(  # "before every rehearsal", "after each match"
        s[i].dep == "det" and s[i].lower in ("every", "each") and s[s[i].head].dep in ("pobj", "npadvmod") for i in idx)
    if not neg and (RECURRENCE.search(text_of(s, idx)) or per_period(s, kids, idx) or habitual or every or any(
            s[i].lower.rstrip("s") in vc.WEEKDAYS and s[i].lower.endswith("s") for i in idx)
            or team_thing and p.tag in ("VBZ", "VBP") and clock_time(s, idx)):  # "the kitchen closes at 1.30"
        where = prep_object(kids, p, ("at", "for")) if p.lemma in vc.WORK and not ctx.org else None
        return [Fact(who, "routine", value, "routine", 0.8, line)] + (  # "I work at a café on Saturdays": both
            workplace(s, kids, where, who) if where is not None else [])
    clock = prep_object(kids, p, ("at",))
    if not neg and not aux and p.lemma in vc.HOURS and p.tag in ("VBP", "VBZ") and clock is not None and (
            clock.tag == "CD" or clock.lower in ("noon", "midnight")):
        return [Fact(who, "routine", value, "routine", 0.8, line)]  # "we open at 7": opening hours
    if p.lemma == "turn" and obj is not None and (obj.tag == "CD" or obj.lower in NUMBER_WORDS) and not neg and (
            subj.pos in ("PRON", "PROPN") or subj.lemma in RELATIONS or subj.lemma in PETS):  # "Alfie turns 5 next week"
        return [Fact(who, "turns", obj.text, "identity", 0.8, line)]
    if p.lemma in ("do", "start", "begin") and obj is not None and obj.dep == "dobj" and obj.lemma in vc.DEGREES \
            and not neg and (field := prep_object(kids, obj, ("in", "on")) or prep_object(kids, p, ("in",))) is not None:  # "doing a degree in psychology"
        return [Fact(who, "studies", noun_value(s, kids, field, ctx), "identity", 0.8, line)]
    if p.lemma in ("start", "begin", "take", "have", "do") and obj is not None and obj.dep == "dobj" and not neg \
            and obj.lemma in vc.LESSONS and not aux & (vc.FUTURE | vc.UNREAL_MODALS) and (taught := lessons_in(s, kids, obj)):
        return [Fact(who, "learning", taught, "skill", 0.8, f"{who} is learning {taught} ({obj.lower})")]  # "ukulele lessons"
    if p.lemma in vc.LEARN and p.tag == "VBD" and not aux:  # "I studied history at Durham": who one is
        return [Fact(who, "studied", value, "identity", 0.8, line)]
    if p.lemma in vc.LEARN or (p.lemma == "take" and any(c.dep == "prt" and c.lower == "up" for c in mine)
                               and not aux & vc.FUTURE):  # "maybe I'll take up golf" is a thought, not a start
        return [Fact(who, "learning", without_aux(s, kids, p, rest, ctx), "skill", 0.8, line)]
    if p.lemma == "give" and any(c.dep == "prt" and c.lower == "up" for c in mine) and obj is not None \
            and obj.dep == "dobj" and obj.lower not in vc.NOBODY and not aux & vc.FUTURE and not neg:
        return per_item(s, kids, p, conjuncts(s, kids, obj), who, "gave_up", "preference", subj, team_thing, ctx)
    if p.lemma == "save" and (goal := prep_object(kids, p, ("for",))) is not None and not neg:  # "saving up for a house"
        return [Fact(who, "saving_for", text_of(s, [i for i in sorted(subtree(kids, goal.i)) if s[i].dep != "det"]),
                     "semantic", 0.8, line)]
    if p.lemma == "play" and obj is not None and obj.dep == "dobj" and obj.pos == "NOUN" and not neg:
        return per_item(s, kids, p, conjuncts(s, kids, obj), who, "plays", "skill", subj, team_thing, ctx)  # "I play guitar"
    if p.lemma in ("start", "begin") and p.tag == "VBN" and aux & {"has", "have", "'s", "'ve", "’s", "’ve"} and not neg and (
            doing := next((c for c in mine if c.dep == "xcomp" and c.tag == "VBG" and not any(
                k.dep in ("dobj", "prep", "ccomp", "xcomp") for k in kids.get(c.i, []))), None)) is not None:
        return [Fact(who, "can", f"{p.lower} {doing.lower}", "skill", 0.8, line)]  # "she's started walking": a new ability
    if p.lemma in vc.MILESTONES and p.tag == "VBG" and any(c.dep == "aux" and (c.lemma == "be" or c.lower in ("'s", "’s"))
                                                         for c in mine) and not any(
            c.dep in ("dobj", "prep", "xcomp", "ccomp", "advcl") for c in mine) and (
            any(c.lower in ("now", "already", "basically", "properly") for c in mine) or neg and any(c.lower == "yet" for c in mine)):
        return [Fact(who, "cannot" if neg else "can", p.lemma, "skill", 0.8, line)]  # "Tej isn't walking yet", "she's crawling now"
    if "can" in aux and not neg and p.lemma not in vc.LIGHT:  # not "I can drive it when I'm 12": a promise
        return [] if awaits_becoming(kids, p) else [Fact(who, "can", value, "skill", 0.8, line)]
    place = prep_object(kids, p, ("in", "at", "on", "near", "from", "for", "to", "by", "outside"))
    if p.lemma in vc.RESIDE and place is not None:
        near = s[place.head].lower in ("near", "outside")  # "just outside York": where, said with how near
        return [Fact(who, "lives_in", f"{s[place.head].lower} " * near + noun_value(s, kids, place, ctx), "identity", 0.8, line)]  # "Dublin", not "lives in Dublin"
    if p.lemma in vc.WORK and place is not None and not neg:  # "I work on the returns desk": a post, not an employer
        return [Fact(who, "role" if s[place.head].lower == "on" else "works_for", noun_value(s, kids, place, ctx), "identity", 0.8, line)]
    origin = prep_object(kids, p, ("from",))
    if (p.lemma in vc.ORIGIN and origin) or (p.lemma == "bear" and "was" in aux) or (
            p.lemma == "be" and origin is not None and origin.pos == "PROPN" and not neg):  # "his wife is from Poland"
        return [Fact(who, "from", noun_value(s, kids, origin, ctx) if origin is not None and p.lemma == "be" else value,
                     "identity", 0.8, line)]  # "Ms Lynge is from Denmark": Denmark
    if (was := used_to(s, kids, p, subj, who, neg, ctx)) is not None:
        return was  # "I used to be a pastry chef", "he used to play in a band": what one was or did
    if p.lemma == "go" and obj is not None and obj.dep == "xcomp" and obj.lemma == "be":
        p, obj = obj, next((k for k in kids.get(obj.i, []) if k.dep == "attr"), None)  # "I'm going to be eight"
        aux = aux | {"will"}
    if p.lemma == "be" and obj is not None and obj.lower == "old" and obj.dep == "acomp" and (
            count := count_before(kids, obj)) is not None:
        obj = count  # "my rabbit Pip is 6 years old", "she's 14 months old": the count is the age
    number = obj is not None and (obj.tag == "CD" or obj.lower in NUMBER_WORDS) and obj.dep in ("attr", "acomp", "nummod") and not any(
        c.dep == "prep" for c in kids.get(obj.i, []))  # "one of our writers" is no age
    aged = (obj is not None and (obj.text.isdigit() or obj.lower in NUMBER_WORDS)) and (  # not "my PB is 3:21"
        subj.pos in ("PRON", "PROPN")  # "my eldest Lindiwe is four" (a possessed name is a person too)
        or any(c.dep == "appos" and c.pos == "PROPN" for c in kids.get(subj.i, []))  # "my eldest, Maya, is 14"
        or subj.lemma in RELATIONS or subj.lemma in PETS)
    if p.lemma == "be" and obj is not None and number and aged and not neg and (
            subj.lower not in FIRST or aux & vc.FUTURE or "going" in {c.lower for c in mine}):
        turns = subj.lower in FIRST  # "they're 3"; "I'm going to be eight", "she'll be 70 this year": an age
        unit = s[obj.head].lower if obj.dep == "nummod" and s[obj.head].lemma in ("month", "week") else ""
        said_age = [Fact(who, "turns" if turns else "age", f"{obj.text} {unit}".strip(), "identity", 0.8,
                         line if not kids.get(obj.i) else f"{who} is {obj.text}")]
        return said_age + fond_of(s, kids, (obj, p), who)  # "He's twelve, mad about trains"
    past = p.tag == "VBD" or any(c.dep in ("aux", "auxpass") and c.tag == "VBD" for c in mine)
    ongoing = p.tag == "VBG" or any(c.dep in ("aux", "auxpass") and c.tag == "VBG" for c in mine)
    got = p.lemma == "have" and p.tag == "VBN" and obj is not None  # "I've got a dentist appointment on Friday"
    event = (past and timed or (aux & vc.FUTURE or "going" in {c.lower for c in mine} or ongoing or got)
             and time_words(s, idx, past=False)) or (
        dated(s, idx) and p.tag in ("VBP", "VBZ") and p.lemma != "be")  # "my exams start on the 12th"
    said = obj is not None and obj.dep != "acomp" or prep_object(kids, p, ("to", "in", "at", "for", "from", "with"))
    acted = p.pos == "VERB" and p.lemma not in vc.LIGHT  # "Gloria passed last spring": an act, dated
    if event and not neg and (said or not past or acted):  # "I was so tired yesterday": a mood, not an event
        return [Fact(who, "event", value, "episodic", 0.8, line)]
    if team_thing:
        return []  # a team's thing is kept as a rule, a routine or an event, never as an opinion of it
    if subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep in ("attr", "acomp") and obj.pos in ("PROPN", "ADJ") \
            and obj.text[:1].isupper() and not neg and obj.lower.endswith(vc.BELONGING) and not kids.get(obj.i):  # "I'm Jewish", "I'm Polish": who one is, no name
        return [Fact(who, "is", obj.text, "identity", 0.8, f"{who} is {obj.text}")]
    if subj.lower == "i" and p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "PROPN" and not neg:
        out = [Fact(who, "name", obj.text, "identity", 0.9, f"{who} is called {obj.text}")]  # "hi, im Ines, 16"
        out += [Fact(who, "age", k.text, "identity", 0.9, f"{who} is {k.text} years old")
                for k in kids.get(obj.i, []) if k.dep in ("appos", "conj", "npadvmod") and k.tag == "CD"]
        return out
    if subj.lemma in vc.IDENTITY_NOUNS and any(c.dep == "poss" and c.lower == "my" for c in kids.get(subj.i, [])) \
            and p.lemma == "be" and not neg:  # "my birthday's on the 3rd of June"
        return [Fact(ctx.owner, subj.lemma, value, "identity", 0.8, line)]
    whose = next((c for c in kids.get(subj.i, []) if c.dep == "poss" and (c.lemma in RELATIONS or c.pos == "PROPN")), None)
    when = prep_object(kids, p, ("on", "in")) if subj.lemma == "birthday" and p.lemma == "be" and not neg else None
    if whose is not None and when is not None and (holder := name_of(s, kids, whose, ctx)):  # "my mother's birthday is on 9 May"
        day = noun_value(s, kids, when, ctx)
        return [Fact(holder, "birthday", day, "identity", 0.8, f"{possessive(holder)} birthday is {s[when.head].lower} {day}")]
    if p.lemma in vc.LEAD and who == ctx.owner and subj.lower not in ("we", "us") and obj is not None and obj.dep == "dobj" \
            and not neg and not aux and p.tag in ("VBP", "VBZ"):  # (what one ran once is no role now)
        return [Fact(who, "runs", noun_value(s, kids, obj, ctx), "identity", 0.8, line)]  # "I run the school's coding club": a role
    if p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos == "NOUN" and subj.lower == "i" \
            and not neg and obj.lemma not in RELATIONS and any(k.lower in ("a", "an") for k in kids.get(obj.i, [])) \
            and not any(k.lower in NOT_A_JOB for k in kids.get(obj.i, [])) and obj.lower not in NOT_A_JOB \
            and is_job([obj.lower], True):  # a role, not a trait ("I'm a night owl")
        return [Fact(who, "role", value, "identity", 0.8, line)]  # "I'm a paralegal"
    bare = obj is not None and obj.pos == "NOUN" and not kids.get(obj.i)  # "she's ginger": a quality, said as a noun
    kin = obj is not None and (obj.lemma in RELATIONS or any(c.dep == "poss" and c.lemma in RELATIONS
                                                             for c in kids.get(obj.i, [])))
    if p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos != "ADJ" and subj.lower not in FIRST \
            and not bare and not kin:  # "he's my daughter's boy": a tie, which the tie rules read
        return per_item(s, kids, p, conjuncts(s, kids, obj), who, "is", "semantic", subj, team_thing, ctx)
    if obj is not None and any(c.dep in ("appos", "conj") and c.pos == "PROPN" for c in kids.get(obj.i, [])):
        return []  # "she has two kids, Ava and Max": the names set beside are ties (ties.py), not a plain fact
    shaped = generic_facts(s, kids, p, subj, obj, who, aux, neg, ctx)  # the clause's shape alone (clause_reader.py)
    if not any(f.type == "identity" for f in shaped) and (work := trade_words(s, kids, p, subj, aux, neg)) is not None:
        did = text_of(s, work)  # "I fix barge engines for a living", "she teaches at a deaf school": a job
        return [Fact(who, "job", did, "identity", 0.8, f"{who} {third_person_verb(did.split()[0])} {' '.join(did.split()[1:])}".strip())]
    return shaped


def read_clause(s: Sentence, kids: Kids, p: Tok, ctx: TurnContext) -> list[Fact]:
    """The clause's facts; with subjects joined by "and" ("my brother Kai and my sister Ada live in
    Leeds"), one fact a subject, each line naming only its own."""
    facts = _read_one(s, kids, p, ctx)
    subj = subject_of(s, kids, p)
    if not facts or subj is None:
        return facts
    named = [a for a in kids.get(subj.i, []) if a.dep == "appos"]  # "my aunt Rhiannon and my cousin Dylan"
    others = [c for t in (subj, *named) for c in conjuncts(s, kids, t)[1:] if c.pos in ("PROPN", "NOUN")
              and c.lower not in FIRST]
    first = name_of(s, kids, subj, ctx) if others else None
    if not first:
        return facts
    # the tie said before the names ("my twin sisters Neema and Imani are 4", which the parser hangs on the verb)
    # is the tie's card, not part of what each of them is said to be or do
    tie = {i for c in kids.get(p.i, []) if c.dep in ("npadvmod", "dep") and c.i < subj.i and c.lemma in RELATIONS
           for i in subtree(kids, c.i)}
    rest = sorted(clause_tokens(s, kids, p) - subtree(kids, subj.i) - tie)
    said = text_of(s, rest)
    verb = s[rest[0]].text if rest else ""
    agreed = third_person_verb(verb) if rest and rest[0] == p.i and p.tag == "VBP" else verb
    out = []
    people = [subj, *others]  # ("my cousins Lila and Rosa": the tie stands for its first name)
    ages = each_age(s, kids, p, len(people))
    for f in facts:
        if f.subject != first:
            out.append(f)
            continue
        poss = [c for c in kids.get(subj.i, []) if c.dep == "poss"]
        holder = name_of(s, kids, poss[0], ctx) if poss else None
        for n, x in enumerate(people):  # "my mum and dad": the dad is the owner's too
            who = name_of(s, kids, x, ctx) or (f"{possessive(holder)} {x.lower}" if holder and x.pos == "NOUN" else None)
            if who and f.predicate == "age" and ages:  # "Lila and Rosa are 12 and 9": each their own
                out.append(Fact(who, "age", ages[n], f.type, f.certainty, f"{who} is {ages[n]}"))
            elif who:
                out.append(Fact(who, f.predicate, f.value, f.type, f.certainty,
                                about(f"{who} {agreed}{said[len(verb):]}", ctx.owner, team=ctx.org)))
    return out



def facts_of_sentence(s: Sentence, ctx: TurnContext) -> list[Fact]:
    """Every clause's facts, in order."""
    kids = children(s)
    if any(t.dep == "mark" and t.lower in ("if", "unless") and not to_you(kids, s[t.head]) for t in s) or (
            s and s[0].lower in ("if", "unless")):
        return []  # a hypothetical or a condition never teaches; one on the assistant's doing ("if you ever
        # suggest recipes") is a side remark, and what comes before it still does
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is not None and root.tag == "VB" and not any(c.dep in ("nsubj", "nsubjpass", "aux", "expl")
                                                           for c in kids.get(root.i, [])):
        return []  # a request ("Draft an email saying ..."): whatever it carries is the assistant's job
    out: list[Fact] = named_ties(s, kids, ctx)  # "Dan, my brother, ...", "her coach Mrs Byrne" (ties.py)
    if len(out) == 1 and out[0].type == "relationship":
        ctx.last_person, ctx.carried = out[0].value, False  # "my sous chef Ailbhe. she's better at ordering": she is Ailbhe
    if s and all(t.pos in ("PROPN", "PUNCT") for t in s) and any(t.pos == "PROPN" for t in s):
        ctx.last_person = text_of(s, [t.i for t in s if t.pos == "PROPN"])  # "Mrs Okafor." then "she has ..."
        return out
    for p in predicates(s, kids):
        subj = subject_of(s, kids, p)
        named = agreeing(text_of(s, range(subj.i)), subj.lower, last_mention(text_of(s, range(subj.i)), ctx.owner) or person_before(
            s, kids, subj, ctx)) if subj is not None and subj.lower in THIRD else None  # "his wife Ana, she ...": Ana
        if named:  # "My cat is called Biscuit and she's ginger": she is who was named before her
            ctx.last_person, ctx.carried = named, False
        out += read_clause(s, kids, p, ctx)
    said = {(f.subject, f.value) for f in out}
    return out + [f for f in places(s, kids, ctx) if (f.subject, f.value) not in said]  # "here in Umeå" (places.py)


__all__ = ["facts_of_sentence", "name_of", "predicates", "read_clause", "subject_of"]
