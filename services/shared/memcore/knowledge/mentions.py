"""Who "he" or "she" points at: the person a clause, or the owner's earlier turns, named last.

A person (or pet) is named by a name after a tie ("my brother Kai", "our dog Murphy", "a cat called Biscuit", "a cousin called Maya", "Kai is my brother", "Uncle Ben", "Mrs Ahmed"), by
"his/her name is X", by a name that starts a clause as its subject ("Carol is ..."), or by a tie alone ("my mother" -> "Tomasz's mother"). A tie said as the
possessor of another person ("my daughter's boy") names that person, not the tie; of a thing ("my
mother's birthday") it names the tie.
Pure string work."""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..extraction.patterns import NAME_WORD
from ..extraction.lexicon import ROLE_WORDS, SENTENCE_OPENERS, TIME_WORDS
from .asked_about import person_asked_about
from .bare_kin import BARE_KIN_IS, bare_kin_named
from .person import possessive
from .post_holders import holder_named
from .resumptive_names import name_said_again
from .session_lines import said_by, text_of
from .occupation import TRADES
from .vocabulary import KIN_OTHER_HE, KIN_OTHER_SHE, KIN_TITLES, PEOPLE, PETS, RELATION_PHRASES, RELATIONS

_TIES = "|".join(re.escape(w) for w in sorted((*RELATION_PHRASES, *RELATIONS), key=len, reverse=True))
_TITLES = "|".join(t.capitalize() for t in sorted(KIN_TITLES, key=len, reverse=True))
_PETS = "|".join(re.escape(w) for w in sorted(PETS, key=len, reverse=True))
# who someone is to the owner or the team: a tie, a pet, a person ("girl", "trainee"), a trade or a post
_WHO = "|".join(sorted({*RELATIONS, *PETS, *PEOPLE, *TRADES, *(w for w in ROLE_WORDS if " " not in w)}, key=len, reverse=True)) \
    + r"|[a-z]+(?:ist|ician|eer|er|or)"
_NAMED = re.compile(
    # a name, then its tie set off by commas ("Tamsin, my niece, she is 23"): the name, not "Noor's niece"
    rf"\b(?P<l>{NAME_WORD}),\s+(?:[Mm]y|[Oo]ur)\s+(?:[a-zA-Z]+\s+)?(?:{_TIES}|{_PETS})\s*(?:,|$)"
    # a tie said of "he"/"she" ("she's my sister"): whom the pronoun points at stays who it was, not "Noor's sister"
    rf"|\b(?P<said>(?:[Ss]he|[Hh]e)(?:\s+is|\s+was|['’]s)\s+(?:my|our)\s+(?:[a-zA-Z]+\s+)?(?:{_TIES}))\b"
    rf"|\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[a-zA-Z]+\s+)?(?:{_TIES}|{_PETS}),?\s+(?P<a>{NAME_WORD})\b"  # ("her son Ed")
    rf"|\b(?:{_TIES}|{_PETS})\s+(?:is\s+|was\s+)?(?:called|named)\s+(?P<e>{NAME_WORD})\b"  # "a cousin called Maya"
    rf"|\b(?P<b>{NAME_WORD})\s+(?:is|was)\s+(?:my|our)\b"
    # who someone is, said first: "the new girl is Nayelis, she starts Monday", "and the apprentice is Jonas, he's 17"
    rf"|\b(?:[Tt]he|[Oo]ur|[Mm]y)\s+(?:[a-z]+\s+)?(?:{_WHO})\s+(?:is|was)\s+(?P<m>{NAME_WORD})(?=\s*(?:[,.;!]|$))"
    rf"|{BARE_KIN_IS.pattern}"  # "meme is my grandfather he is 76": meme (bare_kin.py)
    rf"|\b(?:[Mm]y|[Oo]ur)\s+(?:[a-zA-Z]+\s+)?(?:{_TIES})\s+(?:is|was)\s+(?:called\s+|named\s+)?(?P<g>{NAME_WORD})\b"
    rf"|\b(?:{_TITLES})\s+(?P<c>{NAME_WORD})\b"
    rf"|\b(?P<j>(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+{NAME_WORD})\b"  # "I beat Mr Hale at chess, he runs the club": Mr Hale
    rf"|\b(?:[Hh]is|[Hh]er|[Tt]heir)\s+name(?:\s+is|['’]s)\s+(?P<d>{NAME_WORD})\b"
    # the one other than the owner in "Kemal and I", "me and Ines": "Kemal and I run the events. He does the posters"
    rf"|(?:^|(?<=[,;:]\s)|(?<=\band\s))(?:(?P<n>{NAME_WORD})\s+and\s+(?:I|me)\b|(?:[Mm]e|I)\s+and\s+(?P<o>{NAME_WORD})\b)"
    rf"|^(?P<f>{NAME_WORD})\s+(?:(?:also|still|now|just|usually|always|often|mostly|really|actually)\s+)?"
    rf"(?=(?:is|was|has|had|does|did|works|lives|[a-z]+s)\b)"  # "Tonu also does the music": Tonu
    rf"|(?:,\s+|\band\s+)(?P<h>{NAME_WORD})(?:\s+is|\s+was|['’]s)\s+(?:the|a|an|our)\s"  # "..., and Wes is the apprentice"
    # a turn that opens on a name and then says who they are: "Nare, 24, she is ...", "Desislava, she's been ..."
    rf"|^(?P<i>{NAME_WORD}),\s*(?=\d{{1,3}}\s*(?:,|$)|(?:she|he)\b)"
    # a little one named last in a sentence with no verb: "mum, dad and baby Nia.", then "she's my sister"
    rf"|\b(?:[Bb]aby|[Ll]ittle)\s+(?P<k>{NAME_WORD})\s*[.!]*$"
    rf"|\b(?:[Mm]y|[Oo]ur)\s+(?P<tie>{_TIES})\b(?!['’]s\s+(?:{_TIES}|boy|girl|kids?|children|child)\b|\s+[A-Z]|,\s+[A-Z])"
    # a pet said without its name, whom "her name is Mittens" names next: "my cat", "I got a new puppy"
    rf"|\b(?:(?:[Mm]y|[Oo]ur)(?:\s+(?:new|little|baby))?|(?:I|[Ww]e)\s+(?:have|have\s+got|'ve\s+got|got)\s+(?:a|an)"
    rf"(?:\s+(?:new|little|baby|pet))?)\s+(?P<pet>{_PETS})\b(?!\s+(?:called|named)\b|\s+[A-Z]|,\s+[A-Z]|['’]s)")
_OPENERS = SENTENCE_OPENERS | frozenset("the a an my our his her their this that it and but so".split())


def last_mention(text: str, owner: str, said_in: str = "") -> str | None:
    """The person a text names last, as facts name them ("Kai", "Tomasz's mother"); None: nobody. `said_in`: the
    sentence the text is a clause of, where a one-word name may be said in full."""
    found: str | None = None
    for m in _NAMED.finditer(text):
        name = next((g for g in (m.group("a"), m.group("b"), m.group("c"), m.group("d"), m.group("e"), m.group("f"), m.group("g"), m.group("h"),
                                        m.group("i"), m.group("j"), m.group("k"), m.group("l"), m.group("m"), m.group("n"), m.group("o")) if g), None)
        if m.group("said"):
            continue
        if m.group("rel") and not name:
            if bare_kin_named(m.group(0)):
                found = m.group(0).split()[0]
            continue
        if name and name.lower() not in _OPENERS:
            found = name
        elif m.group("tie"):
            found = f"{possessive(owner)} {m.group('tie').lower()}"
        elif m.group("pet"):
            found = f"{possessive(owner)} {m.group('pet').lower()}"
    held = holder_named(text)  # "Treasurer is Oluwaseun Adeyemi, he's 64": the person, not the post (post_holders.py)
    if held and (found is None or found.lower() in (held[0], held[0].split()[0])):
        found = held[1]
    again = name_said_again(text)  # "... the oldest one Kai he is at college": Kai (resumptive_names.py)
    if again and (found is None or text.rfind(found.split()[-1].split("'")[0]) < again[1]):
        found = again[0]
    return _in_full(found, said_in or text)


def _people_named(text: str) -> list[tuple[int, str]]:
    """Each person (or pet) a text names by name, with where: the names `last_mention` reads, in order."""
    found = []
    for m in _NAMED.finditer(text):
        if m.group("said"):
            continue
        for g in ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"):
            if m.group(g) and m.group(g).lower() not in _OPENERS:
                found.append((m.start(g), m.group(g)))
    return found


_FULL_AFTER = re.compile(rf"\s+({NAME_WORD}(?:\s+{NAME_WORD}){{0,2}})\b(?!['’])")


def _in_full(found: str | None, text: str) -> str | None:
    """A one-word name the text also says in full says the full name ("Ilario Mendes, we say Tio Ilario.": Ilario
    Mendes), as the turn's facts about him should."""
    if not found or " " in found or "'" in found:
        return found
    for m in re.finditer(rf"\b{re.escape(found)}\b", text):
        full = _FULL_AFTER.match(text, m.end())
        words = full.group(1).split() if full else []
        while words and (words[-1].lower() in _OPENERS or words[-1].lower() in TIME_WORDS):
            words.pop()
        if words and words[0].lower() not in _OPENERS:
            return f"{found} {' '.join(words)}"
    return found


# what a tie or a title says of a person's sex, for "he" and "she" to agree with
_FEMALE = frozenset("""mum mom mother mummy mommy mam sister wife daughter grandma grandmother granny gran nana nan aunt
auntie aunty niece girlfriend stepmum stepmom stepmother stepsister stepdaughter granddaughter godmother landlady
mrs ms miss""".split())
_MALE = frozenset("""dad father daddy papa brother husband son grandpa grandfather grandad granddad gramps uncle nephew
boyfriend stepdad stepfather stepbrother stepson grandson godfather landlord mr""".split())
_FEMALE, _MALE = _FEMALE | KIN_OTHER_SHE, _MALE | KIN_OTHER_HE  # "my dedo Stojan ..., he": the kin word's sex
FEMALE_TIES, MALE_TIES = _FEMALE, _MALE
_SEXED = "|".join(sorted(_FEMALE | _MALE, key=len, reverse=True))
_TIED_NAME = re.compile(rf"(?i:\b(?P<tie>{_SEXED})\.?),?\s+(?P<name>{NAME_WORD})\b")


def sex_of(text: str, name: str) -> str | None:
    """"she", "he" or None: what the tie or title a text says a name with tells ("my brother Tiago")."""
    said = [m.group("tie").lower() for m in _TIED_NAME.finditer(text) if m.group("name") == name.split(" ")[-1]]
    if not said:
        return None
    return "she" if said[-1] in _FEMALE else "he"


def agreeing(text: str, pronoun: str, named: str | None, owner: str | None = None) -> str | None:
    """Whom "he"/"she" points at when the person found for it is said with a tie of the other sex ("my brother
    Tiago lives with his wife Ana, she's a vet": Ana): the last person the text names with an agreeing tie or title
    ("I look after Mr Soares, he lives with his daughter Olinda. He ...": Mr Soares), or, with `owner`, the owner's
    unnamed kin of that sex ("My grandad lives with his daughter Rosa. He ...": the owner's grandad); `named` when
    nothing says otherwise."""
    pronoun = pronoun.lower()
    if pronoun not in ("he", "she") or not named or sex_of(text, named) in (None, pronoun):
        return named
    agree = [(m.start(), _as_named(m)) for m in _TIED_NAME.finditer(text)
             if ("she" if m.group("tie").lower() in _FEMALE else "he") == pronoun]
    if owner:
        agree += [(m.start(), f"{possessive(owner)} {m.group('tie').lower()}") for m in _MY_KIN.finditer(text)
                  if ("she" if m.group("tie").lower() in _FEMALE else "he") == pronoun]
    if not agree:  # "my friend Olu and his sister Bisi came over. he is 9": Olu, whose sex no tie says otherwise
        agree = [(at, who) for at, who in _people_named(text) if who != named and sex_of(text, who) in (None, pronoun)]
    return max(agree)[1] if agree else named


# "he"/"she" said after the clause's first word, as its subject ("my partner Mélia she's a nurse", "he is", "she works")
_PRONOUN_SAID = re.compile(r"(?<=\s)(?:[Hh]e|[Ss]he)(?=['’]s\b|\s+(?!and\b|or\b)[a-z])")


_PRONOUN_ANYWHERE = re.compile(r"\b(?:[Hh]e|[Ss]he)\b(?!['’](?:d|ll)\b)")


def after_pronoun(clause: str, at: int) -> bool:
    """Whether a person named at `at` is said after a "he"/"she" of the same clause ("he is a nurse and our
    neighbour Efua"): that pronoun points at someone before, so the name is no one it can mean."""
    return _PRONOUN_ANYWHERE.search(clause, 0, at) is not None


def named_before_pronoun(clause: str, owner: str, said_in: str = "") -> str | None:
    """Whom a "he"/"she" said inside a clause points at: the person named before it, not one named after it in
    the same clause ("my partner Mélia she's a nurse and our son Teva ...": she is Mélia, not Teva). None:
    the clause says no such pronoun after a name."""
    m = _PRONOUN_SAID.search(clause)
    if not m:
        return None
    again = name_said_again(clause[:m.end() + 12])  # "the oldest one Kai he is ...": Kai (resumptive_names.py)
    if again and again[1] + len(again[0]) + 1 >= m.start():
        return again[0]
    return last_mention(clause[:m.start()], owner, said_in or clause)


def _as_named(m: re.Match[str]) -> str:
    """A tied name as the cards name it: "my brother Tiago" Tiago, "Mr Soares" with the title ("Mr. Soares": Mr Soares)."""
    tie = m.group("tie")
    return f"{tie} {m.group('name')}" if tie.lower() in _TITLES_OF_ADDRESS and tie[:1].isupper() else m.group("name")


_TITLES_OF_ADDRESS = frozenset(("mr", "mrs", "ms", "miss"))
# the owner's kin said without a name: "my grandad lives ..." (not "my grandad Tom", which _TIED_NAME reads)
_MY_KIN = re.compile(rf"(?i:\bmy\s+(?P<tie>{_SEXED}))\b(?!\s*,?\s+{NAME_WORD}\b)")


def earlier_mention(previous: Sequence[str], speaker: str, owner: str, turns: int = 4, text: str = "") -> str | None:
    """The person the owner's own latest turns (session lines "Speaker: text") named last: what a
    "she" at the start of the next turn points at. The assistant's lines name nobody for the owner.
    `text`: the next turn; when it opens on "he"/"she", a person named with a tie of the other sex yields to
    the last one named with an agreeing tie ("my wife Ana ... and our son Leo, 16." then "she teaches ...": Ana)."""
    opening = re.match(r"\W*(he|she)\b", text, re.I)
    if previous and not said_by(previous[-1], speaker) and re.search(r"(?i)\b(?:he|she|him|her|his)\b", text) \
            and (asked := person_asked_about(text_of(previous[-1]), owner)) \
            and not (opening and sex_of(text_of(previous[-1]), asked) not in (None, opening.group(1).lower())):
        return asked  # "Who's Olek?" "he's from Gdańsk": whom the question just asked about (asked_about.py)
    seen = 0
    for line in reversed(previous):
        if not said_by(line, speaker):
            continue
        who = last_mention(text_of(line), owner)
        if who:
            return agreeing(text_of(line), opening.group(1), who) if opening else who
        seen += 1
        if seen >= turns:
            break
    return None


__all__ = ["FEMALE_TIES", "MALE_TIES", "after_pronoun", "agreeing", "earlier_mention", "last_mention", "named_before_pronoun", "sex_of"]
