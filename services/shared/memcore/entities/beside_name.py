"""Who someone is to the speaker, as said beside their name when they are told about (pure; the
write path's reading, memcore.entities.identity.said_beside).

descriptors.descriptors reads "my cousin Tom" and "Tom from accounting". People say more, and a
descriptor kept with words that are not part of it never meets the same descriptor said again
("Steve Mistry from the flour mill first thing" kept "flour mill first thing", so "Steve from the
flour mill" matched no Steve). This reading adds, from the shape of the sentence:

  * an "after" phrase ends where the noun phrase ends: before a word of time ("first thing",
    "earlier") and before a verb ("from the wholesaler runs the bread round": a word in -s followed
    by a determiner, a pronoun, an -ing word or "to"; a past tense);
  * a capitalised word of time inside a group's name is part of it ("on the Tuesday crew", "our
    Saturday lad"), and so is any capitalised word between "my"/"our"/"the" and the noun ("our
    Eastgate manager Tom");
  * "at"/"in" phrases, which may be an event's place ("I saw Tom in the park"), count when they
    say membership ("in my class", "at our depot", a group named by a number or a letter: "in Year
    6", an employer: "at the packaging firm", "at the letting agency") or when they sit between the
    name and its verb, the name being the clause's subject ("Charlie in the choir sang a solo"); so
    do "on" phrases, said of a group ("on the support team") or so ("Wayne on the early bake rang");
  * a relative clause in the present tense right after the name ("George who lives across the
    road", "Amy, who runs the café,"): what they are, not what they did.
"""
from __future__ import annotations

import re
from typing import Sequence

from ..extraction.lexicon import IRREGULAR_PAST, TIME_WORDS
from . import descriptors

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_TIME = frozenset("""first earlier later lately recently soon tonight today yesterday tomorrow morning
    afternoon evening night noon week weekend ago now again""".split())
# Words that follow a verb in -s ("runs the", "keeps chasing", "wants to"), not a plural noun.
_AFTER_VERB = frozenset("a an the my our your his her their its this that me us him them it to up".split())
_FINITE = frozenset("is was are were has had will would can could should did does do".split())
_MEMBER_DETERMINERS = frozenset("my our".split())
# Nouns that name an employer: "at the packaging firm" is where someone works wherever it is said ("Caught
# Donna Mayhew at the packaging firm in the car park"), as it is said again of her ("Donna at the packaging
# firm left a voicemail"); no event happens at a firm the way one happens at the station.
_EMPLOYERS = frozenset("firm company agency council".split())
_TRAILING = frozenset("a an the my our your his her their to at in on of by with and or".split())
MAX_WORDS = 4
MAX_CLAUSE = 5


def _verb_like(word: str, following: str) -> bool:
    w, nxt = word.lower(), following.lower()
    if w in _FINITE or w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4):
        return True
    return w.endswith("s") and not w.endswith(("ss", "'s", "’s")) and len(w) > 3 and (
        nxt in _AFTER_VERB or nxt.endswith("ing"))


def _words(text: str, start: int) -> list[tuple[str, int, int]]:
    """Words from `start` up to the first punctuation (a comma or a full stop ends the phrase)."""
    out = []
    edge = start
    for w in _WORD.finditer(text, start):
        if text[edge:w.start()].strip():
            break
        out.append((w.group(0), w.start(), w.end()))
        edge = w.end()
    return out


def _stop(word: str, following: str) -> bool:
    low = word.lower()
    if word[:1].isupper():  # "Year 6", "Orchard Court"; "Tuesday" only as a group's part ("the Tuesday crew")
        return low in TIME_WORDS and not following
    if low in _TIME or low in TIME_WORDS:
        return True
    return low in descriptors._STOP


def after(text: str, end: int, loose: bool = False) -> str | None:
    """ "from the flour mill first thing" -> "flour mill"; "at the packaging firm left" -> "packaging
    firm"; "in my class" -> "class"; "who lives across the road" -> "lives across the road".
    `loose`: only an "at"/"on"/"in" phrase with its determiner, also where it may be an event's place
    ("Caught Tom at the depot" -> "depot"; `where`)."""
    m = re.match(r"\s*,?\s+(from|on|at|in|who)\s+", text[end:], re.I)
    if loose and not (m and m.group(1).lower() in ("on", "at", "in")):
        return None
    if not m:
        return _epithet(text, end)
    prep = m.group(1).lower()
    words = [w for w, _, _ in _words(text, end + m.end())]
    if prep == "who":
        return _clause(words)
    det = words[0].lower() if words and words[0].lower() in ("the", "my", "our") else ""
    words = words[1:] if det else words
    phrase: list[str] = []
    k = 0
    while k < len(words):
        w, nxt = words[k], (words[k + 1] if k + 1 < len(words) else "")
        if _stop(w, nxt) or _verb_like(w, nxt) or len(phrase) >= MAX_WORDS:
            break
        phrase.append(w)
        k += 1
        if len(phrase) == 2 and _designated(phrase):
            break  # "Year 6", "Class 3B" is the group's whole name: "Can Jack in Year 6 come for tea?"
        if (w.lower() in descriptors._PHRASE_ENDS or w.lower() in _EMPLOYERS) and not _designated([w, nxt]):
            break
    if not phrase:
        return None
    if loose:
        return " ".join(w.lower().replace("’", "'") for w in phrase) if det else None
    following = words[k] if k < len(words) else ""
    subject = bool(following) and _verb_like(following, words[k + 1] if k + 1 < len(words) else "")
    if prep == "on" and phrase[-1].lower() not in descriptors._GROUPS and not subject:
        return None  # "on the night shift rang" is who they are; "saw Tom on the train", where
    if prep in ("at", "in") and det not in _MEMBER_DETERMINERS and not _designated(phrase) \
            and phrase[-1].lower() not in _EMPLOYERS and not subject:
        return None  # an event's place ("I saw Tom in the park"), not who they are
    return " ".join(w.lower().replace("’", "'") for w in phrase)


def _epithet(text: str, end: int) -> str | None:
    """ "Dan the driver rang" -> "driver": "the" and a noun or two between the name and its verb
    ("Send Dan the invoice" is what is sent, not who Dan is: no verb follows)."""
    m = re.match(r"\s+the\s+", text[end:])
    if not m:
        return None
    words = [w for w, _, _ in _words(text, end + m.end())]
    for k in range(1, min(3, len(words) - 1) + 1):
        phrase, following = words[:k], words[k]
        if all(w.islower() and not _stop(w, "") and not _verb_like(w, "") for w in phrase) and \
                _verb_like(following, words[k + 1] if k + 1 < len(words) else ""):
            return " ".join(phrase)
    return None


def _designated(phrase: list[str]) -> bool:
    """ "Year 6", "Class 3B", "Group C": a group named by a number or a letter, which no place is."""
    return len(phrase) == 2 and phrase[0][:1].isupper() and (phrase[1][:1].isdigit() or (
        len(phrase[1]) == 1 and phrase[1].isupper()))


def _clause(words: list[str]) -> str | None:
    """ "who lives across the road came ..." -> "lives across the road": a present-tense clause."""
    if not words:
        return None
    verb = words[0].lower()
    if not (verb.endswith("s") and not verb.endswith("ss")) or verb in ("was", "has", "is"):
        return None
    phrase = [verb]
    for k, w in enumerate(words[1:], start=1):
        nxt = words[k + 1] if k + 1 < len(words) else ""
        if len(phrase) >= MAX_CLAUSE or _verb_like(w, nxt) or w.lower() in _TIME:
            break
        phrase.append(w.lower())
    while phrase and phrase[-1] in _TRAILING:
        phrase.pop()
    return " ".join(phrase) if len(phrase) > 1 else None


def before(text: str, start: int) -> str | None:
    """ "our Saturday lad Lee" -> "saturday lad": as descriptors.before, with capitalised words
    between the determiner and the noun."""
    said = descriptors.before(text, start)
    if said is not None:
        return None if _adverbial(text, start, said) else said
    phrase: list[str] = []
    edge = start
    for m in reversed(list(_WORD.finditer(text[:start]))):
        if text[m.end():edge].strip():
            return None
        w, low = m.group(0), m.group(0).lower()
        if low in descriptors._PRE_DETERMINERS:
            break
        if len(phrase) >= MAX_WORDS or (w.islower() and (low in descriptors._STOP or descriptors._is_verb_like(w))):
            return None
        phrase.insert(0, w)
        edge = m.start()
    else:
        return None
    if not phrase or not phrase[-1].islower() or all(w.islower() for w in phrase):
        return None  # the noun is lowercase ("Saturday lad"); an all-lowercase phrase was descriptors'
    return " ".join(w.lower() for w in phrase)


_PREPOSITIONS = frozenset("for in at on by to from after before of into during".split())


def _adverbial(text: str, start: int, said: str) -> bool:
    """ "For the file Kofi is ...", "In the end Tom came": "the" after a preposition opening the
    sentence (or a clause) starts an adverbial phrase that ends where the name begins, not who the
    person is; "Ran into the kids' swimming coach Joe" is who Joe is."""
    found = list(_WORD.finditer(text[:start]))
    n = len(said.split())
    if len(found) < n + 2 or found[-n - 1].group(0).lower() != "the" or found[-n - 2].group(0).lower() not in _PREPOSITIONS:
        return False
    before = text[:found[-n - 2].start()].rstrip()
    return not before or before[-1] in ".,;:!?"


def beside(text: str, name: str) -> tuple[str, ...]:
    """The identity phrases beside the first occurrence of `name` in `text`."""
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    if not m:
        return ()
    return tuple(dict.fromkeys(d for d in (before(text, m.start()), after(text, m.end())) if d))


def where(text: str, name: str) -> tuple[str, ...]:
    """Where someone was said to be, right after the first occurrence of their name, when `beside` does
    not read it as who they are: an "at"/"on"/"in" phrase that may be only an event's place ("Heard from
    Julie Kerridge on the early bake first thing", "Caught Dave Mistry at the depot in the car park").
    Kept apart (Facets.where): the same words said again with the first name find them, but never set a
    namesake apart."""
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    said = after(text, m.end(), loose=True) if m else None
    return (said,) if said and said not in beside(text, name) else ()


def said_before(texts: Sequence[str], name: str) -> tuple[str, ...]:
    """The identity phrases said beside `name` in any of these texts (`beside`), first said first: who
    someone was said to be while their name was kept as another type's ("Our subbie Orla Lomax phoned"
    taken for an organisation, whose descriptor no one kept), recovered once they are known a person."""
    return tuple(dict.fromkeys(d for text in texts for d in beside(text, name)))


def describes_a_name(text: str, phrase: str, names: Sequence[str]) -> bool:
    """Is the description `phrase` ("sparky", "new labourer") who one of these names is, said beside it
    ("Our sparky Tracey Rafferty phoned")? Then it refers to no one else: taken for a reference, it linked
    the turn to another sparky the conversation knew when the name was kept as another type (issue 37)."""
    head = phrase.split()[-1]
    return any(said == phrase or said.split()[-1] == head for n in names for said in beside(text, n))


def who_clause(text: str, name: str) -> str | None:
    """The present-tense relative clause right after the first occurrence of `name` ("Mia who lives
    across the road is poorly" -> "lives across the road"): what someone is, said the same way in a
    question as when they were told about. The read path takes this one of `beside`'s readings
    alone: an "at"/"in" phrase or an epithet in a question may be where or how something happened
    ("Did Steve at the depot sign?"), a relative clause in the present tense is who they are."""
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    if not m:
        return None
    w = re.match(r"\s*,?\s+who\s+", text[m.end():], re.I)
    return _clause([x for x, _, _ in _words(text, m.end() + w.end())]) if w else None


# Auxiliaries that open a question before its subject ("Can Alfie who lives across the road come for tea?",
# "Does Lily who sits next to me like cats?"): after the subject's relative clause comes the main verb in
# its bare form, which no ending marks.
_INVERTING = frozenset("can could will would shall should may might must do does did is are was were has have had".split())


def who_clauses(text: str, name: str) -> tuple[str, ...]:
    """who_clause, and in a question whose auxiliary comes before the name ("Can Alfie who lives across
    the road come for tea?") each shorter reading of it too: there the clause runs on into the main
    verb ("lives across the road come"), and where it ends is known only by which reading was told
    of someone ("lives across the road"; descriptors.best_described prefers the reading said word
    for word)."""
    clause = who_clause(text, name)
    if not clause:
        return ()
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    ahead = re.findall(r"[A-Za-z]+", text[:m.start()]) if m else []
    if not ahead or ahead[-1].lower() not in _INVERTING:
        return (clause,)
    words = clause.split()
    out = [" ".join(words[:k]) for k in range(len(words), 1, -1) if words[k - 1] not in _TRAILING]
    return tuple(out)


def member_of(text: str, name: str) -> str | None:
    """The "in"/"at" phrase right after the first occurrence of `name` that says which group someone
    is in ("Harry in my class is coming round" -> "class", "I miss Harry in Year 6" -> "year 6"):
    with "my"/"our", or a group named by a number or a letter (`_designated`), as `after` reads it on
    the write path. The read path takes it with who_clause: a question's "at the depot" may be where
    something happened, but no event happens "in my class" or "in Year 6" that is not the class's."""
    m = re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text)
    if not m:
        return None
    p = re.match(r"\s*,?\s+(?:in|at)\s+([A-Za-z]+)", text[m.end():], re.I)
    if not p:
        return None
    said = after(text, m.end())
    if not said or not (p.group(1).lower() in _MEMBER_DETERMINERS
                        or _designated([w for w, _, _ in _words(text, m.end() + p.start(1))][:2])):
        return None
    return said


def descriptor_owners(text: str, people: list[tuple[str, int]]) -> set[str]:
    """Names said only as whose someone is, right before that someone's name: "Mum" of "Mum's
    friend Hana Lowe", "Grandma" of "Grandma's neighbour George". The sentence is about Hana; the
    owner is part of who Hana is (kept in her descriptor, "mum's friend"), and linked as a person of
    the turn it would be a second person there, whom "She has three rabbits." could mean as well.
    `people`: the person names of the sentence with their offsets (start, -1 when unknown)."""
    out = set()
    for name, _ in people:
        for m in re.finditer(r"(?<![\w])" + re.escape(name) + r"['’]s\s+((?:[a-z][a-z'-]*\s+){1,3})", text):
            rest = text[m.end():]
            if any(other != name and rest.startswith(other) for other, _ in people):
                out.add(name)
    return out
