"""A card's value that keeps "him" or "her" for someone the conversation names, said as that one (issue 35,
docs/formation-spec.md: the value holds "the content word(s) that make the card true"; a pronoun makes none).

"My cat Mochi is 3, my husband feeds him every morning" is the husband feeding Mochi; "Our neighbour Mrs Okafor
is lovely, I take her shopping on Fridays" is taking Mrs Okafor shopping; "His grandma Rosa picks him up" after
"My son Bilal is 9" is Bilal picked up. The one meant is the last person (or pet) named before the pronoun who is
not the card's own subject and whose tie does not say the other sex ("my brother Tiago ... her" is not Tiago): a
name (with its title: "Mrs Okafor"), or the owner's unnamed kin ("my mum ... I phone her"). When the turn names
nobody before it, the person the owner's earlier turns named last (`earlier`) is meant. A place ("lives in St
George's"), a day or a month is nobody; "her" said of a thing ("her dog", "her job") is whose, and stays.
When the turn and the owner's earlier turns name nobody, the one the question just before the turn asked about
("And Praline?") is meant. Nothing changes when the pronoun is not found as an object in the turn's parse. Pure:
parses in (a parser passed in for the question), cards out.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..calendar_words import MONTH_SET, WEEKDAY_SET
from .mentions import FEMALE_TIES, MALE_TIES, sex_of
from .models import Fact
from .parse import Sentence, Tok
from .person import possessive
from .vocabulary import RELATIONS, content_words

_POINTER = re.compile(r"\b(him|her)\b", re.I)
_SEX = {"him": "he", "her": "she"}
_OBJECT = frozenset("dobj pobj dative iobj nsubj".split())  # "take her shopping": the parse may call her a subject
# a proper noun after these is a place or a time, not a person ("in St George's", "on Tuesdays", "from Lagos")
_PLACE_PREPS = frozenset("in at from to near on into onto outside inside around across till until since".split())
_NAMED = frozenset("nsubj nsubjpass poss dobj pobj appos conj attr npadvmod oprd dative ROOT".split())  # ("And Praline?")


def _pointer_at(turn: Sequence[Sentence], value: str, m: re.Match[str]) -> tuple[int, Tok] | None:
    """The pronoun's token in the turn, found by the words the value says beside it; None when not found."""
    before = value[:m.start()].split()[-1:]
    after = value[m.end():].split()[:1]
    for n, s in enumerate(turn):
        for t in s:
            if t.lower != m.group(1).lower():
                continue
            if before and (t.i == 0 or s[t.i - 1].lower != before[0].lower()):
                continue
            if after and (t.i + 1 >= len(s) or s[t.i + 1].lower != after[0].lower().strip(".,;!?")):
                continue
            return n, t
    return None


def _name(s: Sentence, t: Tok) -> str:
    """A proper noun with the proper nouns before it that make its name ("Mrs Okafor", "Salvatore Ingrassia")."""
    first = t.i
    while first > 0 and s[first - 1].pos == "PROPN" and s[first - 1].head == t.i:
        first -= 1
    return " ".join(x.text for x in s[first:t.i + 1])


def _people_before(turn: Sequence[Sentence], at: tuple[int, int], owner: str) -> list[tuple[str, str | None]]:
    """The people (and pets) the turn names before the token at `at` (sentence, index), in order, each with the
    sex its kin word says ("she", "he" or None)."""
    out: list[tuple[str, str | None]] = []
    for n, s in enumerate(turn[:at[0] + 1]):
        for t in s[:at[1] if n == at[0] else len(s)]:
            head = s[t.head]
            if t.pos == "PROPN" and t.dep in _NAMED and not (head.pos == "PROPN" and t.head != t.i) \
                    and not (t.dep == "pobj" and head.lower in _PLACE_PREPS) and t.lower not in MONTH_SET \
                    and t.lower.rstrip("s") not in WEEKDAY_SET and t.text != owner:
                out.append((_name(s, t), None))
            elif t.lemma in RELATIONS and t.pos == "NOUN" and any(k.head == t.i and k.dep == "poss" and k.lower == "my" for k in s) \
                    and not any(k.head == t.i and k.pos == "PROPN" and k.dep in ("appos", "compound") for k in s):
                sex = "she" if t.lower in FEMALE_TIES else "he" if t.lower in MALE_TIES else None
                out.append((f"{possessive(owner)} {t.lower}", sex))  # "my mum ... I phone her"
    return out


def named_object(f: Fact, turn: Sequence[Sentence], owner: str, earlier: str | None = None) -> Fact:
    """The card with a "him"/"her" of its value said as the one it means; the card as it is when the turn does not
    say whom (or says it of a thing: "her dog")."""
    m = _POINTER.search(f.value)
    if m is None or not turn or f.type == "process":
        return f
    found = _pointer_at(turn, f.value, m)
    if found is None or found[1].dep not in _OBJECT:
        return f
    n, tok = found
    sex = _SEX[m.group(1).lower()]
    text = " ".join(x.text for s in turn for x in s)
    mine = content_words(f.subject)
    candidates = [(who, said) for who, said in _people_before(turn, (n, tok.i), owner)
                  if not content_words(who) & mine and (said or sex_of(text, who)) in (None, sex)]
    who = candidates[-1][0] if candidates else earlier if earlier and not content_words(earlier) & mine and (
        sex_of(text, earlier) in (None, sex)) and earlier != owner else None
    if who is None:
        return f
    return replace(f, value=f.value[:m.start()] + who + f.value[m.end():], text=_line(f, m, who))


def _line(f: Fact, m: re.Match[str], who: str) -> str:
    """The card's line with the same pronoun said as `who`: found after the word the value says before it, or
    before the rest of the value ("Sandrine helps him with his garden"); the line as it is when neither is said."""
    before, rest = f.value[:m.start()].split()[-1:], f.value[m.end():].strip()
    for shape in ([rf"\b{re.escape(before[0])}\s+(?P<p>{m.group(1)})\b"] if before else []) + (
            [rf"\b(?P<p>{m.group(1)})\s+{re.escape(rest)}"] if rest else []):
        said = re.search(shape, f.text, re.I)
        if said is not None:
            return f.text[:said.start("p")] + who + f.text[said.end("p"):]
    return f.text


def named_in_question(cards: list[Fact], turn: str, asked: str | None, owner: str,
                      parse: Callable[[list[str]], list[Sentence] | None]) -> list[Fact]:
    """The cards with a "him"/"her" the turn names nobody for said as the one the question just before asked about
    ("And Praline?" "Sandrine walks her before work": Praline). `parse`: parse.parse or a turn's parse_once."""
    if not asked or not any(_POINTER.search(f.value) for f in cards):
        return cards
    got = parse([turn, asked])
    if not got:
        return cards
    said, question = got
    named = _people_before([question], (0, len(question)), owner)
    if not named:
        return cards
    return [named_object(f, [said], owner, named[-1][0]) for f in cards]


__all__ = ["named_in_question", "named_object"]
