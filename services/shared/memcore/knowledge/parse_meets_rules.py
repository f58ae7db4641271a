"""Where the rules' facts and the parse's meet for one statement (issue 35, decision 6), and how sure a
fact is by the words it was said in: `sure` (a hedge lowers, emphasis raises), `covered` (whether the
rules already stated what the parse read) and `with_parse` (which of the two readings stands). Pure."""
from __future__ import annotations

import re

from ..extraction.lexicon import KINSHIP
from .certainty import PLAIN, said_of
from .models import Fact
from .one_off_events import _DATE
from .rule_basics import TurnContext
from .vocabulary import TAKEN_UP, WORKPLACES, content_words


def sure(f: Fact, words: str) -> Fact:
    """A hedge or hearsay lowers a fact's certainty, emphasis raises it; plain wording keeps the rule's.
    `words`: what the fact was read from (certainty.said_of: a hedge said after the fact's words does not reach it)."""
    said = said_of(f.value, f.type, f.predicate, words)
    if said < PLAIN:
        value = min(f.certainty, said)
    elif said > PLAIN:
        value = max(f.certainty, said)
    else:
        value = f.certainty
    return Fact(f.subject, f.predicate, f.value, f.type, round(value, 3), f.text)


def covered(f: Fact, stated: list[Fact]) -> bool:
    """Whether the regex families already stated this parsed fact: a fact of the same type with a
    value word in common, or a line holding all of its value's words (they win there)."""
    mine = content_words(f.value)
    # a parsed "X is ..." (the weakest reading) gives way to any fact the rules read of X with its words
    return not mine or any(not _other_slot(f, g) and not _tie_in_a_line(f, g) and ((g.type == f.type and mine & content_words(g.value)) or (mine <= content_words(g.text) and not (
        f.type == "relationship" != g.type and (g.predicate != "role" or _kin(f)) and not content_words(f.predicate.replace("_", " ")) & content_words(
            g.text)) and not (  # a line of another kind than a post that names a person without the tie does not say it
        g.type == "routine" and f.predicate in _TYPED_READINGS)) or (  # nor a habit's line where one works
        f.predicate == "is" and g.subject == f.subject and mine & content_words(g.value)) or (  # nor a plain fact
        f.type == "semantic" and g.subject == f.subject and mine & content_words(g.value))) for g in stated)


_TAKEN_UP = re.compile(rf"(?i)\b{TAKEN_UP}\b")
_COURSE_DATED = re.compile(rf"(?i)^(?:(?:am|is|are|will)\s+)?(?:doing|taking|starting|do|take|start)\b.*\b(?:course|lessons|classes|training)\b.*"
                           rf"(?:{_DATE.pattern})")
_OPPOSITES = ({"can", "cannot"}, {"likes", "dislikes"}, {"good_at", "weak_at"})
# What the parse reads of a person that says more than the rules' plain "X is ..." of the same words.
_TYPED_READINGS = frozenset("age job works_at works_for used_to_be condition takes from".split())


def _kin(f: Fact) -> bool:
    """A tie of family or home ("Tavita | brother | Sione"): a post's line ("Sione fixes the vans at ...") never says it."""
    return f.predicate.split("_")[-1] in KINSHIP


def _tie_in_a_line(f: Fact, g: Fact) -> bool:
    """A tie the parse read inside a habit's or an event's line ("Thiago is with me one week and with his dad
    Federico the next"): a card of its own, as own_lines keeps it ("with my friend Dervla")."""
    return f.type == "relationship" and g.type in ("routine", "episodic") and f.value not in (g.subject, f.subject)


def _other_slot(f: Fact, g: Fact) -> bool:
    """Two typed facts of one person that share words are still two ("a court stenographer at the
    Crown Court": a job and a workplace); a workplace said twice is one."""
    if {f.predicate, g.predicate} in _OPPOSITES:
        return True  # "I can ride my bike but I can't ride without stabilisers": two abilities, one had and one not
    if f.predicate in _TYPED_READINGS and g.type == "episodic":
        return True  # "I've just started a new job at Aviva as a data analyst": the event's line, and the job
    if f.predicate == "learning" and g.type == "episodic" and _TAKEN_UP.search(g.text):
        return True  # "I started the cello last year": when it began, and what is being learnt
    return f.predicate in _TYPED_READINGS and g.predicate != f.predicate and not (
        f.predicate in WORKPLACES and g.predicate in WORKPLACES) and (g.predicate in _TYPED_READINGS or g.predicate in WORKPLACES)


_A_RATE = re.compile(r"(?i)\b(?:a|an|per)\s+(?:day|week|month|year|night)\b")


def _typed_the_same_line(parsed: Fact, rule: Fact) -> bool:
    """The parse read as a habit the very line a rule kept as a plain doing ("Leo goes to bed at 7:30": "goes" and
    "to bed at 7:30"): the rule's verb is the habit's, and the lines say the same words. Not an amount a day
    ("we make 300 kilos a day" is what one makes), nor a typed fact of the rule's (a price, a date)."""
    verb = rule.predicate.split("_")[0]
    return parsed.type == "routine" and verb in parsed.value.lower().split() \
        and content_words(rule.text) == content_words(parsed.text) and not _A_RATE.search(parsed.value)


def with_parse(by_rules: list[Fact], parsed: list[Fact], ctx: TurnContext, said: str) -> list[Fact]:
    """The rules' facts and the parse's for one statement (decision 6). The parse wins over the rules
    in three cases: a bare event of the same words, an obligation it read (safety) over a routine, event or plain fact of the same
    value, and a team's thing ("File reviews happen ...") over a subject the rules took for a name.
    Otherwise the rules win: a parsed fact they already stated is dropped (covered)."""
    rules = list(by_rules)
    for f in parsed:
        # a bare event (one_off_events.with_event: "something happened") yields to what the parse read of the
        # same words ("I'm going to be ten" is an age to come, "Omar is moving to Leeds" a move)
        # (but a course set for a date stays beside what is learnt: "I'm doing a first aid course in June")
        rules = [g for g in rules if not (g.predicate == "event" and content_words(f.value) & content_words(g.value)
                                          and not (f.predicate == "learning" and _COURSE_DATED.search(g.value)))]
        if f.type != "semantic":  # the parse typed what the rules kept as a plain fact ("Anika plays chess": a skill)
            rules = [g for g in rules if not (g.type == "semantic" and g.subject == f.subject
                                              and (content_words(g.value) - {"too", "also"} == content_words(f.value) or (
                                                  g.predicate == f.predicate and content_words(f.value) <= content_words(g.value)) or (
                                                  f.predicate == "job" and content_words(g.value) <= content_words(f.value)) or (
                                                  f.type == "episodic" and g.predicate in ("has", "is")  # a dated "has"
                                                  and content_words(g.value) <= content_words(f.value)) or (
                                                  _typed_the_same_line(f, g))))]
        if f.type == "relationship":  # "Mo is the apprentice to Kerry": the tie the parse read, not a plain "is"
            rules = [g for g in rules if not (g.type == "semantic" and g.predicate == "is" and g.subject == f.value
                                              and content_words(g.value) <= content_words(f.text))]
        if f.predicate in _TYPED_READINGS:  # "Pete is a plumber" is a job, "she's 84" an age: not a plain "is"
            rules = [g for g in rules if not (g.subject == f.subject and g.predicate in ("is", "role", "has")
                                              and content_words(f.value) & content_words(g.value))]
        if f.predicate in ("good_at", "weak_at") and f.value.endswith("ing"):  # "the better paddler": paddling, not a plain "is"
            doer = f.value[:-3] + "er"
            rules = [g for g in rules if not (g.subject == f.subject and g.predicate == "is" and doer in content_words(g.value))]
        if f.type in ("relationship", "skill") and f.subject != f.value:  # a tie or a skill the parse read is no employer
            # ("I'm hopeless at DIY" names no organisation called DIY)
            rules = [g for g in rules if not (g.predicate in ("organisation", "works_for") and g.value == f.value)]
        if f.type == "safety":
            rules = [g for g in rules if g.type not in ("routine", "semantic", "episodic")
                     or not content_words(f.value) & content_words(g.value)]
        if f.type == "safety" and ctx.org and f.subject == ctx.org:  # a team's rule is the team's, whoever it names
            rules = [g for g in rules if g.type != "safety" or g.subject == ctx.org or not content_words(f.value) & content_words(g.value)]
        rules = [g for g in rules if not _names_whom(f, g)]  # "I milk them every morning": the parse says what "them" is
        if ctx.org and f.subject == ctx.org and f.text.startswith(f"{ctx.org}: "):
            rules = [g for g in rules if g.subject == ctx.org or g.predicate == "role"  # a post is no thing's name
                     or g.subject.lower() not in f.text.lower().split()]
    return rules + [sure(f, said) for f in parsed if not covered(f, rules)]


_PRONOUNS_SAID = frozenset({"them", "him", "her"})


def _names_whom(parsed: Fact, rule: Fact) -> bool:
    """Whether the parse's fact is the rule's, with the pronoun the rule kept read as whom or what it means."""
    theirs, ours = set(re.findall(r"[a-z']+", rule.value.lower())), set(re.findall(r"[a-z']+", parsed.value.lower()))
    return (rule.subject, rule.predicate, rule.type) == (parsed.subject, parsed.predicate, parsed.type) and bool(
        theirs & _PRONOUNS_SAID) and not ours & _PRONOUNS_SAID and theirs - _PRONOUNS_SAID <= ours


__all__ = ["covered", "sure", "with_parse"]
