"""The last look at a turn's cards as a whole (issue 35, one card one fact, the spec's subject rule).

After each statement was read on its own: a birthday said with its age gives the age its own card
(birthdays.with_birthday_ages); a card whose subject is a common noun the turn opened a sentence with
("Visits to families are done on Tuesdays", "Two of us have first aid"), taken for a name because it
is capitalised, is the owner's in a personal account (a team's thing keeps its own name, and its line
names the team: team_things.py); and no card says a phrase another card of the turn says
(sibling_phrases.apart_each); a routine said only as when is the turn's one activity at those times; a rule to
stop doing something is a ban on it, and a plain fact that says a minimum or a maximum is a rule. Pure."""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME_WORD
from .ages_said import with_said_ages
from .nicknames import with_nicknames
from .birthdays import with_birthday_ages
from . import card_shapes
from .evaluations import praised_objects
from .habit_kinds import as_habit
from .kin_doings import as_kin_doing
from .team_duties import as_duty
from .dated_once import as_dated_once
from .food_limits import as_dislike
from .models import Fact
from .parse import Sentence
from .others_work import others_work
from .own_trades import own_trades
from .own_lines import said_of
from .others_times import without_others_times
from .rule_items import each_rule_apart
from .gapped_clauses import gaps_filled
from .town_tails import towns_apart
from .relayed_plans import relayed_plans
from .hour_lists import each_span_apart
from .sibling_phrases import apart_each
from .work_said import work_said
from .named_at import named_at
from .vocabulary import RELATIONS, WORKPLACES, content_words
from .said_when import BARE_DOING, only_when
from .season_frames import framed_by_time
from .time_subjects import time_for_subject

# how the parser tags a sentence's first word when it is surely no name: a number, a verb ("Two", "Grow"), a
# plural with a preposition after it ("Visits to families"); a noun alone may be a name it did not know
# ("Malachy is the chef", "Ines does the payroll")
_NOT_A_NAME = frozenset("CD VB VBG".split())


def _common_openers(readings: Sequence[Sentence]) -> frozenset[str]:
    return frozenset(r[0].text for r in readings if r and r[0].text[:1].isupper() and r[0].lower not in RELATIONS and (
        r[0].tag in _NOT_A_NAME or (r[0].tag == "NNS" and len(r) > 1 and r[1].pos == "ADP")))


def owned(f: Fact, openers: frozenset[str], owner: str) -> Fact:
    """The card said of the owner when its subject is only a common noun that opened a sentence."""
    if not f.subject or f.subject.split(" ", 1)[0] not in openers:
        return f
    text = f.text if owner in f.text else f"{owner}: {f.text[:1].lower()}{f.text[1:]}"
    return Fact(owner, f.predicate, f.value, f.type, f.certainty, text)


# two people named with "and", then "they" ("my cousins Ali and Sami live in Leeds, they support Arsenal")
_THEY = re.compile(rf"\b(?P<a>{NAME_WORD})\s+and\s+(?P<b>{NAME_WORD})\b[^.!?]*?(?:,\s*|\band\s+)they\b(?P<rest>[^.!?,;]*)")


def they_each(cards: list[Fact], statements: list[str], owner: str) -> list[Fact]:
    """What "they" is said to do after two people named with "and", one card each: the readers took "they"
    for whoever was named last, or for the tie the two were named with ("Tariq's twin likes football")."""
    out = list(cards)
    for text in statements:
        for m in _THEY.finditer(text):
            said, names = content_words(m.group("rest")), (m.group("a"), m.group("b"))
            for f in [f for f in out if f.subject != owner and f.type != "relationship" and content_words(f.value)
                      and content_words(f.value) <= said and f.subject.split("'")[0] not in names[1:]]:
                out.remove(f)
                held = {(g.subject, g.predicate, g.value) for g in out}  # (a card a reader made already for one of them stays one)
                out += [Fact(n, f.predicate, f.value, f.type, f.certainty, said_of(Fact(n, f.predicate, f.value, f.type,
                                                                                        f.certainty, ""))) for n in names
                        if (n, f.predicate, f.value) not in held]
    return out


_POSTS = frozenset("role job".split())
_TEAMS_NOTES = frozenset("semantic".split())  # a plain fact a team member tells of a colleague or a thing


# an organisation a person is placed at or works for in the turn's words ("the CTO at Anderson Plumbing",
# "handles outreach for WOBS"): capitalised words after "at" or "for"
_PLACED = re.compile(r"\b(?:at|for)\s+((?:[A-Z][\w&'’.-]*\s?)+)")


def _placed_elsewhere(cards: list[Fact], statements: Sequence[str], team: str) -> set[str]:
    """The people of the turn said to be at or to work for an organisation other than the team (or for
    the team by another name, such as its initials): their lines are theirs as said."""
    out = {f.subject for f in cards if f.predicate in WORKPLACES and f.value.lower() != team.lower()}
    for st in statements:
        places = [m.group(1).strip() for m in _PLACED.finditer(st)]
        if any(p.lower() not in team.lower() for p in places):
            out |= {f.subject for f in cards if f.subject and re.search(rf"(?<!\w){re.escape(f.subject)}(?!\w)", st)}
    return out


def posts_of_the_team(cards: list[Fact], team: str, owner: str, statements: Sequence[str] = ()) -> list[Fact]:
    """A colleague's post in a team's account said as a post there ("Fran is the engineer at Lowfield Sound"), and a
    plain fact of a colleague or a thing as the team's note ("Lowfield Sound: Sven gives the safety briefing"), as
    the spec's subject rule has a team's facts; not when another card of the turn says the team's name as its value,
    nor for someone the turn places at another organisation ("the CTO at Anderson Plumbing": not the team's CTO)."""
    if any(team.lower() in f.value.lower() for f in cards):
        return cards
    elsewhere = _placed_elsewhere(cards, statements, team) | {owner, team}
    return [Fact(f.subject, f.predicate, f.value, f.type, f.certainty, f"{f.text} at {team}")
            if f.predicate in _POSTS and f.subject not in elsewhere and team not in f.text else
            Fact(f.subject, f.predicate, f.value, f.type, f.certainty, f"{team}: {f.text}")
            if f.type in _TEAMS_NOTES and f.subject not in elsewhere and team not in f.text else f for f in cards]


_ACTIVITY_KINDS = frozenset("skill preference".split())
_TAKEN_UP = re.compile(r"(?i)^(?:(?:finally|just|recently|now)\s+)*(?:taken\s+up|took\s+up|started|starting|learning)\s+")


def _sentences(statements: list[str]) -> list[str]:
    return [x for st in statements for x in re.split(r"(?<=[.!?])\s+", st.strip()) if x]


def _named_just_before(when: str, statements: list[str]) -> str | None:
    """The activity said as a sentence of one to three words of its own just before the times ("Netball.",
    "chess club!"), or None."""
    sentences = _sentences(statements)
    at = next((n for n, x in enumerate(sentences) if when.split()[0] in x), None)
    before = sentences[at - 1].strip(" .!?") if at else ""
    words = before.split()
    return before if 0 < len(words) <= 3 and all(w.isalpha() for w in words) and words[0].lower() not in _NOT_ACTIVITIES else None


_NOT_ACTIVITIES = frozenset("yes yeah yep no nope ok okay sure hi hello hey thanks cool nice great wow oh ah um hmm lol haha "
                            "sometimes usually always never maybe and but so well".split())


def _said_just_before(when: str, activity: str, statements: list[str]) -> bool:
    """Whether the activity is said in a short sentence of one clause just before the one the times are in."""
    sentences = _sentences(statements)
    at = next((n for n, x in enumerate(sentences) if when.split()[0] in x), None)
    before = sentences[at - 1] if at else ""
    return activity.lower() in before.lower() and len(before.split()) <= 9 and not re.search(r"(?i)\b(?:and|but|or)\b|,", before)


# what a piece with a verb or a subject of its own opens or holds: no activity said as a name
_CLAUSE_WORDS = re.compile(r"(?i)\b(?:I|we|you|he|she|they|it|is|are|was|were|am|has|have|had|do|does|did|['’](?:s|re|m))\b")


def _piece_before(when: str, statements: list[str]) -> str | None:
    """The activity said as the sentence's first piece, before a comma and the times ("Swimming at the
    leisure centre, Tuesdays at 5"), or None."""
    for sentence in _sentences(statements):
        at = sentence.lower().find(f", {when.split()[0].lower()}")
        piece = sentence[:at].strip() if at > 0 else ""
        if piece and "," not in piece and len(piece.split()) <= 6 and not _CLAUSE_WORDS.search(piece) \
                and piece.split()[0].lower() not in _NOT_ACTIVITIES:
            return piece
    return None


_DAY_SAID = re.compile(rf"(?i)\b(?:{WEEKDAY}s?|weekends?|weekdays?|every|each|daily|weekly|"
                       r"monthly|once|twice|times)\b")


def _said_just_after(when: str, statements: list[str]) -> bool:
    """Whether the times are a sentence of their own, the one before the habit they are the times of."""
    sentences = _sentences(statements)
    at = next((n for n, x in enumerate(sentences) if when.lower() in x.lower()), None)
    return at is not None and at + 1 < len(sentences) and len(sentences[at].split()) <= len(when.split()) + 2


def timed_activity(cards: list[Fact], owner: str, statements: list[str], team: str | None = None) -> list[Fact]:
    """A routine said only as when ("I started pottery classes! Wednesdays at 7") is the one activity the
    sentence before it names, or the piece before it ("Brewery tours, every Saturday at 2"), at those
    times: "pottery Wednesdays at 7" (the times said in pieces, one card); a card of the turn that says
    the times with their activity already is that card. `team`: whose routines a team's account has."""
    who = team or owner
    when = [f for f in cards if f.type == "routine" and f.subject == who and only_when(f.value)]
    said_whole = [f for f in when if any(g is not f and g.type == "routine" and g.subject == who
                                         and g.value.lower().endswith(f.value.lower()) for g in cards)]
    if said_whole:  # "Piano with Mrs Holt, every Thursday": the times said again alone are no card
        return [f for f in cards if f not in said_whole]
    habits = [f for f in cards if f.type == "routine" and f.subject == who and f not in when]
    if len(when) == 1 and len(habits) == 1 and not _DAY_SAID.search(habits[0].value) \
            and _said_just_after(when[0].value, statements):  # "only on sundays. after church we go to nana's": on Sundays
        h, w = habits[0], when[0]
        merged = Fact(who, "routine", f"{h.value} {w.value}", "routine", min(h.certainty, w.certainty), f"{h.text} {w.value}")
        return [merged if f is h else f for f in cards if f is not w]
    doing = [f for f in cards if f.subject == who and (f.type in _ACTIVITY_KINDS or f.predicate in ("do", "does", "plays"))]
    named = (_named_just_before(when[0].value, statements) or _piece_before(when[0].value, statements)) if when else None
    if when and not named and when[0].value.split()[0].lower() in BARE_DOING:
        return cards  # "I play the cornet in a band. we practise thursdays at 6": what is practised is not said alone
    if when and not doing and named:
        activity = named  # "Netball. We train Tuesdays after school.": the activity said as a word of its own
    elif not when or len(doing) != 1 or not _said_just_before(when[0].value, doing[0].value, statements):
        return cards
    else:
        activity = _TAKEN_UP.sub("", doing[0].value)  # "finally taken up tennis": tennis
    times = " ".join(re.sub(rf"(?i)^(?:{'|'.join(BARE_DOING)})\s+", "", f.value) for f in when)
    merged = Fact(who, "routine", f"{activity} {times}", "routine", min(f.certainty for f in when), f"{who}: {activity} {times}")
    return [merged if f is when[0] else f for f in cards if f is when[0] or f not in when]


def fullest_names(cards: list[Fact]) -> list[Fact]:
    """One name card a person: "Lakshmi" and "Menon" are parts of "Lakshmi Menon" said in the same turn (the
    introduction read the whole name, the other readers a word of it each)."""
    names = [f for f in cards if f.predicate == "name"]
    return [f for f in cards if f.predicate != "name" or not any(
        g.subject == f.subject and len(g.value.split()) > len(f.value.split()) and set(f.value.split()) < set(g.value.split())
        for g in names)]


# "(I) should stop running on roads", "has to stop eating sugar": what one is to stop doing is what one must avoid
_TO_STOP = re.compile(r"(?i)^(?:(?:should|must|have\s+to|has\s+to|need\s+to|needs\s+to|ought\s+to)\s+)?stop\s+(?=[a-z]+ing\b)")


def stopped(f: Fact) -> Fact:
    """A safety rule to stop doing something, as the ban it is (its line as said)."""
    if f.type != "safety" or f.predicate != "rule" or not _TO_STOP.match(f.value):
        return f
    return Fact(f.subject, "must_avoid", _TO_STOP.sub("", f.value), f.type, f.certainty, f.text)


# "each team is 3 people minimum", "groups are 12 max": a number said as a minimum or a maximum sets a limit
_LIMIT = re.compile(r"(?i)(?:\b(?:minimum|maximum|max)\s+(?:of\s+)?\d|\d[\w ]{0,20}?\s(?:minimum|maximum|max)\b)")


def limit_set(f: Fact) -> Fact:
    """A plain fact that says a minimum or a maximum, as the rule it is (its subject and line as said)."""
    if f.type != "semantic" or not _LIMIT.search(f.value):
        return f
    return Fact(f.subject, "rule", f.value, "safety", f.certainty, f.text)


def finished(cards: list[Fact], statements: list[str], readings: Sequence[Sentence], owner: str,
             team: str | None, owners_turn: bool) -> list[Fact]:
    """The turn's cards after the last look. `team`: the organisation of an organisation's account."""
    if owners_turn:
        cards = with_said_ages(with_birthday_ages(cards, statements, owner, RELATIONS), statements, owner)
        cards = with_nicknames(cards, statements)  # "Kolab, we call her Lablab": what she is called
        cards = cards if team else others_work(cards, owner, statements)  # "my uncle fixes boilers": his job
        cards = timed_activity(they_each(cards, statements, owner), owner, statements, team)
        if team is None:  # "she weaves at home. every day after lunch": her habit, not the owner's
            cards = without_others_times(cards, owner, statements)
        cards = named_at(cards, readings)  # "Dylan at Greenway Garage": where Dylan works
        cards = cards if team else work_said(cards, owner, statements, readings)  # "I'm Anahit, I restore old carpets": her job
        cards = cards if team else own_trades(cards, owner, statements)  # "I repair watches in a shop": a trade (own_trades.py)
    if team:
        cards = posts_of_the_team(cards, team, owner, statements)
    if team is None and owners_turn:  # "..., its the best" after what one did: a liking (evaluations.praised_objects)
        liked = {f.value.lower() for f in cards if f.type == "preference"}
        cards = cards + [f for r in readings for f in praised_objects(r, owner) if f.value.lower() not in liked]
    cards = [as_habit(limit_set(stopped(f))) for f in cards]  # "my dad goes away for weeks sometimes": a routine
    said = " ".join(statements)
    cards = [as_kin_doing(as_duty(as_dated_once(as_dislike(f, said)), team, owner, said), owner) for f in cards]  # "terrible with anything spicy": a dislike (food_limits.py);
    # "the tender is due 28 June at noon": one day, no routine (dated_once.py); "Ana ... and does the rota": a role
    openers = _common_openers(readings) if team is None else frozenset()  # a team's thing keeps its name, its line names the team
    cards = fullest_names(cards)
    cards = framed_by_time(cards, statements)  # "winter is quiet, I fix the nets": a habit of winter
    cards = [f for f in cards if not time_for_subject(f.subject, statements)]  # "the show is 9 May at the Guildhall": no May works there
    cards = apart_each([owned(f, openers, owner) for f in cards] if openers else cards)
    cards = each_rule_apart(cards)  # "no kneeling and no ladders until the operation": two rules (rule_items.py)
    cards = gaps_filled(cards, owner)  # "Ingrid has the van and Sadia the car": two doers (gapped_clauses.py)
    cards = towns_apart(cards, team)  # "I run the shop side of X in Sheki": and X is in Sheki (town_tails.py)
    cards = relayed_plans(cards, owner)  # "apparently the council wants to close the library": a plan (relayed_plans.py)
    cards = each_span_apart(cards)  # "open Tuesday 5 to 8 and Saturday 10 to 2": one card a span (hour_lists.py)
    return card_shapes.sound(cards, readings, owner)  # a card whose shape is broken (card_shapes.py)


__all__ = ["finished", "owned"]
