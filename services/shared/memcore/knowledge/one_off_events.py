"""One-off events (issue 35): a clause no fact family understood that tells something that happened
(past tense) or is set for a date ("my mocks start on the 12th of January"), not a recurring habit;
and whether a text is said with a date (dated). Pure functions over one clause and the turn's context."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..calendar_words import MONTH_ALT, MONTH_STEM_ALT, SEASON_ALT, WEEKDAY
from ..extraction.lexicon import IRREGULAR_PAST, KINSHIP
from ..extraction.patterns import NAME
from ..extraction.temporal import find_time_expressions
from .chat_text import whose_place_before
from .models import Fact
from .rule_basics import TurnContext, _a_thing, resolve
from .statement_basics import _MODAL, EVENT_CERTAINTY, HABIT, _holder, _person, clean, named_text
from .vocabulary import BARE_KIN, RELATIONS

# One-off events: what happened, or what is set for a date.
_ONE_OFF_PROGRESSIVE = frozenset("moving leaving starting getting having retiring visiting selling buying expecting "
                                 "going flying travelling traveling coming".split())
_STATIVE_PAST = frozenset("used was were had did liked loved hated called named based located".split())
# (what opens, closes or runs out on a date: "applications close 30 April", "my passport expires in March")
_SCHEDULED = frozenset("open opens reopen reopens close closes finish finishes expire expires".split())
# what happens once in a life, said in two words with its date ("Pickle died on monday", "Nan retired in May", "the
# chicks hatched last week"): an event however short; without its date ("but he died") or another verb ("I gave up
# two years ago") none
_LIFE_EVENT = re.compile(r"(?i)(?:died|drowned|hatched|retired|graduated|emigrated|(?:was|were)\s+born|got\s+married|"
                         r"got\s+divorced|passed\s+away)\b")
# what one "had" that happened once, without its date ("my neighbour just had a hip operation", "Olga had twins", "Dad
# had a stroke"): an operation, a birth, an attack of illness, an accident; "I had lunch", "we had a chat" are no event
_HAD_HAPPENING = re.compile(
    r"(?i)(?:(?:a|an|her|his|their|my|our|the|two|twins|triplets|another)\s+)?(?:[\w-]+\s+){0,2}?(?:operation|surgery|op|"
    r"procedure|transplant|replacement|baby|twins|triplets|stroke|heart\s+attack|seizure|fall|accident|crash|"
    r"miscarriage|breakdown|biopsy|c-section|caesarean|caesarian|hysterectomy|mastectomy|amputation|op)s?\b")
_DATED_PRESENT = frozenset("is are am 's start starts begin begins end ends due".split()) | _SCHEDULED

def _is_unless_whose(m: re.Match[str]) -> str:
    """"'s" is "is" ("my nan's coming on Saturday"), unless it says whose place ("going to my nan's on Saturday")."""
    return m.group(0) if whose_place_before(m.string, m.string.rfind(" ", 0, m.start()) + 1) else " is "


_EXPANSIONS = ((re.compile(r"\b(they|we|you)['’]re\b", re.I), r"\1 are"), (re.compile(r"\bI['’]m\b"), "I am"),
               (re.compile(r"\b(I|we|they|you)['’]ve\b", re.I), r"\1 have"),
               (re.compile(r"(?<=[a-z])['’]s\s+(?=(?:probably|definitely|just|on|in|at|due|next|this|moving|having|"
                           r"getting|starting|leaving|going|coming|visiting)\b)", re.I),
                _is_unless_whose))
# who one is, then the name set off by commas, at the start: the name is the subject ("my eldest, Kofi, ...")
_NAMED_ASIDE = re.compile(rf"^(?i:my|our)\s+(?:[a-z]+\s+)?[a-z]+\s*,\s*(?P<name>{NAME})\s*,\s+(?=[a-z])")
# A date that is not a habit: "on the 14th", "the 12th of January", "in March", "next week".
_DATE = re.compile(r"\b(?:on\s+the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:st|nd|rd|th)\s+of\s+[a-z]+|"
                   rf"(?:in|by|last|next|this)\s+(?:{MONTH_ALT}|{SEASON_ALT})|in\s+(?:19|20)\d\d|"
                   r"in\s+(?:a\s+(?:couple|few)\s+(?:of\s+)?|\d+\s+|(?:two|three|four|five|six|ten)\s+)(?:years?|months?|weeks?)|"
                   rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{MONTH_STEM_ALT})[a-z]*)\b", re.I)


def dated(text: str, one_off: bool = False) -> bool:
    """Said with a date; `one_off`: a weekday alone ("open Tuesday") does not date what is still to come."""
    skip = ("recurring", "weekday") if one_off else ("recurring",)
    return bool(_DATE.search(text)) or any(e.kind not in skip for e in find_time_expressions(text))


_VERB_FORMS = sorted(IRREGULAR_PAST | _DATED_PRESENT | frozenset("am was were has have had need needs died".split()),
                     key=len, reverse=True)
# Subject, then a word that is a verb form ("my mocks start", "the CQC inspection is", "we had").
_EVENT_SV = re.compile(rf"^(?P<subj>(?i:I|we|he|she|they)|(?i:my|our|the)(?:\s+[A-Za-z-]+){{1,3}}?(?:\s+{NAME})?|{NAME}"
                       r"|[A-Za-z]+s['’]\s+[a-z]+"  # "Parents' evening is on the 3rd of March"
                       rf"|(?:[A-Za-z]+\s+){{0,2}}[a-z]+s(?=\s+(?:{'|'.join(_SCHEDULED)})\b))"  # "(grant) applications close 30 April"
                       r"(?:\s+(?:just|finally|already|actually|also|even|probably|only|apparently|supposedly))*\s+"
                       rf"(?P<verb>(?:{'|'.join(_VERB_FORMS)})|[a-z]{{3,}}ed)\b(?P<rest>.*)$")


def _untimed_words(text: str) -> int:
    for e in find_time_expressions(text):
        text = text.replace(e.text, " ")
    return len(_DATE.sub(" ", text).split())


_NEXT_CLAUSE = re.compile(r",\s+(?=(?:(?:he|she|they|it|we)(?:['’](?:s|re)\b|\s+[a-z]+)|the\s+[a-z]+\s+[a-z]+ed\b))",
                          re.I)
_REPORTED = re.compile(rf"^(?P<who>(?i:my|our)\s+[a-z-]+(?:\s+{NAME})?|{NAME})\s+(?:says|said|told\s+me)\s+(?:that\s+)?"
                       r"(?P<what>(?i:he|she|I)\s.+)$")


# A plan said with its date: "I'll run the marathon in June", "Ferdl will probably sit his exam in
# spring 2028", "we're going to open a second shop next year": the subject, a future, a verb and what.
_FUTURE = re.compile(rf"^(?P<subj>(?i:I|we|he|she)|(?i:my|our|his|her)(?:\s+[A-Za-z-]+){{1,2}}?(?:\s+{NAME})?|{NAME})"
                     r"(?i:\s+(?:probably|definitely|hopefully|maybe|also|finally))?(?i:\s+will|['’]ll|\s+(?:am|is|are)\s+"
                     r"(?:probably\s+|definitely\s+)?(?:going|planning|hoping)\s+to|\s+plans?\s+to|\s+hopes?\s+to)"
                     r"(?i:\s+(?:probably|definitely|hopefully|finally))?\s+(?P<verb>[a-z]+)\b(?P<rest>.*)$")
# what follows a plan and is not it: its condition or a second guess ("..., if my knee holds up", "maybe sooner")
_PLAN_TAIL = re.compile(r"(?i)\s*(?:,\s*(?:if|unless|as\s+long\s+as|provided|maybe|or\s+maybe|depending)\b|"
                        r"\s+(?:if|unless|as\s+long\s+as)\s+(?:I|we|he|she|they|my|our|his|her|the|it)\b).*$")
_NOT_A_PLAN_VERB = frozenset("be let see try need want think know say tell ask send call ring text email check sort look "
                             "help remind".split())


def plan_fact(text: str, ctx: TurnContext) -> list[Fact]:
    """A plan with a date that is not today's ("I think I'll run the marathon in June, if my knee
    holds up"): episodic, said of whoever plans it. A promise or a to-do ("I'll send it on Monday",
    "I'll call him tomorrow") is none: its verb is an errand's, its date a weekday or the next day."""
    said = _PLAN_TAIL.sub("", text)
    m = _FUTURE.match(said)
    if not m or not dated(said, one_off=True) or HABIT.search(said):
        return []
    subj, verb = m.group("subj").strip(), m.group("verb").lower()
    if verb in _NOT_A_PLAN_VERB or re.search(
            r"(?i)\b(?:today|tonight|tomorrow|later|soon|this\s+(?:evening|afternoon|morning))\b", said):
        return []
    what = [verb, *m.group("rest").split()]
    left = _DATE.sub(" ", " ".join(what)).lower().split()
    if len(left) < 4 and {"it", "that", "them", "one"} & set(left):
        return []  # ("I'll do it in May": what is done was said before)
    if subj.lower() in ("he", "she"):
        if not ctx.last_person:
            return []
        who = ctx.last_person
    elif re.match(r"(?i)(?:my|our|his|her)\s", subj) and not set(re.split(r"[\s-]+", subj.lower())) & (KINSHIP | RELATIONS):
        return []  # ("our contract will end in May": a thing's, no one's plan; "the council will ...": not the owner's)
    elif subj.lower() in ("i", "we"):
        who = _holder(said, ctx) if subj.lower() == "we" else ctx.owner
    else:
        who = _person(subj, ctx)
    return [Fact(who, "event", named_text(" ".join(["will", *what]), ctx), "episodic", EVENT_CERTAINTY, named_text(said, ctx))]


# one day's time said before whoever did it: "last night we had a hatching", "on Saturday we went to the beach"
_TIME_FIRST = re.compile(r"^(?i:(?:oh\s+)?and\s+|so\s+|oh,?\s+)?(?P<when>(?i:yesterday|last\s+(?:night|week|weekend|month|year|"
                         rf"{SEASON_ALT}|term|{WEEKDAY})|this\s+(?:morning|afternoon)|"
                         rf"earlier\s+today|the\s+other\s+day|on\s+{WEEKDAY}|in\s+(?:19|20)\d\d|"
                         r"(?:a|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago))\b\s*,?\s+"
                         r"(?P<rest>(?:(?i:I|we|he|she|they|my|our|his|her|the)|[A-Z][a-z]+)\b.+)$")


# a list item's number and the short topic it opens with, before a comma: "2) flying school, ..."
_TOPIC = re.compile(r"^(?:\d{1,2}[).]\s+)?(?P<topic>[A-Za-z][\w'’-]*(?:\s+[\w'’-]+){0,3}),\s+(?P<rest>\S.+)$")
_VERB_WORD = re.compile(r"(?i)\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|[a-z]+ed)\b")


def _time_last(text: str) -> str:
    """The clause with one day's time said first moved to its end ("we went to the beach on Saturday"), as the
    event readers read it; the clause as it was otherwise."""
    m = _TIME_FIRST.match(text)
    if not m:
        return text
    rest, tail = m.group("rest"), ""
    if (cut := re.search(r",\s", rest)) is not None:  # "..., 87 babies made it to the sea": the time goes before the comma
        rest, tail = rest[:cut.start()], rest[cut.start():]
    when = m.group("when")
    return f"{rest[:1].upper()}{rest[1:]} {when[:1].lower()}{when[1:]}{tail}"


def event_fact(clause: str, ctx: TurnContext) -> list[Fact]:
    """A one-off event in a clause no fact family understood: something that happened, or that is
    set for a date, said of a person (or of the team)."""
    text = clean(re.split(r"(?<=[a-z])[.!]+\s+", clause.strip())[0])  # one sentence: "... in march. my instructor is Bev"
    text = _time_last(text)
    text = _NEXT_CLAUSE.split(text, maxsplit=1)[0]  # "..., the agent mentioned it": what follows is not the event
    for rx, repl in _EXPANSIONS:
        text = rx.sub(repl, text)
    text = _NAMED_ASIDE.sub(r"\g<name> ", text)  # "Our youngest, Aiyana, just started nursery": Aiyana did
    told = _REPORTED.match(text)
    if told and (teller := resolve(told.group("who"), ctx)):  # "my brother Kai says he saw a fox": Kai saw it
        text = re.sub(r"^(?:he|she)\b", teller, told.group("what"), flags=re.I)  # "... said I might": the owner
    if plan := plan_fact(text, ctx):
        return plan
    topic = _TOPIC.match(text)  # "2) flying school, applications close 30 April": what the list's item is about, then its event
    if topic and not _EVENT_SV.match(text) and _EVENT_SV.match(topic.group("rest")) and not _VERB_WORD.search(topic.group("topic")):
        return [replace(f, value=f"{topic.group('topic')}: {f.value}") for f in event_fact(topic.group("rest"), ctx)]
    if (kin := re.match(r"([A-Za-z]+)\s+([a-z]+)\b", text)) and kin.group(1).lower() in BARE_KIN \
            and (kin.group(2).endswith("ed") or kin.group(2) in IRREGULAR_PAST):
        text = f"my {kin.group(1).lower()}{text[kin.end(1):]}"  # a child's "Dad buried him ...": "my dad"
    together = re.match(r"(?i)^(?:me|I)\s+and\s+(?:my\s+)?[a-z]+\s+", text)  # "me and my grandad built ..."
    m = _EVENT_SV.match("I " + text[together.end():] if together else text)
    if not m or HABIT.search(text):
        return []
    modal = _MODAL.search(_DATE.sub(" ", text))  # "on the 3rd of May" is no modal
    if modal and (modal.group(0).lower() not in ("might", "may") or re.match(r"(?i)I\b", m.group("subj"))):
        return []  # "I'll send it later": a plan or a promise, not an event
    verb = m.group("verb").lower().replace("’", "'")
    subj = m.group("subj")
    rest = m.group("rest").split()
    past = (verb in IRREGULAR_PAST or verb == "died" or (verb.endswith("ed") and len(verb) > 4)) and (
        verb not in _STATIVE_PAST or verb in ("was", "were", "had") and dated(text)  # "we had our first win last month"
        or verb == "had" and bool(_HAD_HAPPENING.match(" ".join(rest))))  # "Mrs Patel just had a hip operation"
    if verb in ("have", "has") and rest and rest[0].lower() in ("had", "just"):
        past = True  # "I have just had a fall"
    progressive = verb in ("is", "are", "am") and bool(rest) and rest[0].lower() in _ONE_OFF_PROGRESSIVE
    planned = verb in _DATED_PRESENT or (verb in ("have", "has", "need", "needs") and bool(rest) and rest[0] == "to")
    if not (past or progressive or (planned or modal) and dated(text, one_off=True)):
        return []
    scheduled = verb in _SCHEDULED  # a date, not an hour: "the shop opens at 9" is its hours
    if scheduled and not _DATE.search(text):
        return []
    if not past and re.search(r"(?i)\b(?:tonight|today|this (?:evening|afternoon|morning)|later)\b", text):
        return []  # "we're having pizza tonight": a plan for the same day is no card (it is over tomorrow)
    first = subj.split()[0].lower().replace("’", "'")
    said = _DATE.sub(" ", " ".join(rest)).lower().split()
    only_it = len(said) < 3 and bool({"it", "them"} & set(said))  # "Cal started it in 2019": what was started is untold
    if first in ("it", "it's", "that", "this", "there", "what") or _untimed_words(text) < (2 if scheduled or _LIFE_EVENT.match(
            " ".join([verb, *rest])) and dated(text) else 4 - progressive) or only_it:
        return []  # "It's called ...", "I gave up two years ago": no event said
    if subj.lower() in ("he", "she", "they"):
        if not ctx.last_person:
            return []
        who = ctx.last_person
    elif re.match(r"(?i)(?:the|my|our)\s", subj) and not (set(re.split(r"[\s-]+", subj.lower())) & (KINSHIP | RELATIONS)) \
            and not re.search(rf"\s{NAME}$", subj):
        who = _holder(text, ctx)  # "my driving test is on the 3rd": the owner's event, not a thing's
    elif scheduled and (_a_thing(subj) or re.search(r"(?<![A-Za-z])[a-z]+s$", subj)):  # "Applications close 30 April": a thing's date, the
        line = named_text(text, ctx)  # owner's (or the team's) to keep, said with the thing
        return [Fact(_holder(text, ctx), "event", line[:1].lower() + line[1:], "episodic", EVENT_CERTAINTY, line)]
    else:
        who = _person(subj, ctx)
    done_to = _DONE_TO.match(" ".join(rest))
    if past and done_to and ctx.last_person and ctx.last_person != who:  # "my dad buried him in the garden": whom
        rest = [ctx.last_person, *rest[1:]]
        text = f"{subj} {verb} {' '.join(rest)}"
    # "my nan is coming on Saturday": what she does is "coming on Saturday" (the subject said is whom the card is of)
    of_subject = subj.lower() in ("i", "we", "he", "she", "they") or who in named_text(subj, ctx)
    done = rest if progressive and of_subject else [verb, *rest]
    value = named_text(" ".join(done), ctx)  # (its first word a verb, never a name: no capital)
    return [Fact(who, "event", value[:1].lower() + value[1:], "episodic", EVENT_CERTAINTY, named_text(text, ctx))]


# "him" or "her" right after what was done, as its object ("buried her under the tree", not "sold her car")
_DONE_TO = re.compile(r"(?i)(?:him|her)(?=\s+(?:in|under|at|on|to|from|into|by|near|behind|beside|outside|inside|home|"
                      r"back|off|out|up|down|over)\b|\s*$)")
_A_YEAR = re.compile(r"(?:19|20)\d\d")


def with_event(clause: str, found: list[Fact], ctx: TurnContext,
               plans: Callable[[str, TurnContext], list[Fact]] = lambda clause, ctx: []) -> list[Fact]:
    """The facts of a clause, or its one-off event: an event when no family understood the clause,
    and in place of what a family took for a lasting fact when the clause is dated ("my driving
    test is on the 3rd of May" is an event, not a semantic fact about a driving test). `plans`: the
    caller's reader of a plan decided for the owner (decided_plans.decided), read when no event is."""
    if found and any(f.type not in ("semantic", "relationship") or _A_YEAR.fullmatch(f.value) for f in found):
        return found  # a fact whose value is the date ("founded": 2011) is no event besides
    event = event_fact(clause, ctx) or plans(clause, ctx)  # or a plan decided for the owner (decided_plans.py)
    if found and all(f.type == "relationship" for f in found):
        if event and dated(clause, one_off=True):  # "my son starts school in September": the event, not a lasting "starts"
            said = set(event[0].value.lower().split())
            found = [f for f in found if not set(f.value.lower().split()) & said]
        return found + event  # "my brother Kai says he saw a fox": who Kai is, and what he saw
    if found and not (event and dated(clause, one_off=True)):
        return found
    # "my daughter Ella starts school in September": the event in place of a lasting "starts", and who Ella is
    said = set(event[0].value.lower().split()) if event else set()
    return [f for f in found if f.type == "relationship" and not set(f.value.lower().split()) & said] + event
