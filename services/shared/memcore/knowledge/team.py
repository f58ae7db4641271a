"""Whom a team's "we" means, and what a team says about itself (issue 35): "I work at Spokes",
"Hopstone is a microbrewery in Hebden Bridge", "we use Linear for tickets and Figma for design".
Pure functions over one clause and the turn's context (memcore.knowledge.kinds has the rest of
the whole-statement kinds)."""
from __future__ import annotations

import re

from ..calendar_words import MONTHS, WEEKDAY
from ..extraction.patterns import CAP_WORD, NAME
from .models import Fact
from .occupation import is_job
from .vocabulary import PEOPLE, RELATIONS
from .one_off_events import dated
from .org_town import town_after
from .rule_basics import TurnContext
from .statement_basics import EVENT_CERTAINTY, HABIT, clean, named_text
from .team_figures import figures

# "I work at Spokes", "I run the front of house at Crumb & Co", "it's Gwen from Riverside Dental".
# what one is doing at a place that is one's work ("I'm teaching at ..."); another doing there is a visit or a stay
# ("I'm sleeping at Lena's on Friday", "I'm staying at the Grand in May"), no employer
_WORKING = "working|volunteering|teaching|interning|temping|training|nursing|lecturing|serving|based"
_WORK_AT = re.compile(rf"\bI\s+(?:work|volunteer|am\s+(?!(?:currently\s+|now\s+)?(?:studying|a\s+student)\b)(?!(?:currently\s+|now\s+|just\s+)?(?!{_WORKING})[a-z]+ing\b)[a-z ]{{2,40}}?|(?:run|do(?!\s+(?:a|an|my|some)\s)|manage|handle|teach|lead|look\s+after|help\s+(?:out\s+)?with)\s+[\w ]{{2,40}}?)\s+(?:at\s+(?:the\s+)?|for\s+)"
                      rf"(?P<org>{NAME})")  # ("training for the Galway half marathon", "I do a big shop at Costco": no employer)
_FROM_ORG = re.compile(rf"\b(?:it['’]s|this\s+is|I['’]m|I\s+am)\s+{NAME}\s+(?:from|at)\s+(?P<org>{NAME})")
# Nouns that name a kind of organisation: "Harbour Foodbank runs ...", "Hopstone is a microbrewery".
ORGANISATION_NOUNS = frozenset("""bakery brewery microbrewery distillery agency clinic practice dental dentist dentists
    surgery foodbank labs lab robotics media studio studios shop store cafe café restaurant firm company charity school
    club group systems solutions works kitchen consultancy consulting salon garage pharmacy nursery trust ltd co inc
    llc plc partners associates business startup start-up nonprofit organisation organization team hotel hostel inn pub
    bar gym theatre cinema museum gallery library hospital centre center warehouse depot factory farm vineyard winery
    college university academy""".split())
_ORG_SUBJECT = re.compile(rf"^(?P<org>{NAME})\s+(?P<verb>is|are|makes|runs|sells|builds|does|has|offers|provides|"
                          r"designs|serves|fixes|repairs)\s+(?P<what>.+)$", re.S)


_KIND_PLACE = re.compile(r"^(?P<art>(?i:an?|the))\s+(?P<kind>[a-z0-9-]+(?:\s+[a-z-]+){0,3}?)"
                         r"(?:\s+(?P<prep>in|on|at)\s+(?P<place>\S.*))?$")
_WE_ARE_N = re.compile(r"^(?:(?i:we)|(?i:the|our)\s+[a-z]+)\s+(?:are|['’]re|have|has|['’]ve\s+got|have\s+got|employs?)\s+"
                       r"(?:(?i:a\s+team\s+of|about|around|only|just|roughly|over|nearly|almost)\s+)?(?P<n>\d+)\s+"
                       r"(?P<who>(?i:people|staff|employees|of\s+us|pupils|students|members|patients|volunteers|children|kids))\b")
_WE_ARE = re.compile(r"^(?i:we)\s+(?:are|['’]re)\s+(?P<rest>(?i:an?)\s.+)$")


_WITH_N = re.compile(r"\s+(?:with|and)\s+(?:(?i:about|around|over|nearly|almost|just\s+over|just\s+under)\s+)?"
                     r"(?P<n>\d+)\s+(?P<who>[a-z]+s)\s*$")
# "on the quay in Blakeney", "on Kampa island in Prague": a spot said within a named town
_WITHIN = re.compile(rf"(?:(?i:the)\s+)?[\w'’-]+(?:\s+[\w'’-]+){{0,2}}\s+(?:in|at)\s+{NAME}")
_NOT_A_KIND = frozenset("bit lot little few couple nightmare mess pain joke".split())


def _kind_and_place(org: str, said: str, any_kind: bool = False) -> list[Fact]:
    """"a small bakery on Mill Road" said of an organisation: what kind it is and where, two facts;
    "a care home in Ripon with 34 residents": and how many it has, a third. `any_kind`: said as "we're
    a ..." or in apposition to the organisation's name, any noun is its kind ("we're a florist")."""
    said = re.split(r"\s*[,:;]\s*|\s+[-–—]\s+|(?<=[a-z])[.!?]\s+", said.strip())[0].rstrip(".!")  # (up to where it goes on)
    size = _WITH_N.search(said)
    if size:
        said = said[:size.start()]
    m = _KIND_PLACE.match(said)
    last = m.group("kind").split()[-1].lower() if m else ""
    if not m or last in _NOT_A_KIND or not (last in ORGANISATION_NOUNS or any_kind):
        return []
    head = re.split(r"(?i)\s+(?:from|at|of|with)\s+", m.group("kind"))[0].lower().split()
    if len(head) < len(m.group("kind").split()) and (is_job(head, False, set()) or head[-1] in RELATIONS | PEOPLE | {"guy", "lady"}):
        return []  # "Dr Osei is the vet from the clinic in Kumasi", "Ilse is a friend from the gym": a person, no organisation
    out = [Fact(org, "business_kind", m.group("kind"), "identity", EVENT_CERTAINTY, f"{org} is {m.group('art')} {m.group('kind')}")]
    if m.group("place") and (re.fullmatch(NAME, m.group("place")) or _WITHIN.fullmatch(m.group("place"))):  # not a redacted "<LOCATION>"
        out.append(Fact(org, "located_in", m.group("place"), "identity", EVENT_CERTAINTY,
                        f"{org} is {m.group('prep')} {m.group('place')}"))
    if size:
        out.append(Fact(org, "size", f"{size.group('n')} {size.group('who')}", "semantic", EVENT_CERTAINTY,
                        f"{org} has {size.group('n')} {size.group('who')}"))
    return out


# "hiya, Rory from Dunmore Plumbing", "Bilal, nights supervisor at the Northgate Freight depot in Wakefield",
# "Lorna here, office manager at Oakcroft Surveyors": a team member introducing themselves
_INTRO = re.compile(rf"^(?:(?i:hi|hiya|hey|heya|hello|yo|morning|evening|good\s+morning|greetings)(?:\s+(?i:all|there|everyone|team))?"
                    rf"\s*[,!.]?\s*)?(?:(?i:I['’]m|I\s+am)\s+)?"
                    rf"(?P<name>{CAP_WORD})(?:\s+(?i:here))?\s*(?:,\s*(?P<post>[a-z][a-z -]{{1,40}}?)\s+(?:(?:from|at)|(?P<of>of))|\s+(?:from|at))\s+"
                    rf"(?:the\s+)?(?P<org>{NAME})(?:\s+(?P<site>[a-z]+)\s+(?:in|at|on)\s+(?P<place>{NAME})"
                    rf"|\s+in\s+(?P<town>{NAME}))?")
_SITE_NOUNS = frozenset("depot site office shop branch warehouse store plant yard studio clinic kitchen".split())
# "We're on the high street in Ryde", "we're just off Canal Street": where the team is (a place said with a name
# or a number, not "we're in a meeting", "we're at capacity"); "the depot is on Feeder Road" is where one of its
# things is (team_things.py)
_SITE_AT = re.compile(r"^(?i:we)\s*(?:are|['’]re)\s+"
                      r"(?:(?i:based|located|now|just|right|still)\s+)*(?P<prep>(?i:at|on|in|off|near|opposite|by|next\s+to|behind))\s+"
                      r"(?P<where>(?:(?i:the)\s+)?[^,.;!?]*?(?:\d|(?-i:[A-Z]))[^,.;!?]*(?:,\s*(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)*)?)"
                      r"\s*[.!]?$")
_NOT_WHERE = re.compile(r"(?i)\b(?:today|tonight|tomorrow|this|next|weekend|week|month|meeting|call|holiday|capacity|"
                        r"trouble|touch|charge|stock|season)\b")


def premises(clause: str, ctx: TurnContext) -> list[Fact]:
    """Where a team is ("we're on the high street in Ryde", "we're at 22 Mill Road"): identity."""
    m = _SITE_AT.match(clean(clause)) if ctx.org else None
    if not m or not ctx.org or _NOT_WHERE.search(m.group("where")):
        return []
    where = re.sub(r"(?i)^the\s+", "the ", m.group("where").strip())
    return [Fact(ctx.org, "located_in", where, "identity", EVENT_CERTAINTY, f"{ctx.org} is {m.group('prep').lower()} {where}")]


def _as_account(named: str, ctx: TurnContext) -> str:
    """The organisation a turn names, as the account's own name in the team's own account: there "I run the
    canteen at CEIP El Grau" or "the Conca d'Oro depot" (cut to "Conca" by the name pattern) is the team the
    account is, whatever the turn calls it; elsewhere what the turn names."""
    return ctx.org if ctx.org and ctx.org_from_account else named


def introduction(text: str, ctx: TurnContext) -> list[Fact]:
    """The owner's name, organisation, post and site from a self-introduction: said by the owner
    (the name is theirs), the organisation is what a team's "we" means from here on."""
    m = _INTRO.match(text)
    if not m or m.group("name") != ctx.owner.split()[0]:
        return []
    org, me = _as_account(m.group("org"), ctx), ctx.owner
    own_account = ctx.org_from_account and (ctx.org or "").lower() == org.lower()  # said to the team's own assistant
    a_team = ctx.org is not None  # (in a household's account the post is the owner's job: fragments.introduction)
    ctx.org = org
    post = re.sub(r"(?i)^the\s+", "", m.group("post") or "") or None
    # a card for where one works (the organisation it keeps is what later turns read "we" by:
    # session_context_repo.session_context) and one for the post ("Bilal is the nights supervisor"): each its own fact
    out = [Fact(me, "name", m.group("name"), "identity", EVENT_CERTAINTY, f"{me}'s name is {m.group('name')}")]
    if not (own_account and post):  # in the team's own account, where its member works goes without saying
        out.append(Fact(me, "works_for", org, "identity", EVENT_CERTAINTY, f"{me} works at {org}"))
    if post and not m.group("of") and a_team:
        out.append(Fact(me, "role", post, "identity", EVENT_CERTAINTY, f"{me} is the {post}"))
    site = m.group("site") in _SITE_NOUNS and m.group("place")
    town = m.group("town") or (None if site else (town_after(text[m.end("org"):]) or (None,))[0])  # "... at the Old Mill pub in Ludlow"
    if town:
        out.append(Fact(org, "located_in", town, "identity", EVENT_CERTAINTY, f"{org} is in {town}"))
    if site:
        out.append(Fact(org, m.group("site"), m.group("place"), "identity", EVENT_CERTAINTY,
                        f"{org} has a {m.group('site')} in {m.group('place')}"))
    if post and m.group("of"):  # "Solveig, pharmacist and owner of Dovecote Pharmacy": the post is her role
        out.append(Fact(me, "role", post, "identity", EVENT_CERTAINTY, f"{me} is the {post} of {org}"))
    about_them = re.match(r"^\s*,\s*(?P<rest>(?i:an?|the)\s.+)$", text[m.end():])  # "..., a care home in Ripon with 34 residents"
    return out + (_kind_and_place(org, about_them.group("rest"), any_kind=True) if about_them else [])


def organisation_named(clause: str, ctx: TurnContext, statement: str = "") -> list[Fact]:
    """Whom a team's "we" means: learnt from "I work at X", "it's Gwen from X", "X is a bakery" or a
    name that says it is one ("Harbour Foodbank runs ..."), when no earlier turn told, and kept as
    the owner's works_for fact or the organisation's business_kind so that later turns know it too
    (session_context_repo.session_context). What kind it is and where ("we're a small bakery on Mill Road")
    are two facts."""
    text = clean(clause)
    apposed = re.search(rf"{re.escape(ctx.org)}\s*(?:,|\s[-–—])\s*(?P<rest>(?i:an?)\s[^,.;!?]+)", statement) if ctx.org else None
    if apposed and ctx.org and apposed.group("rest") in clause:
        kind = _kind_and_place(ctx.org, apposed.group("rest"), any_kind=True)  # "... at Birchmead House, a care home in Ripon"
        if kind:
            return kind
    if ctx.org:
        size = _WE_ARE_N.match(text)
        if size:  # "we're 14 people making a game": how big the team is
            who = "people" if size.group("who").lower() in ("of us", "staff", "employees") else size.group("who").lower()
            return [Fact(ctx.org, "size", f"{size.group('n')} {who}", "semantic", EVENT_CERTAINTY,
                         f"{ctx.org} has {size.group('n')} {who}")]
    if ctx.org and not ctx.org_from_account:
        m = _WE_ARE.match(text)
        if m:
            return _kind_and_place(ctx.org, m.group("rest"), any_kind=True)
        # "I work at Spokes, a bike shop in Kendal" when the turn's own words already named Spokes: what
        # kind it is and where (whom "we" means is known, and the works_for card comes with it)
        work = _WORK_AT.search(text) or _FROM_ORG.search(text)
        about_them = re.match(r"^\s*,\s*(?P<rest>.+)$", text[work.end():]) if work and work.group("org") == ctx.org else None
        return _kind_and_place(ctx.org, about_them.group("rest"), any_kind=True) if about_them else []
    intro = introduction(text, ctx)
    if intro:
        return intro
    m = _WORK_AT.search(text) or _FROM_ORG.search(text)
    if m:
        named, a_team = _as_account(m.group("org"), ctx), ctx.org is not None
        ctx.org, ctx.org_from_account = named, ctx.org_from_account and named == ctx.org
        comma = text.find(",", m.end())
        end = comma if comma >= 0 else len(text)
        about_them = re.match(r"^\s*,\s*(?P<rest>.+)$", text[end:])
        town = town_after(text[m.end():])  # "I run the bar at the Red Lion in Conwy": where the team is, a card of its own
        where = [] if not town else [Fact(ctx.org, "located_in", town[0], "identity", EVENT_CERTAINTY, f"{ctx.org} is in {town[0]}")
                                     if a_team else Fact(ctx.owner, "works_in", town[0], "identity", EVENT_CERTAINTY,
                                                         f"{ctx.owner} works in {town[0]}")]  # (a household's: where one works)
        # the post said with it ("I teach Year 4 at ...") is also a role of its own (roles.py)
        return [Fact(ctx.owner, "works_for", ctx.org, "identity", EVENT_CERTAINTY,
                     named_text(text[:m.end() + town[1]] if town else text[:end], ctx)), *where,
                *(_kind_and_place(ctx.org, about_them.group("rest"), any_kind=True) if about_them else [])]
    m = _ORG_SUBJECT.match(text)
    if m and re.match(rf"(?i)(?:on\s+|every\s+|each\s+)?(?:the\s+)?(?:{WEEKDAY}|\d)", m.group("what")):
        return []  # "Gym is Monday, Wednesday, Friday at 6am", "Book club is on the 3rd": when, not what kind it is
    if not m or m.group("org").split()[0] in ("I", "It", "This", "That", "There", "We"):
        we_are = _WE_ARE.match(text) if ctx.org else None  # the organisation account's name (org_from_account)
        return _kind_and_place(ctx.org, we_are.group("rest"), any_kind=True) if ctx.org and we_are else []
    kind = _kind_and_place(m.group("org"), m.group("what")) if m.group("verb") == "is" else []
    if not kind and m.group("org").split()[-1].lower() not in ORGANISATION_NOUNS:
        return []
    named = _as_account(m.group("org"), ctx)
    ctx.org, ctx.org_from_account = named, ctx.org_from_account and named == ctx.org
    said = re.split(r"\s*,\s*", text)[0]
    # business_kind: what a team's later turns read "we" by (session_context_repo.session_context)
    return kind or [Fact(ctx.org, "business_kind", said[len(ctx.org):].strip(), "identity", EVENT_CERTAINTY, said)]


# What a team uses, sells or makes: "we use Linear for tickets and Figma for design".
_WE_PROVIDE = re.compile(r"^(?i:we)\s+(?:(?i:also|mainly|mostly|only|just|now)\s+)?(?P<verb>(?i:use|sell|make|build|offer|"
                         r"provide|stock|serve|supply|brew|bake|design|repair|fix|teach|host|publish|charge))\s+(?P<obj>.{2,120})$")


def team_facts(clause: str, ctx: TurnContext) -> list[Fact]:
    """What a team uses, sells or makes, one fact an item ("A for X and B for Y" is two), said of the
    organisation (or of "we" while its name is unknown). A habit ("we bake every morning") is a
    routine, not this."""
    text = clean(clause)
    days = schedule(clause, ctx) or sites(clause, ctx) or premises(clause, ctx) or channel_or_price(clause, ctx) or figures(clause, ctx)
    if days:
        return days
    m = _WE_PROVIDE.match(text)
    if not m or HABIT.search(text) or dated(text):
        return []
    verb = m.group("verb").lower()
    obj = re.split(r"\s*,\s*(?:not|but|which|because|so)\b|\s+(?:because|so\s+that)\b", m.group("obj"))[0].strip(" .!")
    items = [i for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+(?=[A-Z])", obj) if i.strip()]
    if len(items) < 2 or not all(re.match(r"[A-Z]", i) for i in items):
        items = [obj]
    who = ctx.org or ctx.owner
    shown = "We " + verb if not ctx.org else f"{ctx.org} {verb}s" if not verb.endswith(("s", "sh", "ch", "x")) \
        else f"{ctx.org} {verb}es"
    return [Fact(who, f"{verb}s", re.split(r"\s+(?:for|to|in|on|at|with)\s+", item)[0], "semantic", EVENT_CERTAINTY,
                 f"{shown} {item}") for item in items]


_DAY = rf"{WEEKDAY}s?"
_DAYS = rf"{_DAY}(?:\s*(?:,|and|to|till|&|-|–|or)\s*{_DAY})*"
# "we're open Tuesday and Friday mornings", "brew days are Monday and Thursday", "the shop is shut Sundays"
_HOURS = r"\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?\s*(?:to|till|til|until|-|–)\s*\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?"
_SCHEDULE = re.compile(rf"^(?P<who>(?i:we)\s+(?:are|['’]re)|(?i:our|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are)|[a-z]+\s+days?\s+(?:is|are))\s+"
                       rf"(?P<when>(?:(?i:open|closed|shut|on|in|around|about)\s+)?(?:(?i:{_HOURS})\s*,?\s*(?:(?i:on|from)\s+)?)?"
                       rf"(?:(?i:on)\s+)?(?i:{_DAYS})(?:\s+(?i:mornings|afternoons|evenings|nights))?)\b(?P<rest>.*)$")


# a month the team closes in; not "may" ("we may close early")
_MONTH = re.compile(rf"(?i)\b(?:{'|'.join(m for m in MONTHS if m != 'may')}|"
                    r"christmas|easter|new\s+year)\b")
_CLOSED_FOR = re.compile(r"^(?i:we)\s+(?:are|['’]re|will\s+be)\s+(?:closed|shut)\s+(?P<when>.+)$")


def schedule(clause: str, ctx: TurnContext) -> list[Fact]:
    """The days a team (or one of its things) keeps: a routine of the organisation."""
    text = clean(clause)
    shut = _CLOSED_FOR.match(text)
    if shut and ctx.org and (dated(text, one_off=True) or _MONTH.search(text)) and not re.search(rf"(?i){_DAY}s\b", text):
        # "we're closed the last 2 weeks of august for acoustic work": a one-off, an event
        return [Fact(ctx.org, "closed", shut.group("when"), "episodic", EVENT_CERTAINTY, named_text(text, ctx))]
    m = _SCHEDULE.match(text)
    if not m or not ctx.org or re.search(r"(?i)\b(?:not|never|no\s+longer)\b", text):
        return []
    said = named_text(re.split(r"\s*,\s*(?=[a-z]+\s+[a-z]+s\b|(?i:I|he|she|they)\b|[A-Z])", text)[0], ctx)
    value = said[len(ctx.org):].strip() if said.startswith(ctx.org) else said
    return [Fact(ctx.org, "routine", value, "routine", EVENT_CERTAINTY, said)]


_ITSELF = r"it|the\s+(?:business|company|place|" + "|".join(sorted(ORGANISATION_NOUNS)) + ")"
# "she set it up in 2011", "me and my brother Cal started it in 2019", "Spokes was founded in 2011"
_FOUNDED = re.compile(rf"\b(?:set\s+(?P<a>{_ITSELF}|{NAME})\s+up|(?:set\s+up|started|founded|opened|launched|established)\s+"
                      rf"(?P<b>{_ITSELF}|{NAME})|(?P<c>it|we|{NAME})\s+(?:was|were)\s+(?:founded|set\s+up|started|opened|launched|"
                      r"established))\s+(?:back\s+)?in\s+(?P<year>(?:19|20)\d\d)\b")


def founded(clause: str, ctx: TurnContext) -> list[Fact]:
    """When the organisation was set up (said of "it" or the business in a team, or by its name)."""
    m = _FOUNDED.search(clean(clause))
    if not m:
        return []
    what = m.group("a") or m.group("b") or m.group("c")
    if re.fullmatch(rf"(?i:{_ITSELF}|we)", what):
        org = ctx.org
    elif what == ctx.org or what.split()[-1].lower() in ORGANISATION_NOUNS:
        org = what
    else:
        return []  # "I started Spanish in 2019": not an organisation
    if not org:
        return []
    return [Fact(org, "founded", m.group("year"), "semantic", EVENT_CERTAINTY, f"{org} was founded in {m.group('year')}")]


# "we have two shops, one in Bath and one in Frome": one fact a site
_SITES = re.compile(r"^(?i:we)\s+(?:have|run|own|['’]ve\s+got|have\s+got)\s+(?:[a-z]+|\d+)\s+(?P<what>[a-z]+s)\s*[,:-]\s*(?P<rest>.+)$")
_ONE_IN = re.compile(rf"\b(?:one|another|the\s+other)\s+(?P<prep>in|on|at|near)\s+(?P<place>{NAME})")


def sites(clause: str, ctx: TurnContext) -> list[Fact]:
    """The places a team has: shops, branches, depots, each its own fact (a question asks of one)."""
    m = _SITES.match(clean(clause))
    if not m or not ctx.org:
        return []
    what = m.group("what")[:-1]
    places = list(_ONE_IN.finditer(m.group("rest")))
    if len(places) < 2:
        return []
    return [Fact(ctx.org, what, p.group("place"), "semantic", EVENT_CERTAINTY,
                 f"{ctx.org} has a {what} {p.group('prep')} {p.group('place')}") for p in places]


# "bookings go through Calendly", "late checkout costs £20", "a callout is £95 after 6pm"
_THROUGH = re.compile(rf"^(?P<what>(?:(?i:all|our|the)\s+)?[A-Za-z][a-z -]{{1,40}}?)\s+(?:go|goes)\s+through\s+"
                      rf"(?P<via>{NAME})\b")
_PRICE = re.compile(r"^(?P<what>(?:(?i:a|an|the|our)\s+)?[A-Za-z][a-z -]{1,40}?)\s+(?:is|are|costs?|['’]s)\s+"
                    r"(?P<price>[£$€]\d+(?:[.,]\d\d)?)\b(?P<per>\s+(?:a|an|per)\s+[a-z]+|\s+(?:after|before|from)\s+\S+)?")


def channel_or_price(clause: str, ctx: TurnContext) -> list[Fact]:
    """What a team's work goes through (a system, an account) and what a thing of its costs: said of
    the organisation, each line cut where the sentence goes on to something else."""
    text = re.split(r"\s*,\s*", clean(clause))[0]
    if not ctx.org:
        return []
    m = _THROUGH.match(text)
    if m:  # (the line names the organisation whose thing it is)
        return [Fact(ctx.org, "goes_through", m.group("via"), "semantic", EVENT_CERTAINTY, f"{ctx.org}: {text[:m.end()]}")]
    m = _PRICE.match(text)
    if m and m.group("what").split()[0].lower() not in ("it", "that", "this", "which", "what"):
        said = text[:m.end()]
        return [Fact(ctx.org, "price", m.group("price"), "semantic", EVENT_CERTAINTY, f"{ctx.org}: {said[:1].upper()}{said[1:]}")]
    return []
