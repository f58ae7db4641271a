"""The child's voice of the people-talk benchmark (docs/people-talk-voices.md): a child of seven to
eleven telling a companion about family, the street, school and clubs, in short sentences. No name,
relation or template of the adult vocabulary (people_talk_vocabulary). {his}/{he}/{him} are filled
with the person's pronouns."""
from __future__ import annotations

from .people_talk_vocabulary import PRONOUNS, Setting, Vocabulary

SHARED_NAMES = {"m": ["Alfie", "Oliver", "Harry", "Jack", "Leo", "Noah", "Charlie", "George"],
                "f": ["Poppy", "Lily", "Ella", "Mia", "Grace", "Ruby", "Isla", "Olivia"]}
OWN_NAMES = {"m": ["Zayn", "Theo", "Reuben", "Kai", "Ibrahim", "Finley", "Mateo", "Rohan"],
             "f": ["Esme", "Amara", "Willow", "Hana", "Matilda", "Nell", "Zara", "Keira"]}
SURNAMES = ["Hale", "Pickering", "Adeyemi", "Whitcombe", "Chaudhry", "Gibbs", "Hendry", "Jennings", "Kemp",
            "Lowe", "Murray", "Nash", "Oakley", "Parfitt", "Quigley", "Rhodes", "Sato", "Thorne", "Vickers", "Yates"]

# Relations: (text, "pre" = "my big cousin Alfie" | "post" = "Alfie from swimming"); ":m"/":f" for one gender.
FAMILY_RELATIONS = [("my big cousin", "pre"), ("my little cousin", "pre"), ("Mum's friend", "pre"),
                    ("Grandma's neighbour", "pre"), ("my stepbrother", "pre:m"), ("my stepsister", "pre:f"),
                    ("who lives across the road", "post"), ("my uncle", "pre:m"), ("my auntie", "pre:f"),
                    ("Dad's friend", "pre"), ("from church", "post")]
SCHOOL_RELATIONS = [("in my class", "post"), ("from swimming", "post"), ("from Cubs", "post:m"),
                    ("from Brownies", "post:f"), ("from drama club", "post"), ("in Year 6", "post"),
                    ("my best friend", "pre"), ("from the after-school club", "post"), ("who sits next to me", "post")]

# Roles: (id, what the child says (after the name or "he"/"she"), how a later sentence alludes to it).
# Grown-ups' jobs in a child's words (family and street) and what a kid is known for (school and clubs).
GROWN_UP_ROLES = [
    ("zookeeper", ["works at the zoo", "feeds the penguins at the zoo"], ["the penguins", "the zoo"]),
    ("lollipop", ["helps children cross the busy road", "holds the lollipop sign"],
     ["the lollipop sign", "the crossing by the gates"]),
    ("magician", ["does magic at birthday parties", "is a magician"], ["the magic tricks", "{his} magic wand"]),
    ("firefighter", ["is a firefighter", "drives a fire engine"], ["the fire engine", "{his} shiny helmet"]),
    ("cook", ["cooks the school dinners", "works in the school kitchen"], ["the school dinners", "the custard"]),
    ("builder", ["builds houses", "is a builder"], ["the digger", "the bricks {he} laid"]),
    ("ice cream", ["drives an ice cream van", "sells ice creams"], ["the ice cream van", "the ninety-nines"]),
    ("doctor", ["is a doctor at the hospital", "makes sick people better"], ["the hospital", "{his} stethoscope"]),
    ("police", ["is a police officer", "works for the police"], ["the police car", "{his} police radio"]),
    ("postie", ["delivers the post", "is a postie"], ["the parcels", "{his} post bag"]),
]
KID_ROLES = [
    ("goalie", ["is the goalie", "plays in goal for the under-tens"], ["{his} goalie gloves", "the penalty {he} saved"]),
    ("speller", ["won the spelling bee", "is the best at spelling"], ["the spelling bee", "{his} spelling trophy"]),
    ("drummer", ["plays the drums in the band", "is the drummer in the band"], ["the drum solo", "{his} drumsticks"]),
    ("council", ["is on the school council", "got voted onto the council"], ["the council meeting", "{his} council badge"]),
    ("runner", ["won the sack race", "is the fastest runner in the whole school"], ["sports day", "the race {he} won"]),
    ("star of the play", ["got the main part in the Christmas play", "is the star of the play"],
     ["the Christmas play", "{his} costume"]),
    ("maths whizz", ["is the best at times tables", "is brilliant at maths"], ["the times tables", "{his} maths certificate"]),
    ("library helper", ["is a library helper", "helps in the library at lunch"], ["the library books", "the book corner"]),
    ("eco warrior", ["is an eco warrior", "looks after the wormery"], ["the wormery", "the recycling bins"]),
]
# Places: where they live, as a child sees it.
PLACES = [
    ("skate park flats", ["lives in the flats by the skate park"], ["the skate park", "{his} flat with the lift"]),
    ("goat farm", ["lives on a farm with goats", "lives on a farm"], ["the goats", "{his} farm"]),
    ("trampoline house", ["has a house with a giant trampoline"], ["the giant trampoline", "the bouncing in {his} garden"]),
    ("sweet shop", ["lives above the sweet shop", "lives over the sweet shop"], ["the sweet shop", "the pick and mix"]),
    ("railway bridge", ["lives by the railway bridge", "lives next to the trains"],
     ["the railway bridge", "the trains going past"]),
    ("caravan", ["lives in a caravan by the beach"], ["the caravan", "the beach by {his} caravan"]),
    ("tower block", ["lives at the very top of the tower block"], ["the tower block", "the top floor"]),
    ("duck pond", ["lives in the village with the duck pond"], ["the duck pond", "{his} village"]),
]
# Pets and clubs ("who has the big dog").
HOBBIES = [
    ("big dog", ["has a really big dog", "has a dog the size of a bear"], ["the big dog", "{his} massive dog"]),
    ("tortoise", ["has a tortoise", "has a pet tortoise that is fifty years old"], ["the tortoise", "{his} old tortoise"]),
    ("gymnastics", ["does gymnastics", "did a backflip at gymnastics"], ["the backflip", "{his} gymnastics medal"]),
    ("karate", ["does karate", "got a yellow belt at karate"], ["the yellow belt", "{his} karate kicks"]),
    ("lizard", ["has a lizard", "looks after a bearded dragon"], ["the bearded dragon", "{his} lizard tank"]),
    ("lego", ["builds huge Lego castles", "has loads of Lego"], ["the Lego castle", "{his} Lego"]),
    ("piano", ["plays the piano", "has piano lessons"], ["the piano", "{his} piano lessons"]),
    ("ponies", ["rides ponies", "goes horse riding"], ["the pony", "{his} riding boots"]),
    ("rabbits", ["has three rabbits", "has bunnies"], ["the bunnies", "{his} rabbit hutch"]),
    ("comics", ["draws comics", "makes {his} own comics"], ["the comics {he} drew", "{his} superhero comic"]),
]
# Openers of a stretch of talk about someone (no word of these is in a query).
EVENTS = ["{ref} came to my party.", "I played with {ref} at break.", "{ref} sat next to me at lunch.",
          "I saw {ref} at the park.", "{ref} came for a sleepover.", "Me and {ref} played tag.",
          "{ref} gave me a sticker.", "We went to the cinema with {ref}."]
FILLER = ["I had fish fingers for tea.", "I'm bored.", "My tooth is wobbly!", "It's raining so we can't go out.",
          "I got a gold star today.", "Can you tell me a joke?", "What's the biggest animal in the world?",
          "I don't want to go to bed.", "My tummy hurts a bit.", "We did painting today.", "I lost my other shoe.",
          "Dinosaurs are the best.", "My baby brother keeps crying.", "Mum says I need a bath.",
          "I'm making a den under the table.", "It snowed!!", "i'm hungry", "What shall we play?"]
ASSISTANT = ["Wow!", "That sounds fun!", "Oh dear, I'm sorry.", "Good job!", "Ha ha, that's funny.", "Tell me more!",
             "Really? Cool.", "I'm listening.", "That's brilliant.", "Hmm, let's think about that."]
FACT_STYLES = {
    "plain": ["{ref} {pred}.", "And {ref_l} {pred}."],
    "excited": ["Guess what, {ref_l} {pred}!", "Did you know {ref_l} {pred}?!", "{ref} {pred}!!"],
    "babbly": ["um {ref_l} {pred}", "{ref_l} {pred} and that's so cool"],
    "true story": ["{ref} {pred}, it's true.", "Honest, {ref_l} {pred}."],
}
LATE_ROLE = ["Guess what, I found out {full} {pred}!", "{full}? Turns out {he} {pred}!",
             "My mum says {full} {pred}, I didn't know!", "You know {rel_ref}? Well, {he} {pred}!"]
CHAT = ["{ref} was being silly.", "{ref} was crying today.", "{ref} is my favourite.", "{ref} was really funny today.",
        "{ref} said a rude word!"]
CLUE_QUERIES = ["Is {name} the one with {c}?", "{name} showed me {c}.", "Can I tell {name} about {c}?",
                "{name} keeps talking about {c}.", "I want to ask {name} about {c}.", "{name} let me see {c}!",
                "Do you remember {name} and {c}?"]
TWO_CLUE_QUERIES = ["{name} told me about {c1} and {c2}.", "Is {name} the one with {c1} and {c2}?",
                    "I want to see {c1} and {c2} with {name}."]
RELATION_QUERIES = ["{ref} is coming round!", "Can {ref} come for tea?", "{ref} is poorly.", "I miss {ref}.",
                    "I drew a picture for {ref}."]
NO_CLUE_QUERIES = ["Is {name} coming?", "Can {name} come round to mine?", "I had a fight with {name}.", "{name} waved at me.",
                   "I want to see {name}.", "Where is {name}?", "I made a card for {name}."]

CHILD = Vocabulary(
    name="child", shared_names=SHARED_NAMES, own_names=OWN_NAMES, surnames=SURNAMES,
    settings=(Setting("household", GROWN_UP_ROLES, FAMILY_RELATIONS), Setting("household", KID_ROLES, SCHOOL_RELATIONS)),
    second_share=1 / 2, places=PLACES, hobbies=HOBBIES, events=EVENTS, filler=FILLER, assistant=ASSISTANT,
    fact_styles=FACT_STYLES, late_role=LATE_ROLE, chat=CHAT, clue_queries=CLUE_QUERIES,
    two_clue_queries=TWO_CLUE_QUERIES, relation_queries=RELATION_QUERIES, no_clue_queries=NO_CLUE_QUERIES,
    pronouns=PRONOUNS)
