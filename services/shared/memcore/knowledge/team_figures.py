"""Plain facts a team states about itself in one clause (issue 35), each card of its own:
- how many it has of what: "we've got 22 riders and 3 vans" (two cards: a question asks of one);
- where one of its things is: "the depot is on Feeder Road", "our stockroom's behind the shop";
- the days it is shut: "we're closed on bank holidays", "we're shut Sundays and Mondays";
- (how long a colleague has been with it is tenure.py's, read for every voice: "Marta's been with us since 2019");
- whom it buys from or has a service with: "we buy our drugs from Covetrus", "our out-of-hours cover is with Vets Now";
- the way a thing of its goes, with no verb: "bookings through our website or by phone", "expense claims via Pleo";
- the tools it works in: "we invoice through QuickBooks", "the rota lives in Deputy"; one more site: "we've got a
  second branch in York"; whom it serves: "most of our clients are landlords".
Only in a team's conversation (the organisation is known). Pure regular expressions over a clause.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_OF_STEM, MONTH_STEM_ALT, WEEKDAY
from ..extraction.patterns import CAP_WORD, NAME
from .models import Fact
from .parse import Sentence
from .person import possessive, third_person_verb
from .post_words import is_post
from .rule_basics import RECURRENCE, TurnContext
from .statement_basics import EVENT_CERTAINTY, clean
from .team_counts import HOME, N, PLURAL, UNITS
from .team_words import DAYS
from .vocabulary import RELATIONS

_COUNT = rf"(?P<n>{N})\s+(?:(?P<adj>[a-z-]+)\s+)?(?P<what>{PLURAL})\b"
_ONE = r"(?:an?|one)\s+(?:[a-z-]+\s+)?[a-z]+"  # "... and an operating theatre"
_HAVE = re.compile(rf"^(?i:we)\s+(?:have|['’]ve\s+got|have\s+got|run|own|employ|keep)\s+(?:(?i:about|around|roughly|over|nearly|"
                   rf"almost|only|just)\s+)?{_COUNT}(?P<rest>(?:\s*(?:,|and|plus)\s*(?:\s*and\s+)?(?:(?i:about|around|roughly|over|nearly|"
                   rf"almost)\s+)?(?:(?:{N})\s+(?:[a-z-]+\s+)?(?:{PLURAL})|{_ONE})\b)*)"
                   r"(?:\s+(?i:this|for\s+the|at\s+the)\s+(?i:season|year|summer|winter|term|moment)|\s+(?i:now|right\s+now|currently))?"
                   r"(?:\s*,\s*[a-z][a-z -]{1,40})?\s*[.!]?$")  # "we have 14 mechanics this summer, road and mountain"
_MORE = re.compile(rf"(?P<n>{N}|an?|one)\s+(?:(?P<adj>[a-z-]+)\s+)?(?P<what>[a-z]+)\b")


def _counts(text: str, org: str) -> list[Fact]:
    m = _HAVE.match(text)
    if not m:
        return []
    found = [m] + list(_MORE.finditer(m.group("rest") or ""))
    out = []
    for c in found:
        if c.group("what").lower() in UNITS or c.group("what").lower().rstrip("s") in HOME:
            return []  # "we have 2 weeks", "we've got 3 complaints": a while or a moment, not what it has
        what = f"{c.group('adj')} {c.group('what')}" if c.group("adj") else c.group("what")
        out.append(Fact(org, "has", f"{c.group('n')} {what}", "semantic", EVENT_CERTAINTY, f"{org} has {c.group('n')} {what}"))
    return out


_WHERE = re.compile(rf"^(?P<thing>(?i:the|our)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*(?:\s(?:is|are)|['’]s)\s+"
                    rf"(?P<prep>on|in|at|behind|next\s+to|opposite|above|below|upstairs|downstairs|round\s+the\s+back\s+of|near)"
                    rf"(?:\s+(?P<place>(?:the\s+|\d+[a-z]?\s+)?{NAME}(?:,\s*{NAME})?|the\s+[a-z]+(?:\s+[a-z]+)?))?\s*[.!]?$")
_NOT_A_THING = frozenset("weather traffic kettle printer wifi internet coffee boss".split())
_NOT_A_WHERE = re.compile(r"(?i)\b(?:way|moment|phone|holiday|leave|break|lunch|time|fire|list|rota|order|sale|strike|mend)\b")


def _where(text: str, org: str) -> list[Fact]:
    m = _WHERE.match(text)
    if not m or (m.group("prep") in ("on", "in", "at", "near") and not m.group("place")):
        return []
    thing = re.sub(r"(?i)^(?:the|our)\s+", "", m.group("thing"))
    place = f"{m.group('prep')} {m.group('place')}".strip() if m.group("place") else m.group("prep")
    if thing.split()[-1] in _NOT_A_THING or _NOT_A_WHERE.search(place) or DAYS.search(place):
        return []
    return [Fact(org, f"{thing.replace(' ', '_')}_location", place, "semantic", EVENT_CERTAINTY,
                 f"{possessive(org)} {thing} is {place}")]


_SHUT = re.compile(r"^(?:(?i:we|the\s+(?:shop|office|studio|cafe|café|salon|clinic|centre|center|yard|site|bar|pub|gym|"
                   r"kitchen|restaurant|garage|surgery|hall|library))\s*(?:are|is|['’]re|['’]s)\s+(?:(?i:always|usually|also)\s+)?"
                   r"(?P<state>closed|shut)|(?i:we)\s+(?P<never>don['’]t|do\s+not|never)\s+(?:(?i:open|trade|work))|"
                   r"(?i:no\s+(?:classes|sessions|trading|service|deliveries))|(?i:nothing\s+runs))\s+(?:(?i:on|at|over)\s+)?"
                   r"(?P<when>.+?)\s*[.!]?$")


def _shut(text: str, org: str) -> list[Fact]:
    m = _SHUT.match(text)
    if not m or not DAYS.match(m.group("when")) and not re.match(r"(?i)(?:the\s+)?(?:bank|public)\s+holidays\b", m.group("when")) or re.search(r"(?i)\b(?:this|next|last|today|tomorrow)\b", m.group("when")):
        return []
    state = m.group("state") or "closed"  # "we don't open on bank holidays": closed then
    return [Fact(org, "closed", m.group("when"), "routine", EVENT_CERTAINTY, f"{org} is {state} on {m.group('when')}")]


# "we buy all our drugs from Covetrus", "we get our flour from Marsh Mill", "our out-of-hours cover is with Vets Now"
_FROM = re.compile(rf"^(?i:we)\s+(?:(?i:usually|always|mostly|also|now)\s+)?(?P<verb>buy|get|order|source|rent|lease|hire)\s+"
                   rf"(?P<what>(?:(?i:all|most)\s+)?(?:(?i:of\s+)?(?i:our|the)\s+)?[a-z][a-z -]{{1,40}}?)\s+from\s+(?P<who>{NAME})\s*[.!]?$")
_WITH = re.compile(rf"^(?i:our)\s+(?P<what>[a-z][a-z -]{{1,40}}?)\s+(?:is|are)\s+(?:(?i:done|handled|provided)\s+by|with|through)\s+"
                   rf"(?P<who>{NAME})(?:\s+in\s+(?P<where>{NAME}))?\s*[.!]?$")
# "leather comes from Tidwell Tannery", "ink's from Eternal and needles from Kwadron", "boards from a timber yard in
# Pool": a thing, then whom it comes from (one fact a pair, each line holding only its own pair)
_THING_FROM = r"(?:(?i:our|the)\s+)?(?P<what>[A-Za-z][a-z-]*(?:\s+(?:and\s+)?[a-z][a-z-]*){0,2}?)(?:['’]s|\s+(?:comes?|is|are|all|mostly|usually))*\s+from\s+"
_COMES_FROM = re.compile(rf"^{_THING_FROM}(?P<who>(?:(?:a|an|the)\s+)?[\w'’&-]+(?:\s+[\w'’&-]+){{0,5}}?)$")
_PAIR_BREAK = re.compile(rf"\s*,?\s+and\s+(?={_THING_FROM.replace('?P<what>', '?:')})|\s*,\s*(?={_THING_FROM.replace('?P<what>', '?:')})")
_PAST_TENSE = {"buy": "buys", "get": "gets", "order": "orders", "source": "sources", "rent": "rents", "lease": "leases", "hire": "hires"}


def _comes_from(text: str, org: str) -> list[Fact]:
    text = re.split(r"\s*,\s*(?=(?:though|although|but|which|so)\b)", text)[0]  # "..., though we might switch"
    out: list[Fact] = []
    pairs, start = [], 0
    for br in _PAIR_BREAK.finditer(text):  # a break only after a pair ("tube and fittings come from ...": one thing)
        if re.search(r"\bfrom\s", text[start:br.start()]):
            pairs.append(text[start:br.start()])
            start = br.end()
    for pair in pairs + [text[start:]]:
        m = _COMES_FROM.match(pair.split(",")[0].strip())  # "..., account number on the fridge": a comment
        if not m or not re.search(r"[A-Z]|\bin\s", m.group("who")) or set(m.group("what").lower().split()) & _NOT_GOODS \
                or any(w.endswith("ed") for w in m.group("what").lower().split()):
            return []  # every pair a thing and a named source, or none: "I'm from Leeds" is no supply
        what = m.group("what").lower()
        said = re.search(r"\b(comes?)\s+(?:[a-z]+\s+)?from\b", pair)
        verb = said.group(1) if said else "come" if what.endswith("s") else "comes"
        out.append(Fact(org, "supplier", m.group("who"), "semantic", EVENT_CERTAINTY,
                        f"{possessive(org)} {what} {verb} from {m.group('who')}"))
        when = pair.split(",", 1)[1].strip(" .") if "," in pair else ""
        if when and (RECURRENCE.search(when) or _DELIVERY_DAYS.search(when)):  # "..., delivered Mondays": when it comes
            be = "are" if verb == "come" else "is"  # ("Canal Ferries' diesel is delivered Mondays": the card names no supplier, its own)
            out.append(Fact(org, "routine", f"{what} {when}", "routine", EVENT_CERTAINTY, f"{possessive(org)} {what} {be} {when}"))
    return out


# the days a supply comes, said after it: "delivered Mondays", "Tuesday and Friday deliveries"
_DELIVERY_DAYS = re.compile(rf"(?i)\b(?:{WEEKDAY}s?\b.*\bdeliver|deliver\w*\s+(?:on\s+)?"
                            rf"(?:{WEEKDAY}s?|daily|weekly|fortnightly|monthly))")


_NOT_GOODS = frozenset("i we he she they it this that i'm we're he's she's they're everyone everybody someone one "
                       "came went was were got heard said idea news call email message letter".split())


def _supplier(text: str, org: str) -> list[Fact]:
    if found := _comes_from(text, org):
        return found
    m = _FROM.match(text)
    if m and m.group("who") != org:
        what = re.sub(r"(?i)^(?:all|most)\s+(?:of\s+)?|(?i:our|the)\s+", "", m.group("what")).strip()
        return [Fact(org, "supplier", m.group("who"), "semantic", EVENT_CERTAINTY,
                     f"{org} {_PAST_TENSE[m.group('verb').lower()]} {what} from {m.group('who')}")]
    m = _WITH.match(text)
    if m and m.group("who") != org:
        where = f" in {m.group('where')}" if m.group("where") else ""
        return [Fact(org, m.group("what").replace(" ", "_"), m.group("who"), "semantic", EVENT_CERTAINTY,
                     f"{possessive(org)} {m.group('what')} is with {m.group('who')}{where}")]
    return []


# the tools a team works in: "we invoice through QuickBooks", "everything's on Google Drive", "the rota lives in Deputy"
_STREET = re.compile(r"(?i)\b(?:road|street|lane|avenue|close|way|square|park|hill|st|rd|centre|center|estate)$")
_VIA = re.compile(rf"^(?i:we)\s+(?:(?i:usually|always|mostly|also|now|just)\s+)?(?P<verb>[a-z]+)(?:\s+[a-z]+){{0,3}}?\s+"
                  rf"(?:through|via|using|in|on)\s+(?P<tool>{NAME})\s*[.!]?$")
_KEPT_IN = re.compile(rf"^(?P<what>(?i:everything|all\s+(?:our|the)\s+[a-z]+|(?:the|our)\s+[a-z]+(?:\s+[a-z]+)?))\s*(?:['’]s|\s+is|\s+are|"
                      rf"\s+lives?|\s+(?:is|are)\s+(?:kept|stored|done|managed|tracked|logged))\s+(?:in|on)\s+(?P<tool>{NAME})\s*[.!]?$")


def _tool(text: str, org: str) -> list[Fact]:
    m = _VIA.match(text) or _KEPT_IN.match(text)
    if not m or m.group("tool") == org or _STREET.search(m.group("tool")) or DAYS.search(m.group("tool")):
        return []
    if "verb" in m.groupdict() and m.group("verb") and (m.group("verb").lower() in ("are", "were", "live", "meet", "work", "stay", "go")
                                                       or not re.search(r"\b(?:through|via|using)\b", text)):
        return []  # "we meet in Leeds", "we live in Bath": a place, not a tool
    if m.re is _KEPT_IN and re.search(r"(?i)\blives?\s+in\b", text) and (
            is_post(m.group("what").split()[-1]) or m.group("what").split()[-1].lower() in RELATIONS):
        return []  # "our founder lives in Tromsø": where a person lives, not a tool
    said = f"{org}: {text[:1].upper()}{text[1:]}".rstrip(".!")
    return [Fact(org, "uses", m.group("tool"), "semantic", EVENT_CERTAINTY, said)]


# the tools a team names for their use, with no verb (the answer to what it works in): "Vectorworks for drawings,
# and PHPP for the energy sums" (two or more, each a capitalised name, a card each)
_FOR_USE = re.compile(rf"^(?P<tool>{CAP_WORD}(?:\s+{CAP_WORD}){{0,2}})\s+for\s+(?P<use>(?:(?i:the|our|all|any)\s+)?[a-z][a-z -]{{1,40}})$")


def _tools_for(text: str, org: str) -> list[Fact]:
    items = [i.strip(" .!") for i in re.split(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+(?=[A-Z])", text) if i.strip(" .!")]
    found = [_FOR_USE.match(i) for i in items]
    if len(items) < 2 or not all(found) or any(m and (m.group("tool") == org or DAYS.search(m.group("tool"))) for m in found):
        return []
    return [Fact(org, "uses", m.group("tool"), "semantic", EVENT_CERTAINTY, f"{org} uses {m.group('tool')} for {m.group('use')}")
            for m in found if m]


# the way a thing of the team's goes, said with no verb: "bookings through our website or by phone", "holiday
# requests via BrightHR", "tickets only through the box office" (a thing, "through"/"via", the way)
_THROUGH = re.compile(r"^(?:(?i:the|our|all)\s+)?(?P<what>(?!(?i:we|i|you|they|he|she|it|this|that)\b)[A-Za-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
                      r"(?:\s*,?\s+(?i:only|mostly|usually|always))?\s*,?\s+(?i:through|via)\s+(?P<how>[^,;.!?]{2,60}?)"
                      r"(?:\s*,\s*(?P<more>[^,;.!?]{2,40}))?\s*[.!]?$")  # (", cash or card": how it is paid, said with it)
_NOT_A_WAY_THING = re.compile(r"(?i)\b(?:is|are|was|were|go|goes|went|come|comes|get|gets|got|do|does|did|have|has|had|"
                              r"walk|walked|drive|drove|look|looked|way|half|halfway|all)$")


def _through(text: str, org: str) -> list[Fact]:
    m = _THROUGH.match(text)
    if not m or _NOT_A_WAY_THING.search(m.group("what")) or DAYS.search(m.group("how")):
        return []  # ("we go through the park", "halfway through the morning": no way a thing goes)
    what, how = m.group("what").lower(), re.sub(r"(?i)^our\s+", f"{possessive(org)} ", m.group("how"))
    go = "go" if what.endswith("s") and not what.endswith("ss") else "goes"
    more = f", {m.group('more').strip()}" if m.group("more") else ""
    return [Fact(org, f"{what.replace(' ', '_')}_through", how, "semantic", EVENT_CERTAINTY, f"{org}: {what} {go} through {how}{more}")]


# "we've got a second branch in York", "we opened a new shop in Hexham": one more site
_SITE = re.compile(rf"^(?i:we)\s+(?:have|['’]ve\s+got|have\s+got|run|opened|also\s+have)\s+(?:a|an|another|one\s+more)\s+"
                   rf"(?:(?i:second|third|new|small|big|little)\s+)?(?P<what>branch|shop|office|site|depot|warehouse|store|clinic|studio|"
                   rf"kitchen|unit|yard|surgery|salon|cafe|café|outlet|showroom)\s+(?P<prep>in|on|at|near)\s+(?P<place>{NAME})\s*[.!]?$")


def _site(text: str, org: str) -> list[Fact]:
    m = _SITE.match(text)
    if not m:
        return []
    return [Fact(org, m.group("what"), m.group("place"), "semantic", EVENT_CERTAINTY,
                 f"{org} has a {m.group('what')} {m.group('prep')} {m.group('place')}")]


# who the team serves: "most of our clients are landlords", "our customers are mainly students"
_CLIENTS = re.compile(r"^(?P<most>(?i:most|many|all|half)\s+of\s+)?(?i:our)\s+(?P<who>clients|customers|members|patients|users|guests|"
                      r"students|regulars|buyers|visitors|residents|tenants)\s+(?:are|is)\s+(?P<mostly>(?i:mostly|mainly|largely|all)\s+)?"
                      r"(?P<what>[a-z][\w '-]{2,60}?)\s*[.!]?$")


def _clients(text: str, org: str) -> list[Fact]:
    m = _CLIENTS.match(text)
    if not m or re.match(r"(?i)(?:great|lovely|nice|happy|busy|annoyed|angry|the\s+best)\b", m.group("what")):
        return []  # ("our regulars are lovely": how they are)
    how = (m.group("most") or "").strip() or (m.group("mostly") or "").strip()
    said = f"{how[:1].upper()}{how[1:]} {possessive(org)} {m.group('who')} are {m.group('what')}" if m.group("most") else \
        f"{possessive(org)} {m.group('who')} are {how + ' ' if how else ''}{m.group('what')}"
    return [Fact(org, m.group("who"), m.group("what"), "semantic", EVENT_CERTAINTY, said)]


# what a team does not do: "we don't stock carnations", "we no longer do weddings", "so we don't stock them"
_NOT_DONE = re.compile(r"(?i)\bwe\s+(?:don['’]t|do\s+not|no\s+longer|never|won['’]t)\s+(?P<verb>stock|sell|do|offer|serve|take|carry|"
                       r"make|deliver|repair|fix|open|accept|ship|post|book|hire|rent)\s+(?P<what>(?:[^,.;!?]|(?<=\d)[.,](?=\d))+)")
_PRONOUNS = frozenset("them it those that these this one ones".split())


def not_done(statement: str, ctx: TurnContext, parsed: Sentence | None = None) -> list[Fact]:
    """What the team says it does not do, one card, said of the organisation; "them" is the thing the
    statement named last before it (by the statement's parse: "Marguerite hates carnations, ... so we
    don't stock them")."""
    m = _NOT_DONE.search(clean(statement)) if ctx.org else None
    if not m or not ctx.org or DAYS.search(m.group("what")) or re.search(r"(?i)\b(?:on|at|after|before|until|till)\b", m.group("what")):
        return []  # "we don't open on Sundays": a day, the schedule readings keep it
    what = re.sub(r"(?i)\s+(?:any\s*more|anymore|now|either|too|at\s+all|here|lol|though|tho)$", "", m.group("what").strip())
    if what.lower() in _PRONOUNS:
        at = clean(statement).find(m.group(0))
        before = [t for t in (parsed or ()) if t.pos in ("NOUN", "PROPN") and t.dep in ("dobj", "pobj", "attr", "conj")
                  and sum(len(x.text) + len(x.ws) for x in parsed[:t.i]) < at] if parsed else []
        if not before:
            return []
        what = before[-1].text
    verb = m.group("verb").lower()
    return [Fact(ctx.org, f"does_not_{verb}", what, "semantic", EVENT_CERTAINTY,
                 f"{ctx.org} doesn't {verb} {what}")]


# an occasion ahead: "we've got a wedding in the garden", "we're having an open day on the 3rd"
_OCCASION = re.compile(r"^(?i:we)\s*(?:['’]ve\s+got|\s+have\s+got|\s+have|['’]re\s+having|\s+are\s+having|['’]re\s+hosting|"
                       r"\s+are\s+hosting)\s+"
                       r"(?P<what>(?:an?|the|our)\s+(?:[a-z-]+\s+){0,2}?(?P<noun>wedding|party|inspection|audit|launch|open\s+day|"
                       r"fair|festival|show|gig|concert|conference|visit|event|fundraiser|funeral|christening|reunion|tasting|"
                       r"auction|sale|exhibition|opening|recital|match|tournament|retreat|away\s+day|training\s+day|barbecue|bbq|quiz|"
                       r"raffle|ceremony|celebration|awards|dinner|meeting|appointment|viewing|delivery|booking|coach\s+party)"
                       r"(?:\s+(?:in|on|at|this|next|for)\s+[^,.;!?]+)?)\s*[.!]?$")


def _occasion(text: str, org: str) -> list[Fact]:
    m = _OCCASION.match(text)
    if not m:
        return []
    return [Fact(org, "event", m.group("what"), "episodic", EVENT_CERTAINTY, f"{org} has {m.group('what')}")]


# what the team is part of, how long it has been going, what its staff get, a deadline
_PARENT = re.compile(rf"^(?i:we)\s*(?:['’]re|\s+are)\s+(?P<how>part\s+of|owned\s+by|a\s+member\s+of|a\s+subsidiary\s+of|a\s+branch\s+of|"
                     rf"run\s+by|funded\s+by|backed\s+by)\s+(?P<who>(?:the\s+)?{NAME})\s*[.!]?$")
_GOING = re.compile(r"^(?i:we)(?:\s*['’]ve|\s+have)\s+been\s+(?:going|open|running|trading|around|in\s+business|here|operating)\s+"
                    r"(?P<how>(?:for\s+)?(?:(?i:about|over|nearly|almost)\s+)?\d+\s+years|since\s+(?:19|20)\d\d)\s*[.!]?$")
_STAFF_GET = re.compile(r"^(?P<who>(?i:everyone|everybody|all\s+(?:our\s+)?staff|staff|each\s+of\s+us|full[- ]timers|part[- ]timers|"
                        r"new\s+starters|volunteers|our\s+staff))\s+(?:gets?|receives?|(?:is|are)\s+entitled\s+to|(?:has|have))\s+"
                        r"(?P<what>\d+\s+[a-z]+.{0,40}|a\s+free\s+.{2,40}|free\s+.{2,40})$")
_DEADLINE = re.compile(r"^(?i:the|our)\s+(?:(?i:next|final)\s+)?(?i:deadline)\s+(?:for|on)\s+(?P<what>[^,]{3,60}?)\s+(?:is|['’]s)\s+"
                       r"(?P<when>.{3,40})$")


_HEADCOUNT = re.compile(r"^(?:(?:(?i:there\s+are)|(?i:the\s+team\s+is|we\s*['’]re|we\s+are))\s+)?(?:(?i:about|around|only|just)\s+)?"
                        r"(?P<n>\d+|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\s+(?i:of\s+us|people|staff)\s*[.!]?$"
                        r"|^(?i:(?:we['’]re\s+|we\s+are\s+)?(?:a\s+)?team\s+of)\s+(?P<m>\d+|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|"
                        r"twelve))\b(?!\s*[a-z])")  # "Nine people.", "Team of four, ...": said as a note


def _standing(text: str, org: str) -> list[Fact]:
    m = _HEADCOUNT.match(text)
    if m:  # "there are 8 of us"
        n = (m.group("n") or m.group("m")).lower()
        return [Fact(org, "size", f"{n} people", "semantic", EVENT_CERTAINTY, f"{org} has {n} people")]
    m = _PARENT.match(text)
    if m:
        how = re.sub(r"\s+", " ", m.group("how").lower())
        return [Fact(org, how.replace(" ", "_"), m.group("who"), "semantic", EVENT_CERTAINTY, f"{org} is {how} {m.group('who')}")]
    m = _GOING.match(text)
    if m:
        how = m.group("how")
        said = f"{org} has been going {how}" if how.startswith("since") else f"{org} has been going for {re.sub('^for ', '', how)}"
        return [Fact(org, "going", how, "semantic", EVENT_CERTAINTY, said)]
    m = _STAFF_GET.match(text)
    if m:
        return [Fact(org, "staff_get", m.group("what"), "semantic", EVENT_CERTAINTY, f"At {org}, {m.group('who').lower()} "
                     f"{'gets' if m.group('who').lower() in ('everyone', 'everybody') else 'get'} {m.group('what')}")]
    m = _DEADLINE.match(text)
    if m:
        return [Fact(org, "deadline", f"{m.group('what')} {m.group('when')}", "episodic", EVENT_CERTAINTY,
                     f"{possessive(org)} deadline for {m.group('what')} is {m.group('when')}")]
    return []


# "we're 40 this year!": the team's age
_TEAM_AGE = re.compile(r"^(?i:we)\s*(?:['’]re|\s+are|\s+turn|\s+turned)\s+(?P<n>\d{1,3})\s+(?:(?i:years?\s+old)\s+)?"
                       r"(?i:this\s+year|now|today|next\s+year|this\s+month)\s*[.!]*$")


def _team_age(text: str, org: str) -> list[Fact]:
    m = _TEAM_AGE.match(text)
    return [Fact(org, "age", f"{m.group('n')} years", "identity", EVENT_CERTAINTY, f"{org} is {m.group('n')} years old "
                 f"{text[m.end('n'):].strip(' .!')}")] if m else []


def figures(clause: str, ctx: TurnContext) -> list[Fact]:
    """What a team's clause states of its counts, its things' places, its closed days or a colleague's
    years with it (see the module's doc); nothing outside a team's conversation."""
    if not ctx.org:
        return []
    text = clean(clause)
    return (_counts(text, ctx.org) or _where(text, ctx.org) or _shut(text, ctx.org)
            or _supplier(text, ctx.org) or _tool(text, ctx.org) or _tools_for(text, ctx.org) or _through(text, ctx.org)
            or _site(text, ctx.org) or _clients(text, ctx.org)
            or _season(text, ctx.org) or _occasion(text, ctx.org) or _standing(text, ctx.org) or _team_age(text, ctx.org))


# a season of the team's: "we do the flu jabs Sept to Dec", "we run the summer camp June to August"
_MONTH = rf"(?:{MONTH_STEM_ALT})[a-z]*\.?"
_SEASON = re.compile(rf"^(?i:we)\s+(?:(?i:usually|always|only|also)\s+)?(?P<verb>do|run|offer|hold|have|sell|open|host|take)\s+"
                     rf"(?P<what>[a-z][a-z' -]{{1,50}}?)\s+(?:(?i:from|between)\s+)?(?P<a>(?i:{_MONTH}))\s*(?:to|till|until|-|–|and)\s*"
                     rf"(?P<b>(?i:{_MONTH}))\s*[.!]?$")


def _season(text: str, org: str) -> list[Fact]:
    m = _SEASON.match(text)
    if not m:
        return []
    a, b = (MONTH_OF_STEM[m.group(k).lower()[:3]].capitalize() for k in ("a", "b"))
    what = re.sub(r"(?i)^(?:the|our)\s+", "", m.group("what"))
    verb = m.group("verb").lower()
    return [Fact(org, "does", f"{what} {a} to {b}", "routine", EVENT_CERTAINTY,
                 f"{org} {third_person_verb(verb)} {what} from {a} to {b}")]


__all__ = ["figures", "not_done"]
