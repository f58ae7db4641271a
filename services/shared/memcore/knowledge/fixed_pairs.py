"""Two words joined by "and" that name one thing (issue 35, one card one fact, the other way round).

"fish and chips", "salt and pepper squid", "rock and roll", "Trinidad and Tobago" are one dish, one kind of
music, one country: a question asks about the pair, never about "chips" alone (docs/formation-spec.md, "a
name pair that is one thing ... is one card"). English has a closed stock of such binomials, in a fixed
order (nobody says "chips and fish"); the list below is that stock for the things people like, eat, play
and come from. A list of things said in one breath ("peas and carrots", "cats and dogs") is not in it and
is split as before.

Besides the stock, two slots hold one name whatever it is:
- a title after "favourite show/film/book/band/song/game ... is" ("my favourite film is Pride and
  Prejudice"; "my favourite films are X and Y" is a list and is split);
- a firm after "work at/for" whose two parts are capitalised ("I work at Marks and Spencer").

`joined_whole(text)` hides the "and" inside each such pair from the list readers (with word joiners,
which no split on whitespace sees); `said_again(item)` gives the words back. Pure string work.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .models import Fact

JOINER = "\u2060"

# food and drink
_FOOD = """fish and chips|salt and pepper|salt and vinegar|cheese and onion|mac and cheese|macaroni and cheese|
strawberries and cream|bread and butter|peanut butter and jelly|peanut butter and jam|rice and peas|rice and beans|
pie and mash|bangers and mash|sausage and mash|steak and kidney|sweet and sour|gin and tonic|rum and coke|
whisky and coke|vodka and coke|ham and cheese|cheese and tomato|cheese and ham|cookies and cream|surf and turf|
bubble and squeak|egg and chips|franks and beans|pork and beans|tea and biscuits|
tea and cake|chips and salsa|chips and dip|bacon and eggs|ham and eggs|eggs and bacon|milk and cookies|
chicken and chips|chicken and rice|chicken and waffles|shrimp and grits|biscuits and gravy|lemon and herb|
lemon and ginger|honey and lemon|fruit and nut|oil and vinegar|curry and rice|dal and rice|
black and white|sweet and salty|hot and sour|rhubarb and custard|apple and blackberry|pineapple and coconut|
jam and cream|bread and cheese|cheese and crackers|soup and sandwich"""
# music, games, pastimes, shows
_PASTIMES = """rock and roll|rock n roll|rhythm and blues|drum and bass|country and western|hide and seek|
cops and robbers|snakes and ladders|arts and crafts|dungeons and dragons|truth or dare|trick or treat|
tom and jerry|ant and dec|simon and garfunkel|hall and oates|wallace and gromit|bert and ernie|
pride and prejudice|sense and sensibility|war and peace|crime and punishment|romeo and juliet|
beauty and the beast|hansel and gretel|law and order|pinky and the brain|ben and holly|
bed and breakfast|pick and mix|song and dance|cut and paste|meet and greet|hit and run|
rest and relaxation|health and safety|research and development|sales and marketing"""
# places and firms
_NAMES = """trinidad and tobago|antigua and barbuda|bosnia and herzegovina|saint kitts and nevis|st kitts and nevis|
sao tome and principe|são tomé and príncipe|saint vincent and the grenadines|turks and caicos|
marks and spencer|marks & spencer|ernst and young|procter and gamble|johnson and johnson|fortnum and mason|
barnes and noble|black and decker|ben and jerry's|bang and olufsen|dolce and gabbana|abercrombie and fitch"""

_STOCK = sorted({p.strip() for block in (_FOOD, _PASTIMES, _NAMES) for p in block.replace("\n", "").split("|")
                 if " and " in p or " & " in p or " or " in p}, key=len, reverse=True)
_PAIR = re.compile(r"(?i)\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in _STOCK) + r")\b")
_CAP = r"[A-Z][\w'’.-]*"
_TITLE_SLOT = re.compile(rf"(?i:\bfavou?rite\s+(?:tv\s+)?(?:show|film|movie|book|band|group|duo|song|game|board\s+game|"
                         rf"series|programme|program|cartoon|musical|play)\s+(?:is|was|['’]s|has\s+to\s+be)\s+)"
                         rf"(?P<pair>{_CAP}(?:\s+{_CAP})*\s+(?:and|&)\s+(?:the\s+)?{_CAP}(?:\s+{_CAP})*)")
_FIRM_SLOT = re.compile(rf"(?i:\b(?:work|works|worked|working)\s+(?:at|for)\s+)(?P<pair>{_CAP}\s+(?:and|&)\s+{_CAP})\b")


def _hidden(pair: str) -> str:
    return re.sub(r"\s+", JOINER, pair)


def joined_whole(text: str) -> str:
    """The text with the spaces of each pair that names one thing replaced by word joiners."""
    if not re.search(r"(?i)\s(?:and|&|or|n)\s", text):
        return text
    text = _TITLE_SLOT.sub(lambda m: m.group(0)[:m.start("pair") - m.start()] + _hidden(m.group("pair")), text)
    text = _FIRM_SLOT.sub(lambda m: m.group(0)[:m.start("pair") - m.start()] + _hidden(m.group("pair")), text)
    return _PAIR.sub(lambda m: _hidden(m.group(0)), text)


def said_again(text: str) -> str:
    """The words of a pair given back their spaces."""
    return text.replace(JOINER, " ")


def is_one_thing(text: str) -> bool:
    """Whether `text` ("salt and pepper squid", "Marks and Spencer") holds a pair that names one thing."""
    return joined_whole(text) != text


__all__ = ["JOINER", "is_one_thing", "joined_whole", "said_again", "whole_pairs", "widened"]


def _pairs_in(text: str) -> list[str]:
    return [said_again(w) for w in re.findall(rf"\S*{JOINER}\S*", joined_whole(text))]


def widened(value: str, text: str) -> str:
    """A value cut off at the "and" of a pair naming one thing ("Marks" of "I work at Marks and Spencer",
    "Antigua" of "grew up in Antigua and Barbuda") given its whole pair; any other value as it was."""
    if not value or JOINER in value:
        return said_again(value)
    for pair in _pairs_in(text):
        pair = pair.strip(".,;:!?")
        first, _, last = re.split(r"\s+(and|&|or|n)\s+", pair, maxsplit=1) if re.search(r"\s(?:and|&|or|n)\s", pair) else (pair, "", "")
        if value.lower() in (first.lower(), last.lower()) and value.lower() != pair.lower():
            return pair
    return value


def whole_pairs(facts: list[Fact], clause: str) -> list[Fact]:
    """The facts of a clause with each value cut at a pair's "and" given the whole pair (its line too), and
    the cards that then say the same thing once."""
    if not is_one_thing(clause):
        return facts
    out: list[Fact] = []
    for f in facts:
        value = widened(f.value, clause)
        if value != f.value:
            text = f.text if value.lower() in f.text.lower() else re.sub(rf"\b{re.escape(f.value)}\b", value, f.text, count=1)
            f = replace(f, value=value, text=text)
        if not any((g.subject, g.predicate, g.value.lower()) == (f.subject, f.predicate, f.value.lower()) for g in out):
            out.append(f)
    return out
