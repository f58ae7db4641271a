"""Facts a user tells their assistant, each in several styles, with the questions that ask for it
later (the second retrieval benchmark; spec in docs/assistant-chats-spec.md). Vocabularies written
for this module.

A fact builder takes a random generator and returns a Fact: its statements by style (one string,
or two for the "two turns" style) and its questions by kind. "{}" placeholders are filled here;
nothing else in the benchmark knows a fact's wording."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

STYLES = ("plain", "texting", "in a request", "two turns", "pronoun")


@dataclass
class Fact:
    kind: str
    statements: dict[str, tuple[str, ...]]  # style -> one or two user turns
    questions: dict[str, list[str]] = field(default_factory=dict)  # question kind -> phrasings


PETS = [("dog", "pup", ["Biscuit", "Pickle", "Juno", "Mabel", "Otis", "Pepper", "Rufus", "Nala"]),
        ("cat", "kitty", ["Miso", "Tofu", "Clementine", "Smudge", "Percy", "Luna"]),
        ("rabbit", "bunny", ["Clover", "Thumper", "Hazel", "Nutmeg"]),
        ("tortoise", "shelled friend", ["Sheldon", "Gus", "Dot"])]
RELATIVES = [("sister", "sis", "she"), ("brother", "bro", "he"), ("cousin", "cuz", "she"), ("aunt", "auntie", "she"),
             ("uncle", "unc", "he"), ("grandad", "grandpa", "he"), ("niece", "sister's girl", "she")]
FIRST = {"she": ["Ana", "Priya", "Maeve", "Lotte", "Ines", "Keira", "Dalia", "Freya", "Yuki", "Rosa"],
         "he": ["Sam", "Tariq", "Ewan", "Mateo", "Callum", "Jonas", "Dev", "Felix", "Kofi", "Luca"]}
CITIES = ["Leeds", "Porto", "Galway", "Lisbon", "Bristol", "Glasgow", "Utrecht", "Norwich", "Cork", "Valencia",
          "Exeter", "Dundee", "Ghent", "Bergen", "Aarhus", "Bath"]
JOBS = [("pharmacist", "Boots on the high street"), ("nursery teacher", "Little Acorns"),
        ("software tester", "Brightwave Labs"), ("sous chef", "The Olive Tree"), ("paralegal", "Hart & Lowe"),
        ("bike mechanic", "Spoke & Chain"), ("librarian", "the central library"),
        ("dental nurse", "Parkside Dental"), ("estate agent", "Harbour Homes"), ("bookseller", "Hartwell Books")]
ALLERGIES = ["peanuts", "shellfish", "sesame", "kiwi", "mustard", "celery", "eggs"]
HOBBIES = [("bouldering", "go bouldering"), ("the cello", "play the cello"), ("pottery", "do pottery"),
           ("chess", "play chess online"), ("sea swimming", "swim in the sea"), ("birdwatching", "go birdwatching"),
           ("salsa", "dance salsa"), ("woodwork", "make furniture in the shed"), ("crochet", "crochet blankets")]
EVENTS = [("driving test", "exam"), ("dentist appointment", "check-up"), ("job interview", "interview"),
          ("sister's wedding", "wedding"), ("half marathon", "race"), ("citizenship ceremony", "ceremony"),
          ("piano recital", "recital")]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
COFFEE = ["oat flat white", "double espresso", "iced latte with an extra shot", "decaf cappuccino", "black americano"]
COMMUTES = [("cycle", "bike"), ("get the train", "train"), ("walk", "on foot"), ("take the bus", "bus"),
            ("drive", "car")]
TRIPS = ["Iceland", "Crete", "the Lake District", "Kyoto", "Marrakech", "the Dolomites", "Sicily", "Vancouver"]


def _date(rng: random.Random) -> str:
    return f"{rng.randint(2, 27)} {rng.choice(MONTHS)}"


def pet(rng: random.Random) -> Fact:
    species, nick, names = rng.choice(PETS)
    n = rng.choice(names)
    return Fact("pet", {
        "plain": (f"My {species} is called {n}.",),
        "texting": (f"{n.lower()} (my {species}) chewed thru my charger again smh",),
        "in a request": (f"Can you suggest some toys for a bored {species}? {n} has been climbing the walls.",),
        "two turns": (f"We finally got a {species}!", f"{n}. Named after my gran's first one."),
        "pronoun": (f"My {species} had jabs today, {n} was so brave about it.",),
    }, {"direct": [f"What's my {species} called again?", f"What did I name my {species}?"],
        "paraphrase": [f"Remind me what the {nick} is called.", f"What do we call our {nick}?"]})


def relative(rng: random.Random, used: set[str]) -> tuple[Fact, dict]:
    rel, nick, pron = rng.choice(RELATIVES)
    name = rng.choice([f for f in FIRST[pron] if f not in used])
    used.add(name)
    city = rng.choice(CITIES)
    cap = pron.capitalize()
    fact = Fact("relative", {
        "plain": (f"My {rel} {name} lives in {city}.",),
        "texting": (f"{rel} {name.lower()} is up in {city.lower()} now lol",),
        "in a request": (f"Can you suggest a gift I could post to my {rel} {name} in {city}?",),
        "two turns": (f"Just got off the phone with my {rel} {name}.",
                      f"{name}'s in {city}, so we only really see each other at Christmas."),
        "pronoun": (f"My {rel} {name} called earlier. {cap} lives in {city} and loves it there.",),
    }, {"direct": [f"Where does my {rel} live?", f"Which city is my {rel} in?"],
        "paraphrase": [f"Where's my {nick} based these days?"]})
    return fact, {"rel": rel, "name": name, "pron": pron, "city": city}


def relative_two_sessions(rng: random.Random, used: set[str]) -> tuple[str, str, list[str]]:
    """A relative named in one session and their city said with the name alone in another:
    (first turn, second turn, multi-hop questions)."""
    rel, _, pron = rng.choice(RELATIVES)
    name = rng.choice([f for f in FIRST[pron] if f not in used])
    used.add(name)
    city = rng.choice(CITIES)
    first = rng.choice([f"My {rel} {name} is coming to stay next week.", f"I'm taking my {rel} {name} out for lunch.",
                        f"My {rel} {name} has just turned forty."])
    second = rng.choice([f"{name} sent me photos from {city}, the flat there looks amazing.",
                         f"{name} is flying back to {city} on Sunday.",
                         f"Apparently {name} has been in {city} three years now."])
    return first, second, [f"Which city does my {rel} live in?", f"Where is my {rel} living now?"]


def job(rng: random.Random) -> Fact:
    role, place = rng.choice(JOBS)
    return Fact("job", {
        "plain": (f"I work as a {role} at {place}.",),
        "texting": (f"ugh long shift at {place} today, {role}s never get a break",),
        "in a request": (f"Can you help me update my CV? I've been a {role} at {place} for three years.",),
        "two turns": ("Big news, I got the job!", f"I'll be a {role} at {place}, starting Monday."),
        "pronoun": (f"{place} is where I work, it's where I've been a {role} since 2021.",),
    }, {"direct": ["Where do I work?", "What's my job?"],
        "paraphrase": ["Who's my employer?", "What do I do for a living?"]})


def allergy(rng: random.Random) -> Fact:
    food = rng.choice(ALLERGIES)
    return Fact("allergy", {
        "plain": (f"I'm allergic to {food}.",),
        "texting": (f"cant eat {food} btw, allergic, found out the hard way",),
        "in a request": (f"Can you plan me a dinner for Friday? No {food} though, I'm allergic.",),
        "two turns": ("I had a bit of a scare at lunch.", f"Turns out I'm allergic to {food}. Face swelled right up."),
        "pronoun": (f"{food.capitalize()} and I don't get on: it gives me hives, I'm allergic.",),
    }, {"direct": ["What am I allergic to?", "Remind me of my allergy."],
        "paraphrase": ["Which foods should I steer clear of?", "Is there anything I can't eat?"]})


def hobby(rng: random.Random) -> Fact:
    thing, doing = rng.choice(HOBBIES)
    return Fact("hobby", {
        "plain": (f"I {doing} on Tuesday evenings.",),
        "texting": (f"gonna {doing} tonight, arms will be dead tmrw lol",),
        "in a request": (f"Can you find me a good playlist? It's for when I {doing}.",),
        "two turns": ("I've picked up a new hobby.", f"I {doing} now, twice a week."),
        "pronoun": (f"I tried {thing} last month. It's my new obsession, I'm hooked.",),
    }, {"direct": [f"How often do I do {thing}?" if thing != "the cello" else "When do I practise the cello?"],
        "paraphrase": ["What do I do for fun?", "What's my pastime?"]})


def event(rng: random.Random) -> Fact:
    what, short = rng.choice(EVENTS)
    date = _date(rng)
    return Fact("event", {
        "plain": (f"My {what} is on {date}.",),
        "texting": (f"{what} on {date} eek",),
        "in a request": (f"Can you help me plan the week before my {what}? It's on {date}.",),
        "two turns": (f"I've finally booked my {what}.", f"It's on {date}, fingers crossed."),
        "pronoun": (f"The {what} got moved. It's now on {date}.",),
    }, {"direct": [f"Did I tell you about my {short}?"],
        "temporal": [f"When is my {what}?", f"What's happening on {date}?"]})


def coffee(rng: random.Random) -> Fact:
    order = rng.choice(COFFEE)
    return Fact("preference", {
        "plain": (f"I always have an {order}." if order[0] in "aeiou" else f"I always have a {order}.",),
        "texting": (f"need my {order} before anyone talks to me",),
        "in a request": (f"Can you find a café near the office? Somewhere that does a decent {order}.",),
        "two turns": ("I'm quite fussy about coffee.", f"It has to be a {order}, nothing else."),
        "pronoun": (f"My usual is a {order}. It's the only thing that gets me going.",),
    }, {"direct": ["How do I take my coffee?"], "paraphrase": ["What should you get me at the café?"]})


def commute(rng: random.Random) -> Fact:
    how, means = rng.choice(COMMUTES)
    minutes = rng.choice([15, 20, 25, 35, 40, 50])
    return Fact("routine", {
        "plain": (f"I {how} to work, it takes about {minutes} minutes.",),
        "texting": (f"{minutes} mins to work if i {how}, not bad",),
        "in a request": (f"Can you check the weather for tomorrow morning? I {how} to work.",),
        "two turns": ("My mornings are pretty routine.", f"I {how} to work, about {minutes} minutes door to door."),
        "pronoun": (f"The {means} is how I get to work. It takes me {minutes} minutes.",),
    }, {"direct": ["How do I get to work?"], "paraphrase": ["How long is my commute?"]})


def trip(rng: random.Random) -> Fact:
    place = rng.choice(TRIPS)
    month = rng.choice(MONTHS)
    return Fact("trip", {
        "plain": (f"We're going to {place} in {month}.",),
        "texting": (f"{place} in {month}!!! cant wait",),
        "in a request": (f"Can you make me a packing list? We're off to {place} in {month}.",),
        "two turns": ("We booked a holiday!", f"{place}, in {month}. Two whole weeks."),
        "pronoun": (f"{place} has been on my list forever, and we're finally going there in {month}.",),
    }, {"direct": ["Where am I going on holiday?"], "paraphrase": ["What's my big getaway this year?"],
        "temporal": [f"When am I going to {place}?", f"What did I say I'm doing in {month}?"]})


def move(rng: random.Random) -> tuple[Fact, str, list[str]]:
    """Where the user lives, and the later turn saying they moved: (fact, update turn, update questions)."""
    old, new = rng.sample(CITIES, 2)
    fact = Fact("home", {
        "plain": (f"I live in {old}, near the station.",),
        "texting": (f"{old} traffic is a nightmare today, should never have moved here",),
        "in a request": (f"Can you find me a running club in {old}? That's where I live.",),
        "two turns": ("I love my neighbourhood.", f"{old} has everything, I've lived here six years."),
        "pronoun": (f"{old} is home for me. It's where I've lived since uni.",),
    }, {"direct": [f"Did I tell you I lived in {old}?"]})
    update = rng.choice([f"We've moved! We're in {new} now, the new flat is tiny but lovely.",
                         f"Big change: we packed up and moved to {new} last weekend.",
                         f"Writing from {new}, the move finally happened."])
    return fact, update, ["Where do I live now?", "Which city am I living in at the moment?"]


BUILDERS = (pet, job, allergy, hobby, event, coffee, commute, trip)
