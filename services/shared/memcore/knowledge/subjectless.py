"""A liking, a fear or an ability said without its subject (issue 35): chat drops the "I'm".

"not keen on spicy food", "big fan of jazz", "terrified of wasps", "rubbish at maths", "love
gardening" are the owner's own statements with the subject left out; read as "I'm not keen on spicy
food" and "I love gardening" they reach the same readings as when said whole. Only a sentence that
opens on such words is completed: an adjective of liking, fear, allergy or ability with its
preposition, "a fan of", or a verb of liking before a thing (not "love it", "love that", "love you",
which are chat). Pure regex work on the turn as read (reading.as_read)."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.lexicon import IRREGULAR_PAST
from .occupation import is_job
from .vocabulary import DAILY_POINTS, NUMBER_WORDS, TAKEN_UP

_DEGREE = r"(?:(?:not|never|really|so|quite|very|pretty|super|a\s+bit|bit|kind\s+of|totally|absolutely|massively)\s+)*"
_STATES = (r"(?:keen|fond|scared|afraid|terrified|frightened|nervous|allergic|intolerant|obsessed|mad|crazy|into|"
           r"good|great|decent|brilliant|bad|terrible|rubbish|hopeless|useless|awful)")
_PREPS = r"(?:on|of|to|with|about|at)"
# What the chat itself is ("this plan", "that answer", "when that happens"): a reaction, not a taste
_DEICTIC = r"(?!(?:this|that|these|those|it|when|what|how|nothing|everything|anything|me|you|your|ya|u)\b)"
_STATE = re.compile(rf"(?i)^{_DEGREE}(?:{_STATES}\s+{_PREPS}|into|(?:a\s+)?(?:big|huge|massive)?\s*fan\s+of)\s+{_DEICTIC}(?=\w)")
_BARE_FAN = re.compile(r"(?i)^(?:(?:big|huge|massive)\s+)?fan\s+of\b")
_FEELING = re.compile(r"(?i)^(?:really\s+|absolutely\s+)?(?:love|adore|hate|detest|can't\s+stand|enjoy)\s+"
                      rf"{_DEICTIC}(?!(?:them|him|her|us)\b)(?=[a-z])")


# Who one is, said as a form or a note ("Age: 48", "Job - bus driver", "Name's Dov", "Based in Dundee",
# "Been living in Rotterdam since 2019", "Retired bus mechanic, 71", "At 66 I ..."): the owner's own statements
_FIELD = re.compile(r"(?i)^(age|job|work|occupation|name|home|location|from)\s*[:=-]\s*(?=\S)")
_FIELD_FRAMES = {"age": "I am ", "job": "I work as a ", "work": "I work as a ", "occupation": "I work as a ",
                 "name": "My name is ", "home": "I live in ", "location": "I live in ", "from": "I am from "}
_NAMES = re.compile(r"(?i)^names?'?s?\s+(?=[A-Z])|^name['’]s\s+(?=\w)")  # "Name's Dov", "names Dov"
# "Married to Jorge for 20 years.", "Two kids: Ava (9) and Leo (6).": one's family said as a note
_FAMILY_NOTE = re.compile(r"(?i)^(?=(?:married|engaged|divorced|widowed)\b)|^(?=(?:two|three|four|five|\d)\s+(?:kids|children|sons|"
                          r"daughters|boys|girls|grandkids|grandchildren|brothers|sisters)\b\s*[:,(-])")
_BEEN = re.compile(r"(?i)^(?:been|have been)\s+(?=(?:living|working|teaching|driving|nursing|running|training|studying|"
                   r"volunteering|coaching|playing|learning|doing|married|retired|based)\b)")
_DOING = re.compile(r"(?i)^(?=(?:living|working|studying|teaching|training|volunteering|based|located)\s+"
                    r"(?:in|at|for|with|as|near|outside|just outside|out of|from)\b)")
_LOVING = re.compile(r"(?i)^(?:(?:really|totally|absolutely|so)\s+)?(?:loving|enjoying|hating)\s+(?!(?:it|this|that|these|those|you|the\s+"
                     r"(?:weather|sun|sunshine|rain|snow))\b)[a-z]")
_TAKEN_UP = re.compile(rf"(?i)^(?:(?:just|finally|recently)\s+)?{TAKEN_UP}\s+(?:the\s+|a\s+)?[a-z]")
_AT_AGE = re.compile(rf"(?i)^(?P<lead>(?:(?:yes|yeah|yep|well|so|and|but|now|honestly)[,!.]?\s+)*)at\s+(?P<n>\d{{1,3}}|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))}),?\s+(?=I\b)")
# an age a past or a future doing was at ("at 15 I left school", "at 60 I'll retire"): no age now; a doing said as
# just done is the owner's age now ("At 70 I finally learned to swim", "at 52 I just ran my first marathon")
_THEN_OR_LATER = re.compile(r"(?i)^I\s+(?:(?:already|first|then|even|still|never)\s+)?(?:[a-z]+ed|"
                            rf"{'|'.join(sorted(IRREGULAR_PAST))}|will|would|want|hope|plan|might|may)\b|^I['’](?:ll|d)\b")
# "My physio, Dev Rao, comes ...", "Supervisor at the depot is Gareth": a job someone else holds
_NOT_ONES_OWN = re.compile(r"(?i)^(?:my|our|his|her|their|your|the|a|an|this|that)\b|\b(?:is|are|was|were|comes|does|says)\b")
# "Dentist at 3.30", "Physio on Tuesday": an appointment, no job
_AT_A_TIME = re.compile(rf"(?i)\s+(?:(?:at|on|by)\s+(?:\d{{1,2}}(?:[.:]\d\d)?\b(?!\s+[A-Z])|the\s+\d|{WEEKDAY})|"
                        r"tomorrow|today|tonight|next\s+\w+|this\s+(?:morning|afternoon|evening|week))")
# a job said bare ("Retired bus mechanic, 71"): no article inside it ("Ring the vet, ...": a command)
_A_JOB = re.compile(r"^(?P<job>(?:(?:retired|former|ex)[- ])?[A-Za-z][a-z]+(?:[- ](?!(?:the|a|an|my|our|your)\b)[a-z]+){0,2})"
                    r"(?=\s*(?:,|\.|!|$)|\s+(?:here|by trade|at|in|for|with|on)\b)")


def _identity_said_bare(part: str, first: bool) -> str | None:
    """The fragment as the statement it means, when it says who the owner is without a subject. A job
    said bare is the owner's only as the turn's opening words ("Retired bus mechanic, 71, ..."): later in
    a turn "Project manager, that's Dana" is about someone else."""
    if m := _FIELD.match(part):
        return _FIELD_FRAMES[m.group(1).lower()] + part[m.end():]
    if m := _NAMES.match(part):
        return "My name is " + part[m.end():]
    if re.match(r"(?i)^(?:founded|established)\s+(?:back\s+)?in\s+\d{4}\b", part):  # "Founded in 1998 by my dad."
        return "We were " + part[:1].lower() + part[1:]
    if _FAMILY_NOTE.match(part):
        return ("I am " if re.match(r"(?i)(?:married|engaged|divorced|widowed)\b", part) else "I have ") + part[:1].lower() + part[1:]
    if m := _BEEN.match(part):
        return "I have been " + part[m.end():]
    if re.match(r"(?i)^(?:can['’]?t|cannot|can\s+not)\s+(?:have|eat|drink|touch|stand)\b", part):  # "Can't have dairy, ..."
        return "I " + part[:1].lower() + part[1:]
    if _TAKEN_UP.match(part):  # "picked up crochet during the winter", "started the accordion last winter"
        return "I " + part[:1].lower() + part[1:]
    if _DOING.match(part) or _LOVING.match(part):  # "loving crochet lately": the owner's liking
        return "I am " + part[:1].lower() + part[1:]
    if (m := _AT_AGE.match(part)) and not _THEN_OR_LATER.match(part[m.end():]):
        return f"{m.group('lead')}I am {m.group('n')}. " + part[m.end():]  # "yes at 44 I'm finally learning to drive"
    if first and (m := _A_JOB.match(part)) and not _NOT_ONES_OWN.search(part) and not _AT_A_TIME.match(part[m.end():]) and is_job(re.split(r"[- ]", m.group("job").lower()), False):
        job = m.group("job")
        article = "an" if job[:1].lower() in "aeiou" else "a"
        return f"I'm {article} {job[:1].lower()}{job[1:]}{part[m.end():]}"  # "Retired bus mechanic, 71, ..."
    return None


# "Bedtime is 7:30 for the little one": a day's fixed point and its time, said as a piece (fragments._DAILY)
_DAILY_IS = re.compile(rf"(?i)^(?P<what>(?:the\s+)?{DAILY_POINTS})\s+(?:is|are|['’]s)\s+(?:at\s+|around\s+)?(?=\d)")


# "Leo is six. Turns seven in October.": an age to come said on, without its subject, is of who was just named
_NAMED_FIRST = re.compile(r"^(?P<who>[A-Z][a-z'’-]+)\s+(?:is|was|turns|will\s+be)\b")
_TURNS_ON = re.compile(rf"(?i)^(?:turns|(?:is\s+)?turning|will\s+be|['’]ll\s+be)\s+(?=(?:\d{{1,3}}|{'|'.join(NUMBER_WORDS)})\b)")


def with_subject(text: str) -> str:
    """The turn with "I'm" / "I" set before each sentence that opens on a liking said without a subject,
    and each that says who the owner is as a note ("Age: 48", "Retired bus mechanic, 71")."""
    parts = re.split(r"((?<=[.!?])\s+)", text)
    out = []
    for n, part in enumerate(parts):
        if m := _DAILY_IS.match(part):
            part = f"{m.group('what')} at {part[m.end():]}"
        if (said := _identity_said_bare(part, n == 0)) is not None:
            part = said
        elif _STATE.match(part):
            article = "a " if _BARE_FAN.match(part) else ""  # "big fan of jazz": "I'm a big fan of jazz"
            part = "I'm " + article + part[:1].lower() + part[1:]
        elif _FEELING.match(part):
            part = "I " + part[:1].lower() + part[1:]
        elif n > 1 and _TURNS_ON.match(part) and (named := _NAMED_FIRST.match(parts[n - 2])):
            part = f"{named.group('who')} {part[:1].lower()}{part[1:]}"
        out.append(part)
    return "".join(out)


__all__ = ["with_subject"]
