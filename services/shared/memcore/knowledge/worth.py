"""Whether a knowledge memory is worth keeping (issue 35, precision): the last look every fact of a
turn gets before it is stored (extract.facts_of_turn for the rules', extractors.extract_with_fallback
for a model's), the one a careful note-taker gives a line before writing it down. The turn's record keeps the turn verbatim whatever is dropped here.

A fact is dropped when its stored line would say nothing or mislead:
- it says nothing: a subject with no word of its own ("To"), a value of only words that point
  elsewhere ("does things", "not allowed on it now") or that ends on one ("trained to give them"),
  a name that is the subject's own ("Kofi's name is Kofi", said of someone other than the owner), a
  count said as what something is ("Acme: three vans"), or an emphatic tail alone ("no exceptions");
- its line lost who does it: the turn says someone else does it, and the line does not name them
  ("Apparently the council is going to pay" -> "Ana: is going to pay");
- it is about the assistant or the chat: the assistant is the object ("Jo is setting you up for
  Acme");
- its line runs two clauses together where a clause was cut wrongly ("Tom mustn't have the doctor
  was very clear about that": a finite clause hangs on a verb that takes none);
- its line starts with "he" or "she" and the conversation names nobody it could mean;
- it is a ban made of how someone or something is, said with "never" ("he's never free before 7"), or a
  rule made of a guess ("I must have left my phone at work").
A line that starts with "he" or "she" is mended where the conversation says who is meant: the last
person the turn names before the pronoun first stands for them, else the person the reader took as
the fact's subject, else the person the owner's earlier turns named last ("She's started crawling" ->
"Tyra's started crawling").

Pure: the parser is passed in (`parse`: parse.parse_once's, or None without the model).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from .its_thing import with_its_thing
from .pronoun_values import named_object
from .models import Fact
from .parse import Sentence
from .statement_basics import _GROUP as GROUP
from .time_subjects import time_for_subject
from .vocabulary import EMPHATIC, EMPTY_OBJECTS, NUMBER_WORDS, content_words

Parser = Callable[[list[str]], list[Sentence] | None]

_HIM_HER = re.compile(r"(?i)\b(?:him|her)\b")
_GROUPS = {"he": frozenset("he him his himself".split()), "she": frozenset("she her hers herself".split())}
_LEADING = re.compile(r"^(?P<p>he|she)(?P<rest>(?:['’](?:s|d|ll))?\s.*)$", re.I | re.S)
_PRONOUN_SUBJECT = re.compile(r"(?i)^(?:he|she|him|her|they|them|it)(?:['’]s)?$")
_DETERMINERS = frozenset("the a an my our his her their".split())
# words that hold nothing of their own in a value: pointers and the moment
_POINTERS = EMPTY_OBJECTS | frozenset("now then today tonight yet anymore again there here till until too also either".split())
# a short value that ends on what it points at, outside a process or rule (whose steps say what "it" is)
_POINTS_AT = re.compile(r"(?i)\b(?:it|them)\b")
_ENDS_POINTING = re.compile(r"(?i)\b(?:it|them|him|this|that|those|these)[.!]*$")
# "pizza with olives on it", "soup with bits in it": the pronoun points back at the value's own first thing
_POINTS_WITHIN = re.compile(r"(?i)^[a-z][\w' -]*?\s+with\s+[\w' -]+?\s+(?:on|in|inside|under|over)\s+(?:it|them)[.!]*$")
_COUNT = re.compile(rf"(?i)^(?:\d+|{'|'.join(NUMBER_WORDS)})\s+[a-z]+s$")
_EMPHASIS = re.compile(rf"(?i)^(?:{EMPHATIC}|period|ever|always|never)[.!]*$")
# a value that starts at an auxiliary: whose verb it is, the turn says
_AT_A_VERB = re.compile(r"(?i)^(?:['’](?:s|re|m)|is|are|am|was|were|has|have|had|will|would|can|could|does|do|did)\s")
# verbs that take a clause as their object ("Mum says she's allergic", "I think Tom is tall")
_CLAUSE_VERBS = frozenset("""say tell think know believe reckon guess hope feel mean hear find realise realize see
    suppose wish worry bet notice remember forget promise agree decide show claim suggest explain understand
    expect doubt fear learn read mention admit insist ensure check make seem swear confirm warn add write""".split())
_NAMED_AS = frozenset("nsubj nsubjpass poss dobj pobj appos conj attr npadvmod".split())  # how a name is said
_FINITE = frozenset("VBD VBZ VBP MD".split())
_TWO_VERBS = re.compile(r"(?i)\b(?:is|are|was|were|has|have|had|does|did|must|mustn't|can|can't|cannot|will|won't|"
                        r"should|shouldn't|would|could|may|might)\b")


def says_nothing(f: Fact, owner: str) -> bool:
    """A value with nothing of its own to keep (see the module's first list)."""
    value = f.value.strip()
    if not content_words(f.subject) and f.subject.strip().lower() not in _DETERMINERS:
        return True  # "To: book a job ...": a function word taken for whom it is about ("The ..." names them after it)
    if f.predicate == "name":  # "Kofi's name is Kofi": every fact about Kofi says so (the owner's own is kept)
        return value.lower() == f.subject.strip().lower() and f.subject != owner
    acronym = re.search(r"\b(?:[A-Z]{2,5})\b", value)  # "IT", "HR": a department, no pointer "it"
    if not content_words(value) - content_words(f.subject) - _POINTERS and not acronym:
        return True  # "does things", "is not allowed on it now"
    if f.predicate == "is" and _COUNT.match(value) and f.text.strip() == f"{f.subject}: {value}":
        return True  # "Acme: three vans": a count of what, for what
    if f.type not in ("process", "safety") and _ENDS_POINTING.search(value) and not (acronym and acronym.end() == len(value)) \
            and len(content_words(value) - _POINTERS) <= 2 and not _POINTS_WITHIN.match(value):
        return True  # "are trained to give them": give what (a longer value says what: "X, and customers love it")
    return bool(_EMPHASIS.match(value))  # "no exceptions", said alone


def _assistant_object(s: Sentence) -> bool:
    """The assistant ("you") is what the line acts on: "Jo is setting you up", "for your records"."""
    return any(t.lower in ("you", "your") and t.dep in ("dobj", "dative", "pobj", "poss", "iobj") for t in s)


def _run_on(s: Sentence) -> bool:
    """A finite clause with its own subject hangs, with no "that" or "if", on a verb that takes no
    clause: two clauses run together where a statement was cut ("Tom mustn't have the doctor was clear")."""
    by_i = {t.i: t for t in s}
    for t in s:
        if t.dep != "ccomp" or t.tag not in _FINITE or t.head not in by_i:
            continue
        kids = [k for k in s if k.head == t.i and k.i != t.i]
        if any(k.dep == "mark" or k.tag in ("WP", "WDT", "WRB") for k in kids) or not any(
                k.dep in ("nsubj", "nsubjpass") for k in kids):
            continue  # "that"/"if" said, or a wh-clause ("is what dance studios use"), or no subject of its own
        subject = min(k.i for k in kids if k.dep in ("nsubj", "nsubjpass"))
        if any(by_i[i].pos == "PUNCT" for i in range(min(t.head, subject), max(t.head, subject)) if i in by_i):
            continue  # "I watched a film, the story was gripping": a comma joins two clauses said as two
        if by_i[t.head].lemma not in _CLAUSE_VERBS and by_i[t.head].pos in ("VERB", "AUX"):
            return True
    return False


def _doer_lost(f: Fact, turn: Sequence[Sentence]) -> bool:
    """The value starts at a verb whose subject in the turn is someone or something else, named, that
    the fact's line does not name ("Apparently the council is going to pay" -> "Ana: is going to pay").
    A pronoun or "I"/"we" as the turn's subject is no other doer."""
    words = [w.lower() for w in re.findall(r"['’]?[A-Za-z]+", f.value)[:2]]
    if len(words) < 2 or f"{f.subject} {f.value}".lower() in f.text.lower():
        return False  # (a line that says its doer before the value has lost nothing: "Ousmane does deliveries")
    for s in turn:
        for t in s:
            nxt = s[t.i + 1] if t.i + 1 < len(s) else None
            if t.lower.replace("’", "'") != words[0].replace("’", "'") or nxt is None or nxt.lower != words[1]:
                continue
            verb = s[t.head] if t.dep in ("aux", "auxpass") else t
            doer = next((k for k in s if k.head == verb.i and k.dep in ("nsubj", "nsubjpass") and k.i != verb.i), None)
            if doer is None or doer.pos == "PRON" or any(k.head == doer.i and k.dep == "conj" and k.lower in ("i", "we")
                                                         for k in s):
                return False  # "my partner Leon and I are getting married": the owner does it too
            return doer.lower not in content_words(f.subject) | content_words(f.text)
    return False


def _person_before(turn: Sequence[Sentence], group: frozenset[str], owner: str) -> str | None:
    """The last person the turn names (a proper noun that is no part of a longer name) before its first
    pronoun of `group` ("Paudie's doing his cert, so he ...": Paudie); None when it names nobody first."""
    last: str | None = None
    for s in turn:
        first = next((t.i for t in s if t.lower in group), len(s))
        names = [t for t in s if t.i < first and t.pos == "PROPN" and t.dep in _NAMED_AS
                 and not (s[t.head].pos == "PROPN" and t.head != t.i)
                 and not any(k.head == t.i and k.dep == "compound" for k in s) and t.text != owner]
        last = names[-1].text if names else last
        if first < len(s):
            return last
    return None


def _is_name(subject: str) -> bool:
    return bool(subject) and subject[:1].isupper() and not _PRONOUN_SUBJECT.match(subject)


def mended(f: Fact, *, turn: Sequence[Sentence], owner: str, earlier: str | None) -> Fact | None:
    """The fact with its leading "he"/"she" (or a pronoun taken for its subject) said as the person it
    means; the fact itself when it has none; None when the conversation names nobody it could mean."""
    lead = _LEADING.match(f.text)
    pronoun_subject = bool(_PRONOUN_SUBJECT.match(f.subject.strip()))
    if not lead and not pronoun_subject:
        return f
    word = (lead.group("p") if lead else f.subject.split("'")[0].split("’")[0]).lower()
    group = _GROUPS.get(word)
    if group is None:
        return None if pronoun_subject else f  # "it", "they" taken for a subject: nobody to mend with
    who = _person_before(turn, group, owner) or (f.subject if _is_name(f.subject) else None) or earlier
    if not who:
        return None
    text = who + lead.group("rest") if lead else f.text
    return replace(f, subject=who, text=text)


_NEVER_BE = re.compile(r"(?i)(?:\b(?:is|are|was|were|am)|['’](?:s|re|m))\s+never\s+[a-z]")


def _never_a_state(f: Fact, turn: Sequence[Sentence]) -> bool:
    """How one person or thing is, said with "never" ("the hall is never warm in January", "he's never
    free before 7", "Gus is never late"): an adjective after "be", a description, no ban. A ban said so
    is passive ("the gate is never left open") or of a group ("kids are never alone in the pool")."""
    first = f.value.split()[0].lower() if f.value.split() else ""
    for s in turn:
        for t in s:
            be = s[t.head]
            if t.lower == first and t.pos == "ADJ" and t.dep == "acomp" and be.lemma == "be" and any(
                    k.head == be.i and k.lower == "never" for k in s) and not any(
                    k.head == be.i and k.dep == "nsubj" and k.tag == "NNS" for k in s):
                return True
    return False


_MUST_HAVE = re.compile(r"(?i)\bmust\s+have\s+[a-z]")


def _deduced(f: Fact, turn: Sequence[Sentence]) -> bool:
    """What the owner works out about one person or thing, said with "must have" and a past participle ("I must
    have left my phone at work", "the parcel must have gone to the old address"): a guess, no rule. A group's
    prerequisite is one ("staff must have been trained", "you must have done a DBS check")."""
    for s in turn:
        for t in s:
            if t.tag != "VBN" or not any(k.head == t.i and k.lower == "must" for k in s) or not any(
                    k.head == t.i and k.lower == "have" and k.dep == "aux" for k in s):
                continue
            subject = next((k for k in s if k.head == t.i and k.dep in ("nsubj", "nsubjpass")), None)
            said = {k.lower for k in s if k.head == t.i or k.i == t.i}
            if subject is not None and (subject.lower in ("i", "he", "she", "it", "we") or subject.tag in ("NN", "NNP")
                                        and not GROUP.fullmatch(subject.text)) and content_words(f.value) & said:
                return True
    return False


def kept(facts: list[Fact], *, turn: Sequence[str], owner: str, earlier: str | None, parse: Parser | None) -> list[Fact]:
    """The facts worth keeping, mended where the conversation says whom a pronoun means. `turn`: the
    turn's statements in order (their parses are the ones the readers asked parse_once for)."""
    out: list[Fact] = []
    turn_parse: list[Sentence] = []
    if parse is not None and turn and (any(_LEADING.match(f.text) or _PRONOUN_SUBJECT.match(f.subject.strip())
                                           or _AT_A_VERB.match(f.value) for f in facts) or any(
            f.predicate == "must_avoid" for f in facts) and any(_NEVER_BE.search(x) for x in turn) or any(
            f.type == "safety" for f in facts) and any(_MUST_HAVE.search(x) for x in turn) or any(
            f.predicate == "must_avoid" and _POINTS_AT.search(f.value) for f in facts) or any(
            _HIM_HER.search(f.value) for f in facts)):
        turn_parse = parse(list(turn)) or []
    for f in facts:
        f = with_its_thing(f, turn_parse)  # "I'm not allowed to touch it": the chainsaw the turn named (its_thing.py)
        f = named_object(f, turn_parse, owner, earlier)  # "my cat Mochi ..., my husband feeds him": Mochi (pronoun_values.py)
        if says_nothing(f, owner) or time_for_subject(f.subject, turn):  # "Sunday | is | the quiz night"
            continue
        if _AT_A_VERB.match(f.value) and _doer_lost(f, turn_parse):
            continue
        if f.predicate == "must_avoid" and _never_a_state(f, turn_parse) or f.type == "safety" and _deduced(f, turn_parse):
            continue
        m = mended(f, turn=turn_parse, owner=owner, earlier=earlier)
        if m is not None:
            out.append(m)
    asked = [f.text for f in out if re.search(r"(?i)\byour?\b", f.text) and f.type not in ("process", "safety")
             or len(_TWO_VERBS.findall(f.text)) >= 2]
    got = parse(asked) if parse is not None and asked else None
    lines: dict[str, Sentence] = dict(zip(asked, got)) if got else {}
    return [f for f in out if f.text not in lines or not (
        f.type not in ("process", "safety") and _assistant_object(lines[f.text]) or _run_on(lines[f.text]))]


__all__ = ["kept", "mended", "says_nothing"]
