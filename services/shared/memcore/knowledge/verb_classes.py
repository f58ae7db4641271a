"""Closed classes of lemmas by meaning, for reading a parse (dependency.py): which predicate a verb,
adjective or modal says and so which fact type it gives. General English word classes, not phrases
from any conversation."""
from __future__ import annotations

from ..calendar_words import SEASONS
from . import vocabulary

LIKE = frozenset("love like enjoy adore prefer fancy relish treasure".split())
DISLIKE = frozenset("hate dislike detest loathe despise".split())
WANT = frozenset("want wish crave".split())
FEAR_ADJ = frozenset("scared afraid frightened terrified fearful nervous petrified".split())
ALLERGY_ADJ = frozenset("allergic intolerant sensitive".split())
ABILITY_ADJ = frozenset("good great brilliant excellent amazing decent fluent skilled bad terrible rubbish "
                        "hopeless awful weak strong better best worse worst".split())
WEAK_ADJ = frozenset("bad terrible rubbish hopeless awful weak worse worst".split())
# doers whose noun says the doing without "-er" ("a good cook": cooking; "a keen cyclist": cycling)
DOERS = {"cook": "cooking", "cyclist": "cycling", "guitarist": "playing guitar", "pianist": "playing piano",
         "violinist": "playing violin", "linguist": "languages"}
LEARN = frozenset("learn practise practice study train".split())
# What one takes to learn something: "I've started ukulele lessons", "I do a pottery class".
LESSONS = frozenset("lesson class course".split())
# What one studies for, said with its field: "an Open University degree in psychology", "a masters in law".
DEGREES = frozenset("degree masters master's phd doctorate diploma apprenticeship qualification".split())
# What says one is able and allowed to do a thing: held, it is a skill ("Ana has her first aid certificate").
QUALIFICATIONS = DEGREES | frozenset("certificate cert certification licence license accreditation badge".split())
# Said with a clock time in the present ("we open at 7", "I start at 9"): a daily habit, a routine.
HOURS = frozenset("open close shut start finish".split())
RESIDE = frozenset("live reside stay base locate".split())
ORIGIN = frozenset("come hail".split())
WORK = frozenset("work volunteer intern".split())
ATTEND = frozenset("attend".split())
# Verbs that report or hedge what follows ("Mum says ...", "I think ..."): the fact is their clause.
REPORT = frozenset("say tell think reckon guess believe hear know mention suppose claim read".split())
# Verbs that say nothing lasting by themselves (the fact, if any, is in what follows).
LIGHT = frozenset("be do get go make let see look seem feel try mean want need ask wonder hope "
                  "keep start stop help".split())
# Modals and semi-modals of obligation and permission: a rule.
RULE_MODALS = frozenset("must shall should".split())
PERMISSION_ADJ = frozenset("allowed permitted forbidden banned supposed allow permit forbid ban".split())
# Of those, the words that grant: affirmed, they loosen ("I'm allowed to ..."), only negated do they bind.
GRANTS = frozenset("allowed permitted allow permit".split())
# Verbs whose object is the one who fears: "spiders scare me".
FEAR_VERBS = frozenset("scare frighten terrify petrify spook freak".split())  # ("spiders freak me out")
# Moving house or place: a dated change, kept as an event.
MOVE = frozenset("move relocate emigrate".split())
# Aspect and mood that do not state a present fact.
UNREAL_MODALS = frozenset("would could might may 'd".split())
FUTURE = frozenset("will 'll shall".split())
# Adjectives of opinion or mood: "she is nice", "I'm tired" are not cards a note-taker writes.
OPINION_ADJ = frozenset("nice good great fine cool fun lovely amazing awesome brilliant tired sad happy "
                        "bored busy sorry excited glad ok okay sure ready right wrong funny silly".split())
# Doings that last a moment: said in the present progressive ("my dog is barking at the postman", "the baby is
# crying", "it's pouring"), they tell what is happening as the owner types, not a lasting fact.
MOMENT = frozenset("bark howl meow purr cry sob weep sleep nap doze snore scream shout yell laugh giggle whine moan "
                   "chew munch nibble sip cuddle snuggle queue shiver sneeze cough sweat rain snow drizzle pour hail "
                   "thunder knock ring buzz beep fight argue bicker sulk".split())
# Words of time that date a clause as an event.
EVENT_TIME = frozenset("yesterday today tonight tomorrow ago recently soon".split())
# Running something is a role: "I run the coding club", "I lead the design team".
LEAD = frozenset("run lead manage captain coach organise organize chair host own".split())
# Where one's work is said with a verb of one's trade: "I drive for a haulier", "she teaches at a deaf school",
# "I fix barge engines for a living": the place or the employer is an institution, a firm or a name.
EMPLOYERS = frozenset("company firm business haulier council county agency charity hospital school college university "
                      "nursery clinic practice surgery bank shop store restaurant cafe café hotel airline ministry "
                      "department station factory warehouse studio garage newspaper paper radio magazine church club "
                      "trust service services gym academy institute lab laboratory museum library theatre prison".split())
# What one drives for a living: "my stepdad drives a minibus", "I drive a forklift" (trade_words).
VEHICLES = frozenset("bus minibus coach taxi cab van lorry truck tractor forklift crane train tram ambulance "
                     "ferry tanker digger excavator hgv artic".split())
# What a person's own "my X is ..." says about who they are.
IDENTITY_NOUNS = frozenset("birthday name job pronoun pronouns school age".split())
SAME_DAY = frozenset("today tonight now later".split())
EVENT_TIME_HEADS = frozenset("week weekend month year term night morning evening afternoon".split()) | frozenset(SEASONS)
PARTS_OF_WEEK = frozenset("weekend weekends weekday weekdays week nights days mornings evenings afternoons".split())
# Pronouns that name nobody the owner knows.
NOBODY = frozenset("you it this that these those there something anything everything nothing someone "
                   "anyone everyone nobody what which who one".split())
# Subjects that make a statement a rule for everyone ("Nobody is allowed to ...", "Anything with sesame must ...").
NEGATIVE_QUANTIFIERS = frozenset("nobody nothing none".split())
QUANTIFIERS = NEGATIVE_QUANTIFIERS | frozenset("anything everything everyone everybody anyone anybody".split())
LIKED_IN_THE_PAST = {"hated": "hate", "hates": "hate", "loved": "love", "liked": "like", "disliked": "dislike", "adored": "adore",
                     "enjoyed": "enjoy", "loathed": "loathe", "detested": "detest"}
# Adjectives of a strong liking said with a preposition: "mad about trains", "obsessed with chess".
FOND_ADJ = frozenset("mad crazy obsessed keen nuts potty wild".split())
# Verbs that "can't" makes a mood, a plan or an idiom, not a missing ability ("I can't wait").
NOT_ABILITIES = frozenset("wait remember believe complain imagine decide think sleep come talk move breathe cope "
                          "hear tell say stop win lose find agree understand afford".split())
# What, said after a verb, makes "I can't <verb>" a plan or a circumstance ("I can't come on Friday").
MORE_SAID = frozenset("prep advmod npadvmod ccomp xcomp advcl dobj conj".split())
KIN_TITLES = vocabulary.KIN_TITLES  # one list of the titles said before a name
# Word endings of a people, faith or nation ("Jewish", "Polish", "Chinese", "Muslim"): who one is, not a first name.
BELONGING = ("ish", "ese", "muslim", "hindu", "sikh", "buddhist", "catholic", "quaker", "mormon", "atheist")

# doing these with an object is an ability ("I can't ride a bike", "she can't tie her laces")
ABILITY_VERBS = frozenset("ride play speak read write tie do cook bake drive swim knit sew whistle skate ski climb juggle "
                          "catch throw kick spell count draw sing dance dive surf".split())
# what a small child learns to do, said as going on now ("she's crawling now") or not yet ("he isn't talking yet")
MILESTONES = frozenset("walk crawl talk run stand sit read swim ride cycle roll babble".split())
