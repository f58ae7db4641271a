"""The tracking cases of issue 37 as generated data (pure): who a conversation is about, case by case.

Four classes, each case its own tenant, every name, wording and story drawn from the seed and the
vocabularies below (written for this module, none taken from the tests):
  * topic pronoun - the owner once said who belongs to a topic (a podcast's producer, a fair's
    organiser); later another person of the same gender is discussed by name, the conversation
    turns to the topic by its name alone, and a pronoun follows: it means the topic's person;
  * it thing - an organisation is the scene, another organisation does something with a thing (an
    invoice, an episode, a report), and "it" with a verb said of things means the thing;
  * passing person - two namesakes are known by full name; a third is said once in passing with a
    clue beside the first name; a later question about what the passing one does resolves to them,
    and a clue-less mention of the name still asks which one;
  * asking while answering - three people share a first name; a process is taught; many newer short
    lines mention the name; a request names the person and asks for the process: the answer asks
    which one and still carries the process and a line on who each candidate is.
Cases are split (seeded) into a calibration half and a test half within each class.
"""
from __future__ import annotations

import random

SEED = 3301
CASES_PER_CLASS = 16
CLASSES = ("topic pronoun", "it thing", "passing person", "asking while answering")

FIRST = {"m": ["Marek", "Idris", "Callum", "Teodor", "Rashid", "Emil", "Joaquin", "Fergus", "Anton", "Bastian",
               "Kofi", "Lucan"],
         "f": ["Oona", "Saskia", "Thandi", "Ilse", "Rosalind", "Keziah", "Mirela", "Annika", "Delphine", "Yara",
               "Petra", "Greta"]}
SURNAMES = ["Varley", "Ostrowski", "Achebe", "Lindgren", "Mahoney", "Quist", "Sorensen", "Tull", "Baptiste",
            "Crowther", "Ferrante", "Ibekwe", "Jaramillo", "Kettle", "Larkin", "Moncrieff", "Nakamura", "Orme"]
PRON = {"m": {"he": "he", "him": "him", "his": "his", "sibling": "brother"},
        "f": {"he": "she", "him": "her", "his": "her", "sibling": "sister"}}

# --- topic pronoun: (topic, how the owner says who runs it, questions about it with {he}/{his})
TOPICS = [
    ("the harbour podcast", ["{p} produces the harbour podcast for us.", "{p} is the producer of the harbour podcast."],
     ["Did {he} upload the final cut?", "Has {he} sent the show notes?"]),
    ("the spring fete", ["{p} is organising the spring fete.", "{p} runs the spring fete this year."],
     ["Has {he} booked the marquee?", "Did {he} sort out the raffle prizes?"]),
    ("the shop refit", ["{p} leads the shop refit.", "{p} is in charge of the shop refit."],
     ["Has {he} sent the floor plans?", "Did {he} order the shelving?"]),
    ("the charity quiz", ["{p} is running the charity quiz.", "{p} hosts the charity quiz for the school."],
     ["Has {he} written the picture round?", "Did {he} book the hall?"]),
    ("the kitchen extension", ["{p} is building our kitchen extension.", "{p} is the builder on the kitchen extension."],
     ["Has {he} ordered the worktops?", "Did {he} get the skip moved?"]),
    ("the annual report", ["{p} is writing the annual report.", "{p} drafts the annual report for the board."],
     ["Did {he} finish the summary section?", "Has {he} added the charts?"]),
]
OTHERS = [("{o} is our accountant.", "{o} sent over the quarterly figures."),
          ("{o} fixed our boiler last winter.", "{o} came round about the boiler again."),
          ("{o} is my landlord.", "{o} wants the rent by Friday."),
          ("{o} is our dentist.", "{o} rang to move my check-up."),
          ("{o} coaches the under-tens.", "{o} emailed about Saturday's match.")]
TOPIC_CUES = ["Let's get to {t}.", "Moving on to {t}.", "Okay, back to {t}.", "Can we talk about {t} now?",
              "Let's move on to {t}.", "Right, back to {t}."]

# --- it thing: (scene organisation's kind, the other organisation's tie, things and their questions)
SCENE_KINDS = ["bookshop", "bakery", "design studio", "bike repair shop", "yoga studio"]
ORG_NAMES = ["Brightmoor", "Kettlewell", "Saltmarsh", "Alder & Finch", "Copperleaf", "Wrenfield", "Thornbury",
             "Larkspur", "Northgate", "Bellhaven"]
OTHER_TIES = ["We bank with {o}.", "{o} is our supplier.", "We use {o} for our payroll.", "{o} does our printing."]
THINGS = [("invoice", ["{o} sent over the {n} invoice.", "I paid the {n} invoice through {o}."],
           ["Is it paid yet?", "Has it cleared?"]),
          ("episode", ["{o} finally mixed the {n} episode.", "{o} sent back the {n} episode."],
           ["Has it been published?", "Is it published yet?"]),
          ("report", ["{o} emailed the {n} report.", "{o} sent us the {n} report."],
           ["Is it finished?", "Has it been signed off?"]),
          ("order", ["{o} confirmed the {n} order.", "I placed the {n} order with {o}."],
           ["Has it shipped?", "Has it been delivered?"])]
THING_NAMES = ["Lakeside", "Pinecrest", "Marlow", "Riverside", "Hollybank", "Greystone", "Fairhaven", "Oakridge"]

# --- passing person: (the known namesakes' lines, the clue said beside the name, what they do, later question)
KNOWN_NAMESAKES = ["My {sibling} {f} is an electrician in Bristol.", "{f} is our accountant; {he} does the tax return.",
                   "My cousin {f} is studying medicine in Leeds.", "{f} is my manager at the bank.",
                   "{f} is our dentist at the Riverside practice.", "My old flatmate {f} lives in Glasgow now."]
PASSING = [("{n} from my climbing club", "runs the Thursday sessions", "Did {n} move the Thursday session?",
            "climbing"),
           ("Our neighbour {n}", "waters the tomatoes when we go away", "Has {n} watered the tomatoes?", "neighbour"),
           ("{n} from the allotment society", "organises the seed swap", "Has {n} set a date for the seed swap?",
            "allotment"),
           ("{n} from church", "does the flower rota", "Is {n} doing the flower rota this week?", "church"),
           ("My physio {n}", "gave me new stretches for my knee", "Did {n} say how often to do the stretches?",
            "physio"),
           ("{n} from the choir", "collects the subs every month", "Has {n} collected the subs yet?", "choir")]
NO_CLUE = ["{n} rang earlier.", "{n} says hi.", "Did {n} text back?", "Remind me to call {n}."]

# --- asking while answering: identities (sentence with {f}, a regex that says who), processes, mentions
# (who they are, unrelated to every process below, so that the request names no one by its subject)
IDENTITIES = [("{f} is one of our delivery drivers.", r"delivery driver"),
              ("{f} runs the stockroom for us.", r"stockroom"),
              ("{f} next door is a retired ferry captain.", r"ferry|captain|next door"),
              ("My cousin {f} trains guide dogs in Cardiff.", r"guide dog|cousin"),
              ("{f} handles the wholesale accounts for us.", r"wholesale"),
              ("My old teacher {f} still runs the chess club.", r"chess club|teacher"),
              ("{f} keeps our company vans on the road.", r"vans"),
              ("{f} from the gym is a paramedic.", r"paramedic|gym")]
PROCESSES = [("Remember this process: to check a photo edit, compare it with the raw file, run the colour check in "
              "Lightroom, and log the result in the edit tracker.", r"edit tracker|colour check",
              "Check {n}'s photo edits with our process."),
             ("This is how we approve a cover: print it at full size, hold it next to the spine mock-up, and get two "
              "signatures on the approval slip.", r"approval slip|spine mock-up",
              "Approve {n}'s cover the usual way."),
             ("Our procedure for a video: watch it at double speed for pacing, check captions against the script, "
              "then export it with the Tuesday preset.", r"Tuesday preset|double speed",
              "Review {n}'s video using our procedure."),
             ("Steps for a grant draft: check the word counts per section, match every figure to the budget sheet, "
              "and save it to the Bids folder.", r"budget sheet|Bids folder",
              "Go through {n}'s grant draft with the usual steps.")]
MENTION_VERBS = ["sent over", "finished", "started", "tweaked", "shared", "uploaded"]
MENTION_THINGS = ["drafts", "photos", "sketches", "files", "clips", "pages"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def _full(rng: random.Random, gender: str, taken: set[str]) -> tuple[str, str]:
    first = rng.choice([n for n in FIRST[gender] if n not in taken])
    return first, f"{first} {rng.choice(SURNAMES)}"


def topic_case(rng: random.Random) -> dict:
    g = rng.choice("mf")
    first, full = _full(rng, g, set())
    _, other = _full(rng, g, {first})
    topic, says, asks = rng.choice(TOPICS)
    known_other, said_other = rng.choice(OTHERS)
    person = rng.choice([first, full])
    return {"known": [rng.choice(says).format(p=person), known_other.format(o=other)],
            "session": [said_other.format(o=other), rng.choice(TOPIC_CUES).format(t=topic),
                        rng.choice(asks).format(**PRON[g])],
            "expected": person, "before": other}


def it_case(rng: random.Random) -> dict:
    scene, other = rng.sample(ORG_NAMES, 2)
    kind, says, asks = rng.choice(THINGS)
    name = rng.choice(THING_NAMES)
    return {"known": [f"{scene} is our {rng.choice(SCENE_KINDS)}.", rng.choice(OTHER_TIES).format(o=other)],
            "session": [f"Let's talk about {scene}.", rng.choice(says).format(o=other, n=name), rng.choice(asks)],
            "expected": name, "not": [scene, other], "thing": kind}


def passing_case(rng: random.Random) -> dict:
    g = rng.choice("mf")
    first = rng.choice(FIRST[g])
    surnames = rng.sample(SURNAMES, 2)
    known = [line.format(f=f"{first} {s}", **PRON[g]) for line, s in zip(rng.sample(KNOWN_NAMESAKES, 2), surnames)]
    ref, does, later, clue = rng.choice(PASSING)
    return {"name": first, "known": known, "passing": f"{ref.format(n=first)} {does}.",
            "later": later.format(n=first), "no_clue": rng.choice(NO_CLUE).format(n=first), "clue": clue}


def asking_case(rng: random.Random) -> dict:
    g = rng.choice("mf")
    first = rng.choice(FIRST[g])
    ids = rng.sample(IDENTITIES, 3)
    surnames = rng.sample(SURNAMES, 3)
    names = [first, f"{first} {surnames[1]}", f"{first} {surnames[2]}"]  # one known by first name alone
    teach, marker, query = rng.choice(PROCESSES)
    verbs, things = rng.sample(MENTION_VERBS, 4), rng.sample(MENTION_THINGS, 3)
    mentions = [f"{first} {verbs[i % 4]} {2 + i % 7} {things[i % 3]} on {DAYS[i % 5]}." for i in range(24)]
    return {"name": first, "identities": [(line.format(f=n), pattern) for (line, pattern), n in zip(ids, names)],
            "process": teach, "process_marker": marker, "mentions": mentions, "query": query.format(n=first)}


MAKERS = {"topic pronoun": topic_case, "it thing": it_case, "passing person": passing_case,
          "asking while answering": asking_case}


def generate(seed: int = SEED, per_class: int = CASES_PER_CLASS) -> list[dict]:
    """Every case, with its class, id and half ("calibration" | "test", half of each class). Deterministic."""
    rng = random.Random(seed)
    out = []
    for kind in CLASSES:
        order = list(range(per_class))
        random.Random(seed * 17 + CLASSES.index(kind)).shuffle(order)
        test = set(order[per_class // 2:])
        for i in range(per_class):
            out.append({**MAKERS[kind](rng), "class": kind, "id": f"{kind.replace(' ', '-')}-{i}",
                        "half": "test" if i in test else "calibration"})
    return out
