"""Parts of a parsed clause that the dependency path (dependency.py) reads: its object, a
prepositional object, the company it is done in, a rate, a named pet, a date, a time word, a part of
the day, a quoted title, a ban, words to the assistant; and two small readings (a liking set beside
another word, a move). Pure: token tuples in, tokens, flags or facts out."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ABBREVIATIONS, MONTH_SET, WEEKDAY_SET
from . import verb_classes as vc
from .models import Fact
from .parse import Sentence, Tok
from .tree import Kids, conjuncts, item_tokens, subtree, text_of
from .vocabulary import BECOMING_VERBS, CONDITION_MARKS, PETS, RELATIONS

_SUBJECTS = ("nsubj", "nsubjpass")

_OBJECTS = ("dobj", "attr", "oprd")


def company(s: Sentence, kids: Kids, p: Tok) -> set[int]:
    """"with my cousin Zara": who one does it with is a fact of its own, not part of this one."""
    out: set[int] = set()
    for c in kids.get(p.i, []):
        if c.dep == "prep" and c.lower == "with":
            pobj = [k for k in kids.get(c.i, []) if k.dep == "pobj"]
            if pobj and (pobj[0].pos == "PROPN" or any(k.dep == "poss" for k in kids.get(pobj[0].i, []))):
                out |= subtree(kids, c.i)
    return out


def object_of(s: Sentence, kids: Kids, p: Tok) -> Tok | None:
    mine = kids.get(p.i, [])
    for dep in (*_OBJECTS, "xcomp", "acomp"):
        for c in mine:
            if c.dep == dep:
                return c
    for c in mine:
        if c.dep == "prep":
            pobj = [k for k in kids.get(c.i, []) if k.dep in ("pobj", "pcomp") and not _manner(k)]
            if pobj:
                return pobj[0]
    return None


def _manner(t: Tok) -> bool:
    """"on her own", "by myself": how one does a thing, never a place or a thing done."""
    return t.lower == "own" or t.tag == "PRP" and t.lower.endswith(("self", "selves"))


def prep_object(kids: Kids, t: Tok, preps: tuple[str, ...]) -> Tok | None:
    """The object of the first of `preps` said on `t` ("lives in Leeds": Leeds), past a manner ("on her own")."""
    for c in kids.get(t.i, []):
        if c.dep == "prep" and c.lower in preps:
            pobj = [k for k in kids.get(c.i, []) if k.dep in ("pobj", "pcomp") and not _manner(k)]
            if pobj:
                return pobj[0]
    return None






def per_period(s: Sentence, kids: Kids, idx: set[int]) -> bool:
    """"two walks a day", "three times per week": a rate is a routine. A period with "a" is a rate only
    after what is counted ("twice a day", "50 pounds a month", "a book a week"); alone it is a length of
    time ("we'll lose a month", "we spent a week in Crete", "for a fortnight, well a week")."""
    return any(s[i].lemma in ("day", "week", "month", "night", "year") and s[i].dep != "compound" and any(
        k.lower in ("every", "each") or k.lower in ("a", "an") and k.i > 0 and _counted(s, kids, s[k.i - 1])
        for k in kids.get(i, [])) or s[i].dep == "pobj" and s[s[i].head].lower == "per" for i in idx)


def _counted(s: Sentence, kids: Kids, t: Tok) -> bool:
    """What a rate counts, said just before its period: "twice", "three times", "50", "two walks", "a book"."""
    return t.lower in ("once", "twice", "thrice", "times") or t.tag == "CD" or t.pos == "NOUN" and any(
        k.dep == "nummod" or k.dep == "det" and k.lower in ("a", "an") for k in kids.get(t.i, []))


def clock_time(s: Sentence, idx: set[int]) -> bool:
    """A time of day: "at 1.30", "from 10pm", "by 4am", "at noon" (not the number of a house: "at 5 Quay Road")."""
    for i in sorted(idx):
        t = s[i]
        before = s[i - 1].lower if i > 0 else ""
        after = s[i + 1].lower if i + 1 < len(s) else ""
        if t.tag == "CD" and t.dep == "nummod" and s[t.head].pos == "PROPN" and after not in ("am", "pm"):
            continue  # "at 5 Quay Road": a house number
        if t.lower in ("noon", "midnight") or (t.tag == "CD" and (before in ("at", "from", "by", "until", "till")
                                                                  or after in ("am", "pm"))):
            return True
    return False


def named_pet(s: Sentence, kids: Kids, obj: Tok) -> str | None:
    """The name in "a cat called Mochi", "a Labrador named Biscuit": a pet, a person, or any animal or
    thing one has and names (a breed is no closed list)."""
    if obj.pos not in ("NOUN", "PROPN") and obj.lemma not in PETS and obj.lemma not in RELATIONS:
        return None
    for c in kids.get(obj.i, []):
        if c.dep == "acl" and c.lemma in ("call", "name"):
            names = [k for k in kids.get(c.i, []) if k.dep in ("oprd", "attr", "dobj") and k.pos == "PROPN"]
            if names:
                return text_of(s, subtree(kids, names[0].i))
    return None


def dated(s: Sentence, idx: set[int]) -> bool:
    """A calendar date: a month's name or an ordinal day ("the 12th")."""
    return any(s[i].lower in MONTH_SET - {"may"} or month_may(s, i) or (s[i].lower in MONTH_ABBREVIATIONS and i and s[i - 1].lower.isdigit()) or (s[i].lower[:-2].isdigit() and s[i].lower[-2:] in ("th", "st", "nd", "rd"))
               for i in idx)


def to_the_assistant(kids: Kids, p: Tok) -> bool:
    """Whether the clause, or the clause it governs, is addressed to "you"."""
    near = kids.get(p.i, []) + [k for c in kids.get(p.i, []) if c.dep in ("xcomp", "ccomp") for k in kids.get(c.i, [])]
    return any(t.lower in ("you", "your", "yourself") for t in near)


def awaits_becoming(kids: Kids, p: Tok) -> bool:
    """Whether the clause of `p` waits on its subject becoming something (a clause of time or condition
    whose verb is one of becoming, in the present: "I can drive the quad bike when I'm 12")."""
    for c in kids.get(p.i, []):
        if c.dep != "advcl" or c.lemma not in BECOMING_VERBS or c.tag not in ("VBP", "VBZ"):
            continue
        if any(k.lower in CONDITION_MARKS and k.dep in ("mark", "advmod") for k in kids.get(c.i, [])):
            return True
    return False


def a_ban(kids: Kids, p: Tok) -> Tok | None:
    for c in kids.get(p.i, []):
        if c.dep == "dobj" and any(k.dep == "det" and k.lower == "no" for k in kids.get(c.i, [])):
            return c
    return None


# A part of the day said with a plain present verb is a habit ("I ring in the evening"), not a plan.
PART_OF_DAY = re.compile(r"(?i)\b(?:in|during)\s+the\s+(?:mornings?|evenings?|afternoons?)\b|\bat\s+night\b")


def quoted(s: Sentence) -> set[int]:
    """The tokens inside quotation marks: a title ("'The Moth Who Wanted Snow'") is a name, not a clause."""
    marks = [t.i for t in s if t.tag in ("``", "''") or t.text in ('"', "“", "”")]
    return {i for a, b in zip(marks[::2], marks[1::2]) for i in range(a + 1, b)}


def time_words(s: Sentence, idx: set[int], past: bool = True) -> bool:
    """A date or a time that makes the clause an event; a plan for today or tonight is no card."""
    words = [s[i].lower for i in sorted(idx)]
    for n, w in enumerate(words):
        if (w in vc.EVENT_TIME and (past or w not in vc.SAME_DAY)) or w in MONTH_SET - {"may"} or (
                w in MONTH_ABBREVIATIONS and n and words[n - 1].isdigit()):  # "due 14 Nov"
            return True
        if w in ("next", "last", "this") and n + 1 < len(words) and words[n + 1] in vc.EVENT_TIME_HEADS | WEEKDAY_SET:
            return True
        if w == "at" and n + 1 < len(words) and (s[sorted(idx)[n + 1]].tag == "CD" or words[n + 1] in ("noon", "midnight")) \
                and not {"every", "each"} & set(words):
            return True  # "pick up the kids at three": a time of one day, a plan (every day at three is a habit)
        if s[sorted(idx)[n]].tag == "CD" and n and words[n - 1] == "the" and w[-2:] in ("th", "st", "nd", "rd"):
            return True
    return any(w[:-2].isdigit() and w[-2:] in ("th", "st", "nd", "rd") for w in words) or year(s, idx) or any(
        month_may(s, i) for i in idx)


def month_may(s: Sentence, i: int) -> bool:
    """"May" the month, not the modal: "in May", "9 May", "next May"."""
    return s[i].lower == "may" and i > 0 and (s[i - 1].lower in ("in", "of", "early", "late", "mid", "next", "last", "this",
                                                                 "since", "until", "by") or s[i - 1].text.isdigit())


def year(s: Sentence, idx: set[int]) -> bool:
    """A year said with "in" or "since" ("died in 2021", "since 1998"): a date."""
    return any(s[i].text.isdigit() and len(s[i].text) == 4 and s[i].text[:2] in ("19", "20") and i
               and s[i - 1].lower in ("in", "since") for i in idx)


def fond_of(s: Sentence, kids: Kids, heads: tuple[Tok, ...], who: str) -> list[Fact]:
    """A liking set beside another word of the clause: "twelve, mad about trains" (one fact an item)."""
    out = []
    for c in (c for t in heads for c in kids.get(t.i, [])):
        target = prep_object(kids, c, ("about", "on", "with")) if c.pos == "ADJ" and c.lemma in vc.FOND_ADJ else None
        for item in conjuncts(s, kids, target) if target is not None else []:
            liked = text_of(s, item_tokens(s, kids, item, [item]))
            out.append(Fact(who, "likes", liked, "preference", 0.8, f"{who} is {c.lower} about {liked}"))
    return out


def grew_up(s: Sentence, kids: Kids, p: Tok, who: str) -> list[Fact] | None:
    """Where one grew up or was raised ("I grew up on a farm in Devon", "born and raised in Glasgow"),
    and where one moved from without saying where to ("we moved here from Ghana"): where one is from."""
    grown = (p.lemma == "grow" and any(c.dep == "prt" and c.lower == "up" for c in kids.get(p.i, []))) or (
        p.lemma == "raise" and p.tag == "VBN")
    place = prep_object(kids, p, ("in", "on")) if grown else None
    if place is not None:
        said = text_of(s, subtree(kids, place.i))
        return [Fact(who, "grew_up_in", said, "identity", 0.8, f"{who} grew up in {said}")]
    origin = None
    if p.lemma in vc.MOVE and p.tag == "VBD":  # "from" on the verb, or on "here" ("moved here from Ghana")
        origin = prep_object(kids, p, ("from",)) or next((o for c in kids.get(p.i, []) if c.dep == "advmod"
                                                          and (o := prep_object(kids, c, ("from",))) is not None), None)
    if origin is not None and origin.pos == "PROPN" and prep_object(kids, p, ("to",)) is None:
        said = text_of(s, subtree(kids, origin.i))
        return [Fact(who, "from", said, "identity", 0.8, f"{who} is from {said}")]
    return None


def moved(s: Sentence, kids: Kids, p: Tok, who: str, value: str, line: str) -> list[Fact]:
    """"I moved to Glasgow from Krakow three years ago": where one lives and where one is from, two
    facts; a move to come ("we're moving to Leeds in May") is an event."""
    to = prep_object(kids, p, ("to",))
    source = prep_object(kids, p, ("from",))
    if p.tag != "VBD" or to is None:
        return [Fact(who, "moving_to", value, "episodic", 0.8, line)]
    place = text_of(s, subtree(kids, to.i))
    if to.pos != "PROPN":  # "Arjun moved from QA to the firmware team": where he is now, one fact
        return [Fact(who, "moved_to", place, "identity", 0.8, f"{who} moved to {place}")]
    out = [Fact(who, "lives_in", place, "identity", 0.8, f"{who} moved to {place}")]
    if source is not None:
        origin = text_of(s, subtree(kids, source.i))
        out.append(Fact(who, "from", origin, "identity", 0.8, f"{who} is from {origin}"))
    return out


def to_you(kids: Kids, verb: Tok) -> bool:
    return any(c.dep in _SUBJECTS and c.lower == "you" for c in kids.get(verb.i, []))


def each_age(s: Sentence, kids: Kids, p: Tok, people: int) -> list[str]:
    """The ages "are 12 and 9" gives people joined by "and", in order, when there are as many as people."""
    obj = next((c for c in kids.get(p.i, []) if c.dep == "attr" and c.tag == "CD"), None)
    ages = [t.text for t in conjuncts(s, kids, obj) if t.tag == "CD"] if obj is not None and p.lemma == "be" else []
    return ages if len(ages) == people > 1 else []


__all__ = ["PART_OF_DAY", "clock_time", "fond_of", "grew_up", "moved", "quoted", "time_words", "to_you", "company", "object_of", "prep_object", "per_period", "named_pet", "dated", "to_the_assistant", "a_ban", "each_age"]
