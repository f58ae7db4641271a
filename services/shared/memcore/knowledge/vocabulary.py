"""Closed word lists of the fact rules: general English, nothing specific to one conversation."""
from __future__ import annotations

import re

_CONTENT = re.compile(r"[a-z0-9]+")
_FUNCTION_WORDS = frozenset("a an the and or of to in on at for with by my our his her their is are was be".split())


def content_words(text: str) -> set[str]:
    """A text's words without the function words, lowercased: what two values must share to say the
    same thing ("the Friday rota" and "our rota on Friday" share {friday, rota})."""
    return set(_CONTENT.findall(text.lower())) - _FUNCTION_WORDS


# An emphatic tail that insists on what was just said and states nothing of its own ("..., no exceptions",
# "..., no arguments", "..., non-negotiable"): a regex fragment, no groups.
EMPHATIC = (r"no\s+(?:exceptions?|excuses|matter\s+what|ifs\s+or\s+buts|ifs,?\s+no\s+buts|arguments?|arguing|discussion|"
            r"debate|negotiation|questions\s+asked)|non-?negotiable|without\s+exception|full\s+stop|"
            r"end\s+of\s+(?:story|discussion)")


# Ties between people, as said with "my": "my best friend", "my grandmother", "our manager".
RELATIONS = frozenset("""
mum mom mother mummy mommy dad father daddy papa parent parents brother sister sibling twin son daughter
baby grandma grandmother granny gran nana nan grandpa grandfather grandad granddad gramps uncle aunt auntie
cousin niece nephew stepmom stepmum stepdad stepbrother stepsister husband wife partner fiance fiancee
girlfriend boyfriend friend bestie buddy pal mate neighbour neighbor teacher tutor coach trainer
babysitter nanny childminder doctor dentist therapist counsellor counselor boss manager colleague
coworker co-worker teammate classmate roommate flatmate housemate landlord landlady mentor assistant
accountant lawyer client supervisor director lead grandson granddaughter grandchild grandchildren grandkids
stepmother stepfather stepson stepdaughter instructor carer warden physio nurse vet gp godmother godfather ex
hubby missus wifey fiancé fiancée guardian godson goddaughter godparent
""".split())
# Family words of other languages that families speaking English use as they are ("my nonna", "lola Rosa",
# "my dedo Stojan"), by the sex they say: a grandmother, an aunt, a mother or an elder sister; a grandfather,
# an uncle, a father or an elder brother. A word that says one sex in one language and the other in another
# ("baba": a grandmother in Slavic tongues, a father in Arabic, Turkish or Persian; "apa") says none.
KIN_OTHER_SHE = frozenset("""mami mamma maman mamá mãe ammi amma eomma
abuela abuelita avó vovó nonna oma yaya babcia babushka babička babka bunica nagymama yiayia mormor farmor bubbe savta
lola nani dadi halmeoni halmoni emee mamie mémé ajji paati nene anneanne babaanne
tía tia tante zia ciocia teta tita khala masi bua ate didi abla unni noona""".split())
KIN_OTHER_HE = frozenset("""papi papa papá pai abba abbu appa ata
abuelo abuelito avô vovô nonno opa dziadek dedo deda dedushka děda nagypapa pappou morfar farfar zayde saba
lolo harabeoji ovoo övöö dede papy pépé
tío tio onkel zio wujek tito chacha mamu kaka samchon dayı amca kuya bhai bhaiya oppa hyung""".split())
KIN_OTHER_TONGUES = KIN_OTHER_SHE | KIN_OTHER_HE | frozenset("mama mam baba apa".split())
RELATIONS = RELATIONS | KIN_OTHER_TONGUES
# Kin one names without "my" ("mum says", "dad's 81", "Mum's cousin"): the owner's (subjects.name_of, chain_holders).
BARE_KIN = frozenset("mum mom mam mother dad father nan nana gran granny grandma grandad grandpa mummy daddy".split())
# Two-word ties.
RELATION_PHRASES = ("best friend", "best mate", "little brother", "little sister", "big brother",
                    "big sister", "older brother", "older sister", "younger brother", "younger sister",
                    "baby brother", "baby sister", "step mum", "step dad", "team lead", "line manager",
                    "business partner", "swim coach", "piano teacher", "class teacher", "form tutor",
                    "mother-in-law", "father-in-law", "sister-in-law", "brother-in-law", "son-in-law",
                    "daughter-in-law", "ex-wife", "ex-husband", "ex-partner", "ex-girlfriend", "ex-boyfriend",
                    "social worker", "key worker", "support worker", "care worker", "youth worker", "case worker")
# Titles said before a name: "Uncle Ben", "Grandma Rose", "Aunt Sally".
KIN_TITLES = frozenset("uncle aunt auntie grandma granny nana grandpa grandad granddad cousin".split()) | KIN_OTHER_TONGUES
# What a business is called by its kind ("a small law firm", "she owns the shop").
BUSINESS_NOUNS = ("firm", "company", "business", "startup", "start-up", "agency", "clinic", "practice", "bakery",
                   "shop", "studio", "charity", "school", "cafe", "café", "restaurant", "consultancy", "lab",
                   "team", "organisation", "organization", "nonprofit", "surgery", "salon", "brand", "store")
# Nouns that name a person by what they are, not by a tie or a job ("the new volunteer", "a girl in my class").
PEOPLE = frozenset("student pupil apprentice trainee resident volunteer person man woman boy girl kid".split())
# What people play, sing or perform in together ("I play the cornet in a brass band", "she sings with a choir").
GROUP_NOUNS = frozenset("band orchestra choir chorus ensemble quartet trio duo group team squad club society".split())
PETS = frozenset("""dog puppy cat kitten rabbit bunny hamster guinea pig goldfish fish parrot budgie bird
horse pony tortoise turtle lizard snake gecko ferret chicken chickens mouse rat
goat lamb cow calf pig piglet duck hen donkey alpaca llama gerbil chinchilla axolotl canary cockatiel parakeet
hedgehog""".split())
# pets named in two words, which the pattern of one word cannot read ("my guinea pigs are called Salt and Pepper")
PET_PHRASES = ("guinea pig", "bearded dragon", "stick insect", "hermit crab", "sea monkey", "tree frog", "corn snake",
               "leopard gecko", "pot-bellied pig", "dwarf rabbit", "lop rabbit")

# the verbs of something taken up ("started the cello", "picked up crochet", "took up running")
# what one does for pleasure, not for a living or as a post: "for fun", "as a hobby", "in her spare time"
PASTIME = r"(?:for\s+(?:fun|pleasure)|(?:as\s+a\s+)?hobby|(?:in\s+(?:my|his|her|their|our)\s+)?(?:spare|free)\s+time)"
TAKEN_UP = r"(?:started|picked\s+up|took\s+up|taken\s+up|began|begun)"
# a number as said, in digits or words ("seven", "forty-two"): one pattern for the readers of ages and counts
NUMBER_SAID = (r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
               r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
               r"(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?")
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}

# Likes and dislikes, as verbs after the subject; the predicate each gives.
PREFERENCE_VERBS = (
    ("can't stand", "dislikes"), ("can’t stand", "dislikes"), ("don't like", "dislikes"),
    ("don’t like", "dislikes"), ("do not like", "dislikes"), ("doesn't like", "dislikes"),
    ("really don't like", "dislikes"), ("hate", "dislikes"), ("hates", "dislikes"), ("dislike", "dislikes"),
    ("dislikes", "dislikes"), ("detest", "dislikes"), ("loathe", "dislikes"), ("can't abide", "dislikes"),
    ("can’t abide", "dislikes"), ("cannot abide", "dislikes"), ("can't bear", "dislikes"), ("can’t bear", "dislikes"),
    ("cannot stand", "dislikes"), ("cannot bear", "dislikes"),
    ("love", "likes"), ("loves", "likes"), ("adore", "likes"), ("adores", "likes"), ("like", "likes"),
    ("likes", "likes"), ("enjoy", "likes"), ("enjoys", "likes"), ("prefer", "prefers"), ("prefers", "prefers"),
)
# "I'm scared of", "she's into": copular preferences.
COPULAR_PREFERENCES = (
    ("scared of", "fears"), ("afraid of", "fears"), ("frightened of", "fears"), ("terrified of", "fears"),
    ("frightened by", "fears"), ("scared by", "fears"), ("obsessed with", "likes"), ("into", "likes"),
    ("crazy about", "likes"), ("mad about", "likes"), ("a big fan of", "likes"), ("a huge fan of", "likes"),
    ("a fan of", "likes"), ("not a fan of", "dislikes"), ("not into", "dislikes"), ("allergic to", "allergic_to"),
    ("intolerant to", "intolerant_to"), ("intolerant of", "intolerant_to"),
    ("hooked on", "likes"), ("nuts about", "likes"), ("wild about", "likes"),
    ("passionate about", "likes"), ("fond of", "likes"), ("keen on", "likes"), ("partial to", "likes"),
    ("not keen on", "dislikes"), ("not fond of", "dislikes"),
)
# Objects that say nothing by themselves.
EMPTY_OBJECTS = frozenset("it that this them him her you one ones those these things stuff something "
                          "anything everything lots".split())
# "I'm a keen climber": words that make "a ...er" a pastime or a trait, not a job.
NOT_A_JOB = frozenset("keen big huge avid massive proper total complete good bad great quick slow vegetarian vegan "
                      "pescatarian member beginner sucker".split())

# The predicates that say where someone works ("works at the Royal Infirmary", "works in Leeds").
WORKPLACES = frozenset("works_at works_for works_in organisation".split())
# The predicates that say only where someone is: a town says less of who one is than a job or a tie does
# (the identity line of a clarification's candidate, store/identity_repo.py).
WHERE_ONE_IS = frozenset("lives_in works_in located_in based_in from born_in".split())

# A condition of becoming: "when I'm 12", "once I get my licence", "until he grows up". What one "can" do
# under it is a promise, not an ability, and the age in it is an age to come (clause_parts.awaits_becoming on
# the parse, skill_rules and identity_rules on the words).
CONDITION_MARKS = frozenset("when once until till if unless".split())
BECOMING_VERBS = frozenset("be turn get grow pass finish reach".split())
_BE_FORMS = ("'m", "’m", "'s", "’s", "'re", "’re", "am", "is", "are")
_MARKS = "|".join(sorted(CONDITION_MARKS))
# "when I'm", "once she turns", "until he grows": a mark, a subject, and a present form of becoming
BECOMING_CONDITION = re.compile(
    rf"(?i)\b(?:{_MARKS})\s+[a-z]+\s*(?:{'|'.join(_BE_FORMS)}|"
    + "|".join(rf"{v}(?:es|s)?" for v in sorted(BECOMING_VERBS - {"be"})) + r")\b")
# a mark (or "by the time") right before a clause that follows it: "... when I'm 12"
CONDITION_BEFORE = re.compile(rf"(?i)\b(?:{_MARKS}|by\s+the\s+time)\s+$")

# "I could eat dumplings every day", "I could watch it forever": a liking said as a hyperbole, no habit and no ability
HYPERBOLE = re.compile(r"(?i)\bcould\s+(?:happily\s+)?(?:eat|drink|watch|listen\s+to|play|read|live\s+on|live\s+in|sing)\s+"
                       r"(?P<obj>.+?)\s+(?:every\s+(?:single\s+)?day|all\s+day(?:\s+long)?|forever|for\s+ever|all\s+the\s+time|"
                       r"for\s+the\s+rest\s+of\s+my\s+life)\b")

# A day's fixed points, said with their clock time ("bedtime at 7:30", "school run at 8.15", "Bedtime is 7:30"):
# read as a routine by fragments._DAILY, and "is" read away by subjectless._DAILY_IS.
DAILY_POINTS = (r"(?:bed\s*time|bed|lights\s+out|dinner|tea|lunch|breakfast|wake[\s-]?up|school\s+run|pick[\s-]?up|"
                r"drop[\s-]?off|naps?|bath(?:\s*time)?|story\s*time|homework|prayers|meds|medication|feeds?)")


# Languages one may speak or write, as chat types them small too ("i speak bislama and french"): a closed class
LANGUAGES = frozenset("""english french spanish portuguese italian german dutch flemish danish swedish norwegian finnish
    icelandic estonian latvian lithuanian polish czech slovak slovene slovenian croatian serbian bosnian macedonian
    bulgarian romanian hungarian greek albanian turkish kurdish arabic hebrew persian farsi dari pashto urdu hindi
    punjabi bengali gujarati marathi tamil telugu kannada malayalam sinhala nepali chinese mandarin cantonese japanese
    korean vietnamese thai khmer lao burmese malay indonesian tagalog filipino swahili amharic somali yoruba igbo hausa
    zulu xhosa afrikaans twi wolof lingala welsh gaelic irish breton basque catalan galician maltese russian ukrainian
    belarusian georgian armenian azerbaijani kazakh uzbek turkmen kyrgyz mongolian tibetan bislama tongan samoan
    fijian maori hawaiian quechua aymara guarani creole papiamento esperanto latin""".split())
