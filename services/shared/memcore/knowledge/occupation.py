"""Jobs and workplaces read from a parsed clause (issue 35): "I'm a physiotherapist at the Royal
Infirmary", "Pete is a plumber", "my dad was a miner". Pure: parse.Tok tuples in, facts out.

A job is a noun said with "a"/"an" after "be" about a person: a known role word, a trade without a
telltale ending ("nurse", "pilot", "chef"), a noun of a craft's ending ("-ist", "-ician", "-eer", "-maker",
"-smith", "-wright", "-keeper"), or a plain agent noun ("a cobbler", "a boat builder") that no evaluating
word, habit or standing makes a trait ("a keen climber", "an early riser", "a smoker": trade_nouns.py);
said with "as" after a verb of one's work ("works as", "trained as") any noun is a job. A job and the place it is done at are two facts, each its own card; a job one
had ("I was a cook at the grammar school") is one fact, the place part of what one was.
"""
from __future__ import annotations

from ..extraction.lexicon import ROLE_WORDS
from . import trade_nouns
from . import verb_classes as vc
from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import RECURRENCE
from .tree import Kids, subtree, text_of
from .vocabulary import NOT_A_JOB, RELATIONS

# Trades and professions whose word carries no agent's ending.
TRADES = frozenset("""nurse pilot chef cook vet surgeon midwife paramedic firefighter soldier sailor nanny
carer childminder barista waiter waitress postman postwoman butcher baker florist hairdresser barber
receptionist secretary paralegal solicitor barrister judge vicar priest rabbi imam chaplain farmer builder
carpenter joiner roofer glazer welder mechanic engineer student lecturer professor tutor porter courier
cabbie miner caretaker janitor gardener landscaper decorator tailor dressmaker curator nurse-practitioner
physio gp dentist optician radiographer sonographer pharmacist doctor accountant bookkeeper actuary
auditor clerk cashier tiler plasterer bricklayer locksmith chauffeur lifeguard ranger zookeeper
painter fisherman fisherwoman trawlerman actor actress singer dancer surveyor banker trader labourer housekeeper
steward stewardess shepherd policeman policewoman detective guard bouncer councillor nun monk apprentice trainee
housewife househusband binman bartender barman barmaid reporter presenter sweep guide mason stonemason interpreter
translator
""".split())
_AGENT_ENDINGS = ("ist", "ician", "ologist", "eer", "grapher", "naut")
# Nouns of time: "for twelve years" says how long, not where.
_TIME_NOUNS = frozenset("year years month months week weeks day days decade decades age ages while life "
                        "time moment".split())
_WORKPLACE_PREPS = ("at", "for", "with")
_ONLY_TIES = RELATIONS - ROLE_WORDS - TRADES  # "brother", "friend": a tie, never a job


def _a_name(kids: Kids, t: Tok) -> bool:
    """A name the model tagged a common noun ("Tevita is ...", "Sipho trained ..."): capitalised, with no article
    or possessive before it, not a doing ("Swimming is ...")."""
    return t.text[:1].isupper() and not t.lower.endswith("ing") and not any(
        c.dep in ("det", "poss", "amod", "compound") for c in kids.get(t.i, []))


def _hours_worked(s: Sentence, t: Tok) -> bool:
    """"full-time", "part time": how much one works, not a word of the job ("a part-time receptionist")."""
    return t.lower in ("full-time", "part-time", "full", "part") or t.lower == "time" and t.i > 0 and s[t.i - 1].lower in ("full", "part", "-")


def judged_doer(words: list[str]) -> bool:
    """Whether a noun phrase (lower-case words) says how well one does something rather than a job: a doer said
    badly ("a terrible driver", "the worst cook") or compared ("the best baker in the family"), or said well when the doer is no trade of its own ("a great
    swimmer", "a good cook"; but "a good doctor" is a doctor)."""
    how = set(words[:-1])
    last = words[-1] if words else ""
    compared = bool(how & {"best", "better"})  # "the best baker in the family": a comparison, no post
    return bool(how & vc.WEAK_ADJ) or compared or bool(how & vc.ABILITY_ADJ) and (last in vc.DOERS or last not in ROLE_WORDS)


def is_job(words: list[str], workplace: bool, adjectives: frozenset[str] | set[str] | None = None) -> bool:
    """Whether a noun phrase (lower-case words) names a job: a role word, a trade, a noun of a craft's ending
    ("winemaker", "wheelwright"), or, when the caller knows the last word is a noun said with "a" (it passes
    `adjectives`, the modifiers tagged adjectives), a plain agent noun ("cobbler", "boat builder") that no
    evaluating word, habit or standing makes a trait (trade_nouns.py); without, an "-er" only at a workplace."""
    if not words or set(words) & NOT_A_JOB:
        return False
    last = words[-1]
    if last in _ONLY_TIES:
        return False
    if last in ROLE_WORDS or last in TRADES:
        return True
    if trade_nouns.no_work(last):
        return False  # "a pensioner", "a perfectionist"
    if last.endswith(_AGENT_ENDINGS) or trade_nouns.craft_shaped(last):
        return True
    return last.endswith(trade_nouns.AGENT_ENDINGS) and (workplace or adjectives is not None and trade_nouns.plain_agent(words, adjectives))


def _workplace(s: Sentence, kids: Kids, heads: tuple[Tok, ...]) -> tuple[str, str] | None:
    """The place a job is done at: "at the Royal Infirmary", "for easyJet" (not "for twelve years")."""
    for head in heads:
        for c in kids.get(head.i, []):
            if c.dep != "prep" or c.lower not in _WORKPLACE_PREPS:
                continue
            pobj = next((k for k in kids.get(c.i, []) if k.dep == "pobj"), None)
            if pobj is None or pobj.lemma in _TIME_NOUNS or pobj.pos == "PRON" or pobj.lemma in RELATIONS:  # "a carer for my mum"
                continue
            if c.lower == "with" and not _named_body(s, kids, pobj):
                continue  # "a nurse with two kids": with an organisation only ("a vet with the PDSA")
            place = [i for i in sorted(subtree(kids, pobj.i)) if not (s[i].dep == "det" and s[i].lower in ("a", "an"))]
            return c.lower, text_of(s, place)
    return None


def _named_body(s: Sentence, kids: Kids, pobj: Tok) -> bool:
    """Whether what follows "with" names an organisation: capitalised words, none of them a tie's possessor
    ("with the PDSA", "with Bord Gais", not "with two kids" or "with his brother's firm")."""
    words = [s[i] for i in subtree(kids, pobj.i) if s[i].i <= pobj.i]
    return any(w.text[:1].isupper() for w in words) and not any(w.dep == "poss" or w.tag == "POS" for w in words)


def _works_as(kids: Kids, p: Tok) -> Tok | None:
    """The job in "works (nights) as a security guard", "trained as an electrician", "qualified as a midwife":
    said with "as" after a verb of one's work, a job whatever its word."""
    if p.lemma not in trade_nouns.AS_VERBS:
        return None
    prep = next((c for c in kids.get(p.i, []) if c.dep == "prep" and c.lower == "as"), None)
    job = next((k for k in kids.get(prep.i, []) if k.dep == "pobj" and k.pos == "NOUN"), None) if prep else None
    return job


def job_facts(s: Sentence, kids: Kids, p: Tok, subj: Tok, obj: Tok | None, who: str, neg: bool,
              org: str | None = None) -> list[Fact] | None:
    """The job (and workplace) a "be a <job>" or "work as a <job>" clause says of a person, or None.
    `org`: the organisation of a team's conversation (its workplace goes without saying there)."""
    if (had := years_as(s, kids, p, who, neg)) is not None:
        return had
    said_as = _works_as(kids, p)
    if said_as is not None and not neg:
        p, obj = s[said_as.head], said_as
    elif p.lemma != "be" or obj is None or obj.dep != "attr" or not (obj.pos in ("NOUN", "ADJ") or obj.pos == "PROPN" and obj.text.islower()) or neg:
        return None  # (the model tags a rare trade a proper noun at times: "a blacksmith")
    if subj.pos not in ("PRON", "PROPN") and subj.lemma not in RELATIONS and not _a_name(kids, subj):
        return None  # "the job is a nightmare": only a person has a job
    mine = kids.get(obj.i, [])
    article = next((c.lower for c in mine if c.dep == "det"), None)
    if article not in ("a", "an") or (obj.pos == "ADJ" and any(c.dep == "prep" and c.lower == "of" for c in mine)):
        return None  # an adjective with an article is a noun misread ("a paramedic"), not "a bit of ..."
    words = [c.lower for c in mine if c.dep in ("amod", "compound") and c.i < obj.i and not _hours_worked(s, c)] + [obj.lower]
    adjectives = {c.lower for c in mine if c.dep == "amod" and c.pos == "ADJ"}
    place = _workplace(s, kids, (obj, p))
    if said_as is None and not is_job(words, place is not None, adjectives):
        return None
    if said_as is None and place is None and (judged_doer(words) or trade_nouns.judged(words[:-1], adjectives)
                                              and obj.lower not in ROLE_WORDS | TRADES
                                              and not trade_nouns.craft_shaped(obj.lower)):
        return None  # "I'm a terrible singer", "a good cook": how well one does it (a skill, likes.py)
    job = " ".join(words)
    past = said_as is None and p.tag == "VBD" and not any(c.dep == "aux" for c in kids.get(p.i, []))
    if past:  # who one was: one fact, the place part of it
        value = f"{job} {place[0]} {place[1]}" if place else job
        return [Fact(who, "used_to_be", value, "identity", 0.8, f"{who} was {article} {value}")]
    # a job is who one is, an unnamed tie's too ("my dad is a fisherman": the labels keep it as identity)
    out = [Fact(who, "job", job, "identity", 0.8, f"{who} is {article} {job}")]
    out += [Fact(who, "age", k.text, "identity", 0.8, f"{who} is {k.text}") for k in mine  # "a retired nurse, 71, ..."
            if k.dep == "appos" and k.tag == "CD" and k.text.isdigit() and 0 < int(k.text) < 120]
    if place and place[0] == "in" and place[1][:1].isupper():
        place = None  # "a nurse in Leeds": a town, not an employer (where she works: town_of)
    if place and not org:  # in a team's conversation the workplace is the team, known already
        out.append(Fact(who, "works_at" if place[0] == "at" else "works_for", place[1], "identity", 0.8,
                        f"{who} works {'for' if place[0] == 'with' else place[0]} {place[1]}"))
    elif (town := town_of(s, kids, obj)) is not None and not org:
        out.append(Fact(who, "works_in", town, "identity", 0.8, f"{who} works in {town}"))
    return out


def years_as(s: Sentence, kids: Kids, p: Tok, who: str, neg: bool) -> list[Fact] | None:
    """A job one had, said with the time one spent in it or with leaving it: "I retired after thirty years as
    a district nurse" (was one, now retired), "he did twenty years as a postman", "I spent a decade as a
    firefighter" (who one was). "As" hangs on the time ("years as a nurse") or on the verb beside it; None
    when the clause says no such thing (a present "I've spent years as a carer" is read elsewhere)."""
    if neg or p.pos != "VERB" or p.tag != "VBD" or any(c.dep == "aux" for c in kids.get(p.i, [])):
        return None
    mine = kids.get(p.i, [])
    times = [c for c in mine if c.lemma in _TIME_NOUNS] + [k for c in mine if c.dep == "prep"
                                                            for k in kids.get(c.i, []) if k.lemma in _TIME_NOUNS]
    if not times and p.lemma != "retire":
        return None
    job = next((k for h in (p, *times) for c in kids.get(h.i, []) if c.dep == "prep" and c.lower == "as"
                for k in kids.get(c.i, []) if k.dep == "pobj" and k.pos == "NOUN"), None)
    if job is None:
        return None
    words = [c.lower for c in kids.get(job.i, []) if c.dep in ("amod", "compound") and c.i < job.i
             and not _hours_worked(s, c)] + [job.lower]
    if not is_job(words, False):
        return None  # "ten years as a kid in Leeds": no job
    said = " ".join(words)
    article = "an" if said[:1] in "aeiou" else "a"
    if (place := _workplace(s, kids, (job,))) is not None:
        said = f"{said} {place[0]} {place[1]}"  # who one was, the place part of it (as job_facts says it)
    return [Fact(who, "used_to_be", said, "identity", 0.8, f"{who} was {article} {said}")]


def town_of(s: Sentence, kids: Kids, job: Tok) -> str | None:
    """The town a job is said to be done in, "in" and a proper noun hung on the job or on whom it is done with
    ("a nurse in Leeds", "a firefighter with the county brigade in Leicester"); None when none is said."""
    heads = [job] + [k for c in kids.get(job.i, []) if c.dep == "prep" and c.lower in ("with", "at", "for")
                     for k in kids.get(c.i, []) if k.dep == "pobj"]
    for head in heads:
        for c in kids.get(head.i, []):
            town = next((k for k in kids.get(c.i, []) if k.dep == "pobj" and k.pos == "PROPN"), None) if (
                c.dep == "prep" and c.lower == "in") else None
            if town is not None:
                return text_of(s, [k.i for k in kids.get(town.i, []) if k.dep == "compound" and k.pos == "PROPN"] + [town.i])
    return None


def workplace(s: Sentence, kids: Kids, where: Tok, who: str) -> list[Fact]:
    """Where one works, without when ("a café on saturdays" -> "café")."""
    when = set().union(*(subtree(kids, c.i) for c in kids.get(where.i, []) if c.dep == "prep"
                         and RECURRENCE.search(text_of(s, subtree(kids, c.i)))), set())
    place = [i for i in sorted(subtree(kids, where.i) - when) if s[i].dep != "det"]
    return [Fact(who, "works_at", text_of(s, place), "identity", 0.8, f"{who} works at {text_of(s, place)}")]


def new_job(s: Sentence, kids: Kids, p: Tok, obj: Tok | None, who: str, neg: bool, ctx: object) -> list[Fact] | None:
    """A job one has started or got, said with where or as what ("started a new job at Aviva as a data
    analyst", "got a job with the council"): the job and the workplace, each its own card, or None."""
    if neg or obj is None or obj.dep != "dobj" or obj.lemma not in ("job", "post", "position", "role") or p.lemma not in (
            "start", "begin", "get", "land", "take", "accept"):
        return None
    def phrase(t: Tok) -> str:
        idx = sorted(subtree(kids, t.i))
        while idx and s[idx[0]].dep == "det":
            idx = idx[1:]
        return text_of(s, idx)
    out = []
    role = _as_what(kids, p) or _as_what(kids, obj)
    if role is not None:
        job = phrase(role)
        out.append(Fact(who, "job", job, "identity", 0.8, f"{who} works as {'an' if job[:1].lower() in 'aeiou' else 'a'} {job}"))
    where = next((k for t in (obj, p) for c in kids.get(t.i, []) if c.dep == "prep" and c.lower in ("at", "with")
                  for k in kids.get(c.i, []) if k.dep == "pobj" and k.lemma not in _TIME_NOUNS), None)
    if where is not None:
        out.append(Fact(who, "works_at", phrase(where), "identity", 0.8, f"{who} works at {phrase(where)}"))
    return out or None


def _as_what(kids: Kids, t: Tok) -> Tok | None:
    prep = next((c for c in kids.get(t.i, []) if c.dep == "prep" and c.lower == "as"), None)
    return next((k for k in kids.get(prep.i, []) if k.dep == "pobj" and k.pos == "NOUN"), None) if prep else None


__all__ = ["TRADES", "is_job", "job_facts", "judged_doer", "new_job", "town_of", "workplace", "years_as"]
