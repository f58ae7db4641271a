"""The small business's voice of the people-talk benchmark (docs/people-talk-voices.md): an owner of
a bakery or a landscaping firm noting staff, suppliers, customers and contractors between jobs;
namesakes at work ("Gary the driver", "Gary from the wholesaler"), sites, and the orders and
invoices people are attached to. No name, relation or template of the adult vocabulary
(people_talk_vocabulary). {his}/{he}/{him} are filled with the person's pronouns."""
from __future__ import annotations

from .people_talk_vocabulary import PRONOUNS, Setting, Vocabulary

SHARED_NAMES = {"m": ["Gary", "Steve", "Paul", "Lee", "Dave", "Andy", "Craig", "Wayne"],
                "f": ["Karen", "Lisa", "Donna", "Julie", "Nicola", "Tracey", "Gemma", "Michelle"]}
OWN_NAMES = {"m": ["Bogdan", "Tariq", "Fraser", "Wesley", "Dimitri", "Callum", "Jonah", "Kofi"],
             "f": ["Agnieszka", "Shona", "Ruth", "Yvonne", "Sunita", "Carmen", "Bethan", "Orla"]}
SURNAMES = ["Pennington", "Cartwright", "Okonkwo", "Szabo", "Fitzgerald", "Lomax", "Haworth", "Kerridge", "Mistry",
            "Bramwell", "Dobson", "Ferris", "Gallagher", "Jarvis", "Kinsella", "Mayhew", "Nolan", "Rafferty",
            "Tennant", "Wainwright"]

# Relations: (text, "pre" = "our apprentice Gary" | "post" = "Gary from the wholesaler"); ":m"/":f" for one gender.
BAKERY_RELATIONS = [("from the wholesaler", "post"), ("from the flour mill", "post"), ("our apprentice", "pre"),
                    ("on the early bake", "post"), ("from the deli on Bell Street", "post"),
                    ("at the packaging firm", "post"), ("our Saturday girl", "pre:f"), ("our Saturday lad", "pre:m"),
                    ("from environmental health", "post"), ("our landlord's agent", "pre")]
LANDSCAPING_RELATIONS = [("from the plant hire place", "post"), ("on the Tuesday crew", "post"),
                         ("from the tree nursery", "post"), ("our sparky", "pre"), ("from the builders' merchant", "post"),
                         ("from Orchard Court", "post"), ("our new labourer", "pre"),
                         ("from the council parks team", "post"), ("our subbie", "pre")]

# Roles: (id, how the owner says it (after the name or "he"/"she"), how a later note alludes to it).
BAKERY_ROLES = [
    ("delivery driver", ["drives our delivery van", "does the morning deliveries"], ["the early drop-offs", "the delivery run"]),
    ("head baker", ["is the head baker", "runs the ovens overnight"], ["the overnight bake", "{his} proving schedule"]),
    ("cake decorator", ["decorates the celebration cakes", "does all the cake icing"], ["the icing", "{his} sugar flowers"]),
    ("bookkeeper", ["does our books", "keeps the accounts for us"], ["the VAT return", "{his} spreadsheets"]),
    ("counter assistant", ["works the front counter", "serves on the till"], ["the till", "the queue at the counter"]),
    ("account manager", ["manages our trade account", "looks after our account with them"],
     ["the trade account", "{his} price list"]),
    ("fridge engineer", ["services the fridges", "fixes our cold room"], ["the cold room", "the fridge repair"]),
    ("hygiene inspector", ["inspects kitchens for the council", "is a food safety inspector"],
     ["the hygiene rating", "{his} clipboard"]),
    ("café buyer", ["buys bread for a café chain", "orders for three cafés"], ["the café chain", "the Monday bread drop"]),
]
LANDSCAPING_ROLES = [
    ("digger driver", ["drives the mini digger", "operates the excavator"], ["the mini digger", "the trench {he} dug"]),
    ("paver", ["lays the paving", "does our block paving"], ["the patio slabs", "the block paving"]),
    ("fencer", ["puts up the fencing", "builds fences for us"], ["the fence panels", "{his} post driver"]),
    ("irrigation fitter", ["fits the watering systems", "installs irrigation"], ["the sprinklers", "the irrigation pipes"]),
    ("estimator", ["prices up the work", "does the quotes"], ["the quote", "{his} estimates"]),
    ("skip lorry", ["runs the skip lorry", "hauls the green waste"], ["the skip", "the green waste run"]),
    ("safety officer", ["does the health and safety checks", "is our safety officer"],
     ["the risk assessment", "{his} site induction"]),
    ("garden designer", ["draws the garden designs", "is the garden designer"], ["the planting plan", "{his} drawings"]),
    ("credit controller", ["chases our late payers", "does credit control"], ["the late payers", "{his} payment reminders"]),
]
# Places: the site or base someone works from.
PLACES = [
    ("Eastgate", ["works out of the Eastgate shop", "is based at the Eastgate branch"],
     ["the Eastgate shop", "the Eastgate branch"]),
    ("Quarry Road", ["is based at the Quarry Road yard", "works from the yard on Quarry Road"],
     ["the Quarry Road yard", "the yard gates"]),
    ("Bellfield", ["covers the Bellfield estate", "is on the Bellfield estate job"], ["the Bellfield estate", "the Bellfield houses"]),
    ("unit 4", ["is in unit 4 on the industrial park", "rents unit 4 at the industrial park"], ["unit 4", "the industrial park"]),
    ("market pitch", ["runs our market stall", "does the Saturday market pitch"], ["the market pitch", "the gazebo"]),
    ("Northfield", ["works out at Northfield", "is at the Northfield depot"], ["the Northfield depot", "{his} depot"]),
    ("upstairs office", ["has the little office upstairs", "works from the upstairs office"],
     ["the upstairs office", "{his} desk upstairs"]),
    ("Stanton", ["covers the Stanton area", "drives out to Stanton every day"], ["the Stanton round", "the Stanton customers"]),
]
# Things: the order, invoice or account someone is attached to.
HOBBIES = [
    ("wedding order", ["is handling the golf club wedding order", "took the big wedding order"],
     ["the golf club wedding order", "the wedding order"]),
    ("pallet invoice", ["has the pallet invoice", "is disputing the pallet invoice"], ["the pallet invoice", "the pallets"]),
    ("school contract", ["runs the school lunch contract", "signed the school lunch contract"],
     ["the school contract", "the lunch contract"]),
    ("hampers", ["is sorting the Christmas hampers", "ordered forty hampers for Christmas"],
     ["the hampers", "the forty hampers"]),
    ("turf", ["is sourcing the turf", "ordered the turf"], ["the turf", "the rolls of turf"]),
    ("lease", ["arranged the equipment lease", "handles the equipment leasing"], ["the equipment lease", "the lease paperwork"]),
    ("gluten-free", ["is trialling a gluten-free range", "asked for gluten-free loaves"],
     ["the gluten-free loaves", "the gluten-free range"]),
    ("retainer", ["is on a monthly maintenance retainer", "pays a maintenance retainer"],
     ["the retainer", "the monthly maintenance"]),
    ("insurance claim", ["is dealing with the insurance claim", "filed the insurance claim"],
     ["the insurance claim", "the claim form"]),
    ("deposit", ["put down a deposit last month", "owes us the balance of the deposit"],
     ["the deposit", "the balance {he} owes"]),
]
# Openers of a stretch of talk about someone (no word of these is in a query).
EVENTS = ["Heard from {ref} first thing.", "{ref} popped in earlier.", "Met {ref} this morning.",
          "{ref} emailed at noon.", "Caught {ref} in the car park.", "Spoke to {ref} earlier.",
          "{ref} phoned while I was driving.", "{ref} left a voicemail."]
FILLER = ["The ovens took ages to heat up.", "VAT is due again.", "Card machine's playing up.",
          "Note to self: more bin bags.", "Rain's stopped play today.", "Long day, feet are killing me.",
          "Need to renew the parking permit.", "Radio's been on full blast all morning.", "Coffee number four.",
          "Right, back to it.", "Quiet morning for once.", "The printer's jammed again.",
          "Bank holiday hours on the door.", "ok where was I", "Cash and carry run tomorrow.",
          "Online reviews look decent this week."]
ASSISTANT = ["Noted for you.", "Understood.", "I'll flag that.", "Sounds busy.", "Logged.", "Will do.", "Good to know.",
             "Anything else for today?", "Right you are.", "Thanks, got that down."]
FACT_STYLES = {
    "memo": ["Note: {ref_l} {pred}.", "For the file: {ref_l} {pred}."],
    "clipped": ["{ref} {pred}.", "Quick one, {ref_l} {pred}."],
    "heads up": ["Heads up: {ref_l} {pred}.", "Just so you know, {ref_l} {pred} now."],
    "reminder": ["Worth remembering {ref_l} {pred}.", "Don't forget {ref_l} {pred}."],
}
LATE_ROLE = ["Found out {full} {pred}, news to me.", "Turns out {full} {pred} as well.",
             "For the record, {rel_ref} {pred}.", "News on {full}: {he} {pred}."]
CHAT = ["{ref} was in a rush.", "{ref} is always on the phone.", "{ref} seemed happy with the price.",
        "{ref} never answers emails.", "{ref} brought doughnuts."]
CLUE_QUERIES = ["Did {name} chase {c}?", "Reminder: ask {name} about {c}.", "Has {name} sorted {c} yet?",
                "{name} rang about {c}.", "Any update from {name} on {c}?", "Need to call {name} re {c}.",
                "{name} still hasn't confirmed {c}."]
TWO_CLUE_QUERIES = ["{name} mentioned {c1} and {c2}.", "Ask {name} about {c1}, also {c2}.",
                    "Did {name} get back to us on {c1} or {c2}?"]
RELATION_QUERIES = ["Call {ref} back.", "{ref} wants a callback.", "Has {ref} paid?", "Email {ref} this afternoon.",
                    "{ref} is waiting on an answer."]
NO_CLUE_QUERIES = ["{name} rang.", "Call {name} back.", "{name} is chasing us.", "Did {name} get back to us?",
                   "{name} wants a word.", "Send {name} the details.", "{name} is on holiday next week."]

BUSINESS = Vocabulary(
    name="business", shared_names=SHARED_NAMES, own_names=OWN_NAMES, surnames=SURNAMES,
    settings=(Setting("organisation", BAKERY_ROLES, BAKERY_RELATIONS),
              Setting("organisation", LANDSCAPING_ROLES, LANDSCAPING_RELATIONS)),
    second_share=1 / 2, places=PLACES, hobbies=HOBBIES, events=EVENTS, filler=FILLER, assistant=ASSISTANT,
    fact_styles=FACT_STYLES, late_role=LATE_ROLE, chat=CHAT, clue_queries=CLUE_QUERIES,
    two_clue_queries=TWO_CLUE_QUERIES, relation_queries=RELATION_QUERIES, no_clue_queries=NO_CLUE_QUERIES,
    pronouns=PRONOUNS)
