"""What a turn says in fragments, without a verb (issue 35): chat gives facts in pieces.

- A **self-introduction**: the owner's own name at the start of the turn, then pieces set beside
  it with commas or full stops: "kwame, 21, second year mech eng at Clydeside Uni", "Femi Adebayo,
  45, chartered accountant, based in Croydon", "Tomasz. Head chef at Saltmarsh in Galway." Each
  piece is one card: a number is the age, "based in X" where one lives, a noun phrase that ends in a
  job the job, "second year X at Y" what and where one studies. The place of a job said this way
  ("producer at Pixelmoth") is not kept: in a team's conversation it is the team itself, which the
  team's own rules read, and the turn does not say whose conversation it is. The name
  is recognised only as the owner's own display name (the service knows it): "Marcia." alone names
  someone else.
- **Another value offered with a doubt** after a fact: "I think my favourite colour is purple. Or maybe
  green." is a second card, hedged.
- A **habit said without a verb**, usually a short answer: "five days a week", "long run on sundays",
  "Mon to Wed mostly": a piece with a recurrence and no verb of its own is the owner's routine.

Pure regex work over the turn as read (reading.as_read); no parse (one parse a turn is the budget).
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.lexicon import ROLE_WORDS
from ..extraction.patterns import NAME, NAME_WORD
from .models import Fact
from .intro_places import place_piece
from .occupation import is_job
from .rule_basics import _DAY, KIN_DOES, RECURRENCE, TurnContext
from .school_years import school_year, school_year_cards
from .vocabulary import DAILY_POINTS, NUMBER_SAID

_SELF_NAMING = r"(?:i['’]m|i\s+am|it['’]?s|this\s+is|my\s+name['’]?s|my\s+name\s+is)\b"
# a greeting as typed ("hiii", "heyyy", "helloo") or in any language ("Kia ora!", "Dia dhuit.", "Namaste everyone,")
# when who is speaking follows it ("Moien. Luc here": a name and "here" too); then who is speaking ("it's", chat's "its")
_GREETING = re.compile(r"^(?:(?:[A-Za-z]{2,12}\s+){0,2}[A-Za-z]{2,12}!+\s+|(?:[A-Za-z]{2,12}\s+){0,2}[A-Za-z]{2,12}[.,]+\s+(?=[A-Z][^\W\d_]*\s+here\b)|(?![^!.,]*\bhere\b)(?:[A-Za-z]{2,12}\s+){0,2}[A-Za-z]{2,12}[!.,]+\s+(?=" + _SELF_NAMING + r"))?(?:(?:quick\s+|short\s+|brief\s+)?(?:intro|introduction|background|bio|"
                       r"(?:a\s+bit\s+)?about\s+me)\s*[:\-–]+\s*)?(?:(?:h+i+|he+y+|hiy+a+|hell+o+|helo+|yo+|evening|morning|afternoon|good\s+(?:morning|afternoon|evening))"
                       r"(?:\s+(?:there|all|everyone|folks|team))?[,.!]*\s+)?(?:(?:i['’]m|i\s+am|it['’]?s|this\s+is|my\s+name['’]?s|my\s+name\s+is)\s+)?",
                       re.I)
_PIECES = re.compile(r"\s*(?:[,;]|(?<=[a-z0-9])[.!?]+(?=\s|$)|\s+-\s+|(?<=\d)\s+and\s+(?=(?:a|an)\s))\s*")  # "34 and a nurse"
_VERBISH = re.compile(r"(?i)\b(?:i|i['’]m|we|you|he|she|they|it|it['’]s|there|there['’]s|is|are|(?<!\d )(?<!\d)am|was|were|be|been|have|has|had|do|does|did|"
                      r"can|could|will|would|should|must|need|needs|want|wants|get|got|go|goes|went|[a-z]+n['’]t)\b")
_NUMBER_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
_AGE_SAID = re.compile(rf"(?i)^(?:i['’]m|i\s+am)\s+{NUMBER_SAID}(?:\s+(?:years?\s+old|yrs?))?$")
_AGE_SAID_SO = re.compile(r"(?i)^(?:aged\s+\d{1,3}|\d{1,3}\s*(?:yo|y/o|(?:years?|yrs?)\s+old))$")  # "52 years old": an age said as one
_AGE = re.compile(r"^(?:aged\s+)?(?P<n>\d{1,3})(?:\s*(?:yo|y/o|(?:years?|yrs?)(?:\s+old)?))?$", re.I)
_PLACE = re.compile(r"^(?:based|living|live)\s+in\s+(?P<v>.+)$|^from\s+(?P<f>.+)$", re.I)
_STUDY = re.compile(r"^(?:(?:first|second|third|fourth|final|1st|2nd|3rd|4th)\s+year\s+)(?P<what>.+?)"
                    r"(?:\s+(?:student\s+)?(?:at|@)\s+(?P<at>.+))?$", re.I)
_RETIRED = re.compile(r"(?i)^(?:semi[- ])?retired(?:\s+(?:now|these\s+days))?$")
_STATUS = re.compile(r"(?i)^(married|divorced|separated|widowed|single|engaged|pregnant|"
                     r"(?:\d{1,2}|[a-z]+)\s+(?:weeks?|months?)\s+pregnant)(?:\s+with\s+.+)?$")
_KIDS = re.compile(r"(?i)^(?:one|two|three|four|five|six|\d)\s+(?P<kin>kids?|child|children|sons?|daughters?|boys?|girls?|"
                   r"grandchild|grandchildren|grandkids?)$")
# "mum of two", "proud dad of three girls", "a mother of four": how many children one has
_PARENT_OF = re.compile(r"(?i)^(?:(?:I['’]m|I\s+am)\s+)?(?:a\s+)?(?:(?:proud|busy|single|working|tired)\s+)?(?:mum|mom|mother|dad|"
                        r"father|parent|mam)\s+(?:of|to)\s+(?P<n>one|two|three|four|five|six|\d|twins|triplets)"
                        r"(?:\s+(?P<kin>kids|children|boys|girls))?(?=\s*(?:$|[,.!;]|\s+and\b))")


def children_counted(text: str, owner: str) -> Fact | None:
    """How many children the owner said they have as a parent of a count ("mum of two", "I'm a dad of three girls",
    "proud mum to twins"), as one card; None when the text does not open so."""
    m = _PARENT_OF.match(text)
    if m is None:
        return None
    kin = {"boys": "son", "girls": "daughter"}.get((m.group("kin") or "").lower(), "child")
    kids = m.group("n") if m.group("n").lower() in ("twins", "triplets") else f"{m.group('n')} {m.group('kin') or 'kids'}"
    return Fact(owner, f"has_{kin}", kids, "relationship", 0.8, f"{owner} has {kids}")
_KIN_OF = {"kids": "child", "children": "child", "sons": "son", "daughters": "daughter", "boys": "son", "girls": "daughter",
           "grandchildren": "grandchild", "grandkids": "grandchild", "kid": "child", "child": "child", "son": "son",
           "daughter": "daughter", "boy": "son", "girl": "daughter", "grandchild": "grandchild", "grandkid": "grandchild"}
_IN_TOWN = re.compile(r"^(?P<job>.+?)\s+in\s+(?P<town>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)$")
_AT = re.compile(r"^(?P<job>.+?)\s+(?:at|for|@)\s+(?P<at>.+)$", re.I)
_FILLER = re.compile(r"(?i)^(?:btw|tbh|lol|haha|ha|here|mostly|mainly|usually|and|but|so|also|sometimes)\b\s*|"
                     r"\s*\b(?:btw|tbh|lol|haha|mostly|mainly|usually|sometimes)$")
_NOT_A_HABIT = re.compile(r"(?i)\b(?:not|no|never|same|thing|stuff|nothing)\b")
# How often, said in a piece: a recurrence other than an adverb alone ("always" is how, not when),
# a weekday said in the plural, a range or a pair of days ("intervals tuesdays", "Mon to Wed", "training Monday and Thursday").
_WHEN = re.compile(rf"(?i)\b(?:{WEEKDAY}s|{_DAY}\s+(?:to|till|until|-|–|and|&|\+|/)\s+{_DAY})")
# A time of day said in a piece: "7pm till 7.30am", "bed by 9am", "5.10 start" (a habit's hours; a
# one-off's day is said with it: "3pm tomorrow" is not kept, _NOT_A_HABIT and _ONE_DAY below)
_CLOCK = re.compile(r"(?i)(?:\b\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}[.:]\d{2}\s+(?:start|finish)\b)(?!.*\b(?:today|tonight|tomorrow|yesterday|next|this|last)\b)")
# a day's fixed points said with their clock time ("bedtime at 7:30", "school run at 8.15", "naps 9:30 and 1"): a routine
_DAILY = re.compile(rf"(?i)^(?:the\s+)?{DAILY_POINTS}\b.*?\b(?:at|by|from|around)?\s*\d{{1,2}}(?:[.:]\d{{2}})?(?:\s*(?:am|pm))?\b"
                    r"(?!.*\b(?:today|tonight|tomorrow|yesterday|next|this|last)\b)")
_HOW_OFTEN_ADVERBS = re.compile(r"(?i)\b(?:usually|normally|always|often)\b")
# A request or a question: its pieces are not the owner's habits ("Write me a poem about Mondays").
_ASKING = re.compile(r"(?i)^(?:write|tell|give|make|remind|send|draft|book|find|show|help|plan|suggest|recommend|"
                     r"list|explain|can|could|would|will|please|what|when|where|who|how|why|which|is|are|do|does)\b")


def _pieces(text: str) -> list[str]:
    return [p.strip(" .!?") for p in _PIECES.split(text) if p and p.strip(" .!?")]


def _clean(piece: str) -> str:
    before = None
    while before != piece:
        before, piece = piece, _FILLER.sub("", piece).strip(" ,")
    return piece


def introduction(text: str, ctx: TurnContext) -> list[Fact]:
    """The cards of a turn that opens with the owner's name and sets pieces beside it."""
    first_name = ctx.owner.split()[0] if ctx.owner else ""
    if first_name and not re.match(rf"(?i)\W*{re.escape(first_name)}\b", text) and (
            later := re.search(rf"(?<=[.!?:])\s+(?={re.escape(first_name)}\s*[,.])|(?<=:)\s+(?=(?i:i['’]m|i\s+am|my\s+name\s+is)\s+"
                               rf"{re.escape(first_name)}\s*[,.])", text)):
        # "so much. Thandiwe, wedding photographer, based in Wells", "First, some background: I'm Merima, 44, ...":
        # the name opens a later sentence
        text = text[later.end():]
    opened = _GREETING.match(text)
    if opened and re.match(rf"(?i){re.escape(first_name)}\s*[,.!]", text):
        opened = None  # "Ljiljana, I'm 14, ...": the turn opens on the owner's own name, not a greeting word
    rest = text[opened.end():] if opened else text
    said_so = bool(opened and re.search(r"(?i)(?:i['’]m|i am|it['’]?s|this is|name['’]?s|name is)\s+$", opened.group(0)))
    after = r"|\s+(?=[a-z])" if said_so else ""  # "I'm Oona freelance illustrator" (chat's "btw," read away)
    named = re.match(rf"(?i)(?P<name>{re.escape(first_name)}(?-i:\s+{NAME_WORD})?)\b(?=\s*(?:[,.!;:]|$)|\s+[-–—]\s+|\s+(?:btw\b|here\b(?!\s+again\b)){after})",
                     rest) if first_name else None  # ("Dana - ops manager": a dash as a comma)
    if not named or first_name.lower() in ("the", "user"):
        return []
    if re.match(r"\s+from\s+[A-Z]", rest[named.end():]):
        return []  # "it's Lorna from Kestrel Heating": who they work for, read by team.introduction
    o = ctx.owner
    name = named.group("name")
    name = name[:1].upper() + name[1:]
    out = [Fact(o, "name", name, "identity", 0.9, f"{o}'s name is {name}")]
    verb_said = job_before = False
    read = 0  # the pieces read before this one ("I'm Aziz, 12, Samarkand": a place after the age)
    for raw in _pieces(rest[named.end():])[:6]:
        piece = _clean(raw)
        if not piece:
            continue
        if _AGE_SAID.match(piece):
            read += 1
            continue  # "I am 61": the age families read it; the pieces after it are the introduction's still
        if _VERBISH.search(piece):
            verb_said = True  # a clause with a verb of its own: the fact families read it, and what
            continue  # follows may be part of it; an age after it is still the introduction's ("..., 52 years old")
        if verb_said and not _AGE_SAID_SO.match(piece):
            continue
        if (work := _WORK_MOSTLY.match(raw)) and job_before:
            out += works_on(work.group("what"), o)  # "illustrator, mostly children's books": what the work is on
            continue
        got = _piece_facts(piece, o, keep_place=not ctx.org) or place_piece(piece, o, read, not ctx.org, job_before)
        read += 1
        # the job's still, past where it is ("carpenter - in Le Carbet. mostly roofs"), not past a count
        # ("manager. 42 rooms, mostly tourists": the rooms' guests)
        job_before = any(f.predicate == "job" for f in got) or job_before and not _COUNTED.match(piece) and all(
            f.predicate in ("works_in", "works_at", "lives_in", "from") for f in got)
        out += got
    return out


_COUNTED = re.compile(rf"(?i)^(?:about\s+|around\s+|over\s+)?{NUMBER_SAID}\b")
# what a job is mostly done on, said after it without a verb: "mostly children's books and the odd album cover"
_WORK_MOSTLY = re.compile(r"(?i)^(?:mostly|mainly|largely|chiefly)\s+(?P<what>[a-z][\w'’ -]{2,60})$")
# a second kind said with how seldom ("and the odd album cover", "and the occasional christening"): a card of its own;
# "roofs and wooden shutters" under one "mostly" is one
_NOW_AND_THEN = re.compile(r"(?i)\s*(?:,\s*)?\b(?:and|plus)\s+(?=(?:the\s+odd|the\s+occasional|a\s+few|some|now\s+and\s+then)\b)")


def works_on(what: str, o: str) -> list[Fact]:
    """The cards of what one's work is mostly on: the main kind, and each kind said as now and then."""
    kinds = [k.strip(" ,") for k in _NOW_AND_THEN.split(what) if k.strip(" ,")]
    return [Fact(o, "works_on", _SELDOM.sub("", kind), "semantic", 0.8, f"{o} {'mostly' if n == 0 else 'also'} works on {kind}")
            for n, kind in enumerate(kinds)]


_SELDOM = re.compile(r"(?i)^(?:the\s+odd|the\s+occasional|a\s+few|some|now\s+and\s+then)\s+")


_RANKS = frozenset("head senior junior chief lead assistant deputy trainee principal".split())


def _piece_facts(piece: str, o: str, keep_place: bool = False) -> list[Fact]:
    """`keep_place`: a job's place is kept (a household's member says where they work; in a team's
    conversation it is the team)."""
    if _RETIRED.match(piece):
        return [Fact(o, "retired", "retired", "identity", 0.8, f"{o} is retired")]
    if m := _STATUS.match(piece):  # "41, married, three kids"
        return [Fact(o, "status", m.group(1).lower(), "identity", 0.8, f"{o} is {m.group(1).lower()}")]
    if counted := children_counted(piece, o):  # "mum of two": the children, said as a count
        return [counted]
    if m := _KIDS.match(piece):
        kin = _KIN_OF[m.group("kin").lower()]
        return [Fact(o, f"has_{kin}", piece, "relationship", 0.8, f"{o} has {piece}")]
    if (m := _AGE.match(piece)) or piece.lower() in _NUMBER_WORDS:
        age = m.group("n") if m else str(_NUMBER_WORDS[piece.lower()])
        return [Fact(o, "age", age, "identity", 0.9, f"{o} is {age} years old")] if 0 < int(age) < 120 else []
    if m := _PLACE.match(piece):
        if m.group("v"):
            return [Fact(o, "lives_in", m.group("v"), "identity", 0.8, f"{o} lives in {m.group('v')}")]
        return [Fact(o, "from", m.group("f"), "identity", 0.8, f"{o} is from {m.group('f')}")]
    if said := school_year(piece):  # "year 5 at Shalimar Garden School", "in 9th grade at the lyceum"
        return school_year_cards(o, said)
    if m := _STUDY.match(piece):
        out = [Fact(o, "studies", m.group("what"), "identity", 0.8, f"{o} studies {m.group('what')}")]
        if m.group("at"):
            out.append(Fact(o, "studies_at", m.group("at"), "identity", 0.8, f"{o} studies at {m.group('at')}"))
        return out
    at = _AT.match(piece)
    town = _IN_TOWN.match(piece) if not at else None  # "GP in Bristol": the job, and the town it is done in
    job = (at.group("job") if at else town.group("job") if town else piece).strip()
    words = [w.lower() for w in re.sub(r"^(?:a|an|the)\s+", "", job, flags=re.I).split()]
    ranked = len(words) >= 2 and words[0] in _RANKS  # "head brewer", "senior planner": a post, whatever the noun's ending
    if not words or len(words) > 4 or not (is_job(words, at is not None or ranked) or words[-1] in ROLE_WORDS):
        return []
    job = " ".join(words)
    article = "an" if job[:1] in "aeiou" else "a"
    out = [Fact(o, "job", job, "identity", 0.8, f"{o} is {article} {job}")]
    if town and keep_place:
        out.append(Fact(o, "works_in", town.group("town"), "identity", 0.8, f"{o} works in {town.group('town')}"))
    if at and keep_place and not re.match(r"(?i)(?:my|our|his|her|their)\b", at.group("at")):
        # "Head chef at Saltmarsh in Galway": where, without the town ("carer for my dad": whom, no workplace)
        place = re.split(r"\s+in\s+(?=[A-Z])", at.group("at"))[0]
        out.append(Fact(o, "works_at", place, "identity", 0.8, f"{o} works at {place}"))
    return out


# a piece that only names someone: "our neighbour", "my coach", "Mrs Patel"
_SOMEONE = re.compile(rf"^(?:(?i:my|our|his|her|their|the)\s+[a-z]+(?:\s+[a-z]+)?|{NAME})$")
# someone named, then a verb of theirs: "My physio Dev Rao comes every other Tuesday", "every night mum reads me ..."
_SOMEONE_DOES = re.compile(rf"(?:^|(?<=\s)){KIN_DOES}")  # ("grandma picks me up on thursdays", not "piano Tuesdays")
_DAY_ONLY = re.compile(rf"^(?:{_DAY}s?|(?i:today|tonight|tomorrow|weekends?|weekdays?))$", re.I)


# one's shift said as a noun ("dawn shift", "early shifts", "nights", "earlies") and its hours as a range
_SHIFT = re.compile(r"(?i)^(?:(?:mostly|usually|on)\s+)?(?:(?:[a-z]+|\d{1,2}[- ]hour)\s+)?(?:shifts?|nights|earlies|lates|days)$")
_HOURS = re.compile(r"(?i)^(?:from\s+)?\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?\s*(?:to|till|until|-|–)\s*\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?$"
                    r"|^\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?\s+(?:start|finish)$")


_HOURS_NAMED = re.compile(r"(?i)^(?:[a-z]+\s+)?hours$")  # "office hours", "school hours"


def _shift_hours(pieces: list[str]) -> str | None:
    """"Dawn shift, 5 to 1": the shift and its hours as one routine; "office hours, 8 to 4, Monday to Friday"
    or "Tuesday to Saturday, 10 till 6": hours said bare (no habit's card of their own) and their days as one;
    or None."""
    for n, (shift, hours) in enumerate(zip(pieces, pieces[1:])):
        if _SHIFT.match(shift) and _HOURS.match(hours):
            days = [p for p in pieces[n + 2:] if _WHEN.search(p) or RECURRENCE.search(p)][:1]  # ", Monday to Friday"
            return " ".join([shift, hours] + days)
    for n, hours in enumerate(pieces):
        if not _HOURS.match(hours) or _CLOCK.search(hours):
            continue  # ("Mon to Wed, 7pm till 7.30am": hours said with am or pm are a habit's card of their own)
        named = [pieces[n - 1]] if n and _HOURS_NAMED.match(pieces[n - 1]) else []
        if n + 1 < len(pieces) and _WHEN.search(pieces[n + 1]):
            return " ".join(named + [hours, pieces[n + 1]])
        if n and not named and _WHEN.search(pieces[n - 1]):
            return f"{pieces[n - 1]} {hours}"
    return None


def habit_pieces(text: str, ctx: TurnContext) -> list[Fact]:
    """Pieces of the turn with a recurrence and no verb: the owner's routines ("five days a week").
    Not in a team's conversation: there a habit without a subject is the team's, which team.py reads."""
    out: list[Fact] = []
    if ctx.org:
        return out
    for sentence in re.split(r"(?<=[a-z0-9])[.!?]+\s+", text):
        pieces = [_clean(p) for p in _pieces(sentence)]
        if (shift := _shift_hours(pieces)) is not None:
            out.append(Fact(ctx.owner, "routine", shift, "routine", 0.8, f"{ctx.owner}: {shift}"))
            continue
        if any(_VERBISH.search(p) for p in pieces) or _ASKING.match(sentence) or sentence.rstrip().endswith("?"):
            continue  # "I go to the gym, usually on Mondays": the clause with the verb says the habit
        if any(_SOMEONE.match(p) and not RECURRENCE.search(p) and not _DAY_ONLY.match(p) for p in pieces[:-1]) \
                or _SOMEONE_DOES.search(sentence):
            continue  # "Our neighbour, Mrs Patel, visits on Sundays", "My dad plays golf every Sunday": theirs
        out += [Fact(ctx.owner, "routine", p, "routine", 0.8, f"{ctx.owner}: {p}") for p in pieces
                if p and (RECURRENCE.search(_HOW_OFTEN_ADVERBS.sub(" ", p)) or _WHEN.search(p) or _CLOCK.search(p) or _DAILY.match(p))
                and not _NOT_A_HABIT.search(p) and len(p.split()) <= 8]
    return out


# "Or maybe green.", "or purple": another value for what was just said, offered with a doubt
_OR_MAYBE = re.compile(r"^(?:or|or\s+maybe|or\s+perhaps|or\s+probably|maybe)\s+(?P<v>(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+)?)[.!]*$",
                       re.I)


def alternative(statement: str, said: list[Fact]) -> list[Fact]:
    """A verbless "or maybe X" after a fact: the same card with X, hedged (the owner is not sure which)."""
    m = _OR_MAYBE.match(statement.strip())
    if not m or not said or _VERBISH.search(m.group("v")):
        return []
    last, value = said[-1], m.group("v")
    if last.type not in ("preference", "identity", "routine", "skill") or not last.value or last.value not in last.text:
        return []
    return [Fact(last.subject, last.predicate, value, last.type, min(last.certainty, 0.55),
                 last.text.replace(last.value, value))]


__all__ = ["alternative", "children_counted", "habit_pieces", "introduction"]
