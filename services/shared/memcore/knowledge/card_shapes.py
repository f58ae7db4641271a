"""Cards whose shape is broken (issue 35, precision): the last look at each card of a turn, after the
readers and the turn's own last look (turn_cards.finished), at what its slots say against the turn's parse.

A reader that took the wrong words for a slot leaves a card no note-taker would write. A card is dropped when:
- its subject is no one: a verb the turn opened a command with ("Stay on the terraces" -> "Stay | role |
  terraces"), a colour ("the red is from madder root"), a measure said with its number ("one piece of 7 metres
  is 2 months"), or the object of someone's doing taken for what a copula card is about ("we make bridges and
  dentures for 30 clinics" -> "bridges and dentures | is | for 30 clinics");
- its value is one bare noun said with "a" of "ours" or "mine" ("so ours is a test" -> "Amara | is | test"), or
  how the owner takes something said of a "which" or an "it" ("weak in French, which is a shame" -> "French |
  is | shame");
- its value is pronouns and auxiliaries only ("X | is | she's been"), ends on a "not" whose words were cut off
  ("dogs love me, cats not so much" -> "cats not"), or is what a liking's thing is ("its gross");
- its value starts at an auxiliary or a past verb where the predicate wants a thing or a person ("allergic_to |
  learned that the hard way"; a place may be said with its verb: "from | was born in Accra"), or a ban is on a
  bare "is" ("must_avoid | is - and we have a dog");
- its value starts at an auxiliary whose subject the turn names and the card's line does not ("the sea is
  like 8 degrees" -> "Malthe: is 8 degrees"), outside a rule or a habit (whose group may stand outside it);
- its value is a placeholder a rule left for a thing it did not find ("unspecified"; or its subject holds the
  extraction's stand-in for the speaker, "@speaker's class"), a bare length, weight or volume someone "has"
  ("scarves, 2 metres" -> "has | 2 metres"), or a family word taken for a post ("our son Luka" -> "role | son").

Each shape was measured on the development halves (the cards it drops that held a fact: none) and kept narrow
where a sound card can look the same: a name that is also a word ("Will", "May", "IT", "Luc here"), a tie said
with "mine", a place said with its verb, a rule's or a habit's group outside its value. Decided with the parse
(`readings`: the turn's statements as parse.parse_once gave them); without one, only the shapes that need no
parse are looked at. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .models import Fact
from .parse import Sentence, Tok
from .vocabulary import content_words

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?|['’][a-z]+")
_FINITE = frozenset("VBD VBZ VBP MD".split())
_SUBJECTS = frozenset("nsubj nsubjpass expl".split())
_BE_FINITE = frozenset("is are was were am 's 're 'm".split())
_AUX = _BE_FINITE | frozenset("""be been being have has had 've 'd do does did will 'll would could should can may
    might must shall""".split())
# pronouns that point elsewhere ("I", "me", "us" stand for the owner: "lives_with | us" says who)
_PRONOUNS = frozenset("he him his she her they them their it its you your".split())
# pronouns that stand for something of someone's the turn does not name ("so ours is a test"); "that" and "this"
# often point at a name said just before ("Kofi, that's our driver") and are left to the readers
_NO_ONES = frozenset("ours mine theirs yours hers".split())
# predicates whose value is a thing or a person, never a doing ("from | was born in Accra" says where one is from)
_THING_PREDICATES = frozenset("""allergic_to intolerant_to works_at works_for name likes dislikes loves fears favourite
    favourite_food""".split())
_COLOURS = frozenset("""red blue green yellow orange purple pink black white grey gray brown gold silver violet indigo
    beige turquoise scarlet crimson maroon navy""".split())
# lengths, weights and volumes: what something measures, never a thing one has ("has | 2 metres"; land is had:
# "5 acres")
_MEASURES = frozenset("""metre metres meter meters centimetre centimetres centimeter centimeters cm millimetre
    millimetres mm km kilometre kilometres mile miles inch inches foot feet yard yards kilo kilos kg gram grams tonne
    tonnes ton tons pound pounds lb lbs ounce ounces litre litres liter liters gallon gallons""".split())
_UNITS = _MEASURES | frozenset("""acre acres hectare hectares second seconds hour hours minute minutes day days week weeks
    month months year years percent""".split())
_PLACEHOLDERS = frozenset(["unspecified"])
# family words: what someone is to someone, never a post (a "role" or "job" card of "our son Luka" is no job)
_KIN = frozenset("""son daughter wife husband brother sister mother father mum mom dad grandson granddaughter grandchild
    niece nephew cousin aunt auntie uncle grandma grandmother grandpa grandfather twin stepson stepdaughter""".split())


def _words(s: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(s)]


def _norm(t: Tok) -> str:
    return t.lower.replace("’", "'")


def span_of(value: str, readings: Sequence[Sentence]) -> tuple[Sentence, int, int] | None:
    """Where the turn said the value: its sentence and the first and last token of the shortest stretch that
    starts at the value's first word, ends at its last and holds nearly all its words (a reader may have
    reworded one in four: "me" said as the owner's name); None when the turn says it nowhere so."""
    words = _words(value)
    if not words:
        return None
    best: tuple[Sentence, int, int] | None = None
    for s in readings:
        for a, t in enumerate(s):
            if _norm(t) != words[0]:
                continue
            for b in range(a, min(len(s), a + 2 * len(words) + 4)):
                if _norm(s[b]) != words[-1]:
                    continue
                said = {_norm(x) for x in s[a:b + 1]}
                if sum(w in said for w in words) >= len(words) - len(words) // 4 and (
                        best is None or b - a < best[2] - best[1]):
                    best = (s, a, b)
                break
    return best


def _subject_of(v: Tok, s: Sentence) -> Tok | None:
    return next((k for k in s if k.head == v.i and k.i != v.i and k.dep in _SUBJECTS), None)


def _phrase(t: Tok, s: Sentence) -> set[str]:
    """The lower-case words of the noun phrase a token heads (its compounds, modifiers and possessors)."""
    out, todo = {t.lower}, [t.i]
    while todo:
        i = todo.pop()
        for k in s:
            if k.head == i and k.i != i and k.dep in ("compound", "amod", "poss", "det", "nummod", "flat", "case"):
                out.add(k.lower)
                todo.append(k.i)
    return out


def _chain_root(t: Tok, s: Sentence) -> Tok:
    """The first of a list the token is in ("loops and lists": loops)."""
    while t.dep == "conj" and t.head != t.i:
        t = s[t.head]
    return t


def _occurrences(word: str, readings: Sequence[Sentence]) -> list[tuple[Sentence, Tok]]:
    return [(s, t) for s in readings for t in s if t.text == word]


_COMMANDED = frozenset("dobj prep prt xcomp oprd acomp dative".split())  # what a command says after its verb


def _command(t: Tok, s: Sentence) -> bool:
    """A verb that opens a command: at a sentence's or a clause's start, no subject of its own, and something
    done or where ("Stay on the terraces", "Keep the gate closed"); a name the parser read as a verb is said
    bare or with "here" ("Moien. Luc here, I do the rotas")."""
    kids = [k for k in s if k.head == t.i and k.i != t.i]
    return t.tag == "VB" and t.dep in ("ROOT", "advcl", "conj", "ccomp", "parataxis") and (
        t.i == 0 or s[t.i - 1].pos == "PUNCT") and not any(k.dep in _SUBJECTS for k in kids) and any(
        k.dep in _COMMANDED for k in kids)


def verb_for_subject(f: Fact, readings: Sequence[Sentence]) -> bool:
    """The card's subject is a verb the turn opened a command with, wherever it says it ("Stay on the
    terraces, ..."): no one."""
    said = _occurrences(f.subject.split(" ", 1)[0], readings)
    return bool(said) and all(_command(t, s) for s, t in said)


def measure_for_subject(f: Fact, readings: Sequence[Sentence]) -> bool:
    """The card's subject is a colour ("the red is from madder root") or holds a measure the turn said with
    its number ("one piece of 7 metres is 2 months"): a name is capitalised ("Mr Brown", "Violet")."""
    words = f.subject.split()
    if not words or any(w[:1].isupper() for w in words):
        return False
    if len(words) == 1 and words[0] in _COLOURS:
        return True
    return any(w in _UNITS and any(k.head == t.i and k.dep == "nummod" for k in s)
               for w in words for s, t in _occurrences(w, readings))


def measure_had(f: Fact) -> bool:
    """A "has" card whose value is a bare length, weight or volume ("scarves, 2 metres" -> "X | has | 2 metres"):
    what is that long or heavy went unsaid."""
    words = f.value.lower().split()
    return f.predicate == "has" and len(words) == 2 and words[0].replace(".", "").isdigit() and words[1] in _MEASURES


def kin_for_post(f: Fact) -> bool:
    """A "role" or "job" card whose value is a family word ("our son Luka, 16" -> "Luka | role | son")."""
    words = f.value.lower().split()
    return f.predicate in ("role", "job") and len(words) == 1 and words[0] in _KIN


def object_for_subject(f: Fact, readings: Sequence[Sentence]) -> bool:
    """A copula card ("X | is | ...") whose subject the turn says only as the object of a doing ("we make
    crowns, bridges and dentures for 30 clinics"): the turn never said what X is. The object of a preposition
    may be what a time frames ("for breakfast it's 7 to 10") and is left alone."""
    words = f.subject.split()
    if f.predicate != "is" or not words or words[0][:1].isupper():
        return False
    said = _occurrences(words[0], readings)
    return bool(said) and all(_chain_root(t, s).dep == "dobj" for s, t in said)


def pronoun_said(f: Fact, where: tuple[Sentence, int, int]) -> bool:
    """A plain copula card whose value is one bare noun that the turn said with "a" of "ours" or "mine" ("so
    ours is a test" -> "X | is | test"): the card put a name where something of theirs was, and the line says
    the name is the thing. A description keeps its card ("ours is the house with the red gate": the owner's
    house), and so does a tie ("mine is Ada")."""
    s, a, b = where
    t = s[a]
    if f.predicate != "is" or a != b or not t.text[:1].islower() or t.dep != "attr" or s[t.head].lemma != "be":
        return False
    k = _subject_of(s[t.head], s)
    return k is not None and k.lower in _NO_ONES and any(d.head == t.i and d.lower in ("a", "an") for d in s)


# nouns that say how the owner takes something, not what it is ("which is a shame", "it's a nightmare")
# ("a test", "a treat" may be the thing itself: "Friday it's a test in maths")
_EVALUATIONS = frozenset("""shame pity pain nightmare relief joke blessing miracle mess disaster nuisance headache worry
    struggle chore godsend lifesaver""".split())
_POINTING = frozenset("which that this it".split()) | _NO_ONES


def evaluation_said(f: Fact, where: tuple[Sentence, int, int]) -> bool:
    """A copula card whose value is how the owner takes something, said of a "which", an "it" or an "ours"
    ("weak in French, which is a shame" -> "French | is | shame"): no fact of the card's subject."""
    s, a, b = where
    words = [w for w in _words(f.value) if w not in ("a", "an", "the", "real", "bit", "of")]
    if f.predicate != "is" or len(words) != 1 or words[0] not in _EVALUATIONS:
        return False
    be = next((s[t.head] for t in s[a:b + 1] if t.lower == words[0] and s[t.head].lemma == "be"), None)
    k = _subject_of(be, s) if be is not None else None
    return k is not None and k.lower in _POINTING


def _pointer(word: str) -> bool:
    """A pronoun, or an auxiliary said in lower case: "Will", "May" and "IT" are names or a department."""
    w = word.lower().replace("’", "'")
    if word.isupper() and len(word) > 1:
        return False
    return w.split("'")[0] in _PRONOUNS or word[:1].islower() and w in _AUX


def only_pointers(f: Fact) -> bool:
    """The value is pronouns and auxiliaries only ("she's been")."""
    words = _WORD.findall(f.value)
    return bool(words) and all(_pointer(w) for w in words)


# a pronoun and its "be" at a value's start (chat writes "its" and "theyre" for "it's" and "they're")
_SAID_OF_IT = re.compile(r"(?i)^(?:it['’]?s|it\s+is|they['’]?re|they\s+are|he['’]?s|she['’]?s)\s+\S+(?:\s+\S+)?$")


def said_of_it(f: Fact) -> bool:
    """A liking whose value is what the owner says of the thing, not the thing ("i hate broccoli, its gross" ->
    "dislikes | its gross"): a pronoun names nothing to like."""
    return f.type == "preference" and bool(_SAID_OF_IT.match(f.value.strip()))


def cut_negation(f: Fact) -> bool:
    """The value ends on "not": what is not so was cut off ("dogs love me, cats not so much" -> "cats not")."""
    words = _words(f.value)
    return len(words) > 1 and words[-1] in ("not", "n't")


def verb_for_thing(f: Fact, where: tuple[Sentence, int, int]) -> bool:
    """The predicate wants a thing or a person and the value starts at an auxiliary or a past "-ed" verb said in
    lower case ("allergic_to | learned that the hard way"); "May" and "Will" are names or a month."""
    s, a, _ = where
    t = s[a]
    past = t.tag == "VBD" and t.lower.endswith("ed")  # a place said in lower case may read as a verb ("wales")
    return f.predicate in _THING_PREDICATES and t.text[:1].islower() and (t.pos == "AUX" and t.tag in _FINITE or past)


_BARE_BE = re.compile(r"(?i)^(?:is|are|was|were|am|['’](?:s|re|m))\s*(?:[-–—,;:]|\b(?:and|but|so|or)\b|$)")


def ban_on_being(f: Fact) -> bool:
    """A safety card whose value is a bare finite "be", then a dash, a comma or a new clause ("must_avoid | is -
    and we have a dog ..."): a ban is on a doing or a thing ("are not allowed in the kitchen" keeps its card)."""
    return f.type == "safety" and bool(_BARE_BE.match(f.value.strip()))


def subject_lost(f: Fact, where: tuple[Sentence, int, int]) -> bool:
    """The value starts at an auxiliary whose subject the turn names, and the card's line names it nowhere
    ("the sea is like 8 degrees in May" -> "Malthe: is 8 degrees in May"); a pronoun, or the owner with
    someone ("my wife and I are ..."), loses no one."""
    s, a, b = where
    t = s[a]
    if _norm(t) not in _AUX or t.tag not in _FINITE or not t.text[:1].islower():
        return False  # ("Jade and Will are my cousins": "Will" is a name)
    verb = s[t.head] if t.dep in ("aux", "auxpass") else t
    k = _subject_of(verb, s)
    if k is None or a <= k.i <= b or k.pos == "PRON":
        return False
    if any(c.head == k.i and c.dep == "conj" and c.lower in ("i", "we") for c in s):
        return False
    return not _phrase(k, s) & (content_words(f.text) | content_words(f.subject))


def shapes(f: Fact, readings: Sequence[Sentence], owner: str = "") -> list[str]:
    """The broken shapes a card has, by name (see the module's list). `owner`: whose account it is (the owner
    is someone, whatever the parser made of their name)."""
    out = []
    if f.value.strip().lower() in _PLACEHOLDERS or "@speaker" in f.subject:  # the extraction's own stand-ins
        out.append("placeholder")
    if only_pointers(f):
        out.append("only_pointers")
    if cut_negation(f) and f.type not in ("process", "safety"):
        out.append("cut_negation")
    if ban_on_being(f):
        out.append("ban_on_being")
    if said_of_it(f):
        out.append("said_of_it")
    if measure_had(f):
        out.append("measure_had")
    if kin_for_post(f):
        out.append("kin_for_post")
    if not readings or f.type == "process":
        return out
    if f.subject != owner and verb_for_subject(f, readings):
        out.append("verb_subject")
    if measure_for_subject(f, readings):
        out.append("measure_subject")
    if object_for_subject(f, readings):
        out.append("object_subject")
    where = span_of(f.value, readings)
    if where is None:
        return out
    if f.type != "safety" and pronoun_said(f, where):
        out.append("pronoun_said")
    if evaluation_said(f, where):
        out.append("evaluation_said")
    if verb_for_thing(f, where):
        out.append("verb_for_thing")
    if f.type not in ("safety", "routine") and subject_lost(f, where):  # a rule's or a habit's group may stand
        # outside it ("kids are not allowed ...", "the vans are washed every night")
        out.append("subject_lost")
    return out


def sound(cards: list[Fact], readings: Sequence[Sentence], owner: str = "") -> list[Fact]:
    """The turn's cards without those whose shape is broken."""
    return [f for f in cards if not shapes(f, readings, owner)]


__all__ = ["shapes", "sound", "span_of"]
