"""The routines and events families of the fact rules (rules.FAMILIES): what recurs ("every Friday")
and what one did, said with when ("yesterday"). Pure regex work on one clause."""
from __future__ import annotations

import re

from ..calendar_words import SEASON_ALT, WEEKDAY, WEEKDAYS_PLURAL_ALT, WEEKDAY_ALT
from ..extraction.lexicon import IRREGULAR_PAST
from .models import Fact
from .statement_basics import RULE_CERTAINTY
from .person import about
from .rule_basics import _ADV, _DAY, _RECURRENCE, KIN_DOES, _SUBJ, _SUBJECT_VERB, TurnContext, _a_thing, _pronoun_named, resolve
from .time_lists import _DAY as _A_DAY
from .vocabulary import DAILY_POINTS, HYPERBOLE

_LEADING_TIME = re.compile(rf"^(?P<when>(?:(?i:on)\s+(?:[A-Za-z]+\s+)?[A-Za-z]+s|(?i:most)\s+[a-z]+s|"
                           rf"(?i:{_DAY}\s+(?:to|till|-)\s+{_DAY})|(?i:{WEEKDAY}s(?:\s*(?:,|and|&)\s*{WEEKDAY}s)*)|"
                           rf"(?i:(?:(?:{WEEKDAY}s?|weekday|weekend)\s+)?(?:evenings|mornings|afternoons|nights)|"
                           r"weekends|weekdays|weeknights)(?=,?\s+(?:I|we|he|she|they|my|our)\b)|"
                           r"(?i:every|each)\s+(?:(?i:other|second|third|fourth|single)\s+)?[a-z]+|(?i:at)\s+(?i:the\s+)?weekends?|"
                           r"(?i:in)\s+the\s+(?:mornings?|evenings?|afternoons?)|"
                           r"(?i:after|before)\s+(?:school|work|tea|dinner|lunch|breakfast|bed|church|nursery)(?=,?\s+(?:I|we|he|she|they|my|our)\b)|"
                           rf"(?i:in)\s+(?i:the\s+)?(?i:{SEASON_ALT})(?=,?\s+(?:I|we|he|she|they|my|our)\b)),?)"
                           r"\s+(?P<rest>.+)$")


_IT = re.compile(rf"^({_SUBJ}\s+{_ADV}(?!(?i:like|love|hate|enjoy|find|think)\b)[a-z]+)\s+it\b(?!\s+(?:is|was|'s)\b)")
_GO_WHEN = re.compile(rf"^({_SUBJ}\s+{_ADV}(?i:go|goes|come|comes))\s+(?=(?i:every|each|once|twice|on|at\s+the\s+weekend)\b)")
_ENDS_ON_THING = re.compile(r"\b(?:from|to|at)\s+((?i:my|the|our)\s+[a-z]+(?:\s+[a-z]+)?)\s*$")


def thing_ended_on(clause: str) -> str | None:
    """The place or activity a clause ends on: "just got back from my paper round" -> "my paper round"."""
    m = _ENDS_ON_THING.search(clause)
    return m.group(1) if m else None


_CANNOT = re.compile(r"(?i)\b(?:can['’]?t|cannot|can\s+not|won['’]t|no\s+longer|don['’]?t|doesn['’]?t|do\s+not|does\s+not)\b")
_CONTRAST = re.compile(r"\s*,\s*(?i:never|not|but|except)\b")
_MADE_TO = re.compile(r"^.+?\s(?i:makes|made|make|has|have|gets|get)\s+(?P<who>(?i:me|us))\s+(?P<rest>[a-z].+)$")


# "..., always have been": how long something has held, no habit
_ALWAYS_HELD = re.compile(r"(?i),?\s*(?:always|ever)\s+(?:have|has|had|did|do|does|was|were)(?:\s+been)?\s*[.!]?$")


_ALWAYS_FELT = re.compile(r"(?i)\b(?:always|usually|often|normally)\s+(?:really\s+)?(?:loved|liked|enjoyed|hated|adored|"
                          r"disliked|preferred|wanted|been\s+(?:scared|afraid|terrified|allergic|keen|into|a\s+fan))\b")


# A habit said with the point of the day it falls at ("I walk the dog before school", "Nana reads to me before
# bed"), in the present simple and without a word of one day ("today", "this", "next", a date). (An hour alone,
# "Mum picks me up at 3", is read as the plan of a day: on the labelled sets it made no fact and four wrong ones.)
_AT_POINT = re.compile(rf"(?i)\b(?:before|after)\s+(?:school|work|nursery|{DAILY_POINTS})\b"
                       rf"|\b(?:in|during)\s+(?:the\s+)?(?:{SEASON_ALT}|(?:school\s+|summer\s+)?holidays)\b")  # a season's
_ONE_DAY = re.compile(rf"(?i)\b(?:today|tonight|tomorrow|yesterday|this|next|last|later|soon|now|on\s+{WEEKDAY}\b|"
                      r"on\s+the\s+\d|\d{1,2}(?:st|nd|rd|th)\b)")
# what no present-simple habit starts with: a tense or mood of one time, or "have" (an appointment at 3)
_NO_HABIT_VERBS = frozenset("am is are was were had did will would could might may shall should must can "
                            "have has got 'm 're 's 'll 'd ve".split())

_NOT_VERBS = frozenset("at in on by to for from with of and or but the a an my our his her their".split())
_PRONOUNS = frozenset("i we he she they".split())
_ALWAYS_ONLY = re.compile(r"(?i)\b(?:always|at\s+all\s+times)\b")
# "Always the devil.", "Always the same story": a thing said again and again, no doing and no time
_ALWAYS_A_THING = re.compile(r"(?i)^(?:always|never)\s+(?:the|a|an)\s+(?!.*\d)")
# what stands after a subject where a verb would: no verb ("Swimming on Thursdays", "Lessons with Mr Bell
# every Tuesday", "Maths and art on Mondays")
_NO_VERB_AFTER = _NOT_VERBS | frozenset("every each once twice most".split())


def daily_point_habit(clause: str) -> bool:
    """A present-simple clause said with the point of the day it happens at and no day of its own."""
    m = _SUBJECT_VERB.match(clause)
    if not m or not _AT_POINT.search(clause) or _ONE_DAY.search(clause):
        return False
    verb = m.group("verb").lower()
    if m.group("subj").lower().endswith("ing") or verb in _NOT_VERBS:
        return False  # "Swimming at Club Neptuno, Tuesdays at 5": an activity said as a note, no subject and verb
    return not (verb in _NO_HABIT_VERBS or verb in IRREGULAR_PAST or verb.endswith("ing")
                or verb.endswith("ed") and not verb.endswith("eed"))  # "we feed the hens at 7" is no past


# a weekday's plural said after the verb without "on": "Grandad picks me up Fridays", "they collect it Tuesdays"
# or two days and more said in the singular ("we train Wednesday and Saturday"): a week's days, not one day's;
# or a thing named by its weekday ("I sell jam at the Saturday market", "Gran sings in the Sunday choir"): it is held each week
_BARE_DAYS = re.compile(rf"(?i)(?<!\babout)(?<!\bof)(?<!\bthan)(?<!\bfor)\s(?:(?:{WEEKDAYS_PLURAL_ALT})\b(?!\s+ago\b)"
                        rf"|{_A_DAY}(?:\s*(?:,|and|&)\s*{_A_DAY})+\b"
                        rf"|the\s+(?:{WEEKDAY_ALT})\s+(?!(?:morning|afternoon|evening|night|before|after)\b)[a-z]{{3,}}\b)")


def days_habit(clause: str) -> bool:
    """A present-simple clause of someone's said with a weekday's plural after its verb (no "on"): a habit."""
    m = _SUBJECT_VERB.match(clause)
    if not m or not _BARE_DAYS.search(clause[m.end("verb"):]) or _ONE_DAY.search(clause):
        return False
    verb = m.group("verb").lower()
    if m.group("subj").lower() not in _PRONOUNS and not verb.endswith("s"):
        return False  # "Write me a limerick about ...": no one's verb (a named one's present ends in -s)
    return not (verb in _NO_HABIT_VERBS or verb in _NOT_VERBS or verb in IRREGULAR_PAST or verb.endswith(("ing", "ed")))


def _compound_noun(m: re.Match[str], clause: str) -> bool:
    """"Fire drill every term", "Quiz night in the taproom": a capitalised word and a word that is no verb of it
    (a name's verb ends in -s: "Malachy opens on Mondays"), then when: an activity named in two words."""
    subj, verb = m.group("subj"), m.group("verb").lower()
    after = clause[m.end("verb"):].split()
    if after and after[0].lower().strip(",.!") == "always" and subj[:1].isupper() and subj.lower() not in _PRONOUNS:
        return verb not in _NO_HABIT_VERBS  # "Ear defenders always", "FFP3 mask always": gear, whatever its ending
    return subj[:1].isupper() and subj.lower() not in _PRONOUNS and not verb.endswith(("s", "ed")) \
        and verb not in _NO_HABIT_VERBS and verb not in IRREGULAR_PAST and bool(after) and after[0].lower() in _NO_VERB_AFTER


def routines(clause: str, ctx: TurnContext) -> list[Fact]:
    clause = _ALWAYS_HELD.sub("", clause)
    if _ALWAYS_FELT.search(clause):
        return []  # "I've always loved horses": a liking held long, the preferences' (and the parse's)
    if not (_RECURRENCE.search(clause) or _LEADING_TIME.match(clause) or daily_point_habit(clause) or days_habit(clause)):
        return []
    if _CANNOT.search(clause) or HYPERBOLE.search(clause) or _ALWAYS_A_THING.match(clause):
        return []  # "I can't do Wednesdays anymore": what does not happen is no routine; "I could eat it every day" a liking
        # ("Always the devil.": a thing, no habit)
    if ctx.thing:  # "got back from the library, I go every Wednesday": to the library
        clause = _IT.sub(rf"\g<1> {ctx.thing}", clause, count=1)
        clause = _GO_WHEN.sub(rf"\g<1> to {ctx.thing} ", clause, count=1)
    if _IT.match(clause):
        return []  # "I do it every night": what "it" is was said elsewhere, or never
    clause = _CONTRAST.split(clause)[0]  # "every Tuesday, never on Fridays": the contrast is a fact of its own
    clause = _habit_after_so(clause)
    made = _MADE_TO.match(clause)
    if made:  # "my coach makes us do drills every Friday": what the owner does, every Friday
        clause = f"{'I' if made.group('who').lower() == 'me' else 'we'} {made.group('rest')}"
    lead = _LEADING_TIME.match(clause)
    if lead:  # "On Fridays we have pizza night" -> "we have pizza night on Fridays"
        when = lead.group("when").rstrip(",")
        said = when if re.match(rf"(?i){_DAY}", when) else f"{when[:1].lower()}{when[1:]}"  # "on Fridays", "Mondays"
        clause = f"{lead.group('rest')} {said}"
    if _BARE_KIN_DOES.match(clause):  # "mum reads me a story every night": a child's "mum" is "my mum"
        clause = f"my {clause}"
    m = _SUBJECT_VERB.match(clause)
    if m and " " not in m.group("subj") and m.group("subj").lower() not in _PRONOUNS \
            and (m.group("verb").lower() in _NO_VERB_AFTER or _compound_noun(m, clause)) \
            or not m and _NOUN_THEN_WHEN.match(clause):  # (as read after its first word was lowered: "forest school every ...")
        # "Swimming on Thursdays", "Fish on Tuesdays": no verb, so the word before when is the activity, not
        # someone who does it; the owner's (or the team's) routine, said whole
        whose = ctx.org or ctx.owner
        if _ALWAYS_ONLY.search(clause) and not _RECURRENCE.search(_ALWAYS_ONLY.sub(" ", clause)):
            # "Mask in the mews always", "Life jacket always on the quay": gear worn always is a standing rule
            return [Fact(whose, "rule", clause, "safety", RULE_CERTAINTY, f"{whose}: {about(clause, ctx.owner, team=ctx.org)}")]
        return [Fact(whose, "routine", clause, "routine", 0.8, f"{whose}: {about(clause, ctx.owner, team=ctx.org)}")]
    first = clause.split()[0] if clause.split() else ""
    if ctx.org and (_a_thing(m.group("subj")) if m else _a_thing(first)):  # "depends, half an hour normally": no subject
        # a team's routine about a thing ("Deliveries come every Monday at 6am"): the organisation's
        return [Fact(ctx.org, "routine", clause, "routine", 0.8, f"{ctx.org}: {about(clause, ctx.owner, team=ctx.org)}")]
    if not m or m.group("verb").lower() in ("was", "were", "had", "did", "would", "like", "love", "hate") or re.match(
            rf"(?i){_DAY}$", m.group("subj")):
        return []  # "Mondays are the worst": a day is no one's habit
    who = resolve(m.group("subj"), ctx)
    if not who:
        return []
    if ctx.last_person and ctx.last_person != who:  # "my mum lives in Leicester and I visit her every other weekend"
        clause = _OBJECT_PRONOUN.sub(ctx.last_person, clause, count=1)
    text = about(_pronoun_named(clause, ctx), ctx.owner, team=ctx.org)
    rest = about(clause[m.end("subj"):].strip(), ctx.owner)
    if (be := _BE_AND.match(rest)) is not None:  # "Siranush is 81 and still cooks every day": the age is its own card
        text, rest = " ".join(text.replace(be.group(0).strip(), "", 1).split()), rest[be.end():]
    value = rest[:1].lower() + rest[1:]
    return [Fact(who, "routine", value, "routine", 0.8, text)]


# "..., so" or "... so" before a clause with a subject of its own: "Dad drives a lorry to Spain, so he's away
# two weeks of every month" (the habit is the second clause's alone; the first is a fact of its own)
_SO = re.compile(r"(?:,\s*|\s+)(?:and\s+)?so\s+(?=(?:I|we|he|she|they)\b)")


_BE_SHORT = re.compile(r"^(I|we|he|she|they)['’](m|s|re)\b", re.I)
_BE_LONG = {"m": "am", "s": "is", "re": "are"}


def _habit_after_so(clause: str) -> str:
    """The clause after "so" when only it says how often; else the clause as it was."""
    cut = _SO.split(clause, maxsplit=1)
    if len(cut) != 2:
        return clause
    after = _BE_SHORT.sub(lambda m: f"{m.group(1)} {_BE_LONG[m.group(2).lower()]}", cut[1], count=1)  # "he's away": "he is away"
    if not (_RECURRENCE.search(after) and not _RECURRENCE.search(cut[0]) and _SUBJECT_VERB.match(after)):
        return clause
    head = f"my {cut[0]}" if _BARE_KIN_DOES.match(cut[0]) else cut[0]  # a child's "dad drives ...": "my dad"
    first = _SUBJECT_VERB.match(head)  # "he" after "so" is whom the first clause is about ("dad ... so he's gone")
    if first and re.match(r"(?i)(?:he|she)\b", after) and first.group("subj").lower() not in _PRONOUNS:
        after = f"{first.group('subj')}{after[after.index(' '):]}"
    return after


# an activity in up to three plain words, then when: "forest school every Thursday", "swimming on Tuesdays"
_NOUN_THEN_WHEN = re.compile(r"^(?!(?:i|we|you|he|she|they|it|this|that|there|my|our|his|her|their)\b)[a-z][a-z'’-]*"
                             r"(?:\s+[a-z][a-z'’-]*){0,2}\s+(?=(?:every|each|on|once|twice)\s)")
# a kin word said without "my" and in lower case, then its verb: "mum reads me a story", "grandad takes me"
# ("Grandpa reads to me" uses the word as his name)
_BARE_KIN_DOES = re.compile(rf"^(?!(?i:my|our|his|her|their)\s)(?=[a-z]){KIN_DOES}")
# what one is, then "and" and the habit: "is 81 and still cooks every day", "'s retired and plays golf on Tuesdays"
_BE_AND = re.compile(r"^(?:is|are|am|was|['’]s|['’]re)\s+(?:[\w'’-]+\s+){0,3}?and\s+(?=(?:(?:still|also|now|usually|always)\s+)?[a-z]+s\b)", re.I)


# "him"/"her" as an object: followed by when or where (a day too: "I visit her Tuesdays", not "her Monday class"), never by the noun a possessive "her" comes before
_OBJECT_PRONOUN = re.compile(r"(?<=\s)(?:him|her)\b(?=\s+(?:every|each|on|at|in|after|before|once|twice|most|for|from|"
                             rf"around|about|\d|(?i:{_A_DAY}(?:\s*(?:,|and|&|to|till|-)\s*{_A_DAY})*\b(?!\s+(?:class|lesson|shift|club))))\b|\s*[,.!]|\s*$)")


_EVENT_TIME = re.compile(r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|summer|winter|" + WEEKDAY_ALT
                         + r")|this\s+(?:morning|afternoon)|(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
                         r"on\s+(?:" + WEEKDAY_ALT + r")|at\s+the\s+weekend|over\s+the\s+weekend|earlier\s+today)\b",
                         re.I)


def events(clause: str, ctx: TurnContext) -> list[Fact]:
    """Something the owner did, said with when: kept as a dated event."""
    m = _SUBJECT_VERB.match(clause)
    if not m or not _EVENT_TIME.search(clause) or m.group("subj").lower() not in ("i", "we"):
        return []
    verb = m.group("verb").lower()
    if not (verb in IRREGULAR_PAST or verb.endswith("ed")) or verb in ("was", "were", "had", "did", "liked", "loved",
                                                                        "moved", "learned", "learnt", "passed"):
        return []
    said = _EVENT_TIME.sub("", clause[m.end("subj"):]).split()
    if len(said) < 3:
        return []  # "I gave up two years ago": no what
    text = about(clause, ctx.owner, team=ctx.org)
    rest = about(clause[m.end("subj"):].strip(), ctx.owner)
    return [Fact(ctx.owner, "did", rest[:1].lower() + rest[1:], "episodic", 0.8, text)]
