"""Asides set off by dashes, brackets or a "who" clause, said as statements of their own (issue 35, one
card one fact).

"my sister - the one in Oslo - is a dentist", "Kemi (my boss) is off on Friday", "My aunt Priya - she's a
nurse - lives in Leicester", "my uncle, who lives in Perth, runs a bakery" each say two things of one
person: what the aside says, and what the sentence goes on to say. Read in one breath, the readers lose
the part after the aside (the parser hangs it on the aside) or keep both in one card. The reading says it
as two sentences instead, the main one first: "Kemi is off on Friday. Kemi is my boss." Each then goes
through the readers like any statement (docs/formation-spec.md, "Several facts in a turn").

What an aside may be, and what it becomes:
- a clause on a pronoun ("she's 72", "he works nights") or a "who" clause ("- who lives in Tabriz -"): said of
  the holder ("Aiko is 72");
- a statement of the owner's own ("- we've been married 20 years -"): said after the sentence as it was;
- a feeling said in passing ("- bless her -", "(sadly)"): dropped;
- a name after a tie ("Our neighbour - Mr Haddad - has ...", "My best friend (her name is Zara) ...", "my
  teacher, who is called Mrs Ito, ..."): the tie's name, said as "Our neighbour Mr Haddad has ...";
- a noun phrase with its article or "my" ("(my boss)", "(a beagle called Toffee)"): what the holder is;
- "the one in Oslo": where the holder is ("My sister is in Oslo"); "the older one" only picks the holder
  out, and is dropped; "he's the one who always burns the toast" only says who is meant, and is dropped too;
- a tie with a name of its own after a name ("Babam - my father Fikrət - ...") is two names of one person,
  left to the tie readers.
Anything else in brackets ("(grandma)", "(from school)", "(12)") is a gloss or a detail the other readings
take as it is, and is left alone. A dash pair only counts after a holder that opens the sentence, with no
comma inside ("breathalyser - zero tolerance, anything over zero you go home - then ..." is a step).
A "who" clause set off by commas ("my uncle, who lives in Perth, runs a bakery", "Marta, who runs
payroll, works Tuesdays") is said after the sentence it sat in; relative_clauses.py already does so for
"NAME, who is X". A restrictive "the woman who runs the café" has no commas and is part of what is said. A "which" clause
with a subject of its own ("started school in September, which she loves", "got a puppy, which we named
Kiko") is a comment of its own too, said after the sentence as "She loves it."; "which is ..." is left to
the clause readers (clause_bounds._comment). "..., which is where my wife is from" and "..., where my mum still
lives" after a place say where someone is: "My wife is from Leeds.", "My mum still lives in Accra."

Pure string work on the text the extractor reads (reading.as_read); the record keeps the turn as said.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME

_DASH = r"\s+[-–—]{1,2}\s+"
_DASHED = re.compile(rf"{_DASH}(?P<aside>[^-–—,.;:!?()]{{2,60}}?){_DASH}")
_BRACKETED = re.compile(r"\s*\(\s*(?P<aside>[^()]{2,60}?)\s*\)(?=\s+[a-z])")
_OPENING = re.compile(r"^(?P<lead>(?:(?:and|so|but|oh|well|yes|yeah)[,!]?\s+)*)", re.I)
# who or what an aside is said of: a name, or a tie with its name ("my mum Aiko", "our lead dev")
_TIE = r"(?i:my|our|his|her|their)\s+(?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*"
_HOLDER = re.compile(rf"(?P<holder>(?:{_TIE})(?:\s+{NAME})?|{NAME})$")
_NAMED_HOLDER = re.compile(rf"(?:{_TIE}\s+)?(?P<name>{NAME})$")
_PRONOUN_CLAUSE = re.compile(r"^(?i:he|she|they)(?P<be>['’]s|['’]re|\s+is|\s+are|\s+was)?\s+(?P<rest>\S.*)$")
_NOUN_PHRASE = re.compile(r"^(?i:my|our|his|her|their|a|an)\s+[a-z]")
_THE_ONE = re.compile(r"^the\s+(?:[a-z]+\s+)?ones?(?:\s+(?P<where>(?:in|at|from|near)\s+\S.*))?$", re.I)
_NAME_SAID = re.compile(rf"^(?i:his|her|their|its)\s+name(?:['’]s|\s+is)\s+(?P<name>{NAME})$")
_CALLED = re.compile(rf"^(?:['’]s|is)\s+(?i:called|named)\s+(?P<name>{NAME})$")
_INTERJECTION = re.compile(r"(?i)^(?:god\s+)?bless\s+(?:her|him|them)(?:\s+heart)?|touch\s+wood|fingers\s+crossed|thank\s+god|"
                           r"sadly|luckily|thankfully|funnily\s+enough|believe\s+it\s+or\s+not|of\s+course|as\s+you\s+know|"
                           r"god\s+rest\s+(?:her|his)\s+soul|rip|lol|haha$")
_WHO_ASIDE = re.compile(r"(?i)^who(?P<be>['’]s|\s+is)?\s+(?P<rest>\S.*)$")
_OWN_CLAUSE = re.compile(r"(?i)^(?:I|we)(?:['’](?:ve|re|m|d)|\s+(?:have|are|am|had|were|was|got|moved|met|live|work))\b")
_PICKS_OUT = re.compile(r"(?i)\bthe\s+(?:[a-z]+\s+)?one\s+(?:who|that|which)\b")
_NOT_A_NAME = re.compile(r"(?i)^(?:I|the|a|an|my|our|and|or|but|so|maybe|probably|think|not)\b")
_WHO = re.compile(rf"^(?P<lead>(?:(?:and|so|but|oh|well|yes|yeah)[,!]?\s+)*)(?P<holder>(?:{_TIE})(?:,?\s+{NAME})?|{NAME}),\s+"
                  r"who(?P<what>(?:['’]s|\s+)[^,.;:!?()]{2,60}?),\s+(?P<rest>(?!(?:and|but|or|so|which|who|then)\b)[a-z][^.!?]*)"
                  r"(?P<stop>[.!?]*)$")
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+|$)")


def _ref(holder: str) -> str:
    """How the told sentence names the holder: by the name when one is said ("my mum Aiko" -> "Aiko")."""
    m = _NAMED_HOLDER.search(holder)
    return m.group("name") if m and not holder.lower().startswith(m.group("name").lower()) else holder


def _told(holder: str, aside: str) -> str | None:
    """The aside as a sentence about its holder, "" when it only picks the holder out, None when it is none
    of the kinds this reading knows (left as it was said)."""
    ref = _ref(holder)
    if _PICKS_OUT.search(aside):
        return ""  # "he's the one who always burns the toast": who is meant, a joke or an aside, not a fact
    if _NAMED_HOLDER.search(holder) and re.search(rf"\s{NAME}$", aside):
        return None  # "Babam - my father Fikrət - ...": two names of one person, left to the tie readers
    if _INTERJECTION.match(aside):
        return ""  # "My mum - bless her - still does the crossword": a feeling said in passing
    if m := _WHO_ASIDE.match(aside):  # "My sister - who lives in Tabriz - is a teacher"
        return f"{ref} is {m.group('rest')}" if m.group("be") else f"{ref} {m.group('rest')}"
    if _OWN_CLAUSE.match(aside):  # "My wife Shirin - we've been married 20 years - is ...": a statement of its own
        return aside
    if m := _PRONOUN_CLAUSE.match(aside):
        be = m.group("be")
        verb = "" if be is None else " was" if "was" in be else " is"
        return f"{ref}{verb} {m.group('rest')}"
    if m := _THE_ONE.match(aside):
        return f"{ref} is {m.group('where')}" if m.group("where") else ""
    if _NOUN_PHRASE.match(aside) and len(aside.split()) <= 7:
        return f"{ref} is {aside}"
    return None


def _sentence_case(s: str) -> str:
    return s[:1].upper() + s[1:]


def _stop(s: str) -> str:
    s = s.rstrip()
    return s if s[-1:] in (".", "!", "?") else s + "."


def _aside_apart(sentence: str) -> str:
    lead = _OPENING.match(sentence).group("lead")  # type: ignore[union-attr]
    for rx in (_DASHED, _BRACKETED):
        m = rx.search(sentence)
        if m is None:
            continue
        before, aside, after = sentence[:m.start()], m.group("aside").strip(), sentence[m.end():].strip()
        holder = _HOLDER.search(before)
        if holder is None or not after or not after[0].islower():
            continue
        if rx is _DASHED and before[len(lead):].strip() != holder.group("holder"):
            continue  # a dash pair only after a holder that opens the sentence
        if re.fullmatch(NAME, aside) and not _NOT_A_NAME.match(aside):
            said = holder.group("holder")
            if not re.match(r"(?i)(?:my|our|his|her|their)\b", said) or said.split()[-1][:1].isupper():
                continue  # a name after a name or a place: a gloss, left alone
            return f"{before} {aside} {after}"
        if (named := _NAME_SAID.match(aside)) and not holder.group("holder").split()[-1][:1].isupper():
            return f"{before} {named.group('name')} {after}"  # "My best friend (her name is Zara) ...": the tie's name
        told = _told(holder.group("holder"), aside)
        if told is None:
            continue
        main = _stop(f"{before} {after}")
        return f"{main} {_sentence_case(_stop(told))}" if told else main
    return sentence


def _who_apart(sentence: str) -> str:
    m = _WHO.match(sentence.strip())
    if m is None:
        return sentence
    holder, what = m.group("holder"), m.group("what").strip()
    if (named := _CALLED.match(what)) and not holder.split()[-1][:1].isupper():  # "My teacher, who is called Mrs Ito, ..."
        return f"{m.group('lead')}{holder} {named.group('name')} {m.group('rest').strip()}{m.group('stop')}"
    ref = _ref(holder.replace(",", ""))
    told = f"{ref} is {what[2:].strip()}" if what[:2] in ("'s", "’s") else f"{ref} {what}"
    main = f"{m.group('lead')}{holder} {m.group('rest').strip()}{m.group('stop')}"
    return f"{_stop(main)} {_sentence_case(_stop(told))}"


# ", which she loves", ", which we named Kiko": a comment on what was said, with a subject of its own
_WHICH = re.compile(r",\s+which\s+(?P<subj>I|we|he|she|they)\s+(?P<verb>[a-z]+)(?P<rest>(?:\s+[^,.;:!?\s]+)*)\s*(?P<stop>[.!?]*)$")


# "we moved to Leeds in May, which is where my wife is from", "I grew up in Accra, where my mum still lives"
_WHERE = re.compile(rf"(?P<place>{NAME})(?P<mid>(?:\s+(?:in|on|last|this|back\s+in)\s+[\w']+)*)\s*,\s+(?:which\s+is\s+where|where)\s+"
                    rf"(?P<clause>(?:(?i:my|our|his|her|their)\s+[a-z]+|I|we|he|she|they|{NAME})\s+[^,.;:!?]+?)\s*(?P<stop>[.!?]*)$")
_ENDS_ON_PLACE_WORD = re.compile(r"(?i)\b(?:from|in|at|to|near|around)$")


def _where_apart(sentence: str) -> str:
    m = _WHERE.search(sentence)
    if m is None or re.search(r"(?i)\b(?:where|which|who)\b", m.group("clause")):
        return sentence
    clause, place = m.group("clause"), m.group("place")
    told = f"{clause} {place}" if _ENDS_ON_PLACE_WORD.search(clause) else f"{clause} in {place}"
    stop = m.group("stop") or "."
    return f"{sentence[:m.end('mid')]}{stop} {_sentence_case(told)}{stop}"


def _which_apart(sentence: str) -> str:
    m = _WHICH.search(sentence)
    if m is None or m.group("verb") in ("is", "was", "are", "were", "can", "will", "would", "do", "did", "does", "have", "had"):
        return sentence
    said = f"{m.group('subj')[:1].upper()}{m.group('subj')[1:]} {m.group('verb')} it{m.group('rest')}"
    return f"{sentence[:m.start()].rstrip()}{m.group('stop') or '.'} {said}{m.group('stop') or '.'}"


def asides_apart(text: str) -> str:
    """The text with each aside in dashes or brackets, and each "who" clause set off by commas, said as a
    sentence of its own after the sentence it sat in."""
    if not re.search(r"[-–—(]|,\s+wh(?:o|ich|ere)\b", text):
        return text
    said = [s.strip() for s in _SENTENCE.findall(text) if s.strip()]
    read = [_where_apart(_which_apart(_who_apart(_aside_apart(s)))) for s in said]
    return text if read == said else " ".join(read)


__all__ = ["asides_apart"]
