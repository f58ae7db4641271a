"""What a team says about its own things, one clause at a time (issue 35): "check in is from 3pm,
check out by 11", "a 30% deposit is taken when the session is booked and it's non refundable
within 7 days", "dogs are allowed in ground floor rooms only, £15 a night". Pure: it reads the
parse (parse.Tok tuples) of each piece of a statement; the caller parses.

A team member's chat strings clauses together with commas and "and"; each clause is a card of its
own (a question asks of one), so:
- `pieces` cuts a statement at sentence ends, semicolons, commas and "but"/"and" before a new
  subject; `segments` keeps a piece as its own clause when the parse gives it a subject and a verb,
  a verb of its own in the third person ("..., prefers email to phone": the subject before it is
  shared), a rule word first ("never promise it ..."), or a figure (a price, a time, a count:
  "£15 a night", "check out by 11"); any other piece goes back to the one before it.
- `thing_facts` reads one segment whose subject is a thing of the organisation (not a person, not
  "we" or "I": roles.py and team.py read those): the thing, what is said of it, typed by how it is
  said: a rule (only, never, must, not allowed, non refundable) is safety, a clock time or a day a
  routine, a one-off date an event, else a plain fact. "there's usually 6 agency pickers" is the
  organisation's; a piece with no subject of its own ("£15 a night", "it's ...") is the thing the
  segment before it was about.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .certainty import PLAIN, certainty, strip_lead_ins
from .statement_basics import EVENT_CERTAINTY, RULE_CERTAINTY, named_text
from .models import Fact
from .parse import Sentence, Tok
from .rule_basics import TurnContext
from .tree import Kids, children, subtree, text_of
from .team_counts import counts_aged, counts_said
from .team_when import (STATES_OPEN, ends_on_a_name, fragment_thing, named_person, named_place, out_of_team, post_before_a_name,
                        staffed_by, when_only)
from .verb_classes import DISLIKE, LIKE
from .whose_job import whose_job
from .team_words import (CLOCK, DAYS, FIGURE, GROAN, HEDGE, ME, ONE_OFF, PASSING, REASON_OPENERS, RULE, RULE_FIRST, STATE,
                         VERDICT, type_of)

# Where a statement may be cut: sentence ends, semicolons, a colon before a count ("we're a firm in Leeds:
# 14 cleaners, ..."), commas (not one that groups a number's
# thousands: "1,200 pupils"), "but", and "and"/"so" before a determiner or a pronoun that opens a
# new clause.
_CUT = re.compile(r"(?<=[a-z0-9%)])[.!]\s+|\s*;\s*|\s*:\s+(?=(?:about\s+|around\s+|over\s+)?\d+\s+[a-z]+s\b)|\s*,(?!(?<=\d,)\d{3}(?!\d))\s*(?:and\s+|but\s+)?|\s+but\s+"
                  r"|\s+(?:and|so)\s+(?=(?:the|our|a|an|all|any|every|no|it|it['’]s|there['’]s|there)\s)"
                  r"|(?<!\bnot)(?<!\band)(?<!\bor)\s+so\s+(?=[a-z]+\s+(?:can|could|will|are|is|get|have|don['’]t)\b)", re.I)
_BE = re.compile(r"^(?:is|are|was|were|['’]s|['’]re)\s+", re.I)
# a thing said with whom it comes from and no verb: "diesel from Petroatlantico", "eggs from a farm in Usk"
_FROM_NAMED = re.compile(r"(?i)^(?:(?:our|the)\s+)?(?!(?:we|i|he|she|they|it|you|this|that)\s)[a-z][a-z -]{1,40}?(?:\s+(?:comes?|is|are))?\s+from\s+\S")
_PEOPLE_PRONOUNS = frozenset("i me we us you he she him her they them who".split())
_DETERMINERS = frozenset("the a an our this that these those all any every its".split())


_LEAD = re.compile(r"^(?:(?:yeah|yep|yes|ok|okay|so|and|but|right|also|oh)\b[,!]?\s*)+", re.I)


# A request that carries a fact: "can you remind me the reading challenge launches 12 July".
_CARRIER = re.compile(r"^(?:(?:can|could)\s+you\s+|please\s+|just\s+)?(?:remind\s+me|note(?:\s+down)?|remember|keep\s+in\s+mind|"
                      r"make\s+a\s+note)\s+(?:that\s+)?(?!(?:what|when|where|who|how|which|why|if|whether|to)\b)", re.I)
_HEADING = re.compile(r"^(?P<head>(?!(?:we|i|our|they|you|there)\b)[a-z][a-z-]*(?:\s+(?!(?:is|are|have|has)\b)[a-z-]+){0,2})"
                      r"\s*:\s+(?=\S)", re.I)  # "loans: ...", not "we have three dentists: ..."


def said_plainly(text: str) -> str:
    """A piece as a plain clause: without the hedge or lead-in before it ("I think it starts at 6")
    or the request that carries it ("can you remind me ..."); a heading stays ("loans: ...")."""
    return _CARRIER.sub("", strip_lead_ins(text))


def carried(text: str) -> str | None:
    """The fact a request carries, as a statement ("can you remind me the launch is 12 July" -> "the launch
    is 12 July"); None when the text is no such request."""
    m = _CARRIER.match(text.strip())
    rest = text.strip()[m.end():].strip() if m else ""
    return rest[:1].upper() + rest[1:] if m and len(rest.split()) >= 3 and not rest.endswith("?") else None


def _for_parse(text: str) -> str:
    return _HEADING.sub("", said_plainly(text))


def pieces(statement: str) -> list[str]:
    """The statement cut where a clause may start, each without its lead-in ("yeah 24/7": "24/7")."""
    out = [_LEAD.sub("", p.strip(" ,.;!")) for p in _CUT.split(statement) if p]
    return [p for p in out if p]


def _subject(s: Sentence) -> tuple[Tok | None, Tok | None]:
    """The piece's main verb (its root) and its subject, or None."""
    kids = children(s)
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is None:
        return None, None
    subj = next((c for c in kids.get(root.i, []) if c.dep in ("nsubj", "nsubjpass", "csubj", "expl")), None)
    return root, subj


def _opens(s: Sentence, subj: Tok, root: Tok) -> bool:
    """Whether the subject opens the piece and its verb follows it: "a shared channel and then a
    week before we quote" is an item of a list, not a clause."""
    own = subtree(children(s), subj.i)
    return all(t.pos in ("INTJ", "CCONJ", "ADV", "PUNCT") for t in s[:min(own)]) and all(
        t.pos in ("AUX", "ADV", "PART", "VERB") for t in s[max(own) + 1:root.i])


def _kind_of_piece(s: Sentence, text: str) -> str:
    """clause (a subject and a verb), shared (a verb of its own, the subject before it), rule,
    figure (a value with no verb), or part (goes back to the piece before it)."""
    root, subj = _subject(s)
    verb = any(t.pos in ("VERB", "AUX") for t in s)
    if RULE_FIRST.match(text):  # "never on Fridays" goes with the clause before it; "no phones on the floor" is one
        return "rule" if verb or not re.match(r"(?i)(?:never|only|always|not)\b", text) else "part"
    if root is not None and subj is not None and root.pos in ("VERB", "AUX") and _opens(s, subj, root):
        return "clause"
    if root is not None and root.i == 0 and root.tag in ("VBZ", "VBN", "VBD") and len(s) > 1:
        return "shared"
    if HEDGE.search(text):
        return "part"  # "not 100% sure": how sure, not a figure
    if FIGURE.search(text) or RULE.search(text) and not any(t.pos in ("VERB", "AUX") for t in s):
        return "figure"  # a value or a limit with no verb: "£15 a night", "half or full days only"
    return "part"


def segments(statement: str, cut: list[str], parsed: list[Sentence]) -> list[tuple[str, str]]:
    # (`statement`: as said, where its sentences end; `cut`: its pieces, or those of what is left of
    # it, each parsed as a plain clause in `parsed`)
    """The statement's clauses as (kind, text); `parsed`: the parse of each of `pieces(statement)`.
    A piece that shares the subject before it is said with it ("she prefers email to phone")."""
    out: list[tuple[str, str]] = []
    subject, past, colleague = "", False, False
    for n, (text, s) in enumerate(zip(cut, parsed)):
        kind = _kind_of_piece(s, text_of(s, range(len(s))))
        if kind == "part" and post_before_a_name(s, parsed[n + 1:n + 3]):
            out.append(("part", text))  # "..., and the owner, Ivan Petrov, does the payroll": a clause starts here
            continue
        timed = bool(out) and bool(DAYS.search(out[-1][1]) or CLOCK.search(out[-1][1]))
        if kind in ("figure", "part") and colleague and out and out[-1][0] == "clause" and not timed and when_only(text):
            out.append(("when", text))  # "Nerea does payroll, Tuesdays only": when she works (team_when.py)
            continue
        if kind == "figure" and out and (out[-1][0] in ("thing", "figure") or timed) and when_only(text):
            kind = "part"  # "lunch is at noon, 12 to 1", "staff meeting every Monday, 8:30 to 9": when that is
        if kind == "figure" and fragment_thing(s) is None and (
                subject.lower() in _PEOPLE_PRONOUNS and CLOCK.search(text) or past):
            kind = "part"  # "we're open Tuesday and Friday mornings, 10 till 1": the same hours; "we had a
            # mad rush at lunch, 60 covers in an hour": the same story
        if kind == "part" and out and not _opens_sentence(text, statement):
            out[-1] = (out[-1][0], f"{out[-1][1]}, {text}")
            continue
        if kind == "shared" and out and out[-1][0] == "part" and s[0].tag in ("VBZ", "VBD") and ends_on_a_name(out[-1][1]):
            out[-1] = ("clause", f"{out[-1][1]}, {text}")  # "the owner, Ivan Petrov, does the payroll on Fridays": one clause
            subject = ""
            continue
        if kind == "shared" and out and out[-1][0] in ("part", "clause") and s[0].tag in ("VBN", "VBD") and _FROM_NAMED.search(out[-1][1]):
            out[-1] = (out[-1][0], f"{out[-1][1]}, {text}")  # "diesel from Petroatlantico, delivered Mondays": how it comes
            continue
        if kind == "shared" and subject:
            text = f"{subject} {'is ' if s[0].tag == 'VBN' else ''}{text}"
        elif kind == "clause":
            root, subj = _subject(s)
            past = root is not None and _told_before(s, root)
            subject = text_of(s, subtree(children(s), subj.i)) if subj is not None and subj.dep != "expl" else ""
            colleague = named_person(s) is not None
            if root is not None and subj is not None and subj.dep != "expl" and not _a_person(s, subj, root) \
                    and _a_thing(s, children(s), subj) or subj is not None and subj.lower in ("it", "that") and \
                    out and out[-1][0] in ("thing", "figure") or subj is not None and subj.dep == "expl":
                kind = "thing"  # "it's non refundable within 7 days" after the deposit: the deposit's
        out.append((kind, text))
    return out


def _opens_sentence(text: str, statement: str) -> bool:
    return re.search(rf"[.!?]\s+{re.escape(text)}", statement) is not None


def for_reading(segs: list[tuple[str, str]], statement: str) -> list[str]:
    """The pieces the clause families read: a thing's clause, a figure, a rule and a shared verb on
    their own; clauses about people together as said ("the new receptionist starts on the 12th,
    her name is Bella": who "her" is stays with it)."""
    out: list[str] = []
    before = ""
    for kind, text in segs:
        if kind == "when":
            continue  # when a colleague works: thing_facts reads it, the clause before is read without it
        if kind == "clause" and before in ("clause", "thing") and not _opens_sentence(text, statement):
            out[-1] = f"{out[-1]}, {text}"
        else:
            out.append(text)
        before = kind
    return out


def _thing_words(s: Sentence, idx: set[int]) -> str:
    keep = {i for i in idx if not (s[i].dep in ("det", "poss") and s[i].lower in _DETERMINERS)
            and s[i].dep != "nummod" and s[i].pos != "NUM" and s[i].text != "%"}  # "a 30% deposit" is the deposit
    return text_of(s, keep)


def _told_before(s: Sentence, root: Tok) -> bool:
    """The clause is in the past or the present perfect."""
    kids = children(s)
    return root.tag == "VBD" or any(c.dep in ("aux", "auxpass") and (c.tag == "VBD" or c.lemma == "have" or c.lower == "been")
                                    for c in kids.get(root.i, []))


def _asked_to(s: Sentence) -> bool:
    """An instruction to the assistant: a plain verb first with an object ("make a list of things we
    need for two newborns"); "check out by 11" has none."""
    root = next((t for t in s if t.dep == "ROOT"), None)
    return root is not None and root.i == 0 and root.tag == "VB" and any(
        t.head == root.i and t.dep in ("dobj", "dative", "ccomp", "xcomp") for t in s)


def _to_the_assistant(s: Sentence) -> bool:
    """"the new assistants can ask you things": the assistant is the main verb's object, so the
    clause is about talking to it ("paid when you book" is a generic "you")."""
    root = next((t for t in s if t.dep == "ROOT"), None)
    return root is not None and any(t.lower in ("you", "your") and t.head == root.i and t.dep in ("dobj", "dative", "iobj")
                                    for t in s)


def _a_person(s: Sentence, subj: Tok, root: Tok) -> bool:
    """A person or the team itself as subject, or "X is <Name>" (a post held: roles.py)."""
    kids = children(s)
    if subj.lower in _PEOPLE_PRONOUNS or subj.pos == "PROPN" and subj.text[:1].isupper() and not any(
            c.lower == "the" for c in kids.get(subj.i, [])):  # "the Summer Reading Challenge" is a thing
        return True
    return root.lemma == "be" and any(c.dep == "attr" and c.pos == "PROPN" and c.text[:1].isupper() and not DAYS.match(c.text)
                                      for c in kids.get(root.i, []))


# Subjects that name no thing of a team's: "people just say ...", "rumour is ...".
_NOT_THINGS = frozenset("""people person everyone everybody someone somebody anyone anybody nobody one thing things stuff
    rumour rumor word problem issue idea point reason weather life world time day week way lot bit kind sort""".split())
_THING_PARTS = frozenset("NOUN PROPN ADJ ADP DET NUM PART CCONJ SYM".split())


def _a_thing(s: Sentence, kids: Kids, subj: Tok) -> bool:
    """A noun phrase with no clause of its own inside, headed by a noun that names a thing, or a
    named activity ("check in is from 3pm")."""
    own = subtree(kids, subj.i)
    if subj.dep == "csubj":  # "parking out front is for clients only"
        return all(s[i].pos in ("VERB", "ADP", "ADJ", "NOUN", "ADV") and s[i].dep in (
            "csubj", "prt", "amod", "advmod", "dobj", "compound") for i in own) and len(own) <= 4
    head_noun = subj.pos in ("NOUN", "PROPN") or subj.pos == "ADP" and any(s[i].pos == "NOUN" for i in own)
    if not head_noun or subj.lemma in _NOT_THINGS:  # ("The out of hours line": "out" read as its head)
        return False
    if any(c.dep == "poss" and c.lower in ("my", "his", "her", "their", "your") for c in kids.get(subj.i, [])):
        return False  # "her name is Bella": a person's
    return all(s[i].pos in _THING_PARTS or s[i].text in "%'’" or s[i].pos == "VERB" and s[i].dep in ("amod", "compound")
               for i in own)  # "lost items"


def _line(text: str, org: str, ctx: TurnContext) -> str:
    """"Harbourview: check in is from 3pm": the organisation the thing is of, then the clause."""
    said = named_text(text, ctx)
    return said if said.startswith(org) else f"{org}: {said}"


def _conjoined(text: str, s: Sentence) -> list[str]:
    """A piece cut where "and"/"but" joins a second clause with a subject of its own (from the parse:
    a conjoined verb with its own subject after the conjunction); `s` is the parse of the piece as
    a plain clause, whose lead-in ("I think") stays with the first part."""
    kids = children(s)
    for t in s:
        if t.dep != "conj" or t.pos not in ("VERB", "AUX"):
            continue
        subj = next((c for c in kids.get(t.i, []) if c.dep in ("nsubj", "nsubjpass", "expl") and c.i < t.i), None)
        start = min(subtree(kids, subj.i)) if subj is not None else 0
        if subj is None or start < 2 or s[start - 1].lower not in ("and", "but", ","):
            continue
        plain = text_of(s, range(len(s)))
        lead = text[:len(text) - len(plain)] if text.endswith(plain) else ""
        return [f"{lead}{text_of(s, range(start - 1))}", text_of(s, range(start, len(s)))]
    return [text]


def _as_said(f: Fact, sure: float) -> Fact:
    """A hedge or hearsay lowers a fact's certainty, emphasis raises it (as the clause families do)."""
    value = min(f.certainty, sure) if sure < PLAIN else max(f.certainty, sure) if sure > PLAIN else f.certainty
    return Fact(f.subject, f.predicate, f.value, f.type, round(value, 3), f.text)


def thing_facts(segs: list[tuple[str, str]], parsed: list[Sentence], ctx: TurnContext,
                told: Callable[[str], bool] = bool) -> list[Fact]:
    """One fact a segment whose subject is a thing of the organisation; `parsed`: each segment's
    parse. Its line names the organisation ("Hopstone: brew days are Monday and Thursday")."""
    org = ctx.org
    if not org:
        return []
    out: list[Fact] = []
    last: str | None = None  # the thing the segment before was about
    person: str | None = None  # the colleague the clause before was about, by name
    place: str | None = None  # a thing named with no verb, before what is said of it
    for (kind, said), s in zip(segs, parsed):
        if kind == "when" and person:
            out.append(_as_said(Fact(person, "works", said, "routine", EVENT_CERTAINTY, f"{person} works {said}"), certainty(said)))
            continue
        person = named_person(s) if kind == "clause" else None
        if kind == "figure" and place and s and s[0].lower in STATES_OPEN and fragment_thing(s) == s[0].text:
            hours = said[len(s[0].text):].strip()  # "Ticket office at Horta pier, open 7:15 to 19:30": what is open
            out.append(Fact(place, s[0].lower, hours, "routine", EVENT_CERTAINTY, _line(f"{place} is {said}", org, ctx)))
            last, place = place, None
            continue
        place = named_place(s) if kind == "part" else None
        if not (told(said) or kind == "rule" and not said.endswith("?")) or _asked_to(s):
            last = None  # ("no credit unless Gemma agrees" is a rule, not an answer "no")
            continue
        text, sure = said_plainly(said), certainty(said)  # "I think it starts at 6": hedged

        if kind == "rule" and last:  # "payment is due on the day, no credit unless Gemma agrees": the thing's rule
            out.append(_as_said(Fact(last, "rule", text, "safety", RULE_CERTAINTY, _line(f"{last}: {text}", org, ctx)), sure))
            continue
        if kind == "shared" and last and not out_of_team(last, ctx) and last.lower() not in STATES_OPEN:  # "..., staffed by Jo"
            out += [_as_said(f, sure) for f in staffed_by(s, last, ctx)]
        if kind in ("rule", "shared"):
            continue  # a rule said to the team (rule_lists.py, kinds.py) or a verb of a person's
        if kind == "clause" or _to_the_assistant(s) or PASSING.search(text) or GROAN.match(text) or VERDICT.search(text):
            last = None
            continue  # about people ("she's in on tuesdays"), talk to the assistant, or a passing state
        if kind == "figure" and s and s[0].lower in REASON_OPENERS:
            continue  # "..., because by noon it's too hot on the slope": why, said after what; no fact of its own
        if kind == "figure":
            thing = fragment_thing(s)
            if thing:
                out.append(_as_said(Fact(thing, "is", text[len(thing):].strip(), type_of(text), EVENT_CERTAINTY, _line(text, org, ctx)), sure))
                last = thing
                continue
            holder = last or org
            if aged := counts_aged(text):  # "around 70 kids, 8 to 17": how many, and how old (no clock time)
                out += [_as_said(Fact(holder, "has", aged[0], "semantic", EVENT_CERTAINTY, _line(f"{holder} has {aged[0]}", org, ctx)), sure),
                        _as_said(Fact(holder, "ages", aged[1], "semantic", EVENT_CERTAINTY, _line(f"{holder}: ages {aged[1]}", org, ctx)), sure)]
                continue
            counts = counts_said(text)  # "12 nurses, 4 vets": what the team (or the thing) has, a card a count
            if len(counts) == 1 and said == segs[0][1] and not (len(segs) > 1 and counts_said(segs[1][1])):
                counts = []  # "Two boats. The Cagarro is ...": a count alone first heads what follows (worth.py)
            out += [_as_said(Fact(holder, "has", c, "semantic", EVENT_CERTAINTY, _line(f"{holder} has {c}", org, ctx)), sure)
                    for c in counts]
            if counts:
                continue
            line = _line(f"{holder} is {text}" if last else text, org, ctx)
            out.append(_as_said(Fact(holder, "is", text, type_of(text), EVENT_CERTAINTY, line), sure))
            continue
        root, subj = _subject(s)
        if root is None or subj is None:
            continue
        kids = children(s)
        if subj.dep == "expl":  # "there's usually 6 agency pickers": the team has them
            has = text_of(s, [i for i in range(len(s)) if i > root.i])
            if has:
                out.append(_as_said(Fact(org, "has", has, type_of(text), EVENT_CERTAINTY, f"{org} has {has}"), sure))
            continue
        if subj.lower in ("it", "that", "this") and last:
            thing = last
        elif _a_person(s, subj, root) or not _a_thing(s, kids, subj) or root.lemma in LIKE | DISLIKE:
            # ("the children love the paella": what they like, the preference readers' card, not a thing's fact)
            last = None
            continue
        else:
            thing = _thing_words(s, subtree(kids, subj.i))
        rest = text_of(s, [i for i in range(len(s)) if i not in subtree(kids, subj.i)])
        if _told_before(s, root) and not ONE_OFF.search(rest):
            continue  # "traffic was a nightmare", "the heating has gone": what happened, not what is
        if not thing or len(rest.split()) < 2:
            continue  # "Sterilisation logs.": a heading, not a fact
        typed = type_of(rest)
        value = _BE.sub("", rest)
        anchored = FIGURE.search(value) or RULE.search(value) or DAYS.search(value) or ONE_OFF.search(value)
        if whose_job(text, TurnContext(owner=ctx.owner, org=org)):
            continue  # "Refunds are Omar's job": whose duty it is, a role (whose_job.py), not a thing's fact
        if not anchored and (len(value.split()) < 2 or STATE.match(value) or ME.search(value)):
            continue  # "the car park is full", "the kettle's on", "the lift is making that noise", "the printer hates me"
        line = _line(text if subj.lower not in ("it", "that", "this") else f"{thing} {rest}", org, ctx)
        predicate = "rule" if typed == "safety" else "is" if root.lemma == "be" else root.lemma
        out.append(_as_said(Fact(thing, predicate, value, typed, RULE_CERTAINTY if typed == "safety" else EVENT_CERTAINTY, line), sure))
        last = thing
    return out


def first_read(statement: str) -> list[str]:
    """The texts `read` parses first (the statement's pieces as plain clauses), for a caller that
    parses them with the turn's statements in one batch (one pass of spaCy's networks, not two)."""
    return [] if GROAN.match(statement.strip()) else [_for_parse(c) for c in pieces(statement)]


def read(statement: str, ctx: TurnContext, parse: Callable[[list[str]], list[Sentence] | None],
         told: Callable[[str], bool], said: str | None = None) -> tuple[list[tuple[str, str]], list[str], list[Fact]]:
    """A team statement's clauses and the pieces the clause families read (none when it is one
    clause), and the facts about the organisation's things in them; `parse`: parse.parse (the
    caller's spaCy); `told`: whether a clause tells something (a request or a question teaches nothing);
    `said`: the statement as said, when `statement` is what is left of it (where its sentences end)."""
    cut = pieces(statement)
    if not ctx.org or not cut or GROAN.match(statement.strip()):
        return [], [], []
    parsed = parse([_for_parse(c) for c in cut])
    if parsed is None:
        return [], [], []
    split = [part for c, p in zip(cut, parsed) for part in _conjoined(c, p)]
    if split != cut:  # "lockers cost £2 and towels are free for members": two clauses
        cut, parsed = split, parse([_for_parse(c) for c in split]) or []
    segs = segments(said or statement, cut, parsed)
    texts = [t for _, t in segs]
    again = parse([_for_parse(t) for t in texts]) if texts != cut else parsed
    facts = thing_facts(segs, again or [], ctx, lambda text: told(said_plainly(text)))
    if len(texts) < 2:
        return [], [], facts
    return segs, for_reading(segs, said or statement), facts


__all__ = ["first_read", "pieces", "segments", "for_reading", "thing_facts", "read"]
