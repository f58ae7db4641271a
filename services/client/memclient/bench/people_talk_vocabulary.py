"""The vocabularies of the people-talk benchmark (memclient.bench.people_talk): names, relations,
roles, places, hobbies and the sentence templates its households are told and asked with, written for
that benchmark, in the adult voice (the child's and the small business's are in
people_talk_vocabulary_child and people_talk_vocabulary_business; docs/people-talk-voices.md).
{his}/{he}/{him} are filled with the person's pronouns."""
from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Setting:
    """Where a household's people come from: its tenant kind, the roles and the relations to the owner."""
    tenant_kind: str  # "household" | "organisation"
    roles: list
    relations: list


@dataclass(frozen=True)
class Vocabulary:
    """One voice of the benchmark: everything the generator (people_talk_households) says or asks with.
    `settings[1]` is the household's setting when its "workspace" flag is set (drawn with `second_share`)."""
    name: str
    shared_names: dict
    own_names: dict
    surnames: list
    settings: tuple[Setting, Setting]
    second_share: float
    places: list
    hobbies: list
    events: list
    filler: list
    assistant: list
    fact_styles: dict
    late_role: list
    chat: list
    clue_queries: list
    two_clue_queries: list
    relation_queries: list
    no_clue_queries: list
    pronouns: dict


ADULT = Vocabulary(
    name="adult", shared_names=SHARED_NAMES, own_names=OWN_NAMES, surnames=SURNAMES,
    settings=(Setting("household", ROLES, HOME_RELATIONS), Setting("organisation", WORK_ROLES, WORK_RELATIONS)),
    second_share=1 / 3, places=PLACES, hobbies=HOBBIES, events=EVENTS, filler=FILLER, assistant=ASSISTANT,
    fact_styles=FACT_STYLES, late_role=LATE_ROLE, chat=CHAT, clue_queries=CLUE_QUERIES,
    two_clue_queries=TWO_CLUE_QUERIES, relation_queries=RELATION_QUERIES, no_clue_queries=NO_CLUE_QUERIES,
    pronouns=PRONOUNS)
