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

import re
from dataclasses import replace

from . import verb_classes as vc
from .aspirations import wants_to_be
from .birthdays import birth_facts
from .clause_parts import a_ban, company, each_age, grew_up, moved, named_pet, object_of, prep_object, quoted, to_the_assistant, to_you
from .clause_reader import dated_thing, generic_facts, named_tie
from .clause_text import clause_tokens, named_value, said_line
from .clause_values import plural_things, trade_words, whom_named
from .clause_view import Clause
from .health import health_facts
from .likes import per_item, preference
from .mentions import after_pronoun, agreeing, last_mention
from .models import Fact
from .occupation import job_facts, new_job
from .parse import Sentence, Tok
from .person import about, possessive, third_person_verb
from .places import places
from .resumptive_names import name_right_before
from .pursuits import cannot, pursuits
from .rule_basics import TurnContext
from .rules_and_times import event, habit, rule
from .status import status_facts
from .lasting_states import state_of
from .plural_ties import group_before
from .subjects import FIRST, THIRD, a_team_thing, joined_clause_subject, name_of, names_before, person_before, related_holder, subject_of
from .subjects import whole_name
from .things_said import thing_said
from .ties import named_ties
from .tree import Kids, children, conjuncts, item_tokens, subtree, text_of
from .vocabulary import NUMBER_WORDS, RELATIONS
from .where_they_are import where_one_is
from .who_one_is import age, as_an_age, home_work_origin, standing
from .years_in import year_in

# Conjunctions that join a clause told as true beside another ("since my wife passed last spring, ..."):
# not a condition ("if", "unless") nor a purpose ("so that").
_BESIDE = frozenset("since when after before because as while though although once".split())


def _told_beside(kids: Kids, t: Tok) -> bool:
    return any(c.dep == "mark" and c.lower in _BESIDE for c in kids.get(t.i, []))


def _used_to_said_after(kids: Kids, t: Tok) -> bool:
    """A "used to" clause with its own subject set after a comment on it ("funny thing is I used to be a plumber",
    "which is odd given my dad used to be a baker"): a clause of its own ("I'm used to it" is no past)."""
    mine = kids.get(t.i, [])
    return t.dep == "ccomp" and t.lemma == "use" and t.tag in ("VBD", "VBN") and not any(
        c.dep in ("aux", "auxpass", "neg") for c in mine) and any(c.dep in ("nsubj", "nsubjpass") for c in mine) and any(
        c.dep == "xcomp" and any(k.dep == "aux" and k.lower == "to" for k in kids.get(c.i, [])) for c in mine)


# a wish about the one spoken to or their things ("to see another painting of yours"), or about a thing only a pronoun
# names ("to check them out", "to try it sometime"): talk, no wish of one's own
_COURTESY = re.compile(r"(?i)\b(?:you|your|yours|yourself)\b|^to\s+[a-z]+\s+(?:them|it|that|this|those|one)"
                       r"(?:\s+(?:out|up|back|again|too|sometime|one\s+day))*$")


def _a_joined_clause(s: Sentence, kids: Kids, t: Tok) -> bool:
    """Whether a verb the parser hung under another as what it says is a clause of its own joined by "and",
    with the person named after "and" as its subject ("... and my nephew Kofi is 11"; not "to have my friends
    and family helping", whose subject is "my friends and family")."""
    joined = joined_clause_subject(s, kids, t)
    subject = subject_of(s, kids, t) if joined is not None else None
    return joined is not None and subject is not None and subject.i == joined.i


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
                verb and t.dep == "relcl") or (  # "Lin sells flowers and my nephew Kofi is 11": "is" taken for what "sells" says
                verb and t.dep == "ccomp" and _a_joined_clause(s, kids, t)) or (
                verb and t.dep == "advcl" and _told_beside(kids, t)) or _used_to_said_after(kids, t):
            heads.append(t)
            seen.add(t.i)
    return heads


def _owners_own(s: Sentence, kids: Kids, p: Tok, subj: Tok, obj: Tok | None, ctx: TurnContext) -> list[Fact] | None:
    """What a clause says of the owner, or of people it names, before whom its subject is matters: a ban
    relayed ("Dad says no scary films"), a pet ("we have a cat called Mochi"), a favourite ("dinosaurs are
    my favourite"), a fear ("roundabouts scare me"), a group's age ("Alfie and Jack, they're three")."""
    mine = kids.get(p.i, [])
    if p.lemma == "say" and a_ban(kids, p):  # "Dad says no scary films": a rule for the owner
        ban = text_of(s, clause_tokens(s, kids, p) - subtree(kids, subj.i) - {p.i})
        line = about(f"{text_of(s, subtree(kids, subj.i))} says {ban}", ctx.owner, team=ctx.org)
        return [Fact(ctx.owner, "must_avoid", ban, "safety", 0.9,
                     line if ctx.owner in line else f"{line} ({possessive(ctx.owner)} rule)")]
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
    return None


def _described(c: Clause) -> list[Fact]:
    """What is left: what the subject is ("he's my daughter's boy" is a tie, read by the tie rules), or the
    clause's shape alone (clause_reader.py), or the trade a present-tense verb says ("I fix barge engines
    for a living")."""
    s, kids, p, obj, subj, who = c.s, c.kids, c.p, c.obj, c.subj, c.who
    bare = obj is not None and obj.pos == "NOUN" and not kids.get(obj.i)  # "she's ginger": a quality, said as a noun
    kin = obj is not None and (obj.lemma in RELATIONS or any(k.dep == "poss" and k.lemma in RELATIONS
                                                             for k in kids.get(obj.i, [])))
    if p.lemma == "be" and obj is not None and obj.dep == "attr" and obj.pos != "ADJ" and subj.lower not in FIRST \
            and not bare and not kin:  # "he's my daughter's boy": a tie, which the tie rules read
        return per_item(s, kids, p, conjuncts(s, kids, obj), who, "is", "semantic", subj, c.team_thing, c.ctx)
    if obj is not None and any(k.dep in ("appos", "conj") and k.pos == "PROPN" for k in kids.get(obj.i, [])):
        return []  # "she has two kids, Ava and Max": the names set beside are ties (ties.py), not a plain fact
    shaped = generic_facts(s, kids, p, subj, obj, who, c.aux, c.neg, c.ctx)  # the clause's shape alone (clause_reader.py)
    if not any(f.type == "identity" for f in shaped) and (work := trade_words(s, kids, p, subj, c.aux, c.neg, bool(c.ctx.org))) is not None:
        did = text_of(s, work)  # "I fix barge engines for a living", "she teaches at a deaf school": a job
        return [Fact(who, "job", did, "identity", 0.8, f"{who} {third_person_verb(did.split()[0])} {' '.join(did.split()[1:])}".strip())]
    return shaped


def _read_one(s: Sentence, kids: Kids, p: Tok, ctx: TurnContext) -> list[Fact]:
    """One clause's facts: who it is about, then the first reader whose kind it is (in the order below: an
    earlier, narrower reading wins over a later, broader one)."""
    subj = subject_of(s, kids, p)
    if subj is None:
        return []
    mine = kids.get(p.i, [])
    obj = object_of(s, kids, p)
    if p.lemma == "get" and p.tag == "VBN" and any(c.dep == "aux" and c.lemma == "have" for c in mine):
        p = p._replace(lemma="have")  # "we've got a greyhound called Pickle": what one has
    if (own := _owners_own(s, kids, p, subj, obj, ctx)) is not None:
        return own
    team_thing = a_team_thing(kids, subj, ctx) or subj.lower in vc.QUANTIFIERS
    who = name_of(s, kids, subj, ctx) or ((ctx.org or ctx.owner) if team_thing else None)
    if not who:
        # "the car's MOT is due next month": the owner's date; "the pool is open till 10": the pool's fact (things_said.py)
        return thing_said(s, kids, p, subj, ctx) or dated_thing(s, kids, p, subj, ctx)
    if subj.pos == "NOUN" and (said := thing_said(s, kids, p, subj, ctx)):
        return said  # "the oldest puppet, the Kasparek, is from 1890": a thing by its name, no person
    if p.lemma == "be" and (there := where_one_is(Clause(s, kids, p, subj, obj, who, ctx, mine, {
            c.lower for c in mine if c.dep in ("aux", "auxpass")}, any(c.dep == "neg" for c in mine), team_thing))) is not None:
        return there  # "my sister is in Toronto": where she lives, not a tie nor a bare "is" (where_they_are.py)
    if (tie := named_tie(s, kids, p, subj, obj, ctx)) is not None:
        return tie  # "my manager at the practice is Claire"
    if (subj.pos == "PROPN" or subj.lemma in RELATIONS) and not team_thing and who != ctx.owner:
        ctx.last_person, ctx.carried = who, False
    elif subj.pos == "PROPN" and who == ctx.owner and subj.text != ctx.owner:  # "Kemal and I run it. He ...": Kemal
        ctx.last_person, ctx.carried = whole_name(s, kids, subj) or subj.text, False
    elif (holder := related_holder(s, kids, subj, ctx)) is not None:
        ctx.last_person, ctx.carried = holder, False  # "my mother's birthday is ..., she'll be 70": she is the mother
    if subj.lemma == "name" and any(c.dep == "poss" for c in kids.get(subj.i, [])):
        return []  # "his name is Callan": the tie rules name the person (rules.relationships)
    aux = {c.lower for c in mine if c.dep in ("aux", "auxpass")}
    neg = any(c.dep == "neg" or c.lower == "never" for c in mine) or subj.lower in vc.NEGATIVE_QUANTIFIERS
    if to_the_assistant(kids, p):
        return []  # "I want you to draft it": a request, talk with the assistant, not a fact
    if (wish := wants_to_be(s, kids, p, who, neg)) is not None:
        return wish  # "I'd love to be a vet one day", "she hopes to become a nurse" (aspirations.py)
    if p.lemma == "love" and aux & {"would", "'d", "’d"} and not neg and (
            wish := preference(s, kids, p, obj, neg, who, ctx, subj, team_thing)):
        # "I'd love to visit Japan one day": a wish (statement_check.WISHED); "I'd love to see your garden", "I'd love to
        # try it": courtesy to the one spoken to, about their things
        return [replace(f, predicate="wants") for f in wish if not _COURTESY.search(f.value)]
    if aux & vc.UNREAL_MODALS or p.lemma in vc.REPORT and not (neg and aux & {"can", "ca"}):
        return []  # would/could/might; "Mum says": its report is a clause of its own ("Tom can't read yet" reports nothing)
    if (started := new_job(s, kids, p, obj, who, neg, ctx)) is not None:
        return started  # "I've just started a new job at Aviva as a data analyst": who one is now
    if not aux & vc.FUTURE and (life := job_facts(s, kids, p, subj, obj, who, neg, ctx.org) or health_facts(s, kids, p, obj, who, neg)
                                  or status_facts(s, kids, p, obj, who, neg) or state_of(s, kids, p, obj, who, neg)):
        return life  # a job and its workplace (occupation.py), a condition or a medicine (health.py), a standing (status.py)
    if (grew := grew_up(s, kids, p, who)) is not None:
        return grew
    c = Clause(s, kids, p, subj, obj, who, ctx, mine, aux, neg, team_thing)
    if (missing := cannot(c)) is not None:
        return missing  # "I can't swim" (pursuits.py)
    idx = clause_tokens(s, kids, p) - company(s, kids, p)
    rest = idx - subtree(kids, subj.i)
    rest -= {i for i in rest if s[i].dep in ("aux", "auxpass") and (s[i].text[:1] in "'’" or s[i].lemma in ("be", "have")
                                                                   and i == subj.i + 1)}  # "we're moving ...": no "'re" in it
    named = whom_named(s, rest, who, ctx)  # "my mum lives in Leicester and I visit her ...": her is the mum
    c = c.told(idx, rest, named_value(text_of(named, rest), ctx), said_line(named, kids, idx, subj, who, ctx, team_thing))
    if (subj.lower == "i" or subj.lemma == "birthday") and (born := birth_facts(text_of(s, idx), ctx.owner)):
        return born  # the owner's birthday or age to come, read as the rules read it (birthdays.py)
    if len([i for i in rest if s[i].pos in ("NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV")]) < 2 and not obj:
        return []
    if obj is not None and obj.dep == "dobj" and obj.lower in vc.NOBODY:
        return []  # "I do it every morning": what "it" is was said elsewhere
    if (ruled := rule(c)) is not None:
        return ruled  # (rules_and_times.py)
    if p.lemma in vc.MOVE and prep_object(kids, p, ("to",)) is not None and not neg:
        return moved(s, kids, p, who, c.value, c.line)
    if subj.lower in vc.QUANTIFIERS:
        return []  # "everything needs a review": only as a rule
    if (liked := preference(s, kids, p, obj, neg, who, ctx, subj, team_thing)) is not None:
        return liked
    for reader in (habit, pursuits, home_work_origin):  # rules_and_times.py, pursuits.py, who_one_is.py
        if (facts := reader(c)) is not None:
            return facts
    c = as_an_age(c)  # "I'm going to be eight", "she's 14 months old" (and so on, read from there)
    if (facts := age(c)) is not None or (facts := event(c)) is not None:
        return facts
    if team_thing:
        return []  # a team's thing is kept as a rule, a routine or an event, never as an opinion of it
    if (facts := standing(c)) is not None:
        return facts
    return _described(c)


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



def _what_always_happens(s: Sentence, kids: Kids, mark: Tok) -> bool:
    """A condition said after what always happens when it holds, both in the plain present ("I get migraines if I
    skip lunch", "she gets hay fever if she cuts the grass"): what happens is a standing fact; a plan, a wish or a
    forecast ("I'll come if it's sunny", "I'd go if I could") stays a condition that teaches nothing."""
    cond = s[mark.head]
    main = s[cond.head] if cond.dep == "advcl" else None
    if main is None or main.i > cond.i or main.tag not in ("VBP", "VBZ"):
        return False
    return cond.tag in ("VBP", "VBZ") and not any(c.dep == "aux" for k in (main, cond) for c in kids.get(k.i, []))


def _said_at(text: str, name: str) -> int:
    """Where in a sentence's text a name is first said (its length: not said)."""
    at = text.find(name.split()[0]) if name else -1
    return at if at >= 0 else len(text)


def facts_of_sentence(s: Sentence, ctx: TurnContext) -> list[Fact]:
    """Every clause's facts, in order."""
    kids = children(s)
    if any(t.dep == "mark" and t.lower in ("if", "unless") and not to_you(kids, s[t.head]) and not _what_always_happens(s, kids, t)
           for t in s) or (s and s[0].lower in ("if", "unless")):
        return []  # a hypothetical or a condition never teaches; one on the assistant's doing ("if you ever
        # suggest recipes") is a side remark, and what comes before it still does
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is not None and root.tag == "VB" and not any(c.dep in ("nsubj", "nsubjpass", "aux", "expl")
                                                           for c in kids.get(root.i, [])):
        return []  # a request ("Draft an email saying ..."): whatever it carries is the assistant's job
    out: list[Fact] = named_ties(s, kids, ctx)  # "Dan, my brother, ...", "her coach Mrs Byrne" (ties.py)
    if len(out) == 1 and out[0].type == "relationship" and not after_pronoun(
            whole := text_of(s, range(len(s))), _said_at(whole, out[0].value)):
        ctx.last_person, ctx.carried = out[0].value, False  # "my sous chef Ailbhe. she's better at ordering": she is Ailbhe
    if s and all(t.pos in ("PROPN", "PUNCT") for t in s) and any(t.pos == "PROPN" for t in s):
        ctx.last_person = text_of(s, [t.i for t in s if t.pos == "PROPN"])  # "Mrs Okafor." then "she has ..."
        return out
    for p in predicates(s, kids):
        subj = subject_of(s, kids, p)
        named = agreeing(text_of(s, range(subj.i)), subj.lower, name_right_before(s, subj) or last_mention(  # ("Kai he is ...")
            text_of(s, range(subj.i)), ctx.owner) or person_before(s, kids, subj, ctx)) if subj is not None and subj.lower in THIRD \
            else None  # "his wife Ana, she ...": Ana
        if not named and subj is not None and (group := group_before(s, kids, subj)) is not None:
            named = name_of(s, kids, group, ctx)  # "my grandparents live in Daegu and they have a farm" (plural_ties.py)
        if named:  # "My cat is called Biscuit and she's ginger": she is who was named before her
            ctx.last_person, ctx.carried = named, False
        out += read_clause(s, kids, p, ctx) + year_in(s, kids, p, ctx)  # "he's in his third year" (years_in.py)
    said = {(f.subject, f.value) for f in out}
    ctx.things = plural_things(s, kids) or ctx.things  # what "them" is in the sentences after this one
    return out + [f for f in places(s, kids, ctx) if (f.subject, f.value) not in said]  # "here in Umeå" (places.py)


__all__ = ["facts_of_sentence", "name_of", "predicates", "read_clause", "subject_of"]
