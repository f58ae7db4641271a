"""Whom a "they" for two people, or an "it" for a named pet, means (issue 35: who a fact is about).

"My sister Ama and her husband Kwesi live in Kumasi. They run a pharmacy", "How are Tariq and Noor?" "they
moved to Doha", "Tell me about your grandparents." "they live in Daegu": the readers know "he"/"she" but
give a "they" to one of the two or to nobody, so the fact was lost or kept as one person's. A pet is "it"
as often as "he"/"she" ("we got a puppy called Biscuit. it chews everything", "What does Pamuk like to
eat?" "it likes carrots"), and "it" named nobody. The reading says the pronoun as whom it means ("Ama and
Kwesi run a pharmacy", "Pamuk likes carrots"); the readers then write a card for each, as when the turn
said the names.

Whom it means is the last two people joined by "and" ("Ama and Kwesi", "my sister Ama and her husband
Kwesi"), or the owner's people said with a plural tie ("my parents", "your grandparents": the owner's),
or the last pet said with its name ("a hamster called Pamuk", "our dog Rex"; a name the question says
when the owner's turn before named it as a pet), said earlier in the turn, else in the question just
asked, else in the owner's turn before. Only a pronoun that opens a clause as its subject, and only when
nothing a pronoun could mean instead was said between (a plural noun for "they", any noun for "it":
"Ana and Luz bought three goats. They are noisy" is left as said; the parser's tags decide). Pure reading
of strings and the parser's tags; no I/O.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..extraction.patterns import NAME_WORD
from .parse import Sentence
from .session_lines import said_by, text_of
from .vocabulary import BUSINESS_NOUNS, GROUP_NOUNS, PEOPLE, PETS

_TIE = r"(?:(?:[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir)\s+(?:[a-z]+\s+)?[a-z]+(?:-in-law)?\s+)?"
_NAMED = rf"{NAME_WORD}(?:-{NAME_WORD})?"  # "Keisha-Ann"
# two people joined by "and"; not two places after a preposition ("in Germany and Italy")
_PAIR = re.compile(rf"(?<!\bin\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bat\s)(?<!\bnear\s)(?<!\bacross\s)(?<!\bbetween\s)"
                   rf"\b(?P<a>{_NAMED})\s+and\s+{_TIE}(?P<b>{_NAMED})\b(?!['’]s?\b)")
_PLURAL_TIES = ("parents", "grandparents", "kids", "children", "twins", "boys", "girls", "sons", "daughters",
                "brothers", "sisters", "grandkids", "grandchildren", "in-laws")
_OURS = re.compile(rf"\b(?P<whose>[Mm]y|[Yy]our)\s+(?:[a-z]+\s+)?(?P<tie>{'|'.join(_PLURAL_TIES)})\b(?!['’])")
_PETS = "|".join(sorted((re.escape(w) for w in PETS), key=len, reverse=True))
_PET = re.compile(rf"(?i:\b(?:{_PETS})\b)(?:\s+(?i:called|named))?,?\s+(?P<name>{NAME_WORD})\b")
# the pronoun opening a sentence (within one, "Kofi and Yaw, they both live in Accra", the readers know it already)
_OPENING = r"(?:^|(?<=[.!?;]\s))"
# a "they" that reports ("they say ...") or an "it" that is no pet ("it's raining", "it makes sense") is left as said
_THEY = re.compile(rf"{_OPENING}(?P<p>[Tt]hey)(?P<be>['’](?:re|ve))?(?=\s+(?:all\s+|both\s+|still\s+|just\s+)?"
                   r"(?!say|said|told|tell|reckon|think|call|mean)[a-z])")
_COUNT = r"(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s|an\s|called|named|scared|afraid|allergic)"
_IT = re.compile(rf"{_OPENING}(?P<p>[Ii]t)(?:(?P<be>['’]s|\s+is|\s+was)\s+(?={_COUNT})|(?=\s+(?:still\s+|always\s+|only\s+|just\s+)?"
                 r"(?!is\b|was\b|has\b|seems\b|looks\b|feels\b|sounds\b|makes\b|means\b|takes\b|depends\b|happens\b|gets\b|"
                 r"goes\b|costs\b|works\b|matters\b|helps\b|hurts\b|says\b|starts\b|ends\b|closes\b|opens\b)[a-z]+s\b))")
_NOT_NAMES = frozenset("i you we he she they it me my your our and but so the a an what who how where when why do does did "
                       "is are tell".split())

# a singular noun a "they" may mean ("a bag company in Florence, they take 40 percent")
_THEY_TOO = frozenset(BUSINESS_NOUNS) | GROUP_NOUNS | PEOPLE | frozenset(
    "council government ministry family staff crew committee board police hospital church office bank couple".split())

Parse = Callable[[list[str]], "list[Sentence] | None"]


def _pair(text: str, known: str = "") -> tuple[int, str] | None:
    """The last two people a text joins with "and", or the owner's people said with a plural tie; its end."""
    found: tuple[int, str] | None = None
    for m in _PAIR.finditer(text):
        if m.group("a").lower() not in _NOT_NAMES and m.group("b").lower() not in _NOT_NAMES:
            found = (m.end(), f"{m.group('a')} and {m.group('b')}")
    for m in _OURS.finditer(text):
        if found is None or m.end() > found[0]:
            found = (m.end(), f"my {m.group('tie')}")
    return found


def _pet(text: str, known: str = "") -> tuple[int, str] | None:
    """The last pet a text names (or a name `known` says is a pet's), with the end of its name."""
    names = {m.group("name") for m in _PET.finditer(f"{known} {text}")}
    found = [(m.end(), m.group("name")) for m in _PET.finditer(text)]
    found += [(m.end(), n) for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", text)]
    return max(found) if found else None


def _between_clear(parse: Parse, text: str, start: int, end: int, tags: tuple[str, ...]) -> bool:
    """Whether no noun of `tags` stands in `text[start:end]`: nothing else the pronoun could mean."""
    piece = text[start:end]
    if not piece.strip():
        return True
    parsed = parse([piece])
    if not parsed:
        return False
    return not any(t.tag in tags and t.lower not in ("lot", "bit") or t.tag == "NN" and t.lemma in _THEY_TOO for t in parsed[0])


def _said(m: re.Match[str], who: str) -> str:
    be = (m.group("be") or "").lower().replace("’", "'")
    if m.group("p") in ("They", "It"):
        who = who[0].upper() + who[1:]
    return who + {"'re": " are", "'ve": " have", "'s": " is ", "is": " is ", "was": " was "}.get(be.strip(), "")


def they_and_it(text: str, asked: str | None, previous: Sequence[str], speaker: str | None, parse: Parse) -> str:
    """The text with a clause-opening "they" said as the two people (or the owner's plural tie) it means, and an
    "it" as the pet it means, when the turn, the question just asked or the owner's turn before says who."""
    own_before = next((text_of(line) for line in reversed(previous) if said_by(line, speaker)), "")
    out = text
    for pronoun, find, tags in ((_THEY, _pair, ("NNS", "NNPS")), (_IT, _pet, ("NN", "NNS", "NNP", "NNPS"))):
        at = 0
        while (m := pronoun.search(out, at)) is not None:
            at = m.end()
            here = find(out[:m.start()], own_before)
            if here is not None:
                who, clear = here[1], _between_clear(parse, out, here[0], m.start(), tags)
            else:
                line, found = next(((ln, f) for ln in (asked or "", own_before) if (f := find(ln, own_before))), ("", None))
                if found is None:
                    break
                who = found[1]
                clear = _between_clear(parse, line, found[0], len(line), tags) and _between_clear(parse, out, 0, m.start(), tags)
            if clear:
                out = out[:m.start()] + _said(m, who) + out[m.end():]
                at = m.start() + len(who)
    return out


__all__ = ["they_and_it"]
