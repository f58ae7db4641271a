"""Disambiguation as people talk (issue 12; spec in docs/disambiguation-spec.md).

Households and small workspaces, each knowing two or three Toms or Sarahs and a few people with a
name of their own, learn about them the way people actually talk: an introduction by relation, facts
spread over four sessions, first names alone and pronouns for the person being discussed, a role
revealed sessions later, small talk in between. Then queries name people by first name with zero,
one or two clues, and each is labelled by how many people of its household the clues fit.

Everything is generated from the seed and the vocabularies below (written for this module). Each
household is its own tenant; its conversation goes through POST /v1/conversations/{session}/turns
and its queries through POST /v1/entities/resolve. Households are split (seeded, by household) into
a calibration half and a test half; every figure is reported for both.

    from memclient.bench import people_talk
    result = people_talk.run(api_url, admin_token, Path("results/people-talk.json"))
    people_talk.print_result(result)
"""
from __future__ import annotations

import random
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from .metrics import summary_ms, write_result

SEED = 1207
HOUSEHOLDS = 40
SESSIONS = 4
WORKSPACE_SHARE = 1 / 3
TARGETS = {"accuracy_among_resolved_min": 0.95, "clarification_rate_max": 0.10,
           "ask_rate_on_clue_less_min": 0.90, "resolve_p95_ms_max": 50}
RESOLVABLE_KINDS = ("one clue", "two clues", "late role", "relation", "unique name")
CLUE_LESS_KINDS = ("no clue", "shared clue")

# ---------------------------------------------------------------------------------------------
# Vocabularies. {his}/{he}/{him} are filled with the person's pronouns.

# First names that namesake groups share (one gender per name, so a pronoun never discriminates).
SHARED_NAMES = {"m": ["Tom", "Dan", "Mike", "Ben", "Chris", "Joe", "Matt", "Nick"],
                "f": ["Sarah", "Kate", "Emma", "Laura", "Anna", "Jess", "Rachel", "Claire"]}
# First names given to one person per household.
OWN_NAMES = {"m": ["Ravi", "Oskar", "Tobias", "Kwame", "Felix", "Hamid", "Lorenzo", "Declan", "Yusuf", "Arjun"],
             "f": ["Ines", "Priya", "Maren", "Zofia", "Nadia", "Imogen", "Leila", "Beatriz", "Freya", "Aoife"]}
SURNAMES = ["Baker", "Whitlock", "Okafor", "Lindqvist", "Marsh", "Delgado", "Hartley", "Quinlan", "Novak",
            "Fairbairn", "Abara", "Castellanos", "Penhale", "Strand", "Mbeki", "Rowntree", "Varga", "Ellison",
            "Kowalczyk", "Ashdown", "Ferreira", "Holloway", "Ishikawa", "Brennan", "Tanaka", "Greaves",
            "Moreau", "Sutcliffe", "Oyelaran", "Pritchard", "Halvorsen", "Dunmore", "Achterberg", "Galloway",
            "Rasmussen", "Threlfall", "Eriksen", "Mancini", "Ogilvie", "Blackwood"]

# Relations to the owner: (text, "pre" = "my cousin Tom" | "post" = "Tom from accounting").
HOME_RELATIONS = [("my cousin", "pre"), ("my neighbour", "pre"), ("my old school friend", "pre"),
                  ("my sister's partner", "pre"), ("from next door but one", "post"), ("my brother-in-law", "pre:m"),
                  ("my sister-in-law", "pre:f"), ("from my yoga class", "post"), ("my mate from uni", "pre"),
                  ("from the allotments", "post"), ("the kids' swimming coach", "pre"), ("my godchild's dad", "pre:m"),
                  ("my godchild's mum", "pre:f"), ("from the school gate", "post")]
WORK_RELATIONS = [("from accounting", "post"), ("from sales", "post"), ("from the Leeds office", "post"),
                  ("on the support team", "post"), ("from legal", "post"), ("our new hire", "pre"),
                  ("from the client side", "post"), ("my manager", "pre"), ("from the third floor", "post"),
                  ("from IT", "post"), ("our contractor", "pre"), ("from the warehouse", "post")]

# Roles: (id, ways the owner states it (after the name or pronoun), ways a later sentence alludes to it).
ROLES = [
    ("bus driver", ["is a bus driver", "drives the number 42 bus", "drives buses for the city"],
     ["{his} bus route", "the early shift at the bus depot", "{his} double-decker"]),
    ("midwife", ["is a midwife", "works as a midwife at the maternity unit"],
     ["the babies {he} delivered", "{his} shifts on the maternity ward"]),
    ("locksmith", ["is a locksmith", "runs a little locksmith business"],
     ["the locks {he} changed", "{his} van full of keys"]),
    ("sound engineer", ["is a sound engineer", "mixes sound for live gigs"],
     ["the mixing desk", "{his} gig with the broken speakers"]),
    ("paramedic", ["is a paramedic", "works on the ambulances"],
     ["{his} ambulance shifts", "the call-outs {he} had"]),
    ("florist", ["is a florist", "has a flower stall at the market"],
     ["the wedding bouquets", "{his} flower stall"]),
    ("dental hygienist", ["is a dental hygienist", "cleans teeth at a dental practice"],
     ["the dental practice", "{his} patients' teeth"]),
    ("tree surgeon", ["is a tree surgeon", "cuts down trees for a living"],
     ["the oak {he} felled", "{his} chainsaw"]),
    ("physics teacher", ["teaches physics at the secondary school", "is a physics teacher"],
     ["{his} physics class", "the exam marking"]),
    ("train conductor", ["is a conductor on the trains", "works as a train conductor"],
     ["the delayed trains", "{his} ticket machine"]),
    ("vet nurse", ["is a vet nurse", "works at the animal hospital"],
     ["the poorly dogs at the animal hospital", "{his} shifts at the vets"]),
    ("roofer", ["is a roofer", "fixes roofs"],
     ["the roof {he} was on", "the slates and the scaffolding"]),
    ("pastry chef", ["is a pastry chef", "makes pastries at a hotel kitchen"],
     ["the croissants", "{his} hotel kitchen"]),
    ("court clerk", ["is a clerk at the magistrates' court", "works at the court"],
     ["the court hearings", "{his} case files"]),
    ("ski instructor", ["is a ski instructor in the winter", "teaches skiing"],
     ["{his} ski season", "the ski school"]),
    ("pharmacist", ["is a pharmacist", "runs the pharmacy counter at the chemist"],
     ["the prescriptions", "{his} pharmacy counter"]),
]
WORK_ROLES = [
    ("data analyst", ["is a data analyst", "does the data analysis for the team"],
     ["the dashboards", "{his} quarterly numbers"]),
    ("recruiter", ["is our recruiter", "does the hiring"],
     ["the interviews {he} set up", "the candidates {he} shortlisted"]),
    ("project manager", ["is a project manager", "runs the projects"],
     ["the project timeline", "{his} Gantt chart"]),
    ("UX designer", ["is a UX designer", "designs the app screens"],
     ["the wireframes", "{his} usability tests"]),
    ("payroll clerk", ["does payroll", "is the payroll clerk"],
     ["the payslips", "the payroll run"]),
    ("security engineer", ["is a security engineer", "looks after security"],
     ["the penetration test", "the firewall rules"]),
    ("office manager", ["is the office manager", "runs the office"],
     ["the office move", "the new desks {he} ordered"]),
    ("sales rep", ["is a sales rep", "sells to the big retail accounts"],
     ["{his} sales targets", "the retail accounts"]),
    ("copywriter", ["is a copywriter", "writes our marketing copy"],
     ["the product descriptions", "{his} ad copy"]),
    ("QA tester", ["is a QA tester", "tests the releases"],
     ["the bug reports", "the release testing"]),
]
# Places: (id, statements, allusions).
PLACES = [
    ("Millbrook", ["lives over in Millbrook", "just moved to Millbrook"], ["{his} flat in Millbrook", "the Millbrook flat"]),
    ("the harbour", ["has a place down by the harbour", "lives near the harbour"],
     ["{his} place by the harbour", "the harbour flat"]),
    ("Ashgrove", ["lives in Ashgrove", "rents a house in Ashgrove"], ["the Ashgrove house", "{his} street in Ashgrove"]),
    ("the old mill flats", ["lives in the old mill flats"], ["the old mill flats", "{his} flat at the mill"]),
    ("Kestrel Hill", ["lives up on Kestrel Hill", "bought a house on Kestrel Hill"],
     ["{his} house on Kestrel Hill", "the hill house"]),
    ("the canal", ["lives on a narrowboat on the canal"], ["the narrowboat", "{his} boat on the canal"]),
    ("Fenwick", ["lives out in Fenwick", "commutes in from Fenwick"], ["the Fenwick commute", "{his} cottage in Fenwick"]),
    ("the city centre", ["lives right in the city centre", "has a flat in town"],
     ["{his} flat in town", "the city-centre flat"]),
]
# Hobbies: (id, statements, allusions).
HOBBIES = [
    ("bouldering", ["goes bouldering", "has got really into bouldering"], ["the climbing wall", "{his} bouldering"]),
    ("pottery", ["does pottery on Thursdays", "has started a pottery class"], ["{his} pottery class", "the wonky mugs"]),
    ("choir", ["sings in a choir", "joined a community choir"], ["the choir concert", "{his} choir practice"]),
    ("fishing", ["goes fishing at the reservoir", "is mad about fishing"], ["the fishing trip", "the reservoir"]),
    ("cycling", ["does long bike rides", "cycles every weekend"], ["{his} bike ride", "the cycling club"]),
    ("chess", ["plays chess online", "plays in a chess league"], ["the chess league", "{his} chess games"]),
    ("baking", ["bakes sourdough", "is obsessed with baking bread"], ["{his} sourdough starter", "the bread"]),
    ("birdwatching", ["goes birdwatching", "watches birds at the nature reserve"],
     ["the nature reserve", "the birds {he} spotted"]),
    ("rowing", ["rows on the river", "joined the rowing club"], ["the rowing club", "{his} regatta"]),
    ("gardening", ["has an allotment", "grows vegetables"], ["{his} tomatoes", "the vegetable patch"]),
    ("salsa", ["does salsa dancing", "goes to salsa classes"], ["the salsa night", "{his} dance classes"]),
    ("board games", ["runs a board game night", "collects board games"], ["board game night", "{his} board games"]),
]
# What happened when someone is mentioned (the opener of a topic block): "{ref} came round last night."
# (No word of these is in a query, so an event never works as a clue.)
EVENTS = ["{ref} came round last night.", "I bumped into {ref} at the shops.", "Had coffee with {ref} this morning.",
          "Went for a walk with {ref}.", "Saw {ref} at the weekend.", "{ref} dropped by with some cake.",
          "I was chatting to {ref} yesterday.", "{ref} and I had lunch today.", "Ran into {ref} at the petrol station."]
# Small talk and filler: about no one.
FILLER = ["Ugh, it's been raining all day.", "I'm so tired today.", "What should I make for dinner? Maybe pasta.",
          "The washing machine is making that noise again.", "Remind me to buy milk.", "Long week.",
          "lol the cat just knocked a glass off the table", "Anyway.", "Where was I?", "Traffic was awful this morning.",
          "I really need a holiday.", "ok back from the shop", "The heating's broken again.",
          "I've had three coffees already.", "Such a nice sunny day for once.", "hmm what else",
          "I watched that new detective series last night, it was fine.", "Right, where were we?",
          "My phone battery is dying.", "Can't believe it's Thursday already."]
ASSISTANT = ["Sounds like a long day.", "Noted.", "That sounds lovely.", "Got it.", "Oh no, sorry to hear that.",
             "Ha, fair enough.", "Anything else on your mind?", "Okay, I'll keep that in mind.", "Nice!",
             "That's good to hear."]
# Fact turns: {ref} is the first name alone or a pronoun ("He", "She"); {pred} a statement.
FACT_STYLES = {
    "plain": ["{ref} {pred}.", "Oh, {ref_l} {pred}, by the way."],
    "chatty": ["Did I tell you {ref_l} {pred}?", "So apparently {ref_l} {pred}!", "Funny thing, {ref_l} {pred}."],
    "texting": ["{ref_l} {pred} btw", "fyi {ref_l} {pred}"],
    "aside": ["{ref} {pred}, which I didn't know.", "{ref} {pred} now, can you believe it."],
}
LATE_ROLE = ["Turns out {full} {pred}.", "Oh, and {full}? Turns out {he} {pred}.",
             "I found out {full} actually {pred}!", "Turns out {rel_ref} {pred}, who knew."]
# Small talk about the person (a turn that names them with no fact).
CHAT = ["{ref} seemed a bit stressed.", "{ref} looked well.", "{ref} was in a good mood.", "{ref} is always late, honestly.",
        "{ref} laughed at my terrible joke."]
# Queries.
CLUE_QUERIES = ["Did {name} mention {c}?", "{name} was going on about {c} again.", "Remind me to ask {name} about {c}.",
                "What did {name} say about {c}?", "How's {name} getting on with {c}?", "{name} sent me a photo of {c}.",
                "can you remind me what {name} said about {c}"]
TWO_CLUE_QUERIES = ["{name} was telling me about {c1}, and {c2}.", "Did {name} say anything about {c1} or {c2}?",
                    "Ask {name} about {c1} and {c2}."]
RELATION_QUERIES = ["Remind me to call {ref}.", "What did {ref} want?", "{ref} texted me.", "Did {ref} reply yet?",
                    "I owe {ref} a tenner."]
NO_CLUE_QUERIES = ["{name} texted me.", "Did {name} reply yet?", "Remind me to ring {name} back.",
                   "{name}'s running late.", "What did {name} want?", "I owe {name} a tenner.",
                   "{name} says hi."]
PRONOUNS = {"m": {"he": "he", "him": "him", "his": "his"}, "f": {"he": "she", "him": "her", "his": "her"}}


def _fill(s: str, gender: str) -> str:
    return s.format(**PRONOUNS[gender])


def _cap(s: str) -> str:
    return s[0].upper() + s[1:]


# ---------------------------------------------------------------------------------------------
# People

def _relation_ok(rel: tuple[str, str], gender: str) -> bool:
    return ":" not in rel[1] or rel[1].endswith(gender)


def relation_ref(p: dict, name: str | None = None) -> str:
    """ "my cousin Tom" or "Tom from accounting"."""
    text, where = p["relation"]
    name = name or p["first"]
    return f"{text} {name}" if where.startswith("pre") else f"{name} {text}"


def make_household(rng: random.Random, hid: int) -> dict:
    workspace = rng.random() < WORKSPACE_SHARE
    roles = WORK_ROLES if workspace else ROLES
    relations = WORK_RELATIONS if workspace else HOME_RELATIONS
    surnames = rng.sample(SURNAMES, 10)
    people: list[dict] = []
    groups = rng.choice([2, 2, 3])
    genders = [rng.choice("mf") for _ in range(groups)]
    firsts = []
    for g in genders:
        firsts.append(rng.choice([n for n in SHARED_NAMES[g] if n not in firsts]))
    sizes = [2] * groups if groups == 3 else rng.choice([[2, 2], [2, 3], [3, 2]])
    for first, g, size in zip(firsts, genders, sizes):
        rs = rng.sample(range(len(roles)), size)
        rels = rng.sample([r for r in relations if _relation_ok(r, g)], size)
        places = [rng.randrange(len(PLACES)) for _ in range(size)]
        hobbies = [rng.randrange(len(HOBBIES)) for _ in range(size)]
        if rng.random() < 0.6:  # two namesakes share a place or a hobby (shared-clue queries need it)
            attr = hobbies if rng.random() < 0.5 else places
            attr[1] = attr[0]
        for k in range(size):
            people.append({"first": first, "gender": g, "role": rs[k], "relation": rels[k],
                           "place": places[k], "hobby": hobbies[k]})
    for _ in range(2 if len(people) >= 6 else 3):
        g = rng.choice("mf")
        first = rng.choice([n for n in OWN_NAMES[g] if n not in {p["first"] for p in people}])
        people.append({"first": first, "gender": g, "role": rng.randrange(len(roles)),
                       "relation": rng.choice([r for r in relations if _relation_ok(r, g)]),
                       "place": rng.randrange(len(PLACES)), "hobby": rng.randrange(len(HOBBIES))})
    for p, s in zip(people, surnames):
        p["surname"] = s
        p["full"] = f"{p['first']} {s}"
    # who has their role revealed late: one per namesake group, and one unique-named person
    for first in firsts:
        rng.choice([p for p in people if p["first"] == first])["late_role"] = True
    rng.choice([p for p in people if p["first"] not in firsts])["late_role"] = True
    for p in people:
        p.setdefault("late_role", False)
    return {"id": hid, "workspace": workspace, "people": people, "namesakes": firsts}


def _roles(h: dict) -> list:
    return WORK_ROLES if h["workspace"] else ROLES


def attribute_text(h: dict, p: dict, attr: str) -> tuple[list[str], list[str]]:
    """(statements, allusions) of one of a person's attributes."""
    table = {"role": _roles(h), "place": PLACES, "hobby": HOBBIES}[attr]
    _, said, alluded = table[p[attr]]
    return [_fill(s, p["gender"]) for s in said], [_fill(a, p["gender"]) for a in alluded]


# ---------------------------------------------------------------------------------------------
# Conversation

def _turn(session: int, text: str, traits: list[str], person: int | None = None, speaker: str = "user") -> dict:
    return {"session": session, "speaker": speaker, "text": text, "traits": traits, "person": person}


def _filler(rng: random.Random, session: int, n: int) -> list[dict]:
    out = []
    for _ in range(n):
        if rng.random() < 0.35:
            out.append(_turn(session, rng.choice(ASSISTANT), ["filler", "assistant"], speaker="assistant"))
        else:
            out.append(_turn(session, rng.choice(FILLER), ["filler"]))
    return out


def _fact_turn(rng: random.Random, h: dict, i: int, attr: str, session: int, use_pronoun: bool) -> dict:
    p = h["people"][i]
    pred = rng.choice(attribute_text(h, p, attr)[0])
    style = rng.choice(list(FACT_STYLES))
    if use_pronoun:
        ref, trait = PRONOUNS[p["gender"]]["he"], "pronoun"
    else:
        ref, trait = p["first"], "first_name_only"
    text = rng.choice(FACT_STYLES[style]).format(ref=_cap(ref), ref_l=ref, pred=pred)
    return _turn(session, _cap(text), ["fact", attr, trait, f"style:{style}"], i)


def conversation(rng: random.Random, h: dict) -> list[dict]:
    """Every turn of the household: {session, speaker, text, traits, person}. Each person is introduced
    once by relation and full name; their role, place and hobby come in separate turns (spread over
    sessions), said with the first name alone or a pronoun; late roles come in the last session."""
    people = h["people"]
    plan: dict[int, list[tuple[int, str]]] = {s: [] for s in range(SESSIONS)}  # session -> (person, what)
    for i, p in enumerate(people):
        intro = rng.choice([0, 0, 1])
        plan[intro].append((i, "intro"))
        facts = ["place", "hobby"] + ([] if p["late_role"] else ["role"])
        rng.shuffle(facts)
        plan[intro].append((i, facts[0]))
        for attr in facts[1:]:
            plan[rng.randrange(intro + 1, SESSIONS)].append((i, attr))
        if p["late_role"]:
            plan[SESSIONS - 1].append((i, "late_role"))
    turns: list[dict] = []
    for s in range(SESSIONS):
        by_person: dict[int, list[str]] = {}
        for i, what in plan[s]:
            by_person.setdefault(i, []).append(what)
        order = list(by_person)
        rng.shuffle(order)
        turns += _filler(rng, s, 1)
        for i in order:
            turns += _block(rng, h, i, by_person[i], s)
            turns += _filler(rng, s, rng.randint(0, 1))
    return turns


def _block(rng: random.Random, h: dict, i: int, whats: list[str], s: int) -> list[dict]:
    """A stretch of talk about one person: an opener that says who (introduction, full name,
    relation, or the first name for someone with no namesake), then facts with the first name
    alone or a pronoun, an occasional remark and the assistant's reply."""
    p = h["people"][i]
    out: list[dict] = []
    whats = sorted(whats, key=lambda w: (w != "intro", w == "late_role"))
    rest = [w for w in whats if w not in ("intro", "late_role")]
    if whats[0] == "intro":
        ref = relation_ref(p, p["full"])
        out.append(_turn(s, _cap(rng.choice(EVENTS).format(ref=ref)), ["intro_relation", "full_name"], i))
    elif rest:
        namesake = p["first"] in h["namesakes"]
        anchor = rng.choice([p["full"], relation_ref(p)]) if namesake else rng.choice([p["first"], p["full"]])
        out.append(_turn(s, _cap(rng.choice(EVENTS).format(ref=anchor)), ["mention"], i))
    for k, attr in enumerate(rest):
        if rng.random() < 0.2:
            out += _filler(rng, s, 1)
        out.append(_fact_turn(rng, h, i, attr, s, use_pronoun=(k == 0 and rng.random() < 0.6)))
    if out and rng.random() < 0.3:
        out.append(_turn(s, _cap(rng.choice(CHAT).format(ref=p["first"])), ["chat", "first_name_only"], i))
    if "late_role" in whats:
        pred = rng.choice(attribute_text(h, p, "role")[0])
        text = rng.choice(LATE_ROLE).format(full=p["full"], he=PRONOUNS[p["gender"]]["he"], pred=pred,
                                            rel_ref=relation_ref(p, p["full"]))
        out.append(_turn(s, _cap(text), ["fact", "role", "late_role"], i))
    return out


# ---------------------------------------------------------------------------------------------
# Queries

def fits(h: dict, first: str, clues: dict[str, object]) -> list[int]:
    """Every person of the household with that first name whose attributes match every clue."""
    return [i for i, p in enumerate(h["people"]) if p["first"] == first and all(p[a] == v for a, v in clues.items())]


def _query(h: dict, i: int, kind: str, text: str, clues: dict) -> dict:
    p = h["people"][i]
    n = len(fits(h, p["first"], clues))
    return {"household": h["id"], "person": i, "name": p["first"], "full": p["full"], "kind": kind, "text": text,
            "clues": sorted(clues), "fits": n, "resolvable": n == 1}


def queries(rng: random.Random, h: dict) -> list[dict]:
    out: list[dict] = []
    people = h["people"]
    for first in h["namesakes"]:
        members = [i for i, p in enumerate(people) if p["first"] == first]
        for i in members:
            p = people[i]
            # one clue: an attribute that only this namesake has (roles always differ)
            singles = [a for a in ("role", "place", "hobby") if len(fits(h, first, {a: p[a]})) == 1
                       and not (a == "role" and p["late_role"])]
            if singles:
                a = rng.choice(singles)
                c = rng.choice(attribute_text(h, p, a)[1])
                out.append(_query(h, i, "one clue", _cap(rng.choice(CLUE_QUERIES).format(name=first, c=c)), {a: p[a]}))
            # two clues: place and hobby together fit only this namesake (no role)
            pair = {"place": p["place"], "hobby": p["hobby"]}
            if len(fits(h, first, pair)) == 1:
                c1 = rng.choice(attribute_text(h, p, "place")[1])
                c2 = rng.choice(attribute_text(h, p, "hobby")[1])
                if rng.random() < 0.5:
                    c1, c2 = c2, c1
                out.append(_query(h, i, "two clues",
                                  _cap(rng.choice(TWO_CLUE_QUERIES).format(name=first, c1=c1, c2=c2)), pair))
            if p["late_role"]:
                c = rng.choice(attribute_text(h, p, "role")[1])
                out.append(_query(h, i, "late role", _cap(rng.choice(CLUE_QUERIES).format(name=first, c=c)),
                                  {"role": p["role"]}))
        i = rng.choice(members)
        p = people[i]
        out.append(_query(h, i, "relation", _cap(rng.choice(RELATION_QUERIES).format(ref=relation_ref(p))),
                          {"relation": p["relation"]}))
        out.append(_query(h, i, "no clue", _cap(rng.choice(NO_CLUE_QUERIES).format(name=first)), {}))
        for a in ("hobby", "place"):
            shared = [i for i in members if len(fits(h, first, {a: people[i][a]})) > 1]
            if shared:
                i = rng.choice(shared)
                c = rng.choice(attribute_text(h, people[i], a)[1])
                out.append(_query(h, i, "shared clue", _cap(rng.choice(CLUE_QUERIES).format(name=first, c=c)),
                                  {a: people[i][a]}))
                break
    for i, p in enumerate(people):
        if p["first"] not in h["namesakes"] and rng.random() < 0.6:
            text = rng.choice(NO_CLUE_QUERIES + CLUE_QUERIES)
            if "{c}" in text:
                a = rng.choice(["role", "place", "hobby"])
                text = text.format(name=p["first"], c=rng.choice(attribute_text(h, p, a)[1]))
                out.append(_query(h, i, "unique name", _cap(text), {a: p[a]}))
            else:
                out.append(_query(h, i, "unique name", _cap(text.format(name=p["first"])), {}))
    return out


def split(n: int, seed: int = SEED) -> dict[int, str]:
    """Household id -> "calibration" | "test": a seeded shuffle, half each."""
    ids = list(range(n))
    random.Random(seed * 31 + 7).shuffle(ids)
    return {hid: ("calibration" if k < n // 2 else "test") for k, hid in enumerate(ids)}


def generate(n: int = HOUSEHOLDS, seed: int = SEED) -> list[dict]:
    """Every household with its people, conversation, queries and half. Deterministic."""
    rng = random.Random(seed)
    halves = split(n, seed)
    out = []
    for hid in range(n):
        h = make_household(rng, hid)
        h["turns"] = conversation(rng, h)
        h["queries"] = queries(rng, h)
        h["half"] = halves[hid]
        for q in h["queries"]:
            q["half"] = h["half"]
        out.append(h)
    return out


# ---------------------------------------------------------------------------------------------
# Running it against the API

def _ingest(client: MemoryClient, h: dict, bar) -> None:
    start = datetime(2024, 3, 4, 18, 0, tzinfo=timezone.utc) + timedelta(days=h["id"])
    for n, t in enumerate(h["turns"]):
        at = start + timedelta(days=5 * t["session"], minutes=n)
        client.add_turn(f"h{h['id']}-s{t['session']}", t["speaker"], t["text"], at=at.isoformat())
        bar.update(1)


def _entity_ids(client: MemoryClient, h: dict) -> dict[int, set[str]]:
    """Person -> the ids of the entities whose name or an alias is the person's full name."""
    out: dict[int, set[str]] = {}
    for i, p in enumerate(h["people"]):
        items = client._call("GET", "/v1/entities", params={"q": p["full"], "type": "person"})["items"]
        want = p["full"].lower()
        out[i] = {e["id"] for e in items
                  if e["name"].lower() == want or want in (a.lower() for a in e.get("aliases") or [])}
    return out


def _ask(client: MemoryClient, h: dict, entity_of: dict[int, set[str]], bar) -> list[dict]:
    rows = []
    for q in h["queries"]:
        start = time.perf_counter()
        body = client._call("POST", "/v1/entities/resolve", json={"text": q["text"]})
        ms = (time.perf_counter() - start) * 1000
        name = q["name"].lower()
        res = next((r for r in body["resolutions"] if name in r["surface"].lower().split()), None)
        missing = res is None
        if missing or res["entity_id"] is None:
            outcome = "asked"
        else:
            outcome = "correct" if res["entity_id"] in entity_of.get(q["person"], set()) else "wrong"
        picked = None
        if res is not None and res["entity_id"] is not None:
            picked = next((c["name"] for c in res.get("candidates") or [] if c.get("entity_id") == res["entity_id"]),
                          None)
        rows.append({**q, "outcome": outcome, "missing": missing, "status": (res or {}).get("status"),
                     "margin": (res or {}).get("margin"), "picked": picked,
                     "candidates": len((res or {}).get("candidates") or []), "ms": round(ms, 2)})
        bar.update(1)
    return rows


def _rates(rows: list[dict]) -> dict:
    resolvable = [r for r in rows if r["resolvable"]]
    clue_less = [r for r in rows if not r["resolvable"]]
    c = Counter(r["outcome"] for r in resolvable)
    resolved = c["correct"] + c["wrong"]
    return {
        "queries": len(rows), "resolvable_queries": len(resolvable), "clue_less_queries": len(clue_less),
        "accuracy_among_resolved": round(c["correct"] / resolved, 4) if resolved else None,
        "clarification_rate": round(c["asked"] / len(resolvable), 4) if resolvable else None,
        "ask_rate_on_clue_less": (round(sum(r["outcome"] == "asked" for r in clue_less) / len(clue_less), 4)
                                  if clue_less else None),
        "resolve_ms": summary_ms([r["ms"] for r in rows]) if rows else None,
    }


def _kind(rows: list[dict]) -> dict:
    c = Counter(r["outcome"] for r in rows)
    resolved = c["correct"] + c["wrong"]
    return {"queries": len(rows), "correct": c["correct"], "wrong": c["wrong"], "asked": c["asked"],
            "missing": sum(r["missing"] for r in rows),
            "accuracy_among_resolved": round(c["correct"] / resolved, 4) if resolved else None,
            "ask_rate": round(c["asked"] / len(rows), 4) if rows else None}


def summarise(rows: list[dict]) -> dict:
    """Metrics (pure): overall, per half, per kind (overall and per half)."""
    kinds = [k for k in (*RESOLVABLE_KINDS, *CLUE_LESS_KINDS) if any(r["kind"] == k for r in rows)]
    out = {**_rates(rows), "halves": {}, "by_kind": {k: _kind([r for r in rows if r["kind"] == k]) for k in kinds}}
    for half in ("calibration", "test"):
        hr = [r for r in rows if r["half"] == half]
        out["halves"][half] = {**_rates(hr), "by_kind": {k: _kind([r for r in hr if r["kind"] == k]) for k in kinds}}
    return out


def run(api_url: str, admin_token: str, out_path: Path | None = None, households: int = HOUSEHOLDS,
        seed: int = SEED, half: str | None = None) -> dict:
    """`half`: "calibration" or "test" to run only that half's households (for tuning on calibration)."""
    started = time.perf_counter()
    data = generate(households, seed)
    if half:
        data = [h for h in data if h["half"] == half]
    clients = []
    for h in data:
        tenant = create_tenant(api_url, admin_token, f"people-talk-{h['id']}", [("owner", "user")],
                               kind="organisation" if h["workspace"] else "household")
        clients.append(MemoryClient(api_url, tenant["users"][0]["token"], timeout=300))
    with tqdm(total=sum(len(h["turns"]) for h in data), desc=f"ingest {households} households", unit="turn") as bar:
        for client, h in zip(clients, data):
            _ingest(client, h, bar)
    entity_of = [_entity_ids(c, h) for c, h in zip(clients, data)]
    rows: list[dict] = []
    with tqdm(total=sum(len(h["queries"]) for h in data), desc="resolve", unit="query") as bar:
        for client, h, ents in zip(clients, data, entity_of):
            rows += _ask(client, h, ents, bar)
    for c in clients:
        c.close()
    people = sum(len(h["people"]) for h in data)
    result = {
        "benchmark": "people-talk", "seed": seed, "households": len(data), "half": half or "both",
        "workspaces": sum(h["workspace"] for h in data), "people": people,
        "turns": sum(len(h["turns"]) for h in data),
        "people_with_a_full_name_entity": sum(bool(ids) for e in entity_of for ids in e.values()),
        "people_with_several_full_name_entities": sum(len(ids) > 1 for e in entity_of for ids in e.values()),
        "targets": TARGETS, **summarise(rows),
        "wrong_examples": [{k: r[k] for k in ("half", "kind", "text", "full", "picked", "margin", "status")}
                           for r in rows if r["outcome"] == "wrong"][:25],
        "seconds": round(time.perf_counter() - started, 1),
    }
    write_result(out_path, result)
    return result


def print_result(result: dict) -> None:
    print(f"people-talk: {result['households']} households ({result['workspaces']} workspaces), "
          f"{result['people']} people, {result['turns']} turns, {result['queries']} queries; "
          f"people with a full-name entity: {result['people_with_a_full_name_entity']}")
    for half in ("calibration", "test"):
        r = result["halves"][half]
        if not r["queries"]:
            continue
        print(f"  {half:11}: accuracy among resolved {r['accuracy_among_resolved']} (>= 0.95), "
              f"clarification rate {r['clarification_rate']} (<= 0.10), "
              f"ask rate on clue-less {r['ask_rate_on_clue_less']} (>= 0.90), "
              f"resolve p50/p95 {r['resolve_ms']['p50']}/{r['resolve_ms']['p95']} ms (p95 <= 50)")
    print(f"  overall    : accuracy {result['accuracy_among_resolved']}, clarification {result['clarification_rate']}, "
          f"ask on clue-less {result['ask_rate_on_clue_less']}")
    for k, c in result["by_kind"].items():
        print(f"  {k:12} {c}")
