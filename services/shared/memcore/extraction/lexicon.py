"""Closed word lists shared by the extraction rules.

Everything here is general English vocabulary (function words, kinship terms,
job titles, organisation suffixes, common verbs). Nothing is specific to one
customer, conversation or scenario.
"""

from __future__ import annotations

import re

from ..calendar_words import MONTHS, SHORT_DAYS, WEEKDAYS

# Upper-case letters beyond ASCII (Latin-1 and Latin Extended-A/B), so that
# names such as "Émile", "Łukasz" or "Ørsted" count as capitalised in regexes.
UPPER_CHARS = "A-Z" + "".join(
    c for c in map(chr, range(0x00C0, 0x0250)) if c.isupper() and c != "×"
)
LOWER_CHARS = "a-z" + "".join(c for c in map(chr, range(0x00DF, 0x0250)) if c.islower() and c != "÷")

# Function words and frequent sentence openers that are capitalised only
# because they begin a sentence.
SENTENCE_OPENERS = frozenset(
    """
    a an the this that these those there here it its i i'm i've i'd i'll we we're we've our ours
    you your yours he his him she her hers they them their theirs my me us what when where why how
    who whom whose which if and but or so then next also remember please anything everything
    nothing something someone somebody everyone everybody anyone nobody all any some each every
    no not yes ok okay oh well hey hi hello thanks thank after before once while during as at in on
    for from to with without by about into onto of off over under again always never sometimes
    often usually maybe perhaps just only still even today tomorrow yesterday tonight let let's
    do does did don't doesn't didn't can can't could would should will won't must might may
    is are was were be been being have has had make sure first second third finally lastly
    step steps note important okay sorry great good nice cool wow yeah yep nope sure
    fyi btw lol omg aww ugh haha hmm ooh ah aha um er meh yay tbh imo idk ps
    woah whoa yum nah gotcha bummer woohoo congrats congratulations anytime glad awesome sweet yo see
    right alright anyway anyhow
    """.split()
)

# Imperative verbs that often start an instruction step ("Paste the article ...").
IMPERATIVE_VERBS = frozenset(
    """
    add apply ask attach back book bring call cancel change check choose clean clear click close
    collect compare confirm copy count create cut delete deliver divide do double download drop
    email empty enter fill find finish fix fold follow forward get give go grab heat hold include
    insert keep label leave let lock log look make mark measure message mix move note open order
    pack paste pay pick place plug post pour prepare press print put read record refresh remove
    rename repeat replace reply report reset restart return review rinse rotate run save scan
    schedule select send set share sign sort start stir store submit switch take tell test text
    tick turn type unlock unplug update upload use verify wait wash weigh wipe write
    """.split()
)

# Words that open a continuation step inside a multi-sentence instruction.
STEP_CONNECTORS = frozenset(
    """
    then next after afterwards finally lastly once when whenever if anything everything
    anyone everyone whatever make always never don't do not also and but otherwise unless
    first second third fourth fifth step
    """.split()
)

# Openers that signal that a new, unrelated statement starts.
TOPIC_SHIFT_OPENERS = ("by the way", "btw", "also,", "separately", "unrelated", "anyway", "oh and")

# the short days that are time words here: not "sun" (a word of its own: "the sun"), nor "weds" (never one here)
WEEKDAY_SHORT = tuple(d for d in SHORT_DAYS if d not in ("weds", "sun"))
TIME_WORDS = frozenset(WEEKDAYS + tuple(d + "s" for d in WEEKDAYS) + WEEKDAY_SHORT + MONTHS
                       + tuple(m[:3] for m in MONTHS if m != "may"))

# Kinship and personal ties: "X is my sister" -> (X, sister_of, speaker).
KINSHIP = frozenset(
    """
    mother mom mum mommy mummy father dad daddy sister brother son daughter child kid wife husband
    partner boyfriend girlfriend fiance fiancee aunt uncle cousin niece nephew grandmother grandma
    granny grandfather grandpa grandson granddaughter stepmother stepfather stepson stepdaughter
    friend neighbour neighbor roommate flatmate godmother godfather babysitter nanny
    stepbrother stepsister stepdad stepmum stepmom auntie aunty nan nana nanna grandad granddad
    """.split()
)

# Kinship words that say which pronoun a person takes ("Mum", "Grandad", "Auntie Bea"), when said as
# their name (memcore.entities.identity: a "he" never lands on Mum).
KIN_SHE = frozenset("""
    mother mom mum mommy mummy sister daughter wife girlfriend fiancee aunt auntie aunty niece grandmother
    grandma granny nan nana nanna granddaughter stepmother stepdaughter stepsister stepmum stepmom godmother
""".split())
KIN_HE = frozenset("""
    father dad daddy brother son husband boyfriend fiance uncle nephew grandfather grandpa grandad granddad
    grandson stepfather stepson stepbrother stepdad godfather
""".split())

# Job titles and business roles (singular forms).
ROLE_WORDS = frozenset(
    """
    ceo cto cfo coo cmo cio ciso vp president founder cofounder co-founder owner director manager
    lead head engineer developer designer writer editor author accountant lawyer attorney
    consultant contractor freelancer intern assistant secretary receptionist baker chef cook
    cashier waiter waitress barista driver cleaner teacher tutor coach trainer nurse doctor
    dentist therapist analyst architect administrator admin recruiter salesperson marketer
    strategist producer photographer illustrator translator copywriter programmer tester
    supervisor foreman boss colleague coworker co-worker client customer supplier vendor
    partner investor advisor adviser mentor member employee staff volunteer officer clerk
    mechanic plumber electrician technician pharmacist librarian principal coordinator
    specialist representative rep agent broker planner scientist researcher
    """.split()
)

# Uppercase abbreviations that are roles, not entities.
ROLE_ACRONYMS = frozenset({"CEO", "CTO", "CFO", "COO", "CMO", "CIO", "CISO", "VP", "PM", "HR"})

# Uppercase abbreviations that are general concepts rather than named organisations.
CONCEPT_ACRONYMS = frozenset(
    """
    API APIS SEO AI ML QA PDF URL UI UX CRM ERP SQL KPI OKR ASAP FAQ FYI ETA IT IP DNS CSV
    JSON HTML CSS SMS GPS TV DIY LGBTQ LGBT LGBTQIA ADHD OK PS RSVP USB WIFI VPN SaaS B2B B2C
    """.split()
)
PLACE_ACRONYMS = frozenset({"US", "USA", "UK", "EU", "UAE", "NYC", "LA", "SF", "DC"})

# Final words that make a capitalised name an organisation.
ORG_SUFFIXES = frozenset(
    """
    inc inc. ltd ltd. llc llp plc gmbh ag sa corp corp. corporation co co. company companies group
    holdings partners associates agency studio studios labs lab systems solutions technologies
    tech software media marketing consulting consultancy services industries enterprises
    ventures capital bank insurance realty construction roofing plumbing electric electrical
    as ab oy bv nv sarl srl spa pty kk sas
    dental clinic hospital pharmacy bakery cafe café restaurant bistro diner bar pub hotel
    foods logistics motors airlines foundation institute association society club university
    college school academy church council ministry department press publishing records
    """.split()
)

# Final words that make a capitalised name a place.
PLACE_SUFFIXES = frozenset(
    """
    street st road rd avenue ave boulevard blvd lane drive square park city town village county
    river lake mountain mountains valley beach island bay airport station office mall market
    """.split()
)

# Nouns that name a piece of work: "the Anderson order" -> project.
PROJECT_NOUNS = frozenset(
    """
    order project campaign account launch migration deal contract rollout release redesign
    rebuild account pitch proposal initiative programme program case job tender build audit
    """.split()
)

# Verbs whose object introduced with in/on/into/via is a software system or tool.
TOOL_VERBS = frozenset(
    """
    track tracks tracked store stores stored keep keeps kept log logs logged save saves saved
    paste pastes pasted put puts upload uploads uploaded record records recorded manage manages
    file files filed write writes written note notes noted list lists listed schedule schedules
    plan plans run runs host hosts hosted check checks build builds built use uses used using
    post posts posted share shares shared draft drafts send sends sent enter enters entered
    move moves moved import imports imported migrate migrates migrated sync syncs synced add adds
    added load loads loaded publish publishes published
    """.split()
)

# Irregular past-tense verbs (regular ones end in -ed).
IRREGULAR_PAST = frozenset(
    """
    went took sent made got had was were did saw said told gave came ate wrote bought brought met
    ran won lost left found thought felt heard built paid sold spent taught caught began broke
    chose drove flew forgot kept knew sat slept spoke stood swam threw woke wore drew drank fell
    fought hid hit hurt led lent meant rode rang rose sang sank shook shot shut sought stole
    stuck struck swore swept tore understood wept withdrew became forgave froze grew held
    """.split()
)

EMOTION_WORDS = frozenset(
    """
    love loved loves hate hated hates adore adored angry furious upset sad happy thrilled excited
    scared afraid terrified worried anxious nervous proud ashamed embarrassed grateful thankful
    devastated heartbroken overjoyed delighted frustrated annoyed stressed lonely jealous amazing
    awful terrible wonderful powerful painful cried crying panic miss missed
    """.split()
)


# Words that open a sentence and are never the first word of a name there ("Fyi Oskar is ...",
# "Visited Emma Yates", "Ask Tom Baker").
OPENER_WORDS = SENTENCE_OPENERS | IMPERATIVE_VERBS | IRREGULAR_PAST

# "no" before these is an idiom or an answer, not a ban: "no worries", "no exceptions", "no way"
IDIOMATIC_NO = frozenset(
    "worries worry problem problems prob probs doubt doubts way idea clue kidding rush pressure big joke matter "
    "offense offence thanks need one longer more less sweat biggie shame wonder surprise surprises time ta "
    "exceptions exception excuses".split()
)
# Words that make what follows "no" a clause of its own, not the thing banned: an auxiliary or a modal
# ("no it's fine", "no I can't"), or a subject pronoun ("no they just scream when one goes over")
_CLAUSE_WORDS = frozenset("can could will would shall should may might must is are was were am be been has have had "
                          "do does did 's 're 'm 've 'd".split())
_SUBJECT_PRONOUNS = frozenset("i we you he she it they".split())


def banned_thing(after_no: str) -> bool:
    """Whether what is said after "no" can be a thing banned ("no sweets after 7pm"), not an idiom
    ("no worries") nor an answer's "no" and then a clause ("no they just scream", "no silly only the boys do that")."""
    words = re.findall(r"[a-z]+|'[a-z]+", after_no.lower().replace("’", "'"))  # "it's" is "it" and "'s"
    if len(words) > 1 and words[0] in ("just", "only") and words[1] in _OBJECT_PRONOUNS | _SUBJECT_PRONOUNS | {"kidding", "joking"}:
        return False  # "no just me", "no, only us", "no just kidding": an answer
    return bool(words) and words[0] not in IDIOMATIC_NO | _SUBJECT_PRONOUNS and not set(words) & _CLAUSE_WORDS


_OBJECT_PRONOUNS = frozenset("me us him her them you".split())
