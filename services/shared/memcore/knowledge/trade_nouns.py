"""Whether a noun names what someone does for a living, read from the noun's shape and the words around
it rather than from a list of jobs (issue 35). Pure: lower-case words in, a yes or no out.

Jobs are an open class ("winemaker", "wheelwright", "bookbinder", "cobbler", "boat builder"): no list holds
them all. What can be listed are the closed classes that make an agent noun no job:
- an evaluating or intensifying modifier: "an early riser", "a fast reader", "a light sleeper", "a real
  worrier", "a great communicator" say how someone is, not what they do for a living; a classifying modifier
  ("a dental nurse", "a senior ceramist", "a qualified plumber", "a taxi driver") keeps a job a job;
- an "-er" of an everyday habit, done by anyone and paid by no one: "a smoker", "a worrier", "a runner",
  "a big eater", "a book lover", "a coffee drinker";
- a noun of a stage of life, a standing among others or a disposition: "a toddler", "a pensioner", "a stranger",
  "a winner", "a perfectionist".

A noun of a craftsman's ending ("-smith", "-wright", "-monger", "-keeper", "-maker", "-grapher", "-ologist")
is a job whatever comes before it, as "-ist", "-ician" and "-eer" were; a plain agent noun ("-er", "-or")
is one when none of the classes above speaks against it. A frame that says the work ("works as a", "trained
as a", "by trade", "for a living") makes any noun a job (occupation.py reads the frames).
"""
from __future__ import annotations

import re

# Endings of a craft or a profession: the noun is a job by its shape ("cabinetmaker", "gamekeeper",
# "blacksmith", "wheelwright", "fishmonger", "cartographer", "geologist", "beekeeper").
CRAFT_ENDINGS = ("smith", "wright", "monger", "keeper", "maker", "grapher", "ologist", "ician", "eer", "naut", "ist",
                 "builder", "binder", "blower", "cutter", "fitter", "grower", "breeder", "dresser", "carver", "weaver",
                 "mender", "herder", "worker", "handler")
# Endings of a plain agent noun: "cobbler", "plumber", "sailor", "assistant", "seamstress".
AGENT_ENDINGS = ("er", "or", "ant", "ent", "stress")

# Verbs of everyday habits, temperament and leisure: their doer ("smoker", "worrier", "early riser",
# "coffee drinker", "book lover") is how someone lives, not what they are paid for.
HABIT_VERBS = frozenset("""smoke drink eat sleep rise snore worry dream read talk chat listen learn love go watch follow
believe win lose fight please joke charm think overthink do achieve procrastinate travel walk run jog swim climb hike
skate surf camp shop spend save hug game text binge snack nap wake party cry laugh moan grumble complain gossip
scroll hoard collect""".split())
# Habit doers whose noun is no "-er" of the verb ("a fan", "a foodie", "a night owl").
_HABIT_NOUNS = frozenset("fan foodie owl addict junkie buff nerd geek enthusiast fanatic lover goer".split())
# Stages of life and standings among others: said with an agent's ending, they are no work.
_STANDING_NOUNS = frozenset("""toddler teenager youngster pensioner member beginner stranger foreigner prisoner passenger
newcomer outsider insider character number monster disaster danger winner loser keeper survivor leader follower
bachelor minor senior junior major elder visitor customer client supplier sponsor donor creditor debtor patient
neighbour neighbor ancestor descendant resident tenant owner partner mother father sister brother daughter
perfectionist optimist pessimist realist idealist minimalist purist tourist racist sexist
immigrant migrant emigrant infant giant quarter terror horror wonder stunner stickler troublemaker player setter""".split())
# Modifiers that intensify or evaluate (closed classes): "a real worrier", "a total nightmare", "a born leader".
_INTENSIFIERS = frozenset("""really very so such quite pretty super total absolute complete proper right real true born
natural utter bit typical actual""".split())
_EVALUATIVE = frozenset("""good bad great nice lovely kind sweet fun funny brilliant excellent amazing awesome decent fine
terrible awful horrible rubbish hopeless useless poor weak strong best worst better worse big huge massive little keen
avid fast slow quick early late light heavy deep loud quiet messy tidy fussy picky lazy busy crazy mad wild hard
regular occasional frequent constant chronic compulsive serial casual""".split())
# Modifiers that classify, never evaluate: a rank or a standing in one's work.
_RANKS = frozenset("""senior junior chief head deputy assistant lead principal trainee apprentice sous master qualified
freelance self-employed part-time full-time retired former ex new professional registered licensed certified
chartered fully""".split())
# Suffixes of a relational adjective ("dental", "clinical", "veterinary", "electrical", "marine"): it classifies.
_RELATIONAL = ("al", "ic", "ary", "ory", "ar", "ine", "ese", "ed")


def _stems(noun: str) -> set[str]:
    """The verbs an agent noun may be made of: "smoker" smoke, "runner" run, "worrier" worry, "goer" go."""
    out: set[str] = set()
    for end in ("er", "or"):
        if noun.endswith(end) and len(noun) > len(end) + 1:
            base = noun[: -len(end)]
            out |= {base, base + "e"}
            if len(base) > 2 and base[-1] == base[-2]:
                out.add(base[:-1])  # "runner", "swimmer"
            if base.endswith("i"):
                out.add(base[:-1] + "y")  # "worrier"
    return out


def habit_doer(noun: str) -> bool:
    """Whether an agent noun is the doer of an everyday habit ("smoker", "early riser", "book lover", "fan")."""
    return noun in _HABIT_NOUNS or bool(_stems(noun) & HABIT_VERBS) or noun.endswith("lover") or noun.endswith("goer")


def evaluates(word: str, adjective: bool) -> bool:
    """Whether a modifier says how someone is rather than what kind of work they do. `adjective`: the parse
    tagged it an adjective (a noun before a noun classifies: "taxi driver", "boat builder")."""
    if word in _INTENSIFIERS or word in _EVALUATIVE:
        return True
    if word in _RANKS or not adjective or "-" in word:
        return False
    return not word.endswith(_RELATIONAL)  # a plain adjective of degree ("a shy dancer"): how, not what


def judged(modifiers: list[str], adjectives: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether any modifier of a doer evaluates or intensifies ("a fast reader", "a really fast runner")."""
    return any(evaluates(w, w in adjectives) for w in modifiers)


def craft_shaped(noun: str) -> bool:
    """A noun of a craftsman's or a profession's ending ("cabinetmaker", "wheelwright", "beekeeper")."""
    return noun not in _STANDING_NOUNS and noun.endswith(CRAFT_ENDINGS) and len(noun) > 4


def plain_agent(words: list[str], adjectives: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether a phrase of an agent noun said with "a" names a trade: "a cobbler", "a boat builder", "a
    seamstress" (not "an early riser", "a smoker", "a toddler", "a book lover")."""
    if not words:
        return False
    noun = words[-1]
    if not noun.endswith(AGENT_ENDINGS) or len(noun) < 5 or noun in _STANDING_NOUNS or habit_doer(noun):
        return False
    return not judged(words[:-1], adjectives)


# What says a noun is one's work whatever the noun: "a cobbler by trade", "a nurse by profession".
BY_TRADE = re.compile(r"(?i)\s+by\s+(?:trade|profession)\b")
# Verbs that say what one's work is with "as": "works as", "trained as", "qualified as", "retrained as".
AS_VERBS = frozenset("work train retrain qualify requalify practise practice freelance moonlight serve".split())


def role_said_whole(role: str, text: str) -> str:
    """A post as the statement says it, with what it heads: "head" said as "head of operations" in "Femi is our
    head of operations" (not "the owner of the bakery": an article follows, the post is whole)."""
    m = re.search(rf"(?i)\b{re.escape(role)}\s+of\s+(?!(?:the|a|an|my|our|his|her|their|this|that|it)\b)([a-z]+)\b", text)
    return f"{role} of {m.group(1)}" if m else role


def no_work(noun: str) -> bool:
    """A noun of a standing, a stage of life or a disposition, whatever its ending ("a pensioner", "a perfectionist")."""
    return noun in _STANDING_NOUNS


__all__ = ["AS_VERBS", "BY_TRADE", "CRAFT_ENDINGS", "HABIT_VERBS", "craft_shaped", "evaluates", "habit_doer", "judged",
           "no_work", "plain_agent", "role_said_whole"]
