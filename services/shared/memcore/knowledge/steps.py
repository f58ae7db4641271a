"""A team's work told as steps in order (issue 35, docs/formation-spec.md "process"): "we tip them,
sort by postcode, then reload the outbound vans by 4am" is a process, kept whole up to where the
sentence goes on to why ("so drivers can leave at 5") or to a habit of someone else's (", then
Frank assigns it next morning at 7.30"); a colleague's last step said with no time of its own stays
in it (", then Sven gives the briefing": two steps are enough then). Only in a team's conversation
and in the present tense: "I got up, had a coffee, then went to work" is a day told, not a how-to. Pure."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from ..extraction.lexicon import IRREGULAR_PAST
from .models import Fact
from .parse import Sentence
from .rule_basics import RECURRENCE, TurnContext
from .statement_basics import PROCESS_CERTAINTY, clean, named_text
from .statement_basics import _holder as holder
from .team_words import CLOCK, DAYS, RULE_FIRST

_SENTENCES = re.compile(r"(?<=[a-z0-9])[.!;]\s+")
_OPENING = re.compile(r"^(?:(?:first|firstly|first\s+of\s+all|to\s+start)\s*,?\s+)?(?P<who>we|I|you)\s+(?:(?:usually|always|normally|then|first|just)\s+)?(?P<verb>[a-z]+)\b", re.I)
# a role or a thing of the team's doing the steps: "the engineer bounces ...", "new clients get ..."
_NOUN_OPENINGS = [re.compile(rf"^(?:(?:the|our|a|an|every|each|new|all)\s+)?(?P<who>[a-z]+{more})\s+"
                             r"(?:(?:usually|always|normally|then|first|just)\s+)?(?P<verb>[a-z]+)\b") for more in ("", r"\s+[a-z]+")]
_NOT_A_SUBJECT = frozenset("we i you he she they it this that there who what which then first so and but".split())
_WHY = re.compile(r"\s+(?:so|so\s+that|because)\s+")
_NEXT = re.compile(rf",?\s+(?:and\s+)?then\s+(?=(?:{NAME_WORD}|he|she|they)\s)")
_STEP = re.compile(r"\s*,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+")
_ORDER_WORDS = re.compile(r"(?i)^\s*(?:(?:first|firstly|first\s+of\s+all|next|then|finally|after\s+that|and|also)\s*,?\s+)+")
_NOT_A_STEP_VERB = frozenset("am is are was were have has had do does did can could will would might may must should "
                             "think guess know love like hate want need".split())


def _noun_opening(sentence: str) -> re.Match[str] | None:
    """A noun subject and its present-tense verb: a singular noun before a verb in -s ("engineer
    bounces"), a plural one before a plain verb ("new clients get"); a name or a pronoun is not one."""
    said = sentence[:1].lower() + sentence[1:]  # "The engineer ...", not "Ngozi ..."
    if sentence[:1].isupper() and not re.match(r"(?:The|Our|A|An|Every|Each|New|All)\b", sentence):
        return None
    for opening in _NOUN_OPENINGS:
        m = opening.match(said)
        if not m or set(m.group("who").lower().split()) & _NOT_A_SUBJECT:
            continue
        noun, verb = m.group("who").split()[-1], m.group("verb")
        singular_verb = verb.endswith("s") and not verb.endswith("ss")
        if (noun.endswith("s") and not noun.endswith("ss")) != singular_verb:
            return m
    return None


def _imperative(sentence: str, parsed: Sentence | None) -> bool:
    """Steps said as commands, "unwrap, strip the leaves, cut the stems, then ...": two steps or more
    open on a verb in its plain form, as the statement's parse tags it (a name or a pronoun opens none)."""
    if parsed is None or not sentence[:1].islower() or ":" in sentence:
        return False  # ("opening up: unlock ..., then ...": a how-to with its name, kinds.py keeps it)
    tags: dict[str, set[str]] = {}
    for t in parsed:
        tags.setdefault(t.lower, set()).add(t.tag)
    opening = [_ORDER_WORDS.sub("", step).split()[0].lower() for step in _STEP.split(sentence) if _ORDER_WORDS.sub("", step).strip()]
    verbs = [w for w in opening if tags.get(w, set()) & {"VB", "VBP"} and w not in _NOT_A_SUBJECT | _NOT_A_STEP_VERB]
    return len(verbs) >= 2 and opening[0] not in _NOT_A_SUBJECT


# "1) count the float 2) switch on the reader 3) unlock the door", "step 1: ...", "• soak the beans • drain them • ..."
BULLET = "•▪◦‣●"
_NUMBERED = re.compile(rf"(?:(?:^|\s)(?:\(?\d{{1,2}}[.):]|(?i:step)\s+\d{{1,2}}[.:)]?)\s+|[{BULLET}]\s*)(?=[A-Za-z])")
def listed(text: str) -> list[str]:
    """The items of a numbered or bulleted list said in one line ("1. wash hands 2. remove the old
    dressing 3. ...", "• soak • drain • ..."), three or more, else none."""
    if len(_NUMBERED.findall(text)) < 3:
        return []
    return [item.strip(" ,;.") for item in _NUMBERED.split(text)[1:] if item.strip(" ,;.")]


# "once a book has been on the shelf 6 months, it goes back", "as soon as a job is booked, we text the client"
_ONCE = re.compile(r"^(?P<cond>(?i:once|as\s+soon\s+as|whenever|after|if|when)\s+[^,]{3,80}?)\s*,\s*(?:(?i:then)\s+)?(?P<then>\S.{3,})$")
_WILL = re.compile(r"(?i)\b(?:will|would|might|could|may|should)\b|['’](?:ll|d)\b")  # what may happen, no step
_PAST = re.compile(r"(?i)\b(?:was|were|did|had|went|got|came|used\s+to|yesterday|last\s+(?:week|year|month|time))\b")


# "to book an MOT, customers ring the front desk or use the website": a goal and how it is reached
_TO_GOAL = re.compile(r"^(?i:to)\s+(?P<goal>[a-z]+\s[^,]{2,60}?)\s*,\s*(?P<how>[^?]{6,})$")
_NOT_A_GOAL = frozenset("be get put cut tell say sum make keep start begin".split())  # "to be fair", "to cut a long story short"


def _told_past(text: str) -> bool:
    """"after I left school, I worked in a bar", "to get there I took the bus": a life told, no how-to."""
    return bool(_PAST.search(text) or any(w.lower() in IRREGULAR_PAST for w in re.findall(
        r"(?<!\bhas )(?<!\bhave )\b[A-Za-z]+", text)) or re.search(r"(?i)\b(?:I|we|he|she|they|you)\s+[a-z]+ed\b", text))


def _told_in_order(statement: str, ctx: TurnContext) -> list[Fact]:
    """A process told as numbered steps, as a goal and how it is reached, or as what follows once
    something has happened, in the present."""
    text = clean(statement)
    goal = _TO_GOAL.match(text)
    if goal and not _told_past(text) and goal.group("goal").split()[0].lower() not in _NOT_A_STEP_VERB | _NOT_A_GOAL \
            and not re.search(r"(?i)\b(?:you|we|I)\b", goal.group("goal")):  # ("to X you Y, ...": kinds.py reads it)
        said = named_text(text[:1].upper() + text[1:], ctx)
        return [Fact(holder(text, ctx), "process", goal.group("goal"), "process", PROCESS_CERTAINTY, said)]
    if len(_NUMBERED.findall(text)) >= 3:
        first = _NUMBERED.split(text)[1].strip(" ,;") if len(_NUMBERED.split(text)) > 1 else text
        return [Fact(holder(text, ctx), "process", named_text(first, ctx), "process", PROCESS_CERTAINTY, named_text(text, ctx))]
    m = _ONCE.match(text)
    if m and not _told_past(text) and not _WILL.search(m.group("then")) and not _WILL.search(m.group("cond")) \
            and not re.match(r"(?i)(?:if|when)\s+(?:I|you)\b", text):  # ("if I win, ...", "when you're ready, ...": talk;
        # "if they cut the grant we'll go to the council, all of us": with no comma after the condition it ran on into
        # what will happen then, a plan, no how-to)
        said = named_text(text[:1].upper() + text[1:], ctx)
        cond = re.sub(r"(?i)^(?:once|as\s+soon\s+as|whenever|after|if|when)\s+", "", m.group("cond"))  # what sets it off
        return [Fact(holder(text, ctx), "process", named_text(cond, ctx), "process", PROCESS_CERTAINTY, said)]
    return []


# what a command to the assistant opens on ("draft an email, make it short, then add a PS"): no team's how-to
_ASKED_OF_ASSISTANT = frozenset("draft write tell give show find help send remind summarise summarize list translate explain create "
                                "suggest generate rewrite proofread compose read sing play make answer look search".split())
_GO_TO_FIRST = re.compile(rf"^(?i:just\s+)?(?i:ask|talk\s+to|speak\s+to|check\s+with|go\s+to)\s+{NAME_WORD}(?:\s+{NAME_WORD})?\s+"
                          r"(?i:about|for|re|with|on)\s+\S")


def instruction(statement: str, parsed: Sentence | None = None) -> bool:
    """Whether a team member's commands tell how the team works, not ask the assistant for something:
    steps in order ("wedge the clay, centre it, then throw the pot", numbered steps, "to book a
    viewing, ring the office ..."), or whom to go to ("ask Jen about anything billing related")."""
    text = clean(statement).strip()
    if re.search(r"(?i)\b(?:me|please|for\s+us|can\s+you|could\s+you|you\s+could)\b|\?", text):
        return False
    if _GO_TO_FIRST.match(text):
        return True
    first = _ORDER_WORDS.sub("", text).split()[:1]
    if not first or first[0].lower() in _ASKED_OF_ASSISTANT:
        return False
    numbered = len(_NUMBERED.findall(text)) >= 3
    in_order = " then " in f" {text} " and len([s for s in _STEP.split(text) if s.strip()]) >= 3 and _imperative(text, parsed)
    return numbered or in_order or bool(_TO_GOAL.match(text))


# a team's procedure under its name: "Room booking: the tutor emails the office, the office checks the diary, ..."
_HEADED = re.compile(r"^(?P<head>[^:,.;!?]{3,60}?)\s*:\s*(?P<body>\S.*)$", re.S)
_PRESENT_VERB = frozenset(("VBZ", "VBP", "VB"))


# a stage said by when it comes, with or without a verb: "plaster off after 2 hours", "deposit up front"
STAGE = re.compile(r"(?i)\b(?:after|before|within|up\s+front|in\s+advance|same\s+day|on\s+the\s+day|first|final|finally|next)\b")


def _headed_steps(statement: str, ctx: TurnContext, parsed: Sentence | None) -> tuple[list[Fact], str]:
    """Steps under a heading that the team's people take in turn, each a clause of its own in the present
    ("Refunds: the customer fills in the form, Dev checks the receipt, the money goes back"), or stages said
    by when they come ("Aftercare: plaster off after 2 hours, rinse with saline, ..."): three steps or more,
    two of them with a verb in the present by the statement's parse or a stage's time, none told in the past.
    A rule said last ("..., no baths for a week") is no step: it is left to the rule readers (the rest)."""
    m = _HEADED.match(clean(statement))
    if parsed is None or not m:
        return [], statement
    past = sum(t.tag == "VBD" for t in parsed)  # ("Last Friday: we packed ..., ... then ...": a day told)
    if past > sum(t.tag in ("VBZ", "VBP") for t in parsed) - past:
        return [], statement
    tags: dict[str, set[str]] = {}
    for t in parsed:
        tags.setdefault(t.lower, set()).add(t.tag)
    steps = [step for step in _STEP.split(m.group("body")) if step.strip()]
    ruled: list[str] = []
    while len(steps) > 3 and RULE_FIRST.match(steps[-1].strip()):
        ruled.insert(0, steps.pop().strip(" .!"))  # ("..., no swimming for two weeks": a rule of its own)
    acting = [step for step in steps if len(step.split()) >= 2 and (STAGE.search(step) or any(
        tags.get(w.lower(), set()) & _PRESENT_VERB and w.lower() not in _NOT_A_STEP_VERB for w in re.findall(r"[A-Za-z]+", step)))]
    if len(steps) < 3 or len(acting) < 2:
        return [], statement
    if all(re.match(rf"{NAME_WORD}\s", step.strip()) and not step.split()[0].isupper() for step in steps):
        return [], statement  # "The team: Jo runs the tills, Sam does the ordering, Priya bakes": who does what, each their own
    said = named_text(f"{m.group('head').strip()}: {', '.join(s.strip() for s in steps)}" if ruled else clean(statement), ctx)
    rest = ". ".join(r[:1].upper() + r[1:] for r in ruled)  # ("No baths for a week": the rule readers' line)
    return [Fact(holder(clean(statement), ctx), "process", named_text(m.group("head").strip(), ctx), "process", PROCESS_CERTAINTY,
                 said)], rest


def handed_on(body: str) -> tuple[str, bool]:
    """The steps up to where someone else takes over with a habit of their own (", then Frank assigns it
    next morning at 7.30": Frank's routine, a card of its own), and whether a named person's step ends
    them as the last step of the same how-to (", then Sven gives the safety briefing on the slipway")."""
    m = _NEXT.search(body)
    if not m:
        return body, False
    if CLOCK.search(body[m.end():]) or DAYS.search(body[m.end():]) or RECURRENCE.search(body[m.end():]):
        return body[:m.start()], False
    return body, True


def sequence(statement: str, ctx: TurnContext, parsed: Sentence | None = None) -> tuple[list[Fact], str]:
    """The process a statement tells as three or more steps with "then", as numbered steps or as what
    follows once something has happened, and what is left of it. `parsed`: the statement's parse,
    which tells steps said as commands."""
    if not ctx.org:
        return [], statement
    in_order = _told_in_order(statement, ctx)
    if in_order:
        return in_order, ""
    headed, rest = _headed_steps(statement, ctx, parsed)
    if headed:
        return headed, rest
    if " then " not in f" {statement} ":
        return [], statement
    sentences = [s for s in _SENTENCES.split(clean(statement)) if s.strip()]
    for n, sentence in enumerate(sentences):
        m = _OPENING.match(sentence) or _noun_opening(sentence)
        verb = m.group("verb").lower() if m else ""
        if (not m or verb in _NOT_A_STEP_VERB or verb in IRREGULAR_PAST or verb.endswith("ed")) and not _imperative(sentence, parsed):
            continue
        body, handed = handed_on(_WHY.split(sentence, maxsplit=1)[0])
        steps = [s for s in _STEP.split(body) if s.strip()]
        if len(steps) < (2 if handed else 3) or " then " not in f" {sentence} ":
            continue
        left = sentences[:n] + sentences[n + 1:]
        said = named_text(body[:1].upper() + body[1:], ctx)
        return [Fact(holder(body, ctx), "process", named_text(steps[0], ctx), "process", PROCESS_CERTAINTY, said)], "; ".join(left)
    return [], statement
