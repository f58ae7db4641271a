"""Who does what in a team, said the short way (issue 35; roles.py reads the long ways): whom to go
to for what ("ask Jen about anything billing related", "Priya's our go-to for Excel"), a colleague's work
with nothing after it ("Fenella directs."), a part in a cast ("Xander plays Malvolio"), a roster said as
names and posts ("Gary - workshop foreman, Lewis - apprentice") and the days a colleague is in ("Kev's
in Mondays and Tuesdays"). Pure regular expressions over a clause of a team's conversation."""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME
from .models import Fact
from .post_words import ROLE_CERTAINTY, is_post, role_card
from .rule_basics import TurnContext, resolve
from .vocabulary import NUMBER_WORDS



# "Fenella directs.", "Omar coaches": a colleague and the work they do, with nothing after it, is their post;
# "Xander plays Malvolio": a part in a cast
_BARE_DUTY = re.compile(rf"^(?P<who>{NAME})\s+(?:(?i:also|mainly|mostly|usually)\s+)?(?P<verb>directs|manages|coaches|presents|produces|"
                        r"chairs|conducts|teaches|cooks|drives|edits|leads|hosts|referees|umpires|choreographs|photographs|"
                        r"films|designs|translates|interprets|accompanies|captains|supervises|organises|organizes|volunteers)"
                        r"\s*[.!]?$")
_CAST = re.compile(rf"(?:^|,\s*|\s+and\s+)(?P<who>{NAME})\s+(?:plays|is\s+playing|['’]s\s+playing)\s+(?P<part>{NAME})"
                   r"(?=\s*(?:,|$|\s+and\s))")


# whom to go to for what: "ask Jen about anything billing related", "Sam is the person to talk to about the website"
_GO_TO = re.compile(rf"^(?:(?i:just\s+)?(?i:ask|talk\s+to|speak\s+to|go\s+to|see|check\s+with)\s+(?P<who>{NAME})|(?P<who2>{NAME})\s+(?:is|['’]s)\s+"
                    r"(?:(?i:the|our)\s+(?:(?:person|one|guy|woman|man|lady)\s+to\s+(?:ask|talk\s+to|see|go\s+to)|go-?to(?:\s+person)?)))"
                    r"\s+(?i:about|for|re|with|on)\s+(?P<what>[^,.;!?]{3,60})")


def _go_to(text: str, ctx: TurnContext) -> list[Fact]:
    m = _GO_TO.match(text)
    who = (m.group("who") or m.group("who2")) if m else None
    if not m or not who or who in (ctx.org, ctx.owner):
        return []
    what = re.sub(r"(?i)^(?:anything|everything|all\s+things|any\s+questions\s+about)\s+", "", m.group("what").strip())
    what = re.sub(r"(?i)\s+(?:related|stuff|things|questions|issues)$", "", what)
    ctx.last_person, ctx.carried = who, False
    return [role_card(who, what, ctx, f"{who} is the one to ask about {what}")]


# "Gary - workshop foreman, Lewis - apprentice": a roster said as a list of names and posts
_DASHED = re.compile(rf"(?P<who>{NAME})\s*(?P<sep>[-–:,])\s*(?P<post>[a-z][a-z -]{{1,30}}?)\s*(?=,|;|$|\s+and\s)")
# "Kev's in Mondays and Tuesdays", "Dr Lamb works Thursdays": the days a colleague is there
_DAYS_IN = re.compile(rf"^(?P<who>{NAME}|(?i:he|she))\s*(?:['’]s|\s+is)\s+(?:(?i:only|usually|normally)\s+)?(?:in|here|on|about|around|working)"
                      rf"\s+(?:(?i:on)\s+)?(?P<days>(?i:{WEEKDAY}s?(?:\s*(?:,|and|&|or|to|-)\s*{WEEKDAY}s?)*)(?:\s+(?i:only))?)\s*[.!]?$"
                      rf"|^(?P<who2>{NAME})\s+works\s+(?:(?i:on)\s+)?(?P<days2>(?i:{WEEKDAY}s?(?:\s*(?:,|and|&|or|to|-)\s*{WEEKDAY}s?)*))\s*[.!]?$")


def _dashed(text: str, ctx: TurnContext) -> list[Fact]:
    found = list(_DASHED.finditer(text))
    if not found or "".join(re.sub(r"[\s,;]|and", "", text[a.end():b.start()]) for a, b in zip(found, found[1:])) \
            or text[:found[0].start()].strip() or not all(is_post(m.group("post").strip(), staff=True) for m in found):
        return []  # (the whole statement is the list, nothing between its items)
    if any(m.group("sep") == "," for m in found) and len(found) < 2:
        return []  # "Tom, apprentice" alone could be anything; two pairs are a roster (chat reads " - " as ",")
    return [role_card(m.group("who"), m.group("post").strip(), ctx) for m in found if m.group("who") not in (ctx.org, ctx.owner)]


def _days_in(text: str, ctx: TurnContext) -> list[Fact]:
    m = _DAYS_IN.match(text)
    who = resolve(m.group("who") or m.group("who2"), ctx) if m else None
    if not m or not who or who in (ctx.org, ctx.owner):
        return []
    days = m.group("days") or m.group("days2")
    ctx.last_person, ctx.carried = who, False
    return [Fact(who, "works", days, "routine", ROLE_CERTAINTY, f"{who} is in on {days}")]


def _bare_duty(text: str, ctx: TurnContext) -> list[Fact]:
    out = []
    m = _BARE_DUTY.match(text)
    if m and m.group("who") not in (ctx.org, ctx.owner) and m.group("who").lower() not in NUMBER_WORDS:  # ("Four chairs.")
        out.append(role_card(m.group("who"), m.group("verb").lower(), ctx, f"{m.group('who')} {m.group('verb').lower()}"))
    for c in _CAST.finditer(text):
        if c.group("who") not in (ctx.org, ctx.owner) and c.group("part") != ctx.org:
            out.append(role_card(c.group("who"), c.group("part"), ctx, f"{c.group('who')} plays {c.group('part')}"))
    if out:
        ctx.last_person, ctx.carried = out[-1].subject, False
    return out


# "Treasurer is me, sadly", "the rota is me", "me (team lead)": the owner's own post, said with "me"
_MINE = re.compile(r"^(?:(?i:the|and)\s+)?(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:is|['’]s)\s+(?i:me|myself)\b"
                   r"|(?:^|,\s*)(?i:me|myself)\s*\(\s*(?P<post2>[a-z][a-z -]{1,30}?)\s*\)", re.I)
# "Lars (studio manager)", "Pia (our bookkeeper)": a name and the post said in brackets after it
_BRACKETED = re.compile(rf"(?P<who>{NAME})\s*\(\s*(?:(?i:our|the)\s+)?(?P<post>[a-z][a-z -]{{1,30}}?)\s*\)")
# "me on the desk, Lars on reception, and Pia on the network": who is on what, said as a list of two or more
_ON_DUTY = re.compile(rf"(?:^|,\s*(?:and\s+)?|\s+and\s+)(?P<who>{NAME})(?!['’]s)\s+on\s+(?:the\s+)?"
                      r"(?P<what>(?!(?:if|when|because|so|and|but|till|until|for|now|again|with)\b)[a-z][a-z &+-]{1,40}?)\s*(?=,|[.!]?$|\s+and\s)")
_FOR_NOW = re.compile(r"(?i)\b(?:today|tonight|tomorrow|this\s+(?:week|weekend|month|time)|next\s+\w+|for\s+now)\b")
_NOT_A_DUTY = re.compile(rf"(?i)\b(?:{WEEKDAY}s?|holiday|leave|call|site|board|time|sick|nights?|days?|weekends?|break|lunch|"
                         r"annual|maternity|paternity|furlough|it|that|this|phone|way|duty|track|form|fire|mend|own|top|time|course|hold|"
                         r"standby|strike|loan|trial|probation|tour|tea|radio|air|camera|video|speaker)\b")


# "chairman is Desroy Fontenelle, ...", "head coach is Kentrell": a post said first, in a note's way without "the"
_POST_FIRST = re.compile(rf"(?:^|[.;]\s+)(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:is|['’]s)\s+(?P<who>{NAME})(?=\s*(?:[,.;!-]|$))")


def _post_first(text: str, ctx: TurnContext) -> list[Fact]:
    return [role_card(m.group("who"), m.group("post"), ctx, f"{m.group('who')} is the {m.group('post')}")
            for m in _POST_FIRST.finditer(text)
            if m.group("who") not in (ctx.org, ctx.owner) and is_post(m.group("post")) and not _NOT_A_DUTY.search(m.group("post"))]


def _lists_and_mine(text: str, ctx: TurnContext) -> list[Fact]:
    out = []
    m = _MINE.search(text)
    post = (m.group("post") or m.group("post2") or "").strip().lower() if m else ""
    if m and post and is_post(post) and not _NOT_A_DUTY.search(post) and not _FOR_NOW.search(text):
        out.append(role_card(ctx.owner, re.sub(r"^(?:the|our)\s+", "", post), ctx))
    for b in _BRACKETED.finditer(text):
        if b.group("who") not in (ctx.org, ctx.owner, "Me", "I") and is_post(b.group("post").strip()):
            out.append(role_card(b.group("who"), b.group("post").strip(), ctx))
    duties = list(_ON_DUTY.finditer(text))
    whole = len(duties) == 1 and duties[0].start() == 0 and duties[0].end() >= len(text.rstrip(" .!"))
    if len(duties) + bool(m) >= 2 or whole:  # a list, or one item of it said as a clause ("..., and Arjun on safety boats")
        out += [role_card(d.group("who"), d.group("what").strip(), ctx, f"{d.group('who')} is on {d.group('what').strip()}")
                for d in duties if d.group("who") not in (ctx.org, ctx.owner) and not _NOT_A_DUTY.search(d.group("what"))]
    return out


def short_posts(text: str, ctx: TurnContext) -> list[Fact]:
    """The posts a team's clause says the short way (see the module's doc)."""
    return _bare_duty(text, ctx) + _go_to(text, ctx) + _dashed(text, ctx) + _days_in(text, ctx) + _lists_and_mine(text, ctx) \
        + _post_first(text, ctx)


__all__ = ["short_posts"]
