"""Labelled conversations for the promotion benchmark (spec: docs/consolidation-spec.md). Pure, seeded.

`conversations(half, n, seed)` -> a list of `Conversation`: one person, four sessions of turns
(speaker = the person's name), and the preferences said in them, each labelled promote or not.
The vocabularies below were written for this generator; objects and names are split into two
disjoint halves (tune / test).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

SESSIONS = 4

# (object as said, words that identify it in a promoted fact). Split in halves below.
ACTIVITIES = [
    ("swimming", ("swimming", "swim")), ("ice skating", ("skating", "skate")), ("climbing", ("climbing",)),
    ("baking", ("baking", "bake")), ("painting", ("painting", "paint")), ("gymnastics", ("gymnastics",)),
    ("karate", ("karate",)), ("fishing", ("fishing",)), ("knitting", ("knitting",)), ("skateboarding", ("skateboarding",)),
    ("ballet", ("ballet",)), ("chess", ("chess",)), ("camping", ("camping",)), ("archery", ("archery",)),
    ("gardening", ("gardening",)), ("trampolining", ("trampolining", "trampoline")),
]
FOODS = [
    ("pancakes", ("pancakes", "pancake")), ("spaghetti", ("spaghetti",)), ("mango", ("mango", "mangoes")),
    ("sushi", ("sushi",)), ("blueberries", ("blueberries", "blueberry")), ("tacos", ("tacos", "taco")),
    ("porridge", ("porridge",)), ("dumplings", ("dumplings", "dumpling")), ("cheese toasties", ("toasties", "cheese")),
    ("watermelon", ("watermelon",)), ("curry", ("curry",)), ("waffles", ("waffles", "waffle")),
]
# categories with specifics (spec wording 4)
CATEGORIES = [
    ("dinosaurs", ["triceratops", "diplodocus", "velociraptor", "stegosaurus"]),
    ("planets", ["saturn", "jupiter", "neptune", "mars"]),
    ("trains", ["steam engines", "the eurostar", "bullet trains", "goods trains"]),
    ("sharks", ["hammerheads", "great whites", "whale sharks", "tiger sharks"]),
    ("horses", ["ponies", "shetlands", "shire horses", "foals"]),
    ("birds", ["owls", "puffins", "robins", "parrots"]),
]
NAMES = ["Lena", "Omar", "Priya", "Jonah", "Maisie", "Tariq", "Elsie", "Bodhi", "Noor", "Finn", "Ada", "Kai",
         "Zara", "Arlo", "Ivy", "Rafi"]

# wordings; {x} = the object
SAME_SENTENCES = ["I love {x}.", "{X} is my favourite thing.", "I really like {x}."]
PARAPHRASES = ["I love {x}.", "{X} is the best.", "I really really like {x}.", "Can we do {x} again? I like it so much.",
               "My favourite is {x}.", "{X} makes me so happy.", "I adore {x}."]
AS_FACT = ["{X} is my favourite thing ever.", "{X} is the best thing in the world.", "{X} is my number one favourite."]
DISLIKES = ["I hate {x}.", "{X} is yucky.", "I really don't like {x}."]
SMALL_TALK = [
    "We went to the library after school.", "I had toast for breakfast.", "My shoe came off in the playground.",
    "Grandma is coming on Sunday.", "It was raining all day.", "We watched a film last night.",
    "My tooth is wobbly.", "I lost my water bottle.", "The bus was late this morning.", "I tidied my room.",
    "We have a spelling test tomorrow.", "Dad made soup for dinner.", "I drew a picture of our house.",
    "My friend came round to play.", "I'm tired today.", "We walked the long way home.",
    "Our teacher read us a story.", "I found a snail in the garden.", "Mum took me to the dentist.",
    "I got a sticker at school.", "My cousin had a birthday party.", "We planted some seeds.",
    "The car needed petrol.", "I brushed my teeth by myself.", "There was a fox in the street.",
    "We had assembly in the big hall.", "My sister borrowed my pencils.", "The washing machine broke.",
    "I stayed up late on Friday.", "We made a den out of blankets.",
]


@dataclass(frozen=True)
class Preference:
    key: str                 # the object as first said
    words: tuple[str, ...]   # words that identify it in a promoted fact
    pattern: str             # same_sentence | paraphrase | as_fact | category | one_session | twice | once
    promote: bool


@dataclass
class Conversation:
    id: str
    half: str
    speaker: str
    sessions: list[list[str]] = field(default_factory=list)  # turns per session, in order
    preferences: list[Preference] = field(default_factory=list)


def _halves(items: list, half: str) -> list:
    return items[0::2] if half == "tune" else items[1::2]


def _fill(t: str, x: str) -> str:
    return t.replace("{x}", x).replace("{X}", x[:1].upper() + x[1:])


def _spread(rng: random.Random, n: int, sessions: int) -> list[int]:
    """n mentions over `sessions` distinct sessions (each gets at least one)."""
    chosen = sorted(rng.sample(range(SESSIONS), sessions))
    out = list(chosen) + [rng.choice(chosen) for _ in range(n - sessions)]
    return sorted(out)


def _promote(rng: random.Random, pattern: str, obj: str) -> list[tuple[int, str]]:
    n = rng.choice((3, 3, 4))
    where = _spread(rng, n, rng.choice((2, 3)) if n >= 3 else 2)
    if pattern == "same_sentence":
        s = _fill(rng.choice(SAME_SENTENCES), obj)
        return [(w, s) for w in where]
    if pattern == "as_fact":
        first = _fill(rng.choice(AS_FACT), obj)
        return [(w, first if i != 1 else _fill(rng.choice(AS_FACT + PARAPHRASES), obj)) for i, w in enumerate(where)]
    wordings = rng.sample(PARAPHRASES, len(where))
    return [(w, _fill(t, obj)) for w, t in zip(where, wordings)]


def _category(rng: random.Random, cat: str, specifics: list[str]) -> list[tuple[int, str]]:
    where = _spread(rng, 3, rng.choice((2, 3)))
    picks = rng.sample(specifics, 2)
    return [(where[0], _fill(rng.choice(["I love {x}.", "{X} are the coolest."]), picks[0])),
            (where[1], _fill(rng.choice(["{X} are my favourite.", "I really like {x}."]), picks[1])),
            (where[2], _fill(rng.choice(["I love {x} so much.", "{X} are my favourite thing ever."]), cat))]


def _negative(rng: random.Random, pattern: str, obj: str) -> list[tuple[int, str]]:
    if pattern == "one_session":
        s = rng.randrange(SESSIONS)
        return [(s, _fill(t, obj)) for t in rng.sample(PARAPHRASES, 3)]
    if pattern == "twice":
        a, b = sorted(rng.sample(range(SESSIONS), 2))
        return [(a, _fill(rng.choice(PARAPHRASES), obj)), (b, _fill(rng.choice(AS_FACT), obj))]
    return [(rng.randrange(SESSIONS), _fill(rng.choice(PARAPHRASES + DISLIKES), obj))]


def conversation(rng: random.Random, half: str, idx: int) -> Conversation:
    objects = _halves(ACTIVITIES, half) + _halves(FOODS, half)
    cats = _halves(CATEGORIES, half)
    c = Conversation(id=f"{half}-{idx:03d}", half=half, speaker=rng.choice(_halves(NAMES, half)),
                     sessions=[[] for _ in range(SESSIONS)])
    said: list[tuple[int, str]] = []
    pool = rng.sample(objects, len(objects))
    for _ in range(rng.randint(1, 3)):
        pattern = rng.choice(("same_sentence", "paraphrase", "as_fact", "category"))
        if pattern == "category" and cats and not any(p.pattern == "category" for p in c.preferences):
            cat, specifics = rng.choice(cats)
            said += _category(rng, cat, specifics)
            c.preferences.append(Preference(cat, (cat, cat.rstrip("s"), *specifics), "category", True))
            continue
        pattern = "paraphrase" if pattern == "category" else pattern
        obj, words = pool.pop()
        said += _promote(rng, pattern, obj)
        c.preferences.append(Preference(obj, words, pattern, True))
    for _ in range(rng.randint(1, 3)):
        pattern = rng.choice(("one_session", "twice", "once"))
        obj, words = pool.pop()
        said += _negative(rng, pattern, obj)
        c.preferences.append(Preference(obj, words, pattern, False))
    talk = rng.sample(SMALL_TALK, len(SMALL_TALK))  # small talk is never repeated within a conversation
    for s in range(SESSIONS):
        for _ in range(rng.randint(4, 6)):
            said.append((s, talk.pop()))
    rng.shuffle(said)
    for s, text in said:
        c.sessions[s].append(text)
    return c


def conversations(half: str, n: int = 30, seed: int = 1616) -> list[Conversation]:
    assert half in ("tune", "test")
    rng = random.Random(f"{seed}:{half}")
    return [conversation(rng, half, i) for i in range(n)]


def singular(w: str) -> str:
    w = w.lower()
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "oes")):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def score(convs: list[Conversation], facts: dict[str, list[str]]) -> dict:
    """facts: conversation id -> promoted fact texts. Precision/recall as the spec defines them."""
    tp = fp = fn = dup = 0
    misses, extras = [], []
    for c in convs:
        matched: set[str] = set()
        for f in facts.get(c.id, []):
            words = {singular(w) for w in f.lower().replace("(", " ").replace(")", " ").replace(",", " ").split()}
            hit = next((p for p in c.preferences if any(singular(w) in words or
                                                        (" " in w and w in f.lower()) for w in p.words)), None)
            if hit is not None and hit.promote and hit.key not in matched:
                tp += 1
                matched.add(hit.key)
            else:
                fp += 1
                dup += int(hit is not None and hit.promote)
                extras.append({"conversation": c.id, "fact": f, "matches": hit.key if hit else None,
                               "pattern": hit.pattern if hit else None})
        for p in c.preferences:
            if p.promote and p.key not in matched:
                fn += 1
                misses.append({"conversation": c.id, "preference": p.key, "pattern": p.pattern})
    return {"conversations": len(convs), "tp": tp, "fp": fp, "fn": fn, "duplicates": dup,
            "precision": round(tp / (tp + fp), 4) if tp + fp else 0.0,
            "recall": round(tp / (tp + fn), 4) if tp + fn else 0.0,
            "false_positives": extras[:40], "misses": misses[:40]}
