"""facts_of_turn: the knowledge a turn teaches, as atomic facts (issue 35).

Order of decisions, each for a reason:
1. Only the owner's turns teach (speaker.py): the assistant's lines are never knowledge.
2. Only what the owner asserts teaches (statement_check.py): a question, a request, small talk, a
   hypothetical, the assistant's words reported back or an uncertain plan teaches nothing. Each part of
   a statement is read so; the readers see only statements with an assertion, and every fact they make
   passes the same check at the end (its value said in an assertion, with content of its own).
3. Processes and safety rules are kept whole (one fact each): their steps and wording matter.
4. Every other statement is cut into clauses ("I hate peas but I like sweetcorn" -> two) and each
   clause goes through the fact families (rules.py); one clause may state several facts.
5. A clause no family understood still teaches when the rule-based extractor found a typed triple
   in it (an organisation's alias, what it does, a role): kept as a semantic or relationship fact.
6. The dependency parse (dependency.py, the general path) reads every clause of the statement; the
   regex families win where they spoke: a parsed fact whose value shares a content word with a
   value the families or the triples stated is dropped, the others are added.
7. Every fact kept gets the note-taker's last look (worth.py): a line that says nothing, is chat with
   the assistant, runs two clauses together or starts with a "he"/"she" nobody was named for is
   dropped; a "he"/"she" the conversation names is said as that person.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..extraction.models import SPEAKER, SPEAKER_ORG, ExtractedStatement
from . import kinds, one_off_events
from .appointments import reminded
from .opening_hours import opening_hours
from .certainty import lead_in_doubt, strip_lead_ins, trailing_hedge
from .clause_bounds import trimmed
from .clauses import clauses
from .dependency import facts_of_sentence
from .belonging import belonging
from .boundaries import at_hand
from .decided_plans import decided
from .evaluations import evaluations
from .farewells import reasons_for_leaving
from .fixed_pairs import whole_pairs
from .fragments import alternative, habit_pieces, introduction
from .school_years import years_said_alone
from .group_ties import group_ties
from .health import allergy_after
from .models import Fact
from .own_lines import one_fact_each
from .turn_cards import finished
from .parse import Sentence, parse_once
from .passing_states import without_passing
from .parse_meets_rules import covered, sure as _sure, with_parse
from .limits import limits
from .listed_details import listed_details
from .mentions import agreeing, last_mention, named_before_pronoun
from .month_spans import as_seasons
from .availability import as_available
from .person import about, possessive
from .post_holders import said_of_holders
from .trade_nouns import role_said_whole
from .kin_through import kin_through
from .resumptive_names import name_ending, said_once
from .taste_idioms import taste_idioms, without_restatements
from .routine_rules import thing_ended_on
from .rule_basics import TurnContext, items_of, resolve
from .rules import FAMILIES
from .speaker import SpeakerRole
from .roles import posts_named, with_roles, without_posts
from .rotas import with_rotas
from .rule_lists import rule_list, team_rules
from .reach_by import reach_by
from .steps import instruction, sequence
from . import team_things, team_words
from .team_figures import not_done
from .team_keep import kept_of_team, of_the_team
from .relationship_rules import reported_tie
from .ties import posts_in_command, reporter_ties
from .routine_split import split_routine
from .team_lists import headed_items
from .team import founded, organisation_named, team_facts
from .timetable import timetable
from .newcomers import newcomers
from .posts_of_mine import posts_of_mine
from .ties_in_places import tie_for_place
from .whose_times import given_to_whose
from .worth_keeping import worth_keeping
from . import worth
from . import statement_check
from .statement_check import ASSERTION, Part
from .unnamed_pets import unnamed_pets
from .vocabulary import content_words

# "I want a unicorn cake", "I'd like ...": a wish the families leave to the parse (which reads it as a liking)
_WISH = re.compile(r"(?i)^(?:i\s+want|i'd\s+like|i\s+would\s+like|i\s+hope)\b")
_FIRST_WORD_I = re.compile(r"(?i)i\b")
_PRONOUN_FIRST = re.compile(r"(?i)(?:he|she|they)\b")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|me|my|mine|we|we're|our|us)\b", re.I)


def _common_noun_first(s: Sentence, clause: str) -> bool:
    """A sentence that opens on a capitalised modifier of a common noun ("New starters", "Customer bugs")."""
    return len(s) > 1 and s[0].text[:1].isupper() and s[0].pos in ("NOUN", "ADJ") and s[0].dep in ("compound", "amod") \
        and s[1].pos == "NOUN" and clause.split(" ", 1)[0] == s[0].text


def _mentioned(ctx: TurnContext, named: str) -> None:
    """The person a clause named becomes who "he"/"she" points at; a tie said without a name ("my
    grandson") is also what a following "his name is ..." names."""
    mine = possessive(ctx.owner) + " "
    if named.startswith(mine):
        ctx.tie = named[len(mine):]
    ctx.last_person, ctx.carried = named, False





def _from_triples(statement: ExtractedStatement, ctx: TurnContext, org: str | None, speaker: str) -> list[Fact]:
    """Facts from the rule-based extractor's own typed triples (organisations, roles, aliases)."""
    out = []
    kind = statement.type.value
    me = {SPEAKER, speaker}

    def named(x: str) -> str:
        return ctx.owner if x in me else (org or "the team") if x == SPEAKER_ORG else x

    for t in statement.triples:
        subject, value = named(t.subject), named(t.value)
        if t.predicate == "role":
            value = role_said_whole(value, statement.text)  # "head of operations", not "head"
            where = f" at {org}" if org else ""
            out.append(Fact(subject, "role", value, "identity", 0.8, f"{subject} is a {value}{where}"))  # a post: who one is
        elif t.predicate == "also_known_as":
            out.append(Fact(subject, "also_known_as", value, "semantic", 0.85, f"{subject} is also known as {value}"))
        elif t.predicate == "organisation":
            ctx.org = ctx.org or value
            out.append(Fact(subject, "organisation", value, "identity", 0.8, f"{subject} works at {value}"))
        elif t.predicate in ("does", "uses") and subject == "the team":
            continue  # no organisation was named: a household's "I play with Ruby" is no team's tool
        elif t.predicate in ("does", "uses"):
            items = [re.split(r"\s+(?:for|to)\s", it)[0] for it in items_of(value)]  # without whom it is for
            out.extend(Fact(subject, t.predicate, item, "semantic", 0.8, f"{subject} {t.predicate} {item}")
                       for item in items or [value])
        elif kind == "relationship" or t.predicate.endswith("_of") or t.predicate in (
                "works_for", "reports_to", "manages", "leads", "runs", "handles", "belongs_to", "works_with"):
            if t.predicate == "belongs_to":
                continue  # said with the role ("one of our writers"): the role fact carries it
            words = t.predicate.replace("_", " ")
            kind = "identity" if t.predicate in _ONES_WORK else "relationship"  # where one works or what one runs: who one is
            out.append(Fact(subject, t.predicate, value, kind, 0.8, f"{subject} {words} {value}"))
    return out


def facts_of_turn(text: str, statements: list[ExtractedStatement], *, owner: str, role: SpeakerRole,
                  speaker: str = SPEAKER, speaker_org: str | None = None, earlier: str | None = None,
                  account_org: str | None = None, kin_words: frozenset[str] = frozenset(),
                  parser: Callable[[list[str]], list[Sentence] | None] | None = None) -> list[Fact]:
    """The facts an (already redacted) turn teaches about its owner and the people around them.
    `statements`: the deterministic extraction of the same text (memcore.extraction.extract);
    `earlier`: the person the owner's previous turns named last (mentions.earlier_mention);
    `kin_words`: the lower-case words the turn and the lines before it said are kin (kin_said_bare.kin_marked);
    `parser`: the turn's parse, remembered (parse.parse_once), when the caller parses the turn's texts too."""
    if role not in ("owner", "guardian"):
        return []
    ctx = TurnContext(owner=owner, org=speaker_org or account_org, last_person=earlier, carried=earlier is not None,
                      org_from_account=speaker_org is None and account_org is not None, kin_words=kin_words)
    if earlier and earlier.startswith(possessive(owner) + " "):
        ctx.tie = earlier[len(possessive(owner)) + 1:]  # "My daughter set this up." ... "Her name is Marcia."
    # what the turn says in pieces without a verb: a self-introduction, a habit (fragments.py)
    facts: list[Fact] = introduction(text, ctx) + habit_pieces(text, ctx) if role == "owner" else []
    facts += years_said_alone(text, owner, bool(ctx.org)) if role == "owner" else []  # "year 6 at Hillside Juniors."
    if role == "owner":  # "can you remind me the reading challenge launches 12 July", "remind me I'm allergic to X": the fact
        statements = [replace(st, text=plain, is_question=False) if (plain := team_things.carried(st.text) or reminded(st.text))
                      else st for st in statements]  # "remind me about my scan on the 9th": "my scan is on the 9th"
    parse = parser or parse_once()  # each text of the turn parsed once, however often its readers ask
    # what each part of each statement does (statement_check.py): only an assertion teaches
    # (chat spelling: already read as English) and a team's statements' pieces, which team_things.read parses
    # first: one batch, one pass of the networks for the turn instead of one more per statement; a question
    # seldom teaches (its pieces are parsed if it does)
    ahead = [t for st in statements if not st.text.rstrip().endswith("?") for t in team_things.first_read(st.text)] \
        if ctx.org and account_org and role == "owner" else []
    got = parse([st.text for st in statements] + ahead) if statements else None
    readings = got[:len(statements)] if got is not None else None
    acts = [statement_check.parts(st.text, readings[i] if readings else None) for i, st in enumerate(statements)]
    acts = reasons_for_leaving(acts)  # "ok bye, I have to feed the dog": why the chat ends, no rule (farewells.py)
    if ctx.org and account_org and role == "owner":  # a team member's commands that tell how the team works (steps.py)
        acts = [[Part(st.text, ASSERTION)] if not any(p.act == ASSERTION for p in ps) and instruction(
            st.text, readings[i] if readings else None) else ps for i, (st, ps) in enumerate(zip(statements, acts))]
    teaches = [any(p.act == ASSERTION for p in ps) for ps in acts]
    parsed: list[Sentence] | None = [r for r, t in zip(readings, teaches) if t] if readings and any(teaches) else None
    n = -1
    ties_told: list[Fact] = []  # ties said in a statement that otherwise teaches nothing (told as such)
    opened_on: dict[str, str] = {}  # whom a "he"/"she" that opened the statement before meant
    for i, st in enumerate(statements):
        # "He is 79. He lives with his son Rui. He has asthma.": a sentence that opens on the pronoun the one before
        # opened on goes on about the same person, not about whom that sentence named inside it
        opener = re.match(r"(?i)(he|she)\b", st.text.lstrip())
        if opener and opener.group(1).lower() in opened_on:
            ctx.last_person = opened_on[opener.group(1).lower()]
        elif opener and i and (again := name_ending(statements[i - 1].text, st.text)):
            ctx.last_person, ctx.carried = agreeing(" ".join(x.text for x in statements[:i]), opener.group(1), again, owner), False
            # ("... the oldest one Kai. He is at college": Kai, resumptive_names.py; "his daughter Rosa. He ...": not Rosa)
        elif opener and i and ctx.last_person:  # "My grandad lives with his daughter Rosa. He is 82.": not Rosa
            ctx.last_person = agreeing(" ".join(x.text for x in statements[:i]), opener.group(1), ctx.last_person, owner)
        opened_on = {opener.group(1).lower(): ctx.last_person} if opener and ctx.last_person else {}
        if facts and (other := alternative(st.text, facts)):  # "Or maybe green."
            facts.extend(other)
            continue
        if readings and acts[i][0].act == "small_talk" and not any(p.act in ("question", "request", "hypothetical")
                                                                   for p in acts[i]):
            ties_told += reporter_ties(readings[i], ctx)  # "my uncle's friend Bryn reckons it'll ...": the tie is told
        if readings and not teaches[i] and any(p.act == "request" for p in acts[i]):
            ties_told += posts_in_command(readings[i], ctx)  # "ring the site foreman, Gaz, if ...": his post is told
        if not teaches[i]:
            named = last_mention(st.text, owner)  # "My grandson set it up for me." teaches nothing, names him
            if named:
                _mentioned(ctx, named)
            if not any(p.act in ("question", "request", "hypothetical") for p in acts[i]):
                ties_told += reported_tie(st.text, ctx)  # "my cousin Mariam says she'll teach me": the tie is told
            continue
        n += 1
        if role == "guardian" and st.type.value not in ("safety", "process") and _FIRST_PERSON.search(st.text):
            continue  # a guardian's "I" is the guardian: "My dad lives in Leeds" is not about the child
        said_told = st.text if all(p.act == ASSERTION for p in acts[i]) else ", ".join(  # the statement's told parts
            p.text for p in acts[i] if p.act == ASSERTION)  # ("if we get the grant we'd love a studio, but ...": not a process)
        if details := listed_details(said_told, ctx):  # "Four artists: me (blackwork), Kertu (fine line) and Siim"
            facts.extend(_sure(f, st.text) for f in details)
            continue
        listed, rest = team_rules(said_told, ctx)  # "our floor rules: A, B and C", "nothing goes out unless ..."
        if not listed:
            listed, rest = sequence(rest, ctx, parsed[n] if parsed is not None else None)  # "we tip them, sort by postcode, then reload the vans"
        whole, rest = kinds.statement_facts(rest, ctx, st.type.value) if rest.strip() else ([], rest)  # kept whole
        whole = listed + whole
        if ctx.org and account_org and role == "owner" and (hours := opening_hours(st.text, ctx)):
            whole, rest = whole + hours, ""  # "Tuesday to Saturday, ten till five.": the team's hours, whole
        elif ctx.org and account_org and role == "owner" and not any(f.type == "process" for f in whole) and not rule_list(said_told, ctx) and (
                items := headed_items(said_told, ctx, parsed[n] if parsed is not None else None)):
            whole, rest = [f for f in whole if f.type != "safety"] + items, ""  # "Big clients: A and B" (team_lists.py)
        whole += posts_named(st.text, ctx)  # "Greta (our ops director) is strict", "Jo, our cleaner, comes ..."
        if ctx.org:  # and what Jo does, read without the post; "the owner, Maggie Dunn, signs ...": her post
            rest, posts_first = without_posts(rest, ctx)
            whole += [f for f in posts_first if (f.subject, f.value) not in {(g.subject, g.value) for g in whole}]
        whole += not_done(st.text, ctx, parsed[n] if parsed is not None else None)  # "... so we don't stock them"
        whole += reach_by(st.text, ctx)  # "text me, don't phone" (reach_by.py)
        whole += group_ties(st.text, ctx)  # "Ruby and Kofi are my best friends", "me and Ola are besties"
        whole += allergy_after(st.text, ctx) if role == "owner" else []  # "but not sesame, I'm allergic"
        whole = with_rotas(whole, said_told, ctx)  # "Shifts rotate: two days, two nights, then four off"
        whole = [_sure(f, st.text) for f in whole]  # kept whole, said whole: the statement's hedge or report
        whole = [trimmed(f, parsed[n]) for f in whole] if parsed is not None else whole  # (but not a comment after it)
        # a team's chat strings clauses with commas: each is read on its own (team_things.py)
        segs, cut, things = team_things.read(st.text, ctx, parse, statement_check.states) if ctx.org and account_org and role == "owner" \
            else ([], [], [])
        if not rest.strip():
            facts.extend(kept_of_team(whole, things, segs, whole, ctx, covered) if segs or things else whole)
            continue
        if st.type.value == "safety" and not whole:
            for t in st.triples:
                who = owner if t.subject == SPEAKER or t.subject.lower() in ("me", "myself") else resolve(t.subject, ctx) if t.subject.lower() in (
                    "he", "she", "they") else t.subject  # "his mother said he's allergic to cats": he is who was named
                if not who or t.predicate == "must_avoid" and at_hand(t.value):
                    continue  # "no ham sandwiches this time please": the task at hand, no standing line
                told = _sure(Fact(who, t.predicate, t.value, "safety", 0.9, st.text.strip()), st.text)
                facts.append(trimmed(told, parsed[n]) if parsed is not None else told)  # "..., which makes ..."
            continue
        found_here: list[Fact] = list(whole)  # the parse below sees them too: one card per rule
        before = ctx.last_person  # (carried or not: restored with it below)
        carried_before = ctx.carried
        asked = 0
        cut = cut if rest == st.text else team_things.read(rest, ctx, parse, statement_check.states, st.text)[1] if segs else []
        pieces = [q for seg in cut for q in clauses(seg)] if cut else clauses(rest)
        unnamed = () if _NAMING.search(st.text) else (unnamed_pets,)  # "I have a dog, he's called Max": the name's card
        for raw in pieces:
            clause = statement_check.stated(strip_lead_ins(raw))  # without a question or request said beside it
            if raw is pieces[0] and parsed is not None and _common_noun_first(parsed[n], clause):
                clause = clause[:1].lower() + clause[1:]  # "Holiday requests need ...": no one named Holiday
            if not clause or _WISH.match(clause):
                asked += not _FIRST_WORD_I.match(clause)  # "I want a unicorn cake" is a wish the parse reads
                continue
            # "I won it in 1989, I think", "according to Mum, ...": the hedge or report reaches the whole statement
            sure = raw + trailing_hedge(st.text) + (lead_in_doubt(pieces[0]) if raw is not pieces[0] else "")
            mentioned = last_mention(clause, owner, st.text)  # ("..., we say Tio Ilario": the name said in full)
            pronoun_first = _PRONOUN_FIRST.match(clause)  # "she lives with my stepdad Gwyn": she is not Gwyn
            if pronoun_first and raw is not pieces[0] and (again := name_ending(pieces[pieces.index(raw) - 1], clause, st.text)):
                ctx.last_person, ctx.carried = agreeing(", ".join(pieces[:pieces.index(raw)]), pronoun_first.group(0), again), False
                # ("... the oldest one Kai he is at college": Kai, resumptive_names.py)
            elif pronoun_first and ctx.last_person:  # "my brother Tiago lives with his wife Ana, she's a vet": she is Ana
                ctx.last_person = agreeing(", ".join(pieces[:pieces.index(raw)]), pronoun_first.group(0), ctx.last_person)
            if mentioned and not pronoun_first:  # "my partner Mélia she's a nurse and our son Teva": she is Mélia
                _mentioned(ctx, named_before_pronoun(clause, owner, st.text) or mentioned)
            of_team = organisation_named(clause, ctx, st.text)  # whom "we" means; the owner's works_for yields to a family's
            ours = [_sure(f, sure) for f in team_facts(clause, ctx) + timetable(clause, ctx)]  # in place of the families' reading
            of_clause = [f for f in of_team if f.subject != owner]
            of_clause += [_sure(f, sure) for family in (() if ours else (*FAMILIES, limits, founded, belonging, taste_idioms, newcomers, posts_of_mine, *unnamed))
                          for f in family(clause, ctx)]
            of_clause += [_sure(f, sure) for f in ([] if ctx.org or any(f.type != "relationship" for f in of_clause)
                                                   else evaluations(clause, owner))]  # "X is yucky" (a tie said with it aside)
            of_clause += ours + [f for f in of_team if f.subject == owner]
            read = with_roles(clause, of_clause, ctx)  # who does what in a team: identity, said of the person
            found_here += [tie_for_place(f if f in of_clause else _sure(f, sure), clause, owner)  # ("my aunt in Mumbai is ...")
                           for f in one_off_events.with_event(clause, read, ctx, decided)]
            if mentioned and (pronoun_first or "'" not in mentioned and mentioned not in (ctx.last_person or "").split()):
                _mentioned(ctx, mentioned)  # the person the clause names last ("my wife Gwen, her daughter Ela ...": Ela)
            ctx.thing = thing_ended_on(clause)
        if pieces and asked == len(pieces) and not whole:
            continue  # a request or a question throughout ("yes make it about my brother Sam"): nothing is told
        # the rule-based extractor's own triples (an organisation's alias, what it does, a role) add
        # what no family stated about the same subject and predicate
        stated = {(f.subject.lower(), f.predicate) for f in found_here}
        stated |= {(f.value.lower(), f.predicate + "_of") for f in found_here if f.type == "relationship"}
        stated |= {(f.value.lower(), "role") for f in found_here if f.type == "relationship"}
        stated |= {(f.subject.lower(), "role") for f in found_here if f.predicate == "job"}
        tied = {f.value.lower() for f in found_here if f.type == "relationship"}  # "my best friend Hana": her tie is said
        said = set().union(*(content_words(f.value) for f in found_here)) if found_here else set()
        found_here += [tie_for_place(_sure(f, st.text), st.text, owner) for f in _from_triples(st, ctx, ctx.org or speaker_org, speaker)
                       if (f.subject.lower(), f.predicate) not in stated
                       and not (f.predicate.endswith("_of") and f.subject.lower() in tied)
                       and not (content_words(f.value) and content_words(f.value) <= said)]  # the families said each of its words
        found_here = _atomic(found_here)
        if parsed is not None:
            after = (ctx.last_person, ctx.carried)
            ctx.last_person, ctx.carried = before, carried_before  # the parse reads the statement from its start
            found_here = with_parse(found_here, facts_of_sentence(parsed[n], ctx), ctx, st.text)
            found_here = [trimmed(f, parsed[n]) for f in found_here]  # a value ends where a clause starts
            if after != (before, carried_before) or ctx.last_person == before:
                ctx.last_person, ctx.carried = after  # the rules' reading of who was named, else the parse's
        if not account_org:  # each line its own fact (own_lines.py); a team's lines are team_keep's
            found_here = one_fact_each(found_here, name_lines=not ctx.org, owner=owner)
        if ctx.org and account_org and role == "owner":  # a team's statement (team_things.py)
            found_here = kept_of_team(found_here, things, segs, whole, ctx, covered)
            called = [f for f in team_words.named_things(st.text, ctx) if statement_check.states(st.text)]  # "a game called Hollowmere"
            found_here += [f for f in called if not any(content_words(g.value) == content_words(f.value) for g in found_here)]
        if earlier is not None:
            found_here = [f for f in found_here if _carried_ok(f, earlier, text)]
        facts.extend(found_here)
    turn: list[Part] = [p for ps in acts for p in ps] or statement_check.parts(text)  # no statement: the turn's words
    passed = [f for f in facts if statement_check.told(f, turn) and worth_keeping(f)] + ties_told  # the one check every fact passes
    passed = given_to_whose(passed, owner, [text], every=True) if role == "owner" and not ctx.org else passed  # "my gran bakes. every saturday": hers
    kept = _unique(worth.kept(passed, turn=[st.text for st in statements] or [text], owner=owner, earlier=earlier,
                              parse=parse))  # and the note-taker's look (worth.py), before one of each (a mended "he" may repeat one)
    kept = _unique([g for f in kept for g in split_routine(f, owner, ctx.org if account_org else None)])  # two habits, two cards
    if ctx.org and account_org and role == "owner" and readings:  # a team's things are the team's (team_keep.of_the_team)
        nouns = frozenset(t.lower for r in readings for t in r if t.pos == "NOUN")
        kept = of_the_team(kept, ctx.org, nouns - {owner.split()[0].lower()})  # (the owner's name tagged a noun is no thing)
    kept = finished(kept, [st.text for st in statements] or [text], readings or [], owner,  # the last look (turn_cards.py;
                    ctx.org if account_org else None, role == "owner")  # a line it trimmed to another's)
    # "in July and August we start at 5": a season's habit, no event (month_spans.py); "Aldwin can only do Fridays":
    # when he is there, no skill (availability.py)
    kept = said_of_holders(kept, text, ctx.org) if role == "owner" else kept  # "Treasurer is X, he's 64": X's cards
    kept = kin_through(kept, owner) if role == "owner" else kept  # "my son Gary and his girls, Ruby and ...": grandchildren
    kept = without_restatements(kept)  # "karaoke isn't my thing": the dislike, not "Karaoke is X's thing" (taste_idioms.py)
    kept = said_once(kept, text)  # "my wife Aiyana she works ...": not "Aiyana Aiyana works" (resumptive_names.py)
    # ("works at Marks and Spencer": one firm, fixed_pairs.py)
    return _unique(whole_pairs(as_available(as_seasons(without_passing(kept))), text))  # not where one is this hour (passing_states.py)


_ONES_WORK = frozenset("works_for runs handles leads".split())
_NAMING = re.compile(r"(?i)\b(?:called|named|name\s+is|name['’]s)\b")


_PRONOUN_VALUE = re.compile(r"(?i)\b(?:it|that|this|them|those|one|me|you|us|him|her)\b(?!\s+own\b)")  # not "on her own"


def _carried_ok(f: Fact, earlier: str, text: str) -> bool:
    """A fact about the person an earlier turn named ("she" at the start of this one) is kept only
    when it is a lasting kind with a value of its own: chat about a story or a friend ("she's the
    best", "he can fly", "she always does that") teaches nothing about them."""
    if f.subject != earlier or re.search(rf"\b{re.escape(earlier.split(' ')[-1])}\b", text, re.I):
        return True  # about someone else, or said of them by name ("Lily", "my mother") in this turn
    lasting = f.type in ("preference", "routine", "identity", "relationship", "safety") or f.predicate.endswith("qualified")
    return lasting and not _PRONOUN_VALUE.search(f.value)  # a rule or a qualification of a colleague too


def _atomic(facts: list[Fact]) -> list[Fact]:
    """Without a fact whose value only joins the values of two or more facts of the same subject
    ("speaks Welsh and English" beside "speaks Welsh" and "speaks English"): each item is its own."""
    out = []
    for f in facts:
        mine = content_words(f.value)
        parts = [w for g in facts if g is not f and g.subject == f.subject and (w := content_words(g.value)) and w < mine]
        if len(parts) >= 2 and mine <= set().union(*parts):
            continue
        out.append(f)
    return out


def _unique(facts: list[Fact]) -> list[Fact]:
    """One fact per (subject, predicate, value); a routine or event that restates another family's
    fact of the same clause gives way to it."""
    seen: set[tuple[str, str, str] | str | tuple[str, frozenset[str]]] = set()
    out = []
    for f in facts:
        key = (f.subject.lower(), f.predicate, f.value.lower())
        habit = (f.subject.lower(), frozenset(content_words(f.value))) if f.type == "routine" else None
        if key in seen or f.text.lower() in seen or habit in seen:
            continue  # ("Mondays football" and "football on Mondays": one habit)
        seen.update((key, f.text.lower()))
        if habit:
            seen.add(habit)
        out.append(f)
    return out


__all__ = ["facts_of_turn", "clauses", "about", "resolve"]
