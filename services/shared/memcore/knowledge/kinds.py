"""Whole-statement kinds (issue 35): processes, safety rules, one-off events, and whom a team's
"we" means. Pure functions over one statement or clause and the turn's context.

- A **process** is a how-to with steps, recognised by its shape, not its words: a header and a
  colon before a list of steps ("closing: wipe the slicer, log the temps, then cash up"), a goal
  and a person doing steps ("to order flour you email the mill and they deliver"), or a condition
  with a present-tense procedure ("if my sugar goes low I eat three jelly babies and check again").
  It is kept whole: its steps and their order are the fact.
- A **safety rule** is a prohibition or obligation set on someone ("not allowed", "must never",
  "has to be", "nobody ...", "no X"), a rule relayed from a parent, a doctor or another authority
  ("Daddy says no scary films"), an allergy, intolerance or condition. One fact a rule; "A or B"
  after "can't have" gives one fact an item.
- An **event** is a clause no fact family understood that tells something that happened (past
  tense) or is set for a date ("my mocks start on the 12th of January"), not a recurring habit.
- **Subject**: a rule or process said with "we"/"you" or no subject at all belongs, in a team's
  memory, to the organisation; said with "I"/"my", to the owner; about a named person, to them.
  The organisation is known from the turn context, or learnt by memcore.knowledge.team ("I work
  at X", "X is a bakery"), which also keeps what a team says about itself.
"""
from __future__ import annotations

import re

from ..extraction.lexicon import IRREGULAR_PAST, KINSHIP
from ..extraction.patterns import NAME
from ..extraction.temporal import find_time_expressions
from .models import Fact
from .person import about
from .rule_basics import TurnContext, resolve
from .vocabulary import RELATIONS

PROCESS_CERTAINTY = 0.9
RULE_CERTAINTY = 0.9
EVENT_CERTAINTY = 0.8

# Words that cannot open a step: a list after a colon that starts with one is not a procedure.
_NOT_A_STEP = frozenset("the a an my our your his her their i we you he she they it this that these those there "
                        "is are was were be been yes no ok okay so and but because just".split())
_MODAL = re.compile(r"\b(?:would|could|might|may|maybe|will|shall|wish|[a-z]+['’](?:d|ll))\b", re.I)
_FIRST_SINGULAR = re.compile(r"\b(?:I|I['’]m|me|my|mine)\b")
_WE = re.compile(r"\b(?:we|our|us|ours|we['’](?:re|ve|ll|d))\b", re.I)
_LEAD = re.compile(r"^\s*(?:(?:so|and|but|also|oh|ok|okay|right|yeah|yes|well|plus|btw|fyi|remember)\b[,:!]?\s*)+", re.I)

# A header, a colon, then steps: "donations: check the dates, anything out of date goes in the crate".
_HEADED_STEPS = re.compile(r"^(?P<head>[^:]{2,80}?)\s*:\s*(?P<body>\S.*)$", re.S)
# A goal, then a person doing the steps: "to get a new member in you add them to the chat, then ...".
_GOAL_THEN_STEPS = re.compile(r"^(?:in\s+order\s+)?to\s+(?!be\b)(?P<head>[a-z][^,:]{2,80}?)\s*,?\s+"
                              r"(?P<body>(?:you|we|I|they)\s+[a-z]+\b.*)$", re.I | re.S)
# A condition, then what one does: "when the wifi drops, the fix is ...", "if I fall I press ...".
_CONDITION_THEN_STEPS = re.compile(r"^(?:if|when|whenever|each\s+time|every\s+time)\s+(?P<head>.{3,80}?)(?:\s*,\s*|\s+)"
                                   r"(?P<body>(?:I|we|you|the\s+fix\s+is|the\s+trick\s+is|first|just)\s+.*)$",
                                   re.I | re.S)
_STEP_SPLIT = re.compile(r"\s*(?:,|;|\bthen\b|\band\b)\s*", re.I)
_PAST_HYPOTHESIS = re.compile(r"\b(?:had|were|was|did)\b", re.I)

# Someone with a say over the owner, relaying a rule: "Mummy says", "the doctor said", "my daughter Maxine says".
_AUTHORITY_NOUNS = KINSHIP | frozenset("doctor gp nurse dentist teacher coach carer consultant physio parents "
                                       "mummy daddy mam nan nana nanny grandad".split())
_AUTHORITY = re.compile(rf"^(?P<who>(?:(?:my|the|our|her|his)\s+)?(?:{'|'.join(sorted(_AUTHORITY_NOUNS, key=len, reverse=True))})"
                        rf"(?:\s+{NAME})?|{NAME})\s+(?:says|said|told\s+me|tells\s+me|always\s+says)\s+(?:that\s+)?(?P<rule>.+)$",
                        re.I | re.S)
_NOT_ALLOWED = re.compile(r"^(?P<subj>.+?)\s+(?:am|is|are|['’]m|['’]re|['’]s)?\s*(?:not|n['’]t)\s+allowed\s+(?:to\s+)?(?P<what>.+)$",
                          re.I | re.S)
_ISNT_ALLOWED = re.compile(r"^(?P<subj>.+?)\s+(?:isn['’]t|aren['’]t)\s+allowed\s+(?:to\s+)?(?P<what>.+)$", re.I | re.S)
_OBLIGATION = re.compile(r"^(?P<subj>.+?)\s+(?P<modal>must\s+never|must\s+not|mustn['’]t|must\s+always|must|has\s+to|"
                         r"have\s+to|needs?\s+to|should\s+never|shouldn['’]t|never)\s+(?P<what>.+)$", re.I | re.S)
_CANNOT_CONSUME = re.compile(r"^(?P<subj>.+?)\s+(?P<modal>can['’]t|cannot|can\s+not|mustn['’]t|must\s+not)\s+"
                             r"(?P<verb>have|eat|drink|take|touch)\s+(?P<what>.+)$", re.I | re.S)
_NOBODY = re.compile(r"^(?:nobody|no\s+one|no-one)\s+(?P<what>.+)$", re.I | re.S)
_NO_THING = re.compile(r"^(?:absolutely\s+)?(?P<with>no|nothing\s+(?:with|containing))\s+(?P<what>[a-z][^,.;!?]{1,80})", re.I)
_IDIOMATIC_NO = frozenset("worries worry problem problems prob probs doubt way idea clue kidding rush pressure big joke "
                          "matter offence offense thanks need one longer more less sweat biggie shame wonder surprise "
                          "surprises time".split())
_RULE_MARKER = re.compile(r"\b(?:no\s+exceptions|without\s+exception|at\s+all\s+times|(?:safety|allergy|house|golden)\s+rule)\b",
                          re.I)
_HEALTH = re.compile(r"\b(?:allergic\s+to|(?:[a-z]+\s+)?intolerant(?:\s+to)?|allergy\s+to|(?:am|is|are|['’]m|['’]s)\s+"
                     r"(?:diabetic|epileptic|asthmatic|coeliac|celiac|anaemic|anemic))\b", re.I)
_ADVICE = re.compile(r"(?i)(?:try|see|come|visit|check\s+out|watch|read|go|meet|get)\b")
_SUBJECT_WORDS = re.compile(r"^(?:I|we|you|he|she|they|it)$", re.I)

# One-off events: what happened, or what is set for a date.
_SUBJECT_VERB = re.compile(rf"^(?P<subj>(?i:I|we|he|she|they)|(?i:my|our|the)\s+[a-z-]+(?:\s+[a-z-]+)?(?:\s+{NAME})?|{NAME})"
                           r"(?:['’]s|\s+(?:just|finally|already|actually|also|even|probably|only|apparently|supposedly)\b)*\s+(?P<verb>[a-z'’]+)\b(?P<rest>.*)$")
HABIT = re.compile(r"\b(?:every|each|usually|always|often|sometimes|never|normally|weekly|daily|birthday|anniversary|"
                    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|mornings|afternoons|evenings|nights|weekends)\b", re.I)
# When something recurs ("every night", "on Mondays"); unlike HABIT, not "always"/"never", a rule's force.
_RECURRING = re.compile(r"\b(?:every|each|daily|weekly|nightly|(?:mon|tues|wednes|thurs|fri|satur|sun)days|"
                        r"mornings|afternoons|evenings|nights|weekends)\b", re.I)
_ONE_OFF_PROGRESSIVE = frozenset("moving leaving starting getting having retiring visiting selling buying expecting "
                                 "going flying travelling traveling coming".split())
_STATIVE_PAST = frozenset("used was were had did liked loved hated called named based located".split())
_DATED_PRESENT = frozenset("is are am 's start starts begin begins end ends due".split())


def clean(text: str) -> str:
    """The statement without its discourse lead-in ("so", "ok", "btw") and final punctuation."""
    return _LEAD.sub("", text.strip()).strip().rstrip(".!?")


def named_text(text: str, ctx: TurnContext) -> str:
    """The text with the owner named; "we"/"our" name the organisation when it is known, and stay
    as said otherwise (a team's "we" is not its member)."""
    if ctx.org:
        return about(text, ctx.owner, team=ctx.org)
    kept = re.sub(r"\b([Ww]e|[Oo]ur|[Uu]s)\b", "\x00\\1", text)
    return about(kept, ctx.owner).replace("\x00", "")


def _holder(text: str, ctx: TurnContext) -> str:
    """Whom a rule or process said without a named subject belongs to."""
    if _FIRST_SINGULAR.search(text):
        return ctx.owner
    return ctx.org or ctx.owner


# the people a team serves or employs, as a group: a rule about them is the team's rule
_GROUP = re.compile(r"(?i)(?:all\s+|the\s+|our\s+|new\s+)*(?:visitors?|staff|customers?|clients?|patients?|students?|"
                    r"pupils?|members?|volunteers?|drivers?|guests?|employees?|workers?|riders?|parents?|kids|children|"
                    r"trainees?|interns?|contractors?|delivery drivers?|new starters?|everyone on shift)")


def _person(subj: str, ctx: TurnContext) -> str:
    """The named subject of a rule: "I" the owner, "my sister Ella" Ella; a thing or "we" the holder."""
    s = re.sub(r"['’](?:m|re)$|\s+(?:am|is|are)$", "", subj.strip())  # "I'm (not allowed)", "Leo is (not allowed)"
    if s.lower() in ("i", "me"):
        return ctx.owner
    if re.match(r"(?i)(?:he|she)$", s):  # "he can't touch boilers on his own": whoever was named last
        return ctx.last_person or ctx.owner
    if s.lower() in ("we", "you", "it", "they", "everyone", "everybody", "all") or _GROUP.fullmatch(s) or not (
            re.search(r"[A-Z]", s) or re.search(r"\bmy\b", s, re.I)):  # a thing ("patient records")
        return ctx.org or ctx.owner
    if re.match(r"(?i)(?:my|our)\s", s) or re.fullmatch(NAME, s):
        return resolve(s, ctx) or ctx.owner
    return ctx.org or ctx.owner


def _steps(body: str) -> list[str]:
    return [s for s in _STEP_SPLIT.split(body) if s.strip()]


def process_head(statement: str) -> str | None:
    """The goal of a how-to with steps, or None when the statement is not one."""
    text = clean(statement)
    m = _HEADED_STEPS.match(text)
    if m:
        first = m.group("body").split()[0].strip(",")
        if first.isalpha() and first.islower() and first not in _NOT_A_STEP and len(_steps(m.group("body"))) >= 2 \
                and not re.search(rf"^{NAME}$", m.group("head")):
            return m.group("head").strip()
    if _MODAL.search(text):
        return None
    m = _GOAL_THEN_STEPS.match(text)
    if m and len(_steps(m.group("body"))) >= 2:
        return m.group("head").strip()
    m = _CONDITION_THEN_STEPS.match(text)
    if m and len(_steps(m.group("body"))) >= 2 and not _PAST_HYPOTHESIS.search(m.group("head")):
        return m.group("head").strip()
    return None


def process_fact(statement: str, ctx: TurnContext, head: str | None = None) -> Fact:
    """The whole how-to as one fact, said of whoever it belongs to."""
    text = clean(statement)
    goal = head or process_head(statement) or text.splitlines()[0][:120]
    return Fact(_holder(text, ctx), "process", named_text(goal, ctx), "process", PROCESS_CERTAINTY, named_text(text, ctx))


def _rule_parts(statement: str) -> list[str]:
    return [p for p in re.split(r"\s*;\s*|\s*,\s*(?:and|so|but)\s+|\s+but\s+|\s+so\s+(?=(?:I|he|she|they|we|no)\s)|\s+(?:and|so)\s+(?=(?:nobody|no\s+one|"
                                r"the\s+doctor|my\s+[a-z]+\s+says)\b)|\s*,\s*(?=(?:she|he|they|it|I)\s+[a-z]+|I['’]m\b)",
                                clean(statement), flags=re.I) if p.strip()]


_CONSEQUENCE = re.compile(r"(?i)^(?:I|he|she|they)\s+(?:can['’]t|cannot)\b")


# a permission or a lifted obligation: what a rule is not (and what a child may not set by relaying it)
_GRANT = re.compile(r"(?i)\b(?:(?:do|does|did)(?:n['’]?t|\s+not)\s+(?:have|need)\s+to|no\s+longer\s+(?:has|have|needs?)\s+to|"
                    r"(?:is|are|am|['’]m|['’]s|['’]re)\s+(?:now\s+|also\s+)?(?:allowed|permitted)\s+to|"
                    r"(?:can|may)\s+(?:now|also)\s+)")


def _rule(clause: str, ctx: TurnContext) -> list[Fact]:
    """The rule one clause sets, if it sets one."""
    text = clean(clause)
    reported = _AUTHORITY.match(text)
    rule = clean(reported.group("rule")) if reported else text
    if _MODAL.search(rule) and not re.search(r"\b(?:must|allowed)\b", rule, re.I):
        return []  # "Mum says it might rain": an opinion about the future, not a rule
    if _GRANT.search(rule) and not _NOBODY.match(rule):  # "nobody is allowed to": a ban on everyone
        return []  # "Dad says I don't have to go to bed at 8 anymore": a permission loosens, it sets no rule
    said = named_text(rule, ctx)  # "Daddy says no scary films": the rule, not who relayed it (the record keeps that)
    if _HEALTH.search(rule) and not reported:
        said_of = _SUBJECT_VERB.match(rule)
        who = _person(said_of.group("subj"), ctx) if said_of else ctx.owner
        if who == ctx.owner:
            return []  # the speaker's own allergy: the families read it as a safety fact about them (rules.py)
        what = re.split(_HEALTH, rule, maxsplit=1)[-1].strip() or rule
        return [Fact(who, "health", what, "safety", RULE_CERTAINTY, said)]
    m = _CANNOT_CONSUME.match(rule)
    if m:
        who = _person(m.group("subj"), ctx)
        items = re.split(r"\s*,\s*|\s+or\s+", m.group("what"))
        tail = re.search(r"\s+(?:while|when|because|since|until|before|after|during)\b.*$", items[-1])
        if tail:
            items[-1] = items[-1][:tail.start()]
        if len(items) > 1:
            end = tail.group(0) if tail else ""
            lead = named_text(text[:text.lower().index(m.group("what").lower())].strip(), ctx)
            return [Fact(who, "must_avoid", item, "safety", RULE_CERTAINTY, f"{lead} {item}{end}") for item in items]
        return [Fact(who, "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    for rx in (_NOT_ALLOWED, _ISNT_ALLOWED):
        m = rx.match(rule)
        if m:
            return [Fact(_person(m.group("subj"), ctx), "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    m = _NOBODY.match(rule)
    if m:
        said = re.sub(r"^(?i:nobody|no-one)\b", "No one", said)
        return [Fact(ctx.org or ctx.owner, "must_avoid", re.sub(r"^(?i:nobody|no-one)\b", "no one", rule), "safety",
                     RULE_CERTAINTY, said)]  # what nobody may do is what everyone must avoid
    m = _NO_THING.match(rule)
    if m and m.group("what").split()[0].lower() not in _IDIOMATIC_NO and (reported or not _WE.search(rule)) \
            and not re.search(r"(?i)\b(?:can|could|will|would|should|is|are|was|were)\b", m.group("what")) \
            and not re.search(r"\b(?:please|pls|plz|thanks)\b", rule, re.I) \
            and not re.search(r"(?i)\b(?:recipes?|suggestions?|ideas?|recommendations?)\s*$",
                              re.split(r"(?i)\s+(?:if|when|unless|because)\s", m.group("what"))[0]):
        # "no bacon suggestions please", "no meat recipes": a request about the assistant's answers, not a rule
        who = _holder(text, ctx) if not reported else ctx.owner
        what = re.split(r"(?i)\s+(?:if|when|unless|because)\s", m.group("what"))[0]
        items = re.split(r"\s+or\s+", what) if m.group("with").lower() != "no" else [what]  # "nothing with X or Y"
        return [Fact(who, "must_avoid", item, "safety", RULE_CERTAINTY, f"No {item} for {who}") for item in items]
    m = _OBLIGATION.match(rule)
    if m:
        subj, modal = m.group("subj").strip(), m.group("modal").lower()
        first = subj.lower() in ("i", "me")
        told = subj.lower() == "you" and ctx.org and not _ADVICE.match(m.group("what"))  # a team's "you must sign in"
        if _SUBJECT_WORDS.match(subj) and not first and subj.lower() != "we" and not told:
            return []  # "you must see it", "they have to": advice or talk about others, not a rule
        if first and not reported:
            return []  # "I have to fly to Toronto": a plan, not a rule someone set
        if subj.lower() == "we" and not modal.startswith("never"):
            return []
        negative = "never" in modal or "not" in modal or "n't" in modal
        return [Fact(_person(subj, ctx), "must_avoid" if negative else "rule", m.group("what"), "safety",
                     RULE_CERTAINTY, said)]
    if _RULE_MARKER.search(rule):
        return [Fact(_holder(text, ctx), "rule", rule, "safety", RULE_CERTAINTY, said)]
    return []


def _never_tail(statement: str, ctx: TurnContext) -> tuple[list[Fact], str]:
    """"we deploy every Tuesday, never on Fridays": the habit stays for the clause path, the
    exception becomes a rule with the habit's verb; "All money goes through X, never Y" is one rule."""
    text = clean(statement)
    m = re.match(r"^(?P<head>.+?),\s*never\s+(?P<what>[^,]+)$", text, re.I | re.S)
    if not m or process_head(text):
        return [], statement
    head = _SUBJECT_VERB.match(m.group("head"))
    if not head:
        return [], statement
    if HABIT.search(m.group("head")):
        rule = f"{head.group('subj')} never {head.group('verb')} {m.group('what')}"
        return ([Fact(_person(head.group("subj"), ctx), "must_avoid", f"{head.group('verb')} {m.group('what')}",
                      "safety", RULE_CERTAINTY, named_text(rule, ctx))], m.group("head"))
    return [Fact(_holder(text, ctx), "rule", text, "safety", RULE_CERTAINTY, named_text(text, ctx))], ""


def _third_party(statement: str) -> tuple[str, str]:
    """"to order flour you email the mill by Wednesday and they deliver on Friday": what a third
    party does after the steps is a fact of its own (for the clause path), not a step."""
    m = re.search(r",?\s+and\s+(?=(?:they|he|she)\s+[a-z]+)", statement)
    return (statement[:m.start()], statement[m.end():]) if m else (statement, "")


def statement_facts(statement: str, ctx: TurnContext, typed: str) -> tuple[list[Fact], str]:
    """The whole-statement facts of a statement, and what is left of it for the clause path ("" when
    it was used whole). `typed`: the statement classifier's type (process, safety, ...)."""
    head = process_head(statement)
    if head is not None or typed == "process":
        whole, other = (statement, "") if head is None or _HEADED_STEPS.match(clean(statement)) else _third_party(statement)
        return [process_fact(whole, ctx, head)], other
    found, rest = _never_tail(statement, ctx)
    if found:
        return found, rest
    parts = _rule_parts(statement)
    facts: list[Fact] = []
    left: list[str] = []
    for part in parts:
        if facts and _CONSEQUENCE.match(part):
            continue  # "Alfie is allergic to sesame so he can't eat the bagels": the allergy's consequence
        rule = _rule(part, ctx)
        facts += rule
        told = _AUTHORITY.match(clean(part))
        if not rule:
            left.append(part)
        elif told and re.match(rf"(?i:my|our)\s+[a-z-]+\s+{NAME}$", told.group("who")):
            left.append(told.group("who"))  # "my daughter Maxine says ...": who Maxine is, for the clause path
    if not facts:
        return [], statement
    if left and _CONSEQUENCE.match(left[0]):
        left = left[1:]
    if _RECURRING.search(statement):
        return facts, statement  # "I have to brush my teeth before stories, every night": a routine too
    return facts, ", ".join(left)


_EXPANSIONS = ((re.compile(r"\b(they|we|you)['’]re\b", re.I), r"\1 are"), (re.compile(r"\bI['’]m\b"), "I am"),
               (re.compile(r"\b(I|we|they|you)['’]ve\b", re.I), r"\1 have"),
               (re.compile(r"(?<=[a-z])['’]s\s+(?=(?:probably|definitely|just|on|in|at|due|next|this|moving|having|"
                           r"getting|starting|leaving|going|coming|visiting)\b)", re.I), " is "))
# A date that is not a habit: "on the 14th", "the 12th of January", "in March", "next week".
_DATE = re.compile(r"\b(?:on\s+the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:st|nd|rd|th)\s+of\s+[a-z]+|"
                   r"(?:in|by|last|next|this)\s+(?:january|february|march|april|may|june|july|august|september|"
                   r"october|november|december|spring|summer|autumn|winter)|in\s+(?:19|20)\d\d|"
                   r"\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\b", re.I)


def dated(text: str, one_off: bool = False) -> bool:
    """Said with a date; `one_off`: a weekday alone ("open Tuesday") does not date what is still to come."""
    skip = ("recurring", "weekday") if one_off else ("recurring",)
    return bool(_DATE.search(text)) or any(e.kind not in skip for e in find_time_expressions(text))


_VERB_FORMS = sorted(IRREGULAR_PAST | _DATED_PRESENT | frozenset("am was were has have had need needs".split()),
                     key=len, reverse=True)
# Subject, then a word that is a verb form ("my mocks start", "the CQC inspection is", "we had").
_EVENT_SV = re.compile(rf"^(?P<subj>(?i:I|we|he|she|they)|(?i:my|our|the)(?:\s+[A-Za-z-]+){{1,3}}?(?:\s+{NAME})?|{NAME}"
                       r"|[A-Za-z]+s['’]\s+[a-z]+)"  # "Parents' evening is on the 3rd of March"
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


def event_fact(clause: str, ctx: TurnContext) -> list[Fact]:
    """A one-off event in a clause no fact family understood: something that happened, or that is
    set for a date, said of a person (or of the team)."""
    text = clean(re.split(r"(?<=[a-z])[.!]+\s+", clause.strip())[0])  # one sentence: "... in march. my instructor is Bev"
    text = _NEXT_CLAUSE.split(text, maxsplit=1)[0]  # "..., the agent mentioned it": what follows is not the event
    for rx, repl in _EXPANSIONS:
        text = rx.sub(repl, text)
    told = _REPORTED.match(text)
    if told and (teller := resolve(told.group("who"), ctx)):  # "my brother Kai says he saw a fox": Kai saw it
        text = re.sub(r"^(?:he|she)\b", teller, told.group("what"), flags=re.I)  # "... said I might": the owner
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
    past = (verb in IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 4)) and (
        verb not in _STATIVE_PAST or verb in ("was", "were", "had") and dated(text))  # "we had our first win last month"
    if verb in ("have", "has") and rest and rest[0].lower() in ("had", "just"):
        past = True  # "I have just had a fall"
    progressive = verb in ("is", "are", "am") and bool(rest) and rest[0].lower() in _ONE_OFF_PROGRESSIVE
    planned = verb in _DATED_PRESENT or (verb in ("have", "has", "need", "needs") and bool(rest) and rest[0] == "to")
    if not (past or progressive or (planned or modal) and dated(text, one_off=True)):
        return []
    if not past and re.search(r"(?i)\b(?:tonight|today|this (?:evening|afternoon|morning)|later)\b", text):
        return []  # "we're having pizza tonight": a plan for the same day is no card (it is over tomorrow)
    first = subj.split()[0].lower().replace("’", "'")
    said = _DATE.sub(" ", " ".join(rest)).lower().split()
    only_it = len(said) < 3 and bool({"it", "them"} & set(said))  # "Cal started it in 2019": what was started is untold
    if first in ("it", "it's", "that", "this", "there", "what") or _untimed_words(text) < 4 or only_it:
        return []  # "It's called ...", "I gave up two years ago": no event said
    if subj.lower() in ("he", "she", "they"):
        if not ctx.last_person:
            return []
        who = ctx.last_person
    elif re.match(r"(?i)(?:the|my|our)\s", subj) and not (set(re.split(r"[\s-]+", subj.lower())) & (KINSHIP | RELATIONS)) \
            and not re.search(rf"\s{NAME}$", subj):
        who = _holder(text, ctx)  # "my driving test is on the 3rd": the owner's event, not a thing's
    else:
        who = _person(subj, ctx)
    return [Fact(who, "event", named_text(" ".join([verb, *rest]), ctx), "episodic", EVENT_CERTAINTY, named_text(text, ctx))]


_A_YEAR = re.compile(r"(?:19|20)\d\d")


def with_event(clause: str, found: list[Fact], ctx: TurnContext) -> list[Fact]:
    """The facts of a clause, or its one-off event: an event when no family understood the clause,
    and in place of what a family took for a lasting fact when the clause is dated ("my driving
    test is on the 3rd of May" is an event, not a semantic fact about a driving test)."""
    if found and any(f.type not in ("semantic", "relationship") or _A_YEAR.fullmatch(f.value) for f in found):
        return found  # a fact whose value is the date ("founded": 2011) is no event besides
    event = event_fact(clause, ctx)
    if found and all(f.type == "relationship" for f in found):
        if event and dated(clause, one_off=True):  # "my son starts school in September": the event, not a lasting "starts"
            said = set(event[0].value.lower().split())
            found = [f for f in found if not set(f.value.lower().split()) & said]
        return found + event  # "my brother Kai says he saw a fox": who Kai is, and what he saw
    if found and not (event and dated(clause, one_off=True)):
        return found
    return event

