"""The people-talk benchmark's households, generated from a seed (memclient.bench.people_talk runs them
against the API): each household's people, its conversation over four sessions and its queries,
each labelled by how many of the household's people its clues fit, and the calibration/test split.
Every function takes the voice's vocabulary (people_talk_vocabulary.Vocabulary; the adult one by
default, docs/people-talk-voices.md for the others)."""
from __future__ import annotations

import random

from .people_talk_vocabulary import ADULT, Vocabulary
from .people_talk_vocabulary_business import BUSINESS
from .people_talk_vocabulary_child import CHILD

SEED = 1207
HOUSEHOLDS = 40
SESSIONS = 4
RESOLVABLE_KINDS = ("one clue", "two clues", "late role", "relation", "unique name")
CLUE_LESS_KINDS = ("no clue", "shared clue")
VOICES = {v.name: v for v in (ADULT, CHILD, BUSINESS)}


def _fill(s: str, gender: str, v: Vocabulary) -> str:
    return s.format(**v.pronouns[gender])


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


def make_household(rng: random.Random, hid: int, v: Vocabulary = ADULT) -> dict:
    """A household of the voice; its "workspace" flag says it is in the voice's second setting."""
    workspace = rng.random() < v.second_share
    roles = v.settings[workspace].roles
    relations = v.settings[workspace].relations
    surnames = rng.sample(v.surnames, 10)
    people: list[dict] = []
    groups = rng.choice([2, 2, 3])
    genders = [rng.choice("mf") for _ in range(groups)]
    firsts = []
    for g in genders:
        firsts.append(rng.choice([n for n in v.shared_names[g] if n not in firsts]))
    sizes = [2] * groups if groups == 3 else rng.choice([[2, 2], [2, 3], [3, 2]])
    for first, g, size in zip(firsts, genders, sizes):
        rs = rng.sample(range(len(roles)), size)
        rels = rng.sample([r for r in relations if _relation_ok(r, g)], size)
        places = [rng.randrange(len(v.places)) for _ in range(size)]
        hobbies = [rng.randrange(len(v.hobbies)) for _ in range(size)]
        if rng.random() < 0.6:  # two namesakes share a place or a hobby (shared-clue queries need it)
            attr = hobbies if rng.random() < 0.5 else places
            attr[1] = attr[0]
        for k in range(size):
            people.append({"first": first, "gender": g, "role": rs[k], "relation": rels[k],
                           "place": places[k], "hobby": hobbies[k]})
    for _ in range(2 if len(people) >= 6 else 3):
        g = rng.choice("mf")
        first = rng.choice([n for n in v.own_names[g] if n not in {p["first"] for p in people}])
        people.append({"first": first, "gender": g, "role": rng.randrange(len(roles)),
                       "relation": rng.choice([r for r in relations if _relation_ok(r, g)]),
                       "place": rng.randrange(len(v.places)), "hobby": rng.randrange(len(v.hobbies))})
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


def attribute_text(h: dict, p: dict, attr: str, v: Vocabulary = ADULT) -> tuple[list[str], list[str]]:
    """(statements, allusions) of one of a person's attributes."""
    table = {"role": v.settings[h["workspace"]].roles, "place": v.places, "hobby": v.hobbies}[attr]
    _, said, alluded = table[p[attr]]
    return [_fill(s, p["gender"], v) for s in said], [_fill(a, p["gender"], v) for a in alluded]


# ---------------------------------------------------------------------------------------------
# Conversation

def _turn(session: int, text: str, traits: list[str], person: int | None = None, speaker: str = "user") -> dict:
    return {"session": session, "speaker": speaker, "text": text, "traits": traits, "person": person}


def _filler(rng: random.Random, session: int, n: int, v: Vocabulary) -> list[dict]:
    out = []
    for _ in range(n):
        if rng.random() < 0.35:
            out.append(_turn(session, rng.choice(v.assistant), ["filler", "assistant"], speaker="assistant"))
        else:
            out.append(_turn(session, rng.choice(v.filler), ["filler"]))
    return out


def _fact_turn(rng: random.Random, h: dict, i: int, attr: str, session: int, use_pronoun: bool,
               v: Vocabulary) -> dict:
    p = h["people"][i]
    pred = rng.choice(attribute_text(h, p, attr, v)[0])
    style = rng.choice(list(v.fact_styles))
    if use_pronoun:
        ref, trait = v.pronouns[p["gender"]]["he"], "pronoun"
    else:
        ref, trait = p["first"], "first_name_only"
    text = rng.choice(v.fact_styles[style]).format(ref=_cap(ref), ref_l=ref, pred=pred)
    return _turn(session, _cap(text), ["fact", attr, trait, f"style:{style}"], i)


def conversation(rng: random.Random, h: dict, v: Vocabulary = ADULT) -> list[dict]:
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
        turns += _filler(rng, s, 1, v)
        for i in order:
            turns += _block(rng, h, i, by_person[i], s, v)
            turns += _filler(rng, s, rng.randint(0, 1), v)
    return turns


def _block(rng: random.Random, h: dict, i: int, whats: list[str], s: int, v: Vocabulary) -> list[dict]:
    """A stretch of talk about one person: an opener that says who (introduction, full name,
    relation, or the first name for someone with no namesake), then facts with the first name
    alone or a pronoun, an occasional remark and the assistant's reply."""
    p = h["people"][i]
    out: list[dict] = []
    whats = sorted(whats, key=lambda w: (w != "intro", w == "late_role"))
    rest = [w for w in whats if w not in ("intro", "late_role")]
    if whats[0] == "intro":
        ref = relation_ref(p, p["full"])
        out.append(_turn(s, _cap(rng.choice(v.events).format(ref=ref)), ["intro_relation", "full_name"], i))
    elif rest:
        namesake = p["first"] in h["namesakes"]
        anchor = rng.choice([p["full"], relation_ref(p)]) if namesake else rng.choice([p["first"], p["full"]])
        out.append(_turn(s, _cap(rng.choice(v.events).format(ref=anchor)), ["mention"], i))
    for k, attr in enumerate(rest):
        if rng.random() < 0.2:
            out += _filler(rng, s, 1, v)
        out.append(_fact_turn(rng, h, i, attr, s, use_pronoun=(k == 0 and rng.random() < 0.6), v=v))
    if out and rng.random() < 0.3:
        out.append(_turn(s, _cap(rng.choice(v.chat).format(ref=p["first"])), ["chat", "first_name_only"], i))
    if "late_role" in whats:
        pred = rng.choice(attribute_text(h, p, "role", v)[0])
        text = rng.choice(v.late_role).format(full=p["full"], he=v.pronouns[p["gender"]]["he"], pred=pred,
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


def queries(rng: random.Random, h: dict, v: Vocabulary = ADULT) -> list[dict]:
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
                c = rng.choice(attribute_text(h, p, a, v)[1])
                out.append(_query(h, i, "one clue", _cap(rng.choice(v.clue_queries).format(name=first, c=c)), {a: p[a]}))
            # two clues: place and hobby together fit only this namesake (no role)
            pair = {"place": p["place"], "hobby": p["hobby"]}
            if len(fits(h, first, pair)) == 1:
                c1 = rng.choice(attribute_text(h, p, "place", v)[1])
                c2 = rng.choice(attribute_text(h, p, "hobby", v)[1])
                if rng.random() < 0.5:
                    c1, c2 = c2, c1
                out.append(_query(h, i, "two clues",
                                  _cap(rng.choice(v.two_clue_queries).format(name=first, c1=c1, c2=c2)), pair))
            if p["late_role"]:
                c = rng.choice(attribute_text(h, p, "role", v)[1])
                out.append(_query(h, i, "late role", _cap(rng.choice(v.clue_queries).format(name=first, c=c)),
                                  {"role": p["role"]}))
        i = rng.choice(members)
        p = people[i]
        out.append(_query(h, i, "relation", _cap(rng.choice(v.relation_queries).format(ref=relation_ref(p))),
                          {"relation": p["relation"]}))
        out.append(_query(h, i, "no clue", _cap(rng.choice(v.no_clue_queries).format(name=first)), {}))
        for a in ("hobby", "place"):
            shared = [i for i in members if len(fits(h, first, {a: people[i][a]})) > 1]
            if shared:
                i = rng.choice(shared)
                c = rng.choice(attribute_text(h, people[i], a, v)[1])
                out.append(_query(h, i, "shared clue", _cap(rng.choice(v.clue_queries).format(name=first, c=c)),
                                  {a: people[i][a]}))
                break
    for i, p in enumerate(people):
        if p["first"] not in h["namesakes"] and rng.random() < 0.6:
            text = rng.choice(v.no_clue_queries + v.clue_queries)
            if "{c}" in text:
                a = rng.choice(["role", "place", "hobby"])
                text = text.format(name=p["first"], c=rng.choice(attribute_text(h, p, a, v)[1]))
                out.append(_query(h, i, "unique name", _cap(text), {a: p[a]}))
            else:
                out.append(_query(h, i, "unique name", _cap(text.format(name=p["first"])), {}))
    return out


def split(n: int, seed: int = SEED) -> dict[int, str]:
    """Household id -> "calibration" | "test": a seeded shuffle, half each."""
    ids = list(range(n))
    random.Random(seed * 31 + 7).shuffle(ids)
    return {hid: ("calibration" if k < n // 2 else "test") for k, hid in enumerate(ids)}


def generate(n: int = HOUSEHOLDS, seed: int = SEED, voice: str = "adult") -> list[dict]:
    """Every household with its people, conversation, queries and half, in one voice (VOICES). Deterministic."""
    v = VOICES[voice]
    rng = random.Random(seed)
    halves = split(n, seed)
    out = []
    for hid in range(n):
        h = make_household(rng, hid, v)
        h["turns"] = conversation(rng, h, v)
        h["queries"] = queries(rng, h, v)
        h["half"] = halves[hid]
        for q in h["queries"]:
            q["half"] = h["half"]
        out.append(h)
    return out
