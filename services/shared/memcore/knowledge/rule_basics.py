"""What every fact family (rules.FAMILIES) reads: the turn's context, the patterns of a clause's
subject and what a subject stands for (resolve), a list object's items, and the words of a recurrence.
Pure regex work."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..calendar_words import MONTH_ALT, SEASON_ALT, SHORT_DAY, WEEKDAYS_PLURAL_ALT, WEEKDAY_ALT
from ..extraction.lexicon import IMPERATIVE_VERBS, SENTENCE_OPENERS
from ..extraction.patterns import CAP_WORD, NAME, NAME_WORD
from .fixed_pairs import joined_whole, said_again
from .models import Fact
from .person import about
from .vocabulary import EMPTY_OBJECTS, KIN_TITLES, PET_PHRASES, PETS, RELATION_PHRASES, RELATIONS


@dataclass
class TurnContext:
    owner: str  # the owner's name, as facts about the owner carry it
    last_person: str | None = None  # the person "he"/"she" points at
    org: str | None = None  # the organisation a team's "our" means, when the turn names it
    org_from_account: bool = False  # org is only the organisation account's name: a turn naming one wins
    carried: bool = False  # last_person was named in an earlier turn: "he"/"she" may point at them, "they" not
    tie: str | None = None
    thing: str | None = None  # the place or activity a clause ended on ("back from my paper round"): what "it" is next  # the last tie said without a name ("my grandson"): "his name is X" names it
    things: str | None = None  # the plural things a sentence before said it has or does ("three goats"): what "them" is
    kin_words: frozenset[str] = frozenset()  # lower-case words the turn or the lines before said are kin (kin_said_bare)
    facts: list[Fact] = field(default_factory=list)


def _alt(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_REL = rf"(?:{_alt(RELATION_PHRASES)}|{_alt(RELATIONS)})"
# a tie (with "my" or, as a child says it, without), its name if said, then a verb of theirs in -s: "my dad plays",
# "grandma picks me up", "my physio Dev Rao comes" (not a day: "piano with my sister Tuesdays")
KIN_DOES = (rf"(?:(?i:my|our|his|her|their)\s+(?:[a-z]+\s+){{0,2}}?)?(?i:{_REL})(?:\s+{NAME_WORD}){{0,2}}\s+"
            r"(?:(?:still|also|usually|always|often|never)\s+)?(?!(?:[a-z]+days|mornings|evenings|nights|weekends|"
            r"afternoons|weekdays)\b)[a-z]+(?<!s)s\b")
_PET = rf"(?:{_alt(PET_PHRASES)}|{_alt(PETS)})"  # "guinea pig" before "pig"
# A name as a subject, never a capitalised function word ("My", "The", "This" start sentences).
_OPENERS = "|".join(sorted({w.capitalize() for w in SENTENCE_OPENERS if w.isalpha()}, key=len, reverse=True))
# a name, not one that holds a day ("Clinics Monday to Wednesday": what happens when, no one called "Clinics Monday")
_NAME_SUBJ = rf"(?!(?:{_OPENERS})\b)(?!{NAME_WORD}\s+(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b){NAME}"
# "my new maths teacher", "our late brother Stan": up to two words that say which tie
_TIE_WORDS = r"(?:(?!(?i:and|or|is|was|are|were|has|have|had)\b)(?:[a-z]+|[A-Z]{2,4})\s+){0,2}"
_SUBJ = rf"(?P<subj>(?i:I|we|he|she|they)|(?i:my|our)\s+{_TIE_WORDS}{_REL}(?:,?\s+{_NAME_SUBJ})?|{_NAME_SUBJ})"
_ADV = r"(?:(?i:really|absolutely|just|totally|also|still|so|do|kind\s+of|actually|honestly|truly|super|very|" \
       r"especially|quite|all|both|usually|always|normally|now|much|mostly|even|severely|extremely|mildly|badly|" \
       r"seriously|slightly|genuinely|properly|definitely)\s+)*"


def resolve(subj: str, ctx: TurnContext) -> str | None:
    """The name a subject stands for: I/we -> the owner; he/she -> the person named last; "my
    sister" -> "Mia's sister"; a name stays."""
    low = subj.lower()
    if low == "we" and ctx.org:
        return ctx.org
    if low in ("i", "we", "me"):
        return ctx.owner
    if low in ("he", "she", "they"):
        return None if low == "they" and ctx.carried else ctx.last_person
    m = re.match(r"(?i:our)\s+(.+)", subj)
    if m and ctx.org and not re.search(rf"\b({CAP_WORD})$", m.group(1)):
        return f"{ctx.org}'s {m.group(1).lower()}"
    m = re.match(r"(?i:my|our)\s+(.+)", subj)
    if m:
        # "my teacher Ms Lynge": Ms Lynge; "my physio Dev Rao": Dev Rao
        named = re.search(rf"\b((?:(?:Mr|Mrs|Ms|Miss|Dr|Mx)\.?\s+)?{CAP_WORD}(?:\s+{CAP_WORD}){{0,2}})$", m.group(1))
        return named.group(1) if named else f"{ctx.owner}'s {m.group(1).lower()}"
    title = re.match(rf"(?i:{_alt(KIN_TITLES)})\s+({CAP_WORD})$", subj)
    return title.group(1) if title else subj


# Verbs that, after "and", start a clause sharing the subject rather than another item of a list.
NEW_VERBS = ("go", "goes", "went", "have", "has", "had", "do", "does", "did", "get", "gets", "got", "take", "takes",
             "took", "make", "makes", "made", "live", "lives", "work", "works", "want", "wants", "need", "needs",
             "am", "is", "are", "was", "were", "can", "will", "play", "plays", "visit", "visits", "ride", "rides",
             "carry", "carries", "use", "uses", "keep", "keeps", "bring", "brings", "wear", "wears", "avoid", "avoids",
             "love", "loves", "hate", "hates", "like", "likes",  # ("allergic to shellfish, carry an EpiPen": a clause)
             "study", "studies", "teach", "teaches", "speak", "speaks", "sing", "sings",  # "is 20 and studies law in Lyon"
             "sleep", "sleeps", "eat", "eats", "drive", "drives", "help", "helps")  # "... and sleeps with a night light"
_NEW_VERBS = "|".join(NEW_VERBS)


# an item that is a verb with its object or particle ("put some on", "turn it up"): a clause, not a thing
_VERB_PHRASE = re.compile(r"(?i)[a-z]+\s+(?:some|it|them|the|a|an|on|off|up|out|in|away|back)\b")
# how something is said, after a comma: no item of a list
_COMMENT = re.compile(r"(?i)(?:obviously|honestly|seriously|definitely|totally|absolutely|basically|literally|clearly|"
                      r"naturally|personally|of\s+course|for\s+sure|no\s+doubt|to\s+be\s+honest|tbh|i\s+guess|i\s+suppose)")


def _a_manner(word: str) -> bool:
    """A single adverb of manner said after a list ("weirdly", "sadly"): its word without "-ly" is a common
    word of the language (wordfreq), unlike a noun ending so ("jelly", "family")."""
    if " " in word or not word.lower().endswith("ly") or len(word) < 5:
        return False
    from wordfreq import zipf_frequency

    stem = word.lower()[:-2]
    return max(zipf_frequency(stem, "en"), zipf_frequency(stem[:-1] + "y", "en") if stem.endswith("i") else 0.0) >= 3.5


# a piece after a list's first item that is a clause of its own: a few words, then "is/are/was/were" ("everything is
# brown", "the water was so warm"), but not one that ranks an item ("julie mango is the best", "... is my favourite")
_SAID_OF_IT = re.compile(r"(?i)(?:[\w'’-]+\s+){1,3}(?:is|are|was|were)\s+(?!(?:the|my|number)\b)")


def items_of(obj: str) -> list[str]:
    """A list object split into its items: "spiders and big dogs" -> [spiders, big dogs]."""
    obj = re.split(r"\s+(?:because|when|while|since|if|but|though|although|which|who|so\s+that)\b|\s+-\s+", obj)[0]
    obj = re.sub(r"\s+(?:so\s+much|a\s+lot|very\s+much|the\s+most|too|as\s+well|more\s+than\s+anything|"
                 r"most\s+of\s+all|best|though|tho|anyway|mostly|mainly|myself|himself|herself|ourselves|really|now|btw|by\s+the\s+way|here|there|these\s+days|"
                 r"right\s+now|at\s+the\s+moment|atm|lately|at\s+present|for\s+now)\s*$", "",
                 obj.strip(" ,"), flags=re.I)
    if re.match(r"(?i)to\s+\w+", obj):  # "to swim and dance": one activity phrase
        return [obj]
    parts = [said_again(p) for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+&\s+|\s*,?\s+especially\s+",
                                             joined_whole(obj))]  # "fish and chips": one thing (fixed_pairs.py)
    out: list[str] = []
    for p in parts:
        p = re.sub(r"^(?:the|some|all|any)\s+", "", p.strip(" .!?\"'"), flags=re.I)
        p = re.sub(r"\s+(?:here|there|btw|now|mostly|mainly)$", "", p, flags=re.I)
        if out:  # "allergic to penicillin and to latex": the preposition said again is no part of the item
            p = re.sub(r"^(?:to|of|with|about)\s+(?=\w)", "", p, flags=re.I)
        if out and re.match(rf"(?i)(?:{_NEW_VERBS})\b", p):
            break  # "I like swimming and go to the pool on Saturdays": a clause of its own (clauses.py)
        # "the bread here, too sweet": a comment on the item, not another item
        if re.match(r"(?i)(?:always|never|ever|still)\s+(?:have|has|had|did|do|does|was|were|am|will)\b", p):
            break  # "terrified of wasps, always have been": how long, not another item
        if re.match(r"(?i)(?:we|i|they|he|she|then)\s", p):  # "Up, then Coco": the next one is another fact
            break  # "..., we moved off Jira": a clause, not an item
        if out and _SAID_OF_IT.match(p):
            break  # "I hate the wet snow, everything is brown and grey": what it is like, a clause, not more items
        if out and _VERB_PHRASE.match(p) and p.split()[0].lower() in IMPERATIVE_VERBS:
            break  # "I love sevdalinka, put some on when I'm stressed": a request, not another item
        if out and re.match(r"(?i)(?:no|not|never)\s|.*\bplease$", p):
            break  # "allergic to nuts, no peanut butter please": a ban or a request said beside, not another item
        if len(p.split()) >= 3 and re.search(r"(?i)(?<!\bfor)(?<!\bwith)(?<!\bto)(?<!\bof)(?<!\bby)(?<!\bfrom)\s+(?:me|us)$", p):
            break  # "allergic to penicillin and wasps scare me": a clause of its own, with its own verb
        if _COMMENT.fullmatch(p) or _a_manner(p):
            continue  # "I love jazz, obviously", "allergic to feather dust, weirdly": how it is said, not a thing
        if p and p.lower() not in EMPTY_OBJECTS and len(p) <= 60 and not re.match(r"(?i)(?:it|that|this|you|too|so|very)\b", p) \
                and p.lower().split()[-1] not in ("one", "ones"):  # "especially the steamed ones": a kind of the last
            out.append(p)
    return out



# A weekday as chat shortens it: "Mon", "tues", "Wed", "Thurs" ("Mon to Wed": a range, a habit).
_DAY = rf"{SHORT_DAY}(?:[a-z]*day)?s?\b"
_RECURRENCE = re.compile(
    rf"\b(?:every|each)\s+(?:single\s+)?(?:other\s+|second\s+|third\s+|fourth\s+)?(?:day|night|morning|evening|afternoon|week|weekend|month|"
    rf"year|{SEASON_ALT}|term|{WEEKDAY_ALT}|bedtime|school\s+day|time|{MONTH_ALT}|christmas|easter|holidays?)\b"
    rf"|\bon\s+(?:{WEEKDAYS_PLURAL_ALT}|weekends|weekdays)\b|\bat\s+(?:the\s+)?weekends?\b"
    rf"|\bon\s+(?:{WEEKDAY_ALT})s?\s+(?:and|&)\s+(?:{WEEKDAY_ALT})s?\b"  # "on monday and wednesday"
    r"(?![^.!?]*\b(?:next|this|coming|last)\s+(?:week|month)\b)"  # (not a week's one-offs)
    r"|\b(?:once|twice|three\s+times|four\s+times|\d+\s+times)\s+(?:a|per)\s+(?:day|week|fortnight|month|term|year)\b"
    r"|\bevery\s+(?:few|couple\s+of)\s+(?:days|nights|weeks|months|years)\b"
    r"|\b(?:daily|weekly|nightly|fortnightly|monthly)\b|\b(?:usually|normally|always|often)\b"
    rf"|\b(?:first|second|third|fourth|last)\s+(?:{WEEKDAY_ALT}|day|weekday)\s+of\s+(?:the|every|each)\s+month\b"
    r"|\bmost\s+(?:days|nights|mornings|evenings|afternoons|weekends|weekdays)\b"
    rf"|\b(?:weekdays|weeknights)\b|\balternate\s+(?:days|nights|weeks|weekends|months|{WEEKDAYS_PLURAL_ALT})\b"
    rf"|\b(?:{WEEKDAY_ALT})\s*,\s*(?:{WEEKDAY_ALT})\s*(?:,\s*|,?\s*(?:and|&)\s*)(?:{WEEKDAY_ALT})\b"  # three days
    rf"|\b(?:weekday|weekend|{WEEKDAY_ALT})\s+(?:mornings|evenings|afternoons|nights)\b"
    r"|\b(?:\d|one|two|three|four|five|six|seven)\s+(?:days|nights|times)\s+(?:a|per)\s+week\b"
    rf"|\b{_DAY}\s*(?:to|till|until|thru|through|-|–)\s*{_DAY}(?![^.!?]*\b(?:next|this|coming|last)\s+(?:week|month)\b)", re.I)  # "Monday to Friday", "mon-thurs": a week's days
RECURRENCE = _RECURRENCE  # also read by the parse path (dependency.py)
_SUBJECT_VERB = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>[a-z]+)\b")


def _a_thing(subject: str) -> bool:
    """A sentence-initial plural common noun ("Deliveries", "Reviews"), not a person's name."""
    return bool(re.fullmatch(r"[A-Z][a-z]+(?:ies|es|s)", subject)) and not subject.endswith(("'s", "ss"))


def _as_said(item: str, ctx: TurnContext) -> str:
    """An item with the owner named ("my mum's lasagne" -> "Mia's mum's lasagne"), its first letter as said."""
    named = about(item, ctx.owner)
    return named if item[:1].isupper() or named.startswith(ctx.owner) else named[:1].lower() + named[1:]


def _pronoun_named(clause: str, ctx: TurnContext) -> str:
    """"He has a cat" -> "Ben has a cat" when the turn named Ben before."""
    if ctx.last_person:
        return re.sub(r"^(?:[Hh]e|[Ss]he)\b", ctx.last_person, clause)
    return clause
