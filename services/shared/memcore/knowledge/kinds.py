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

Events live in one_off_events.py, and what the kinds share (clean, named_text, the certainties) in
statement_basics.py.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.lexicon import KINSHIP, banned_thing
from ..extraction.patterns import NAME
from .clauses import clauses
from .house_rules import house_rule
from .models import Fact
from .rule_basics import TurnContext
from .statement_basics import _MODAL, HABIT, PROCESS_CERTAINTY, RULE_CERTAINTY, _holder, _person, clean, named_text
from .vocabulary import EMPHATIC

# Words that cannot open a step: a list after a colon that starts with one is not a procedure.
_NOT_A_STEP = frozenset("the a an my our your his her their i we you he she they it this that these those there "
                        "is are was were be been yes no ok okay so and but because just".split())
_WE = re.compile(r"\b(?:we|our|us|ours|we['’](?:re|ve|ll|d))\b", re.I)

# A header, a colon, then steps: "donations: check the dates, anything out of date goes in the crate".
_HEADED_STEPS = re.compile(r"^(?P<head>[^:]{2,80}?)\s*:\s*(?P<body>\S.*)$", re.S)
# A goal, then a person doing the steps: "to get a new member in you add them to the chat, then ...".
_GOAL_THEN_STEPS = re.compile(r"^(?:in\s+order\s+)?to\s+(?!be\b)(?P<head>[a-z][^,:]{2,80}?)\s*,?\s+"
                              r"(?P<body>(?:first\s+|firstly\s+)?(?:you|we|I|they)\s+[a-z]+\b.*)$", re.I | re.S)
# A condition, then what one does: "when the wifi drops, the fix is ...", "if I fall I press ...".
_CONDITION_THEN_STEPS = re.compile(r"^(?:if|when|whenever|each\s+time|every\s+time)\s+(?P<head>.{3,80}?)(?:\s*,\s*|\s+)"
                                   r"(?P<body>(?:I|we|you|the\s+fix\s+is|the\s+trick\s+is|first|just)\s+.*)$",
                                   re.I | re.S)
_STEP_SPLIT = re.compile(r"\s*(?:,|;|\bthen\b|\band\b)\s*", re.I)
_PAST_HYPOTHESIS = re.compile(r"\b(?:had|were|was|did)\b", re.I)

# How children call their parents and grandparents in other languages, as chat writes them ("ammi says", "mama won't let me")
_PARENTS_ELSEWHERE = frozenset("mama papa mami papi ammi abba amma appa ama baba oma opa nonna nonno abuela abuelo yiayia "
                               "babcia dziadek bebia babua nani dadi".split())
# Someone with a say over the owner, relaying a rule: "Mummy says", "the doctor said", "my daughter Maxine says".
_AUTHORITY_NOUNS = KINSHIP | frozenset("doctor gp nurse dentist teacher coach carer consultant physio parents "
                                       "mummy daddy mam nan nana nanny grandad".split()) | _PARENTS_ELSEWHERE
_AUTHORITY = re.compile(rf"^(?P<who>(?:(?:my|the|our|her|his)\s+)?(?:{'|'.join(sorted(_AUTHORITY_NOUNS, key=len, reverse=True))})"
                        rf"(?:\s+{NAME})?|{NAME})\s+(?:says|said|told\s+me|tells\s+me|always\s+says)\s+(?:that\s+)?(?P<rule>.+)$",
                        re.I | re.S)
_NOT_ALLOWED = re.compile(r"^(?P<subj>.+?)\s+(?:am|is|are|['’]m|['’]re|['’]s)?\s*(?:not|n['’]t)\s+allowed\s+(?:to\s+)?(?P<what>.+)$",
                          re.I | re.S)
_ISNT_ALLOWED = re.compile(r"^(?P<subj>.+?)\s+(?:isn['’]t|aren['’]t)\s+allowed\s+(?:to\s+)?(?P<what>.+)$", re.I | re.S)
_OBLIGATION = re.compile(r"^(?P<subj>.+?)\s+(?P<modal>must\s+never|must\s+not|mustn['’]t|must\s+always|must|has\s+to|"
                         r"have\s+to|needs?\s+to|should\s+never|should\s+always|shouldn['’]t|never)\s+(?P<what>.+)$", re.I | re.S)
_PERFECT = re.compile(r"(?i)(?:['’]ve|['’]d|\s(?:have|has|had))$")  # "I've", "she has", "we had" (never ...)
# a clause joined by "and" before the modal's own subject: "He has diabetes type 2 and he (must not ...)"
_LAST_CLAUSE_SUBJECT = re.compile(r"(?i),?\s+and\s+(?=(?:he|she|they|i|we)$)")
_CANNOT_CONSUME = re.compile(r"^(?P<subj>.+?)\s+(?P<modal>can['’]t|cannot|can\s+not|mustn['’]t|must\s+not)\s+"
                             r"(?P<verb>have|eat|drink|take|touch)\s+(?P<what>.+)$", re.I | re.S)
_FREE_ZONE = re.compile(r"^(?:(?:we['’]re|we\s+are|it['’]s|this\s+is)\s+)?(?:an?\s+)?(?:strictly\s+|completely\s+)?"
                        r"(?P<what>[A-Za-z]+)[- ]free\s+(?:building|site|zone|kitchen|school|nursery|house|home|venue|"
                        r"premises|office|shop|workplace|campus|class(?:room)?)$", re.I)
_NOBODY = re.compile(r"^(?:nobody|no\s+one|no-one)\s+(?P<what>.+)$", re.I | re.S)
# a ban said by whoever sets it: "Dad won't let me watch scary films", "ammi doesn't let me play in the street"
_NOT_LET = re.compile(r"^(?P<setter>.+?)\s+(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not|won['’]?t|will\s+not|never)\s+"
                      r"lets?\s+(?P<subj>me|us|him|her)\s+(?P<what>.+)$", re.I | re.S)
_SETTER = re.compile(rf"(?:(?:my|our|the)\s+)?(?:{'|'.join(sorted(_AUTHORITY_NOUNS, key=len, reverse=True))})s?(?:\s+{NAME})?", re.I)
# what one cannot do, relayed from someone with a say ("Mum says I can't go on the ice alone"): a ban, not an ability
_CANNOT = re.compile(r"^(?P<subj>I|we|he|she)\s+(?:can['’]?t|cannot|can\s+not)\s+(?P<what>.+)$", re.I | re.S)
# what one may not do until something, or unless it ("we can't go in the river until Dad checks it"): a rule, no inability
_CANNOT_UNTIL = re.compile(r"^(?P<subj>I|we|he|she|they)\s+(?:can['’]?t|cannot|can\s+not)\s+(?P<what>.+?\s(?:until|till|unless)\s+"
                           rf"(?:I|we|he|she|they|you|it|my\s+[a-z]+|mum|dad|mummy|daddy|(?!{WEEKDAY})"
                           r"[A-Z][a-z]+)(?:['’][a-z]+)?\s+\w.*)$", re.I | re.S)  # (a clause after "until", not a time)
# what a team's group may not do ("under-16s can't use the weights room", "and they can't use the ramp ..."): the team's ban
_GROUP_CANNOT = re.compile(r"^(?:and\s+)?(?P<subj>they|(?:all\s+|new\s+|our\s+)*(?:under[- ]?\d+s|over[- ]?\d+s|[a-z-]+(?:ees|ers|ies|"
                           r"nts|ors|ists|ices|ren|ff)))\s+(?:can['’]?t|cannot|can\s+not|mustn['’]t|aren['’]t\s+allowed\s+to)\s+"
                           r"(?P<what>.+)$", re.I | re.S)
# what one may do only in one way, relayed from someone with a say ("Mum says we only swim where the lifeguard is",
# "Dad says I can only use the trampoline with the net on", "Gran says I'm only allowed one biscuit"): a rule
_ONLY_SO = re.compile(r"^(?P<subj>I|we)(?:\s+(?:can|may)\s+only|\s*(?:\s+am|\s+are|['’]m|['’]re)\s+only\s+allowed(?:\s+to)?|"
                      r"\s+only\s+get\s+to|\s+only(?=\s+[a-z]+\s+.*\b(?:where|when|if|with|after|before|until|once|at|on)\s))"
                      r"\s+(?P<what>[a-z].+)$", re.I | re.S)
_NO_THING = re.compile(r"^(?:absolutely\s+)?(?P<with>no|nothing\s+(?:with|containing))\s+(?P<what>[a-z](?:[^,.;!?]|(?<=\d)[.,](?=\d)){1,80})", re.I)  # ("over 3.5 tonnes")
# "no" answering a question: followed by a pause or by an answer's word ("no, never", "no chance", "nope")
_ANSWER_NO = re.compile(r"^(?:no|nope|nah)(?:\s*[,.!;]+\s*|\s+(?=(?:never|not|chance|thanks|sorry|really|way|just|only)\b))", re.I)
_RULE_MARKER = re.compile(rf"\b(?:{EMPHATIC}|zero\s+tolerance|at\s+all\s+times|(?:safety|allergy|house|golden)\s+rule)\b",
                          re.I)
_ONLY_INSISTS = re.compile(rf"(?i)^(?:(?:that|this|it)(?:['’]s|\s+is)\s+)?(?:{EMPHATIC})"
                           r"(?:\s*,?\s*(?:not\s+even|even|including|whoever|whatever|ever)\b[^,.;!]*)?[.!]*$")  # ", not even grandparents"
_HEALTH = re.compile(r"\b(?:allergic\s+to|(?:[a-z]+\s+)?intolerant(?:\s+to)?|allergy\s+to|(?:am|is|are|['’]m|['’]s)\s+"
                     r"(?:diabetic|epileptic|asthmatic|coeliac|celiac|anaemic|anemic))\b", re.I)
_ADVICE = re.compile(r"(?i)(?:try|see|come|visit|check\s+out|watch|read|go|meet|get)\b")
_SUBJECT_WORDS = re.compile(r"^(?:I|we|you|he|she|they|it)$", re.I)
# words said before a subject that are no part of it ("honestly I", "lol we")
_SAID_BEFORE = re.compile(r"(?i)^(?:(?:honestly|seriously|literally|genuinely|tbh|lol|haha|ugh)\s*,?\s+)+")
# what one cannot or will not ever do ("I can never find", "we'll never finish"): an inability or a forecast
_CANNOT_EVER = re.compile(r"(?i)^(?:I|we)(?:\s+(?:can|could|will|would)|['’](?:ll|d))$")
# one person or one thing, never doing something ("my little brother never listens", "Ben never",
# "the kettle never works properly"): a description ("drivers never ...", "we never ..." are a team's rules)
_ONE_OF_THEM = re.compile(r"^(?:(?i:my|our|his|her|the|this|that)\s+(?:[a-z]+\s+){0,2}?[a-z]+(?<!s)(?<!people)(?<!children)(?<!men)"
                          r"(?<!staff)(?<!folk)(?<!crew)(?<!team)|[A-Z][a-z]+(?<!s))$")  # "the new people never ...": a group's rule


_SUBJECT_VERB = re.compile(rf"^(?P<subj>(?i:I|we|he|she|they)|(?i:my|our|the)\s+[a-z-]+(?:\s+[a-z-]+)?(?:\s+{NAME})?|{NAME})"
                           r"(?:['’]s|\s+(?:just|finally|already|actually|also|even|probably|only|apparently|supposedly)\b)*\s+(?P<verb>[a-z'’]+)\b(?P<rest>.*)$")
# When something recurs ("every night", "on Mondays"); unlike HABIT, not "always"/"never", a rule's force.
_RECURRING = re.compile(rf"\b(?:every|each|daily|weekly|nightly|{WEEKDAY}s|"
                        r"mornings|afternoons|evenings|nights|weekends)\b", re.I)


def _steps(body: str) -> list[str]:
    return [s for s in _STEP_SPLIT.split(body) if s.strip()]


# a heading said with a capital, not a person spoken to: "Closing: ...", "Opening: ..." ("Mark: ..." is one)
_NO_STEP = frozenset(("always", "at all times", "no exceptions", "never", "please", "thanks"))
_HEADING_WORD = re.compile(r"^[A-Z][a-z]{3,}ings?$")  # (a plural heading lists things: team_lists.py)


def process_head(statement: str) -> str | None:
    """The goal of a how-to with steps, or None when the statement is not one."""
    text = clean(statement)
    m = _HEADED_STEPS.match(text)
    if m:
        first = m.group("body").split()[0].strip(",")
        steps = [x for x in _steps(m.group("body")) if x.strip(" .!").lower() not in _NO_STEP]  # ("goggles on, always": a rule)
        if first.isalpha() and first.islower() and first not in _NOT_A_STEP and len(steps) >= 2 \
                and (not re.search(rf"^{NAME}$", m.group("head")) or _HEADING_WORD.match(m.group("head"))):
            return m.group("head").strip()
        if re.match(r"(?i)(?:how\s+)?to\s+[a-z]+\b", m.group("head").strip()) and len(steps) >= 2:
            return m.group("head").strip()  # "To book a job: the customer fills in the form, I do a site visit, ...": a goal
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
# the one thing at hand a consequence is said of: "(I'm allergic to egg) so I can't have the cake at Zara's party"
_THE_ONE = re.compile(r"(?i)\b(?:can['’]t|cannot)\s+(?:have|eat|drink|take|touch|try)\s+(?:the|that|this|those|these|any\s+of\s+the)\b")


# a permission or a lifted obligation: what a rule is not (and what a child may not set by relaying it)
_GRANT = re.compile(r"(?i)\b(?:(?:do|does|did)(?:n['’]?t|\s+not)\s+(?:have|need)\s+to|no\s+longer\s+(?:has|have|needs?)\s+to|"
                    r"(?:is|are|am|['’]m|['’]s|['’]re)\s+(?:now\s+|also\s+)?(?:allowed|permitted)\s+to|"
                    r"(?:can|may)\s+(?:now|also)\s+)")


# a request said as its reason's consequence: "(I'm coeliac,) so no bread please", "so in recipes no sugar please"
_NO_PLEASE = re.compile(r"(?i)^(?:(?P<where>(?:in|for|with|at)\s+[a-z'’]+(?:\s+[a-z'’]+){0,2}?),?\s+)?(?P<no>(?:no|nothing\s+with)\s+.+?)"
                        r",?\s+(?:please|pls|plz)(?:\s+(?:thanks|thank\s+you))?[.!]*$")


# what a food does to one, said after it: "..., my lips swell up", "..., I get a rash" (not "..., my nan's trifle")
_REACTION = re.compile(r"(?i)^(?:(?:I|it|he|she|they|we)\s+[a-z]+|(?:my|his|her|their|our)\s+(?!own\b)[a-z]+\s+[a-z]+)\b")


def _rule(clause: str, ctx: TurnContext, because: str | None = None) -> list[Fact]:
    """The rule one clause sets, if it sets one. `because`: the clause before it, when this one follows it
    with "so" (its reason)."""
    text = clean(clause)
    reported = _AUTHORITY.match(text)
    rule = clean(reported.group("rule")) if reported else text
    answer = _ANSWER_NO.match(rule)
    if answer:  # "no, never", "No, never mind": an answer's "no" bans nothing; what follows it may set a rule
        rule = rule[answer.end():]
        if not rule.strip() or not _SUBJECT_VERB.match(rule) and not _NO_THING.match(rule) and not _NOBODY.match(rule):
            return []
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
        items = [i for n, i in enumerate(re.split(r"\s*,\s*|\s+or\s+", m.group("what")))
                 if not re.fullmatch(r"(?i)(?:an?\s+)?(?:allergy|allergic|intolerance|intolerant|allergies)", i.strip())  # ", allergy": why
                 and not (n and _REACTION.match(i.strip()))]  # "I cannot eat mussels, my lips swell up": what it does
        if not items:
            return []
        tail = re.search(r"\s+(?:while|when|because|since|until|before|after|during)\b.*$", items[-1])
        if tail:
            items[-1] = items[-1][:tail.start()]
        if len(items) > 1:
            end = tail.group(0) if tail else ""
            lead = named_text(text[:text.lower().index(m.group("what").lower())].strip(), ctx)
            return [Fact(who, "must_avoid", item, "safety", RULE_CERTAINTY, f"{lead} {item}{end}") for item in items]
        return [Fact(who, "must_avoid", items[0], "safety", RULE_CERTAINTY, said)]
    m = _NOT_LET.match(rule)
    if m and (m.group("setter").lower() == "they" or _SETTER.fullmatch(m.group("setter"))):
        who = ctx.owner if m.group("subj").lower() in ("me", "us") else (ctx.last_person or ctx.owner)
        return [Fact(who, "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    m = _CANNOT.match(rule) if reported else _CANNOT_UNTIL.match(rule)
    if m:  # relayed, or held back until something ("we can't go in the river until Dad checks it")
        return [Fact(_person(m.group("subj"), ctx), "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    m = _GROUP_CANNOT.match(rule)
    if m and ctx.org:  # a team's group's ban is the team's
        return [Fact(ctx.org, "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    m = _ONLY_SO.match(rule) if reported and _SETTER.fullmatch(reported.group("who")) else None
    if m:
        return [Fact(_person(m.group("subj"), ctx), "rule", f"only {m.group('what')}", "safety", RULE_CERTAINTY, said)]
    for rx in (_NOT_ALLOWED, _ISNT_ALLOWED):
        m = rx.match(rule)
        if m:
            return [Fact(_person(m.group("subj"), ctx), "must_avoid", m.group("what"), "safety", RULE_CERTAINTY, said)]
    m = _FREE_ZONE.match(rule.strip(" .!"))
    if m:  # "Nut-free building.", "We're a smoke-free site": what nobody brings in
        return [Fact(ctx.org or ctx.owner, "must_avoid", m.group("what").lower(), "safety", RULE_CERTAINTY, said)]
    m = _NOBODY.match(rule)
    if m:
        said = re.sub(r"^(?i:no-one)\b", "No one", said)  # ("nobody" as said: the word a question may use)
        return [Fact(ctx.org or ctx.owner, "must_avoid", re.sub(r"^(?i:no-one)\b", "no one", rule), "safety",
                     RULE_CERTAINTY, said)]  # what nobody may do is what everyone must avoid
    if because is not None and (asked := _NO_PLEASE.match(rule)):  # "I'm coeliac, so no bread please": a request
        where = asked.group("where")  # with its reason stands ("in puddings": where, after what)
        rule = re.sub(r"(?i)\s+for\s+(?:me|him|her|them|us)$", "", asked.group("no")) + (f" {where}" if where else "")
    m = _NO_THING.match(re.sub(r"\s*\([^)]*\)", "", rule))  # "No food in the hall (the school is strict)": why, aside
    if m and banned_thing(m.group("what")) and (reported or not _WE.search(rule)) \
            and (because is not None or not re.search(r"\b(?:please|pls|plz|thanks)\b", rule, re.I)) \
            and not re.search(r"(?i)\b(?:recipes?|suggestions?|ideas?|recommendations?)\s*$",
                              re.split(r"(?i)\s+(?:if|when|unless|because|in|for|with)\s", m.group("what"))[0]):
        # "no bacon suggestions please", "no meat recipes": a request about the assistant's answers, not a rule
        who = _holder(text, ctx) if not reported else ctx.owner
        if because is not None and (of := _SUBJECT_VERB.match(because)):
            who = _person(of.group("subj"), ctx)  # "he's lactose intolerant, so no milk please": his
        what = re.split(r"(?i)\s+(?:if|when|unless|because)\s", m.group("what"))[0]
        items = re.split(r"\s+or\s+", what) if m.group("with").lower() != "no" else [what]  # "nothing with X or Y"
        return [Fact(who, "must_avoid", item, "safety", RULE_CERTAINTY, f"No {item} for {who}") for item in items]
    m = _OBLIGATION.match(rule)
    if m:
        subj, modal = m.group("subj").strip(), m.group("modal").lower()
        subj = _SAID_BEFORE.sub("", subj) or subj  # "honestly I never know what to cook": I
        subj = _LAST_CLAUSE_SUBJECT.split(subj)[-1]  # "He has diabetes and he must not ...": he
        first = subj.lower() in ("i", "me")
        if modal == "never" and not reported and (_CANNOT_EVER.match(subj) or _ONE_OF_THEM.match(subj)):
            return []  # "I can never find a space", "my brother never listens", "the kettle never works": how it is, no ban
        if modal == "never" and _PERFECT.search(subj):
            return []  # "I've never been on a plane", "Dad has never flown": what one has done so far, no ban
        told = subj.lower() == "you" and ctx.org and not _ADVICE.match(m.group("what"))  # a team's "you must sign in"
        if _SUBJECT_WORDS.match(subj) and not first and subj.lower() != "we" and not told:
            return []  # "you must see it", "they have to": advice or talk about others, not a rule
        if subj.lower() in ("please", "just", "and", "so", "also", "oh", "ok", "okay"):
            return []  # "Please never suggest ...": a request to the assistant, a boundary's (boundaries.py)
        if first and not reported:
            return []  # "I have to fly to Toronto": a plan, not a rule someone set
        if subj.lower() == "we" and not modal.startswith("never") and not reported:
            return []  # ("Dad says we should always hold hands": his rule for us)
        negative = "never" in modal or "not" in modal or "n't" in modal
        return [Fact(_person(subj, ctx), "must_avoid" if negative else "rule", m.group("what"), "safety",
                     RULE_CERTAINTY, said)]
    if _RULE_MARKER.search(rule):
        if _ONLY_INSISTS.match(rule):
            return []  # "That's non-negotiable.": it insists on what was said before, and says nothing itself
        rule = _insisted_piece(rule)
        return [Fact(_holder(text, ctx), "rule", rule, "safety", RULE_CERTAINTY, named_text(rule, ctx))]
    return house_rule(rule, ctx)  # a team's "Families sign in at reception", "Phones off"


def _insisted_piece(rule: str) -> str:
    """In a list of three or more pieces ("sign on, breathalyser, zero tolerance, then the keys"), the rule is the
    piece the marker insists on, not the whole list: the marker's own piece, with the one before when it is the
    marker alone."""
    pieces = [p for p in re.split(r"\s*[,;]\s*|\s+[–—-]\s+", rule) if p.strip()]
    if len(pieces) < 3:
        return rule
    at = next(i for i, p in enumerate(pieces + [rule]) if _RULE_MARKER.search(p))
    if at == len(pieces):
        return rule  # the marker spans a comma
    alone = not _RULE_MARKER.sub("", pieces[at]).strip(" .!")  # "zero tolerance" of the piece before it
    return f"{pieces[at - 1]}, {pieces[at]}" if alone and at else pieces[at]


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


_SENTENCE_END = re.compile(r"(?<=[a-z0-9])[.!;]\s+")


def _process_sentence(statement: str) -> tuple[str, str] | None:
    """A how-to said in one sentence of several (chat runs them together, "yes. to X you ..."): the
    sentence, and the others for the clause path."""
    sentences = [x for x in _SENTENCE_END.split(statement.strip()) if x.strip()]
    if len(sentences) < 2:
        return None
    for n, sentence in enumerate(sentences):
        if process_head(sentence) is not None:
            return sentence, ". ".join(sentences[:n] + sentences[n + 1:])
    return None


# a short "no X" said last after a comma ("we take cash or card, no cheques", "dogs welcome, no cats")
# (not news that did not come: "we asked them, no answer yet", "no luck"; nor an insisting "no exceptions")
_NO_TAIL = re.compile(rf"(?i)(?<=\S),\s*(?!{EMPHATIC})(?P<no>no\s+(?!(?:answer|reply|response|news|luck|sign|change|idea|word)\b)[a-z][\w-]*"
                      r"(?:\s+(?!(?:yet|today|now|again|so\s+far)\b)[a-z][\w-]*){0,2})[.!]*$")


def _each_persons(part: str, ctx: TurnContext) -> list[str]:
    """A part that says an allergy or a condition, cut into its clauses when they are of different people ("he is 9
    and my grandad Joy is allergic to peanuts": Joy's allergy, and his age for the clause path);
    one person's part stays whole ("my son Leo is allergic to peanuts and he carries an epipen")."""
    if not _HEALTH.search(part):
        return [part]
    pieces = clauses(part)
    said = [_SUBJECT_VERB.match(p) for p in pieces]
    # a pronoun said first points at someone named before the part; one said later may be a name's in it
    whose = {"" if m.group("subj").lower() in ("he", "she", "they") else _person(m.group("subj"), ctx)
             for n, m in enumerate(said) if m and (n == 0 or m.group("subj").lower() not in ("he", "she", "they"))}
    return pieces if len(pieces) > 1 and len(whose) > 1 else [part]


def statement_facts(statement: str, ctx: TurnContext, typed: str) -> tuple[list[Fact], str]:
    """The whole-statement facts of a statement, and what is left of it for the clause path ("" when
    it was used whole). `typed`: the statement classifier's type (process, safety, ...)."""
    head = process_head(statement)
    if head is None and (one := _process_sentence(statement)):  # "mango and leaves. to clean her box first you ..."
        said, other = one
        return [process_fact(said, ctx)], other
    if head is not None or typed == "process":
        whole, other = (statement, "") if head is None or _HEADED_STEPS.match(clean(statement)) else _third_party(statement)
        return [process_fact(whole, ctx, head)], other
    found, rest = _never_tail(statement, ctx)
    if found:
        return found, rest
    parts = [q for p in _rule_parts(statement) for q in _each_persons(p, ctx)]
    if ctx.org and parts and (tail := _NO_TAIL.search(parts[-1])):  # a team's "cash or card, no cheques": a ban of its own
        parts[-1:] = [parts[-1][:tail.start()], tail.group("no")]
    facts: list[Fact] = []
    left: list[str] = []
    health = False  # a part before said an allergy or a condition, the owner's too (the families read that)
    for n, part in enumerate(parts):
        if (facts or health and _THE_ONE.search(part)) and _CONSEQUENCE.match(part):
            continue  # "Alfie is allergic to sesame so he can't eat the bagels": the allergy's consequence
        health = health or bool(_HEALTH.search(part))
        so = n and re.search(rf"(?i)\bso\s+{re.escape(part[:12])}", statement)
        rule = _rule(part, ctx, parts[n - 1] if so else None)
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
