"""The general reader of a parsed clause (issue 35): when no specific reading of dependency.py spoke,
one fact from the clause's shape alone, so wording nobody wrote a rule for still teaches.

For a declarative clause about a person (the owner, a named person, "my X", he/she named before):
- verb + object ("I drive the number 50", "Ana keeps bees"): predicate the verb, value the object;
- copula + prepositional complement, said of someone else ("he's on a 4-on 4-off rota");
- verb + prepositional complement ("she sings in a choir"): predicate verb_prep, value its object;
each value trimmed to its head noun phrase (no relative clause, comparison or second item: those
are facts of their own). Type: identity when the work is done for an organisation ("... for Acme",
"... for small companies"; also a works_for fact), routine for a rota or shift pattern, skill for
learning verbs, else semantic. It reads only plain present (or present perfect) statements: a
plan, a wish, a negation, a mood or an opinion is no card. Pure: token tuples in, facts out."""
from __future__ import annotations

from .lasting_states import belonging_word
from ..calendar_words import WEEKDAY_SET
from . import verb_classes as vc
from .chain_holders import chain_holder
from .clause_parts import dated, named_pet, prep_object, time_words
from .clause_text import clause_tokens, said_line
from .kin_groups import GROUP_KIN
from .lowercase_names import capital_name
from .models import Fact
from .occupation import is_job, town_of
from .parse import Sentence, Tok
from .rule_basics import RECURRENCE, TurnContext
from .rules_and_times import at_an_hour
from .person import about, possessive
from .subjects import FIRST, name_of
from .team_doings import team_doing
from .tree import Kids, conjuncts, subtree, text_of
from .vocabulary import PETS, RELATIONS

# Modifiers that belong to a noun phrase's head ("the odd album cover", "my old Pegasus", "a cup of tea").
_NP_LEFT = frozenset("det poss amod compound nummod quantmod nmod case predet".split())
# Nouns of talk, not of life: "I have a question", "I have no idea", "I get the point".
CHAT_NOUNS = frozenset("question idea problem point time chance feeling sense thing things bit lot way clue "
                       "moment minute second day word issue doubt hope plan plans news".split())
# Work done for one of these is a job: "I do the books for small companies", "I drive for a charity".
ORG_NOUNS = frozenset("company companies firm firms business businesses client clients charity charities council "
                      "agency agencies school schools hospital hospitals practice practices brand brands "
                      "publisher publishers studio studios startup startups restaurant restaurants".split())
# What a rota or shift pattern is said with: "he's on nights", "on a 4-on 4-off rota".
SCHEDULE_NOUNS = frozenset("rota rotas shift shifts nights days earlies lates schedule timetable".split())
# Verbs of feeling and of the mind: "I miss my old flat", "I understand the rules" are moods, not cards.
FEELINGS = frozenset("miss mind regret appreciate understand remember forget recognise recognize doubt bet "
                     "mean need deserve owe blame trust".split())
# Prepositions whose object says what a copula's subject does or where they belong.
_COPULA_PREPS = ("on", "in", "at", "with", "into")
_VERB_PREPS = ("in", "at", "on", "for", "with", "from", "to", "into")


def head_phrase(s: Sentence, kids: Kids, t: Tok) -> set[int]:
    """The noun phrase of `t` trimmed to its head: its left modifiers, an "of" or "about" phrase ("a
    cup of tea", "a blog about moths") and the name it is called by ("a choir called the Larks"), without a relative clause, another prepositional phrase, a comparison or a second item."""
    keep = {t.i}
    for c in kids.get(t.i, []):
        if (c.dep in _NP_LEFT and c.i < t.i) or (c.dep in ("compound", "flat") and c.pos == "PROPN") or (
                c.dep == "prep" and c.lower in ("of", "about") and c.i > t.i) or (c.dep in ("nummod", "appos") and c.tag == "CD") or (
                c.dep == "acl" and c.lemma in ("call", "name") and named_pet(s, kids, t)):  # "a choir called the Larks"
            keep |= subtree(kids, c.i)
    return {i for i in keep if s[i].pos != "PUNCT" or s[i].text in ("-", "&", "/")}


def _value(s: Sentence, kids: Kids, t: Tok) -> str:
    return text_of(s, [i for i in sorted(head_phrase(s, kids, t)) if not (
        s[i].dep == "det" and s[i].lower in ("the", "a", "an", "some", "any"))])


def _plain(s: Sentence, kids: Kids, p: Tok, aux: set[str], neg: bool) -> bool:
    """A plain present statement: no plan, wish, mood, negation, past story or news ("I've just ...")."""
    return not neg and not aux and p.tag in ("VBZ", "VBP")


def lacks(s: Sentence, kids: Kids, p: Tok, obj: Tok) -> bool:
    """"my flat has no garden", "I have no car": a thing one has not, said with "no" (not a chat noun, kin or a pet)."""
    return p.lemma == "have" and obj.pos == "NOUN" and obj.lower not in CHAT_NOUNS and obj.lemma not in CHAT_NOUNS \
        and obj.lemma not in RELATIONS and obj.lemma not in PETS and any(c.dep == "det" and c.lower == "no" for c in kids.get(obj.i, []))


def _named_org(kids: Kids, t: Tok) -> bool:
    """A name, also one whose last word the small model tags as a noun ("National Express West Midlands")."""
    return t.pos == "PROPN" or any(c.dep == "compound" and c.pos == "PROPN" for c in kids.get(t.i, []))


def _job_for(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    """The organisation work is done for or at: "for National Express", "for small companies", "at a school"."""
    org = prep_object(kids, p, ("for", "at")) or next(  # "I drive the number 50 for National Express"
        (o for c in kids.get(p.i, []) if c.dep == "dobj" and (o := prep_object(kids, c, ("for",))) is not None), None)
    return org if org is not None and (_named_org(kids, org) or org.lemma in ORG_NOUNS or org.lower in ORG_NOUNS
                                       or named_pet(s, kids, org) is not None) else None  # "for a haulier called Dunmore"


def generic_facts(s: Sentence, kids: Kids, p: Tok, subj: Tok, obj: Tok | None, who: str, aux: set[str], neg: bool,
                  ctx: TurnContext) -> list[Fact]:
    """One fact read from the clause's shape, or none."""
    if ctx.org and who == ctx.org and not time_words(s, clause_tokens(s, kids, p), past=True):
        return team_doing(s, kids, p, subj, obj, aux, neg, ctx, CHAT_NOUNS)  # "we patrol the beach": team_doings.py
    if not _plain(s, kids, p, aux, neg) or p.lemma in vc.REPORT | vc.WANT | FEELINGS or subj.lower in vc.NOBODY or (
            ctx.org and who == ctx.org) or time_words(s, clause_tokens(s, kids, p), past=True):
        return []  # a team's "we" is read by the team's own modules; "I have a meeting at 3" is a plan
    mine = kids.get(p.i, [])
    verb_group = {p.i} | {c.i for c in mine if c.dep in ("aux", "auxpass", "prt")}
    subject = subtree(kids, subj.i)
    if p.lemma == "be":
        if obj is not None or subj.lower in FIRST:  # "he's lovely", "I'm at work": a mood or a moment
            return []
        where = next((c for c in mine if c.dep == "prep" and c.lower in _COPULA_PREPS), None)
        place = prep_object(kids, p, _COPULA_PREPS) if where is not None else None
        if where is None or place is None or place.pos not in ("NOUN", "PROPN") or place.lower in CHAT_NOUNS:
            return []
        phrase = head_phrase(s, kids, place)
        kind = "routine" if place.lemma in SCHEDULE_NOUNS or place.lower in SCHEDULE_NOUNS else "semantic"
        line = said_line(s, kids, subject | verb_group | {where.i} | phrase, subj, who, ctx, False)
        return [Fact(who, f"is_{where.lower}", _value(s, kids, place), kind, 0.8, line)]
    if p.lemma in vc.LIGHT - {"do", "make", "keep", "start", "go"}:
        return []
    if obj is not None and obj.dep == "dobj":
        gerund = obj.tag == "VBG" and p.lemma == "do"  # "I do bookkeeping for small companies"
        if obj.pos not in ("NOUN", "PROPN", "ADJ", "NUM") and not gerund or (obj.pos == "NUM" and not kids.get(obj.i)) or obj.lower in CHAT_NOUNS or obj.lemma in CHAT_NOUNS or any(
                c.dep == "det" and c.lower == "no" for c in kids.get(obj.i, [])) or (
                p.lemma == "have" and (obj.lemma in RELATIONS or obj.lemma in PETS)):
            return [] if not lacks(s, kids, p, obj) else [Fact(who, "has", _value(s, kids, obj), "semantic", 0.8,
                                                                 f"{who} has {_value(s, kids, obj)}")]  # "my flat has no garden"
            # kin and pets one has are the tie rules' (ties.py, rules.relationships)
        org = _job_for(s, kids, p)
        pred = "has" if p.lemma == "have" else p.lemma
        out = []
        for item in conjuncts(s, kids, obj):  # "she keeps bees and hens": one fact an item
            kind = ("routine" if item.lemma in SCHEDULE_NOUNS or item.lower in SCHEDULE_NOUNS  # "she works nights"
                    else "skill" if p.lemma in vc.LEARN or p.lemma == "have" and item.lemma in vc.QUALIFICATIONS  # "a forklift licence"
                    else "identity" if org is not None else "semantic")
            line = said_line(s, kids, subject | verb_group | head_phrase(s, kids, item), subj, who, ctx, False)
            out.append(Fact(who, pred, _value(s, kids, item), kind, 0.8, line))
        if org is not None and (_named_org(kids, org) or org.tag != "NNS"):  # "... for Metroline", "... at a school": where one works
            # ("for small companies" says whom the work is for, not an employer)
            employer, at = named_pet(s, kids, org) or _value(s, kids, org), s[org.head].lower  # "a firm called Voltra": Voltra
            out.append(Fact(who, "works_for" if at == "for" else "works_at", employer, "identity", 0.8,
                            f"{who} works {at} {employer}"))
            if (town := town_of(s, kids, org)) is not None and town not in employer:  # "at a school in Ibra": the town too
                out.append(Fact(who, "works_in", town, "identity", 0.8, f"{who} works in {town}"))
        return out
    if obj is None or obj.dep != "pobj" or obj.pos not in ("NOUN", "PROPN") or obj.lower in CHAT_NOUNS:
        return []
    prep = s[obj.head]
    if prep.lower not in _VERB_PREPS or prep.head != p.i or (p.lemma == "go" and prep.lower != "to"):
        return []
    phrase = head_phrase(s, kids, obj)
    line = said_line(s, kids, subject | verb_group | {prep.i} | phrase, subj, who, ctx, False)
    return [Fact(who, f"{p.lemma}_{prep.lower}", _value(s, kids, obj), "semantic", 0.8, line)]


def named_tie(s: Sentence, kids: Kids, p: Tok, subj: Tok, obj: Tok | None, ctx: TurnContext) -> list[Fact] | None:
    """"my manager at the practice is Claire", "Dan's sister is Ama", "my editor there is Jonas": a tie
    (kin or a role that works with one) named by the copula."""
    poss = [c for c in kids.get(subj.i, []) if c.dep == "poss"]
    if p.lemma != "be" or obj is None or not poss or not (obj.dep == "attr" and obj.pos == "PROPN" or obj.dep in (
            "attr", "acomp") and not kids.get(obj.i) and capital_name(obj.text)) or belonging_word(obj.text):
        return None  # ("... is Mariko", tagged an adjective; "... is Nigerian": no name, lasting_states.py)
    if subj.tag == "NNS" and subj.lemma in GROUP_KIN:
        return []  # "my daughter's twins are Kai and Noa": her children (named_through.py), not her twin
    if not (subj.lemma in RELATIONS or is_job([subj.lower], False)) or any(c.dep == "neg" for c in kids.get(p.i, [])):
        return None
    if obj.text.islower() and not any(c.pos == "PROPN" and c.i < obj.i for c in kids.get(obj.i, [])) or any(
            c.dep == "det" and c.lower in ("a", "an") for c in kids.get(obj.i, [])) or any(
            c.dep == "appos" and c.pos == "PROPN" for c in kids.get(subj.i, [])):
        return None  # "my son Mateo is a Scorpio", "my neighbour Fumiko is a blacksmith": what the named one is, no name
    holder = name_of(s, kids, poss[0], ctx) or chain_holder(s, kids, poss[0], ctx)  # ("the twins' nanny is Rosa")
    if holder is None:
        return None
    name = text_of(s, head_phrase(s, kids, obj))
    ctx.last_person, ctx.carried = name, False
    post = subj.lemma if subj.lemma in RELATIONS else _post_said(s, kids, subj)
    return [Fact(holder, post.replace(" ", "_"), name, "relationship", 0.8, f"{name} is {possessive(holder)} {post}")]


def _post_said(s: Sentence, kids: Kids, subj: Tok) -> str:
    """A post as it is said, with what it heads: "head of department", "director of studies" (not "head")."""
    of = next((c for c in kids.get(subj.i, []) if c.dep == "prep" and c.lower == "of" and c.i == subj.i + 1), None)
    what = next((k for k in kids.get(of.i, []) if k.dep == "pobj" and k.pos == "NOUN" and not kids.get(k.i)), None) if of else None
    return f"{subj.lemma} of {what.lower}" if what is not None else subj.lemma


def dated_thing(s: Sentence, kids: Kids, p: Tok, subj: Tok, ctx: TurnContext) -> list[Fact]:
    """A thing with a date ("the car's MOT is due next month", "final artwork is due 28 feb"): an
    event of whom it belongs to, the owner when it names nobody. Not a moment of today ("the
    weather is awful today"), a negation, a thought or a team's thing (read by the team's modules)."""
    mine = kids.get(p.i, [])
    if ctx.org or subj.pos != "NOUN" or subj.lower in vc.NOBODY or any(
            c.dep == "neg" or (c.dep == "aux" and c.lower in vc.UNREAL_MODALS) for c in mine):
        return []
    if (p.dep == "ccomp" and s[p.head].lemma in ("think", "reckon", "guess", "believe", "suppose", "bet")) or (p.lemma != "be" and any(
            c.dep == "aux" and c.lower in vc.FUTURE for c in mine)):
        return []  # "my cousin reckons the market will crash next year": an opinion of the future
    idx = clause_tokens(s, kids, p)
    if not (time_words(s, idx, past=False) or dated(s, idx)):
        return []
    holder = next((name_of(s, kids, s[i], ctx) for i in sorted(subtree(kids, subj.i)) if s[i].dep == "poss"),
                  None) or ctx.owner  # "Rocco's booster jabs", "the car's MOT" (a thing's holder names nobody)
    value = text_of(s, [i for i in sorted(idx) if not (s[i].dep == "det" and i == min(idx))])
    line = about(value if holder == ctx.owner else f"{possessive(holder)} {value}", ctx.owner)
    if RECURRENCE.search(value) or any(s[i].lower.rstrip("s") in WEEKDAY_SET | {"weekday", "weekend"}
                                       and s[i].lower.endswith("s") for i in idx) or (
            not any(c.dep == "aux" for c in mine) and at_an_hour(s, p, idx)):  # "the baby naps at 1"
        return [Fact(holder, "routine", value, "routine", 0.8, line)]  # "the gym closes at 9 on Sundays"
    return [Fact(holder, "event", value, "episodic", 0.8, line)]


__all__ = ["CHAT_NOUNS", "FEELINGS", "ORG_NOUNS", "SCHEDULE_NOUNS", "dated_thing", "generic_facts", "head_phrase", "named_tie"]
