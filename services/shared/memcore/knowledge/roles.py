"""Who does what in a team (issue 35, docs/formation-spec.md: a role is identity, said of the person).
Pure functions over one clause and the turn's context:

- a post named, then its holder: "our head baker is Joel", "the owner is Bridget";
- a roster: "we have three dentists: Dr Achebe, Dr Lind and Dr Rowe, who only works Thursdays" (one
  role a person; a relative clause after the last name is about that person, a habit a routine);
- a duty: "Cal does the brewing and I do sales and the books", "Sam edits everything before it goes
  out": what a member of a team does as their job, not a habit (that is a routine) nor an event.

Only in a team's conversation (the organisation is known): outside one, "I do the washing" is a chore.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME
from .one_off_events import dated
from .statement_basics import HABIT, clean, named_text
from . import verb_classes as vc
from .models import Fact
from .rule_basics import RECURRENCE, TurnContext, resolve
from .person import possessive, third_person_verb
from .post_words import ROLE_CERTAINTY, is_post, role_card, singular
from .team_posts import short_posts
from .team_words import CLOCK
from .whose_job import whose_job
from .vocabulary import BUSINESS_NOUNS, PASTIME, RELATIONS

_POST_IS = re.compile(rf"(?:^|,\s*(?:and\s+)?|\s+and\s+)(?P<mine>(?i:our|the)\s+|(?<![^,]{{3}})(?=[a-zA-Z]+\s+[a-z]+\s+(?:is|['’]s)\s))(?:(?i:new|current|old)\s+)?"
                      rf"(?P<post>[A-Z]{{2,4}}|[a-zA-Z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)"
                      rf"(?P<area>\s+(?:for|of)\s+[a-z][a-z -]{{1,30}}?)?\s+"
                      rf"(?:is|['’]s)\s+(?P<name>{NAME})(?=\s*$|\s*[,.;]|\s+(?:and|who|but)\b)")
_NAMES = rf"{NAME}(?:\s*,\s*{NAME})*(?:\s*,?\s+and\s+{NAME})?"
_ROSTER = re.compile(rf"^(?:(?i:we)\s+(?:have|employ|have\s+got|['’]ve\s+got)\s+(?:(?:[a-z]+|\d+)\s+)?(?P<p1>[a-z]+s)\s*[:,-]\s*"
                     rf"|(?i:our)\s+(?:(?:[a-z]+|\d+)\s+)?(?P<p2>[a-z]+s)\s+are\s+)(?P<names>{_NAMES})(?:\s*,?\s+who\s+(?P<who>[^,.;]+))?")
_LIGHT = r"does|do|handles|handle|runs|run|covers|cover|manages|manage|leads|lead|owns|own|looks\s+after|look\s+after|" \
         r"shares|share|splits|split|" \
         r"takes\s+care\s+of|take\s+care\s+of|deals\s+with|deal\s+with|sorts\s+out|sort\s+out|heads\s+up|head\s+up|" \
         r"(?:is|am|['’]m|['’]s)\s+(?:in\s+charge\s+of|responsible\s+for)"
_CONTENT = r"coordinates|coordinate|oversees|oversee|supervises|supervise|schedules|schedule|maintains|maintain|edits|edit|writes|write|answers|answer|approves|approve|signs\s+off|sign\s+off|designs|design|builds|build|" \
           r"brews|brew|bakes|bake|cooks|cook|fixes|fix|repairs|repair|teaches|teach|tests|test|reviews|review|" \
           r"photographs|photograph|books|book|trains|train|organises|organise|organizes|organize|plans|plan|" \
           r"drives|drive|operates|operate|checks|check|inspects|inspect"
# verbs an emphatic "do" stands before: "I do think", "I do love a good spreadsheet"
_EMPHATIC = re.compile(r"(?i)(?:{})\b".format("|".join(sorted(
    vc.LIKE | vc.DISLIKE | vc.WANT | vc.REPORT | vc.LIGHT | {"apologise", "apologize", "agree", "hope", "wonder", "mean",
                                                             "feel", "miss", "appreciate", "understand", "remember",
                                                             "worry", "wish", "care", "mind", "recommend"}))))
_MAKING = r"designs|design|builds|build|brews|brew|bakes|bake|cooks|cook|makes|make"
# a member may be named after their tie ("my sister Arta does the office", "his son Jo runs the vans"): the name is whom
_TIE_BEFORE = rf"(?:(?i:my|our|his|her|their)\s+(?:(?i:{'|'.join(sorted(RELATIONS, key=len, reverse=True))})\s+)(?={NAME}(?:\s|['’])))?"
_DUTY = re.compile(rf"(?:^|,\s*|\s+and\s+){_TIE_BEFORE}(?!(?i:our|my|his|her|their|your)\s)(?P<subj>I|(?i:he|she)|{NAME}(?:\s+and\s+(?:I|{NAME}))?)(?:\s+|(?=['’][sm]\s))(?:(?i:also|mainly|mostly|just|usually)\s+)?"
                   rf"(?P<verb>(?i:{_LIGHT})|(?i:{_CONTENT}))\s+(?P<what>[^,]+?)(?=\s*,|\s+and\s+(?:I|{NAME})\s|\s*$)")
# a task named by an acronym and a common noun: "Keishla does CAD design and milling", "Ola handles SEO and social media"
_ACRONYM_TASK = re.compile(r"[A-Z]{2,5}\s+(?:[a-z][a-z-]*|and|&)(?:\s|$)")
_DETERMINED = re.compile(r"(?i)^(?:the|every|all|each|our|everything|anything)\b")
_PRONOUN_OBJECT = re.compile(r"(?i)^(?:it|that|this|them|those|these|him|her|me|us|you|one)\b(?-i:(?<!IT))")  # "IT support" is a task
# what one does for pleasure is no post: "I do CAD drawings for fun", "she does pottery in her spare time"
_LEISURE = re.compile(rf"(?i)\b{PASTIME}\b")


def _post_is(text: str, ctx: TurnContext) -> list[Fact]:
    out = []
    for m in _POST_IS.finditer(text):
        if not is_post(m.group("post")) or m.group("name") == ctx.org or re.search(r"\d", m.group("name")):
            continue
        if not ctx.org and not re.search(r"(?i)\bour\b", text):
            continue  # "the owner is Bridget" tells of a team only in a team's conversation; "our head chef" always
        if not m.group("mine") and m.group("post").lower().split()[-1] in RELATIONS:
            continue  # "Depot manager is Salvatore": a tie said bare, which bare_tie reads
        ctx.last_person, ctx.carried = m.group("name"), False
        post = m.group("post") if m.group("mine") or m.group("post").isupper() else m.group("post").lower()  # "Head baker is ..."
        out.append(role_card(m.group("name"), post + (m.group("area") or ""), ctx))
    return out


def _roster(text: str, ctx: TurnContext) -> list[Fact]:
    m = _ROSTER.match(text)
    if not m:
        return []
    post = singular(m.group("p1") or m.group("p2"))
    if not is_post(post, staff=True):
        return []
    names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("names")) if n]
    out = [role_card(n, post, ctx) for n in names]
    who = (m.group("who") or "").strip()
    if who and (RECURRENCE.search(who) or HABIT.search(who)):  # "..., who only works Thursdays": the last one's habit
        out.append(Fact(names[-1], "routine", who, "routine", ROLE_CERTAINTY, f"{names[-1]} {who}"))
    ctx.last_person, ctx.carried = names[-1], False
    return out


def _duties(text: str, ctx: TurnContext) -> list[Fact]:
    out = []
    for m in _DUTY.finditer(text):
        what, verb = m.group("what").strip(), m.group("verb").lower()
        light = re.match(rf"(?i:{_LIGHT})$", verb)
        what = re.sub(rf"\s+(?:at|for)\s+(?:the\s+)?{NAME}$", "", what)  # "I teach Year 4 at Larkspur Academy": where is apart
        if _PRONOUN_OBJECT.match(what) and light or re.match(r"[A-Z]", what) and not re.fullmatch(r"[A-Z]{2,5}|[A-Z][a-z]+ \d+\w?", what) \
                and not (light and _ACRONYM_TASK.match(what)) or _LEISURE.search(what):
            continue  # "I do it", "I run Northwind Bakery" (a business), "I write Python" (a skill); "I teach Year 4" is a post
        if light and (_EMPHATIC.match(what) or re.match(r"(?i)an?\s", what)):
            continue  # "I do think so", "I do apologise": emphasis; "Tom runs a tight ship": no post
        if re.match(rf"(?i:{_MAKING})$", verb) and not _DETERMINED.match(what):
            continue  # "I brew mostly stouts": what the team makes; "Wes bakes the bread": his job
        if RECURRENCE.search(what) or re.search(rf"(?i)\b{WEEKDAY}s\b", what) or dated(what) or CLOCK.search(what):
            continue  # a habit is a routine ("I check the fridges at 9"), a date an event; "I run the till at Crumb & Co" is where one works
        post = re.sub(r"(?i)^(?:the|all\s+the|our|anything|everything|all|any)\s+", "", what) if light else f"{verb} {what}"
        place = re.match(rf"(?i)(?:the|this)\s+(?:place|show|whole\s+thing|{'|'.join(BUSINESS_NOUNS)})\b(?=\s*(?:$|,|and\b|with\b))", what)
        if light and place:  # "she owns the place": the owner ("... with my sister Lina": her card, not this one)
            what = place.group(0)
            post = "owner" if verb.startswith("own") else f"{verb} {what}"
        if re.fullmatch(r"[A-Z]{2,5}", what) and light:
            post = f"{verb} {what}"  # "Ana leads HR": the department with what she does in it
        for subj in m.group("subj").split(" and "):
            who = resolve(subj, ctx)
            if not who or who == ctx.org:
                continue
            said = re.sub(r"\s+(['’][sm])\b", r"\1", named_text(f"{subj} {verb} {what}", ctx))  # "Priya's in charge of"
            if subj.lower() in ("he", "she") or len(m.group("subj").split(" and ")) > 1:
                said = f"{who} {third_person_verb(verb) if subj != 'I' else verb} {what}"
            out.append(role_card(who, post, ctx, said[:1].upper() + said[1:]))
    return out


# "Yusuf is our estimator", "Ana is the apprentice", "Greta (our ops director)"
_NAME_IS_POST = re.compile(rf"(?:^|,\s*|\s+and\s+|\s[-–—]\s+)(?P<name>{NAME})\s*(?:\s(?:is|was)\s+(?P<whose>our|the|a|an|his|her|their)|\(\s*(?:our|the)|"
                           r",\s*(?:our|the)|\s(?:is|['’]s)(?P<bare>))\s+(?:(?i:new|current)\s+)?(?P<post>[A-Z]{2,5}|[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
                           r"(?=\s*(?:,|\)|$|\s+and\s|\s+(?:at|for)\s))"
                           rf"|(?:^|,\s*|\s+and\s+)(?P<name2>{NAME})\s+is\s+(?:the\s+)?(?P<post2>(?:head|in\s+charge)\s+of\s+[a-z][a-z &-]*?)"
                           r"(?=\s*(?:,|$|\s+and\s+[A-Z]))")
# "I'm the new office manager", "I'm a driver here"
_I_AM_POST = re.compile(r"^I\s+(?:am|['’]m)\s+(?:the|a|an|our|one\s+of\s+the)\s+(?:(?i:new|current|only)\s+)?"
                        rf"(?P<post>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}?)(?:\s+(?:here|there|at\s+.+|for\s+.+)|\s*,\s*{NAME})?$")


def posts_named(text: str, ctx: TurnContext) -> list[Fact]:
    """The posts a statement names in passing ("Greta (our ops director)"), in a team's conversation."""
    return _name_is_post(clean(text), ctx) if ctx.org else []


# a post said beside a name, between commas or in brackets, before what the person does: "Jo, our cleaner, comes
# on Mondays", "the owner, Maggie Dunn, signs off ...", "Greta (our ops director) is strict"
_APPOSED = re.compile(rf"(?P<a>{NAME})\s*(?:,\s*(?:our|the)\s+(?P<p>[a-z][a-z -]{{1,30}}?)\s*,|\(\s*(?:our|the)\s+(?P<q>[^()]{{1,30}})\))\s*(?=[a-z])"
                      rf"|(?:^|(?<=\s))(?i:our|the)\s+(?P<r>[a-z][a-z -]{{1,30}}?)\s*,\s*(?P<b>{NAME})\s*,\s*(?=[a-z])")


def without_posts(text: str, ctx: TurnContext) -> tuple[str, list[Fact]]:
    """The statement with each post said beside a name left out, for the readers of what the person does
    ("Jo comes on Mondays"), and the card of each post said before its name ("the owner, Maggie Dunn, ...";
    posts_named reads those said after it)."""
    cards: list[Fact] = []

    def leave_out(m: re.Match[str]) -> str:
        post = m.group("p") or m.group("q") or m.group("r")
        if not is_post(post):
            return m.group(0)
        if m.group("b"):
            cards.append(role_card(m.group("b"), post.strip(), ctx))
        return f"{m.group('a') or m.group('b')} "

    return _APPOSED.sub(leave_out, text), cards


# "Cal's better at the recipes": an adjective in -er, no post
_COMPARATIVE = re.compile(r"(?i)\b(?:better|older|younger|bigger|smaller|faster|slower|later|earlier|quicker|smarter|stronger|"
                          r"newer|lower|higher|other|over|under|after|never|ever|either|rather|together|proper|super|clever|eager)\b")


def _name_is_post(text: str, ctx: TurnContext) -> list[Fact]:
    out = []
    for m in _NAME_IS_POST.finditer(text):
        name, post = m.group("name") or m.group("name2"), m.group("post") or m.group("post2")
        name = re.sub(r"^I(?:['’]m|\s+am)\s+", "", name)  # "I'm Ann, the business manager": the owner's post
        if name.split()[0] == ctx.owner.split()[0]:
            name = ctx.owner
        # "Yvette is his understudy": a colleague's post beside another's, whatever the word
        if m.group("bare") is not None:  # "Hugh is head coach", "Marta is head nurse": a job title only ("a tie" alone: no)
            told = is_post(post) and (post.split()[-1].lower() not in RELATIONS - {"coach", "director", "manager", "lead"}
                                      or len(post.split()) > 1) \
                and post.split()[0].lower() not in ("my", "your", "his", "her", "their", "our", "the", "a", "an", "not", "very", "so") \
                and not _COMPARATIVE.search(post) and not re.match(r"\s+(?:at|than|for|with)\b", text[m.end():])
        elif m.group("whose") in ("his", "her", "their"):
            told = is_post(post, staff=True) and post.split()[-1] not in RELATIONS  # (not "Ravi is her brother")
        else:
            told = bool(m.group("post2")) or is_post(post) or (m.group("whose") == "the" and post.lower() in ("manager", "boss"))
            # ("Aitor is the manager": the team's post; "our manager is Priya" is a tie, which the tie rules read)
        mine = bool(re.search(r",\s*(?:our|the)\s", m.group(0))) or m.group("whose") == "the"  # "I'm Ann, the ..."
        if told and name != ctx.org and (name != ctx.owner or mine):
            ctx.last_person, ctx.carried = name, False
            out.append(role_card(name, post, ctx))
    me = _I_AM_POST.match(text)
    head = me.group("post").split(" of ")[0] if me else ""
    head = singular(head) if "one of" in text else head
    if me and (is_post(head) or head.endswith("manager")):  # "I'm the office manager": a post, not a tie
        post = singular(me.group("post")) if "one of" in text else me.group("post")  # "one of the drivers"
        out.append(role_card(ctx.owner, post, ctx))
    return out


# "the new receptionist starts on the 12th, her name is Bella": a post said first, named after
_NAMED_AFTER = re.compile(rf"^(?i:the|our)\s+(?:(?i:new|next)\s+)?(?P<post>[a-z]+(?:\s+[a-z]+)?)\s+(?P<rest>[a-z]+s\s+[^,]+?)"
                          rf"\s*,\s*(?:and\s+)?(?i:his|her|their)\s+name(?:['’]s|\s+is)\s+(?P<name>{NAME})\s*$")


def _named_after(text: str, ctx: TurnContext) -> list[Fact]:
    m = _NAMED_AFTER.match(text)
    if not m or not is_post(m.group("post"), staff=True):
        return []
    name, rest = m.group("name"), m.group("rest")
    ctx.last_person, ctx.carried = name, False
    out = [role_card(name, m.group("post"), ctx, f"{name} is the new {m.group('post')}")]
    if dated(rest, one_off=True):
        out.append(Fact(name, rest.split()[0].lower(), rest, "episodic", ROLE_CERTAINTY, f"{name} {rest}"))
    return out


# "I'm not qualified for gas meter swaps yet", "Dale is certified to work on oil boilers"
_QUALIFIED = re.compile(rf"^(?:(?i:only)\s+)?(?P<subj>I|(?i:he|she)|{NAME}(?:\s+and\s+(?:I|me|{NAME}))?|(?i:me)\s+and\s+{NAME})\s+"
                        r"(?:am|is|are|['’]m|['’]s|['’]re)\s+(?P<not>not\s+|n['’]t\s+)?"
                        r"(?:(?i:yet|fully|now|both|all|the\s+only\s+ones?(?:\s+(?:of\s+us|here|on\s+the\s+team))?)\s+)?"
                        r"(?:(?P<cert>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+)?"
                        r"(?P<how>qualified|trained|certified|licensed|licenced|registered|signed\s+off)"
                        r"(?:\s+(?P<prep>to|for|in|on)\s+(?P<what>[^,;]+?))?(?:\s+(?i:yet|now|either|too|as\s+well|tho|though))?$")


def qualifications(clause: str, ctx: TurnContext) -> list[Fact]:
    """Whether someone is qualified for a kind of work: a skill (negative while they are not)."""
    m = next((q for part in re.split(r"\s*,\s*", clean(clause)) if (q := _QUALIFIED.match(part))), None)
    # "only Mo and Jen are trained in first aid", "me and Jen are ...": each of them
    people = [resolve(w, ctx) if w.lower() not in ("me",) else ctx.owner for w in re.split(r"\s+and\s+", m.group("subj"))] if m else []
    what = (m.group("what") or m.group("cert")) if m else None
    if not m or not all(people) or not what:
        return []
    pred = "not_qualified" if m.group("not") else "is_qualified"
    how = f"{m.group('cert')} {m.group('how')}" if m.group("cert") else m.group("how")
    after = f"{how}" + (f" {m.group('prep')} {m.group('what')}" if m.group("what") else "")
    return [Fact(who, pred, what, "skill", ROLE_CERTAINTY, f"{who} is {'not ' if m.group('not') else ''}{after}") for who in people if who]


# "boss is Frank Ellery": a tie said in chat without "my"
_BARE_TIE = re.compile(rf"^(?P<rel>[A-Za-z][a-z]+(?:\s+of)?(?:\s+[a-z]+){{0,2}})\s+(?:is|['’]s)\s+(?P<name>{NAME})$")  # ("Depot manager is ...")
# a post named by what it heads ("the head of department", "head of year"): a tie of the one who works under it
_HEAD_OF = re.compile(r"(?:head|director|chair|leader)\s+of\s+[a-z]+$")


def bare_tie(clause: str, ctx: TurnContext) -> list[Fact]:
    said = clean(clause)
    the = bool(re.match(r"(?i)the\s+\w+(?:\s+(?:of\s+)?[a-z]+)?\s+(?:is|['’]s)\s", said))  # ("the head teacher is ...")
    said = said[4:] if the else said  # "The boss is Maureen": in a team's conversation the team's, else the owner's ("the teacher is ...")
    m = _BARE_TIE.match(said)
    rel = m.group("rel").lower() if m else ""
    if not m or (rel.split()[-1] not in RELATIONS and not _HEAD_OF.match(rel)) or rel.split()[0] in (
            "the", "a", "an", "her", "his", "my", "our", "your", "their"):  # ("my teacher is X": the tie rules read it)
        return []
    ctx.last_person, ctx.carried = m.group("name"), False
    whose = ctx.org if ctx.org and (the or rel.split()[-1] not in _PERSONAL) else ctx.owner  # a team's "Depot manager is X": the team's post
    return [Fact(whose, rel.replace(" ", "_"), m.group("name"), "relationship", ROLE_CERTAINTY,
                 f"{m.group('name')} is {possessive(whose)} {rel}")]


_PERSONAL = frozenset("friend mate bestie buddy pal partner wife husband girlfriend boyfriend mum dad mother father "
                      "brother sister son daughter cousin uncle aunt nan gran grandma grandpa boss".split())  # ties, not posts


# "invoices are approved by Dana", "the Leeds office is run by Priya": the agent's duty, said in the passive
_PASSIVE = re.compile(rf"^(?P<what>(?:(?i:the|all|any|our)\s+)?[a-zA-Z][\w£$%&' -]{{1,50}}?)\s+(?:is|are|gets|get)\s+"
                      rf"(?:(?i:all|usually|always|normally|only)\s+)?(?P<verb>[a-z]+ed|done|run|led|seen|(?:signed|looked|"
                      rf"checked)\s+(?:off|after|over)|taken\s+care\s+of|dealt\s+with|sorted(?:\s+out)?)\s+by\s+(?P<who>{NAME})\s*$")


# "toddler rhymetime is wednesdays 10.30, run by Keisha": who runs the thing just said
_RUN_BY = re.compile(rf"^(?P<what>(?:(?i:the|our)\s+)?[a-z][a-z -]{{1,40}}?)\s+(?:is|are|['’]s)\b[^,]*,\s*"
                     rf"(?P<verb>run|led|hosted|organised|organized|taught|managed)\s+by\s+(?P<who>{NAME})")
# "Lottie's off for her wedding 12-26 june": an absence, an event of that person
_AWAY = re.compile(rf"^(?P<who>{NAME})\s+(?:is|will\s+be)\s+(?P<how>off|away|on\s+leave|on\s+holiday|out)\b(?P<rest>.*)$")


def absence(clause: str, ctx: TurnContext) -> list[Fact]:
    m = _AWAY.match(clean(clause))
    if re.search(r"(?i)\b(?:today|tonight|this\s+(?:morning|afternoon))\b", clause):
        return []  # "Dave's off sick today": the day's news, not an absence to plan around
    if not m or m.group("who") in (ctx.owner, ctx.org) or not (dated(m.group("rest")) or re.search(
            r"(?i)\b(?:for|until|till|next|this)\b", m.group("rest"))):
        return []
    said = f"{m.group('who')} is {m.group('how')}{m.group('rest')}".strip()
    return [Fact(m.group("who"), "leave", f"{m.group('how')}{m.group('rest')}".strip(), "episodic", ROLE_CERTAINTY, said)]


def _passive(text: str, ctx: TurnContext) -> list[Fact]:
    run_by = _RUN_BY.match(text)
    if run_by and run_by.group("who") not in (ctx.owner, ctx.org):
        what = re.sub(r"(?i)^(?:the|our)\s+", "", run_by.group("what"))
        return [role_card(run_by.group("who"), f"{run_by.group('verb')} {what}", ctx,
                      f"{run_by.group('who')} {'runs' if run_by.group('verb') == 'run' else run_by.group('verb')} the {what}")]
    m = _PASSIVE.match(text)  # (with "every month" a routine, with a date an event: not a role)
    if not m or RECURRENCE.search(text) or dated(text) or m.group("who") in (ctx.org, ctx.owner) or m.group("what").lower() in (
            "it", "this", "that", "everything", "we", "we're", "we’re", "us"):  # ("we're owned by ...": the team's, team_figures)
        return []
    ctx.last_person, ctx.carried = m.group("who"), False
    said = named_text(text[:1].upper() + text[1:], ctx)
    return [role_card(m.group("who"), f"{m.group('verb')} {m.group('what')}", ctx, said)]


# "Pavel helps her on release weeks", "Jo covers for Sam at weekends": a duty said with the colleague helped
_HELPS = re.compile(rf"(?:^|,\s*|\s+and\s+)(?P<who>{NAME}|(?i:he|she))\s+(?:(?i:also|usually|often|sometimes)\s+)?(?P<verb>helps|assists|supports|shadows|"
                    rf"backs\s+up|covers\s+for)\s+(?P<whom>him|her|them|{NAME})(?:\s+(?P<prep>on|with|in|at|during)\s+(?P<what>[^,.;]+?))?"
                    rf"(?=\s*(?:,|$|\s+and\s+(?:I|{NAME})\s))")
# "Fran's the mixing wizard", "Ola is our Excel whizz": what a colleague is best at, a skill
_STRENGTH = re.compile(rf"(?:^|,\s*|\s+and\s+)(?P<who>{NAME})\s+(?:is|['’]s)\s+(?:the|our|a|an)\s+(?:(?i:resident|real|total|absolute)\s+)?"
                       r"(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+(?P<word>wizard|whizz|whiz|expert|guru|genius|pro|specialist|ninja|nerd|buff)"
                       rf"(?=\s*(?:,|$|\s+and\s+(?:I|{NAME})\s))")


def _helps(text: str, ctx: TurnContext) -> list[Fact]:
    m = _HELPS.search(text)
    who = resolve(m.group("who"), ctx) if m else None
    if not m or not who or who == ctx.org:
        return []
    whom = m.group("whom")
    if whom.lower() in ("him", "her") and ctx.last_person and ctx.last_person != who:
        whom = ctx.last_person  # "Ngozi leads QA, and Pavel helps her": Ngozi
    if not whom:
        return []
    what = m.group("what")
    said = f"{who} {m.group('verb')} {whom}" + (f" {m.group('prep')} {what}" if what else "")
    return [Fact(who, "helps", what or whom, "identity", ROLE_CERTAINTY, said)]


def _strength(text: str, ctx: TurnContext) -> list[Fact]:
    m = _STRENGTH.search(text)
    if not m or m.group("who") in (ctx.org, ctx.owner):
        return []
    ctx.last_person, ctx.carried = m.group("who"), False
    return [Fact(m.group("who"), "good_at", m.group("what"), "skill", ROLE_CERTAINTY,
                 f"{m.group('who')} is the {m.group('what')} {m.group('word')}")]


def roles_of(clause: str, ctx: TurnContext) -> list[Fact]:
    """The roles a clause of a team's conversation says: who holds a post, a roster, who does what."""
    text = clean(clause)
    if not ctx.org:
        return _post_is(text, ctx)  # "our head chef is Luca": a team's, before its name is known
    return _named_after(text, ctx) or _post_is(text, ctx) or (
        _roster(text, ctx) + _passive(text, ctx) + _name_is_post(text, ctx) + _duties(text, ctx) + _helps(text, ctx)
        + _strength(text, ctx) + short_posts(text, ctx) + whose_job(text, ctx))


def with_roles(clause: str, found: list[Fact], ctx: TurnContext) -> list[Fact]:
    """The clause's facts with its roles and qualifications, in place of what a family read of the
    same person or post as a plain fact or an event ("Crumb & Co's head baker is Joel", "Cal does
    the brewing", "the new receptionist starts on the 12th")."""
    roles = roles_of(clause, ctx) + qualifications(clause, ctx) + bare_tie(clause, ctx) + absence(clause, ctx)
    people = {r.subject for r in roles if r.type != "relationship"}
    said = {w for r in roles if r.type == "episodic" for w in r.value.lower().split()}

    def restates(f: Fact) -> bool:  # "Agnieszka | routine | runs goods in, Tomi drives ...": the duty again
        return any(r.subject == f.subject and r.predicate == "role" and _words(r.value) <= _words(f.text) for r in roles)

    return [f for f in found if not (f.type == "semantic" and (people & {f.subject, f.value} or any(
                f.value.startswith((f"{p} ", f"{p}'s ", f"{p}’s ")) for p in people)))
            and not (f.type == "episodic" and said and set(f.value.lower().split()) <= said | {"on", "the"})
            and not (f.type == "skill" and f.subject in people) and not (f.type != "identity" and restates(f))
            and f not in roles] + roles


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower())) - {"the", "a", "an", "our", "is", "and"}


__all__ = ["is_post", "posts_named", "roles_of", "with_roles"]
