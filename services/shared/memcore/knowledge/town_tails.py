"""A town said at the end of a work or a team's card is a card of its own (issue 35, docs/formation-spec.md
"Types": identity holds where one lives or works; "Matching", rule 5).

"I run the shop side of Şirvanlı Halva in Sheki", "I manage the front desk at a clinic in Kraków", "we
make fresh rice noodles in Battambang for the markets": the note-taker writes what one does and where it is
on two cards, since a question asks about each alone ("where is the shop?"). A reader that keeps the
clause whole keeps the town inside the role's card, which then says two facts. Here the town ("in" and a
capitalised name that is no month, weekday, language or school year) leaves the work card's value and
line, and a card of its own says it: the team's, where a team's card or its name says it ("Şirvanlı Halva
is in Sheki"), else where the person works ("Maitén works in Luján de Cuyo"). A turn that gave the town a
card already keeps that one. Places, events, rules and processes are left as said (sibling_phrases.py
already takes a workplace's town apart). Pure.
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET, SEASONS, WEEKDAY_SET
from .models import Fact
from .vocabulary import LANGUAGES, WHERE_ONE_IS, WORKPLACES, content_words

_WORD = r"[A-ZÀ-ÖØ-Þ\u0100-\u024f][\w'’-]+"
# "in Sheki", "in Luján de Cuyo, Mendoza", "in Castelló": "in" and a place's name (small words inside it)
_TOWN = re.compile(rf"(?<=\s)in\s+(?P<town>{_WORD}(?:(?:\s+(?:de|del|da|do|di|la|le|el|sur|am|an|upon|on))?\s+{_WORD}){{0,3}}"
                   rf"(?:,?\s+{_WORD})?)(?=\s*(?:$|[.,;!]|\s(?:for|to|with|and|where|since|from)\b))")
_NOT_TOWN = WEEKDAY_SET | MONTH_SET | frozenset(SEASONS) | LANGUAGES | frozenset(
    "year years grade class form primary secondary school college university room hall the a an my our".split())
# what one does at work: the cards whose town is where one works
_WORK = frozenset("role runs job occupation manages teaches teach coordinates".split())  # a workplace's town:
# sibling_phrases.town_apart
# where a team sells, delivers or plays is no home of its own ("we sell in Nairobi", "we tour in Bergen")
_ELSEWHERE = re.compile(r"^(?:sell|deliver|ship|export|tour|perform|play|visit|travel|go|fly|sail|drive|compete|show)",
                        re.I)
# a place of another's before the town: the town is where that place is
_ANOTHERS = re.compile(r"\b(?:from|at|of|with|near|by)\s+\S", re.I)
# a name of another's right before the town ("our biggest customer is Fable Kitchen in Guelph")
_NAMED_LAST = re.compile(rf"\b{_WORD}\s*$")
_KEPT_AS_SAID = frozenset("process safety episodic preference relationship".split())


def _town(said: str) -> re.Match[str] | None:
    """The last town a line or value names at its end or before a last phrase, or None."""
    found = [m for m in _TOWN.finditer(said) if m.group("town").split()[0].lower() not in _NOT_TOWN]
    return found[-1] if found else None


def _cut(said: str, m: re.Match[str]) -> str:
    return " ".join(f"{said[:m.start()]} {said[m.end():]}".split()).replace(" ,", ",").strip(" ,;")


def town_card(f: Fact, team: str | None) -> tuple[Fact, Fact] | None:
    """The card without its town and the town's own card, or None when the card says no town to take apart."""
    if f.type in _KEPT_AS_SAID or f.predicate in WHERE_ONE_IS | WORKPLACES or f.predicate in ("name", "age"):
        return None
    teams = team is not None and (f.subject == team or f.subject.startswith(f"{team}'"))
    if not teams and not (f.type == "identity" and f.predicate in _WORK) or _ELSEWHERE.match(f.predicate) \
            or _ELSEWHERE.match(f.value):
        return None
    if re.match(r"^in\s", f.value, re.I):  # "roasts in Kigali": the town is all the value says
        return None
    in_line, in_value = _town(f.text), _town(f.value)
    if in_line is None and in_value is None:
        return None
    town = (in_value or in_line).group("town")  # type: ignore[union-attr]
    value = _cut(f.value, in_value) if in_value is not None else f.value
    if not content_words(value) or town in f.subject or content_words(town) <= content_words(value):
        return None  # "a second branch in Harrogate" as "branch: Harrogate": the card is the town's already
    line = _cut(f.text, in_line) if in_line is not None and in_line.group("town") == town else f.text
    before = f.text[:in_line.start()] if in_line is not None else ""
    after_team = team is not None and before.rstrip().endswith(team)  # "the shop side of Halva Evi in Şəki"
    of_team = teams or after_team
    if teams and not after_team and (_ANOTHERS.search(before) or _NAMED_LAST.search(before)):
        return None  # "comes from Brenmar Supplies in Redruth", "a stall at the market in Suva": that place's town
    place = (Fact(team, "located_in", town, "identity", f.certainty, f"{team} is in {town}") if of_team and team
             else Fact(f.subject, "works_in", town, "identity", f.certainty, f"{f.subject} works in {town}"))
    return Fact(f.subject, f.predicate, value, f.type, f.certainty, line), place


def towns_apart(cards: list[Fact], team: str | None) -> list[Fact]:
    """The turn's cards, a work or team card's town on a card of its own (once; not when a card says it)."""
    placed = {f.value.lower() for f in cards if f.predicate in WHERE_ONE_IS}
    out: list[Fact] = []
    for f in cards:
        two = town_card(f, team)
        if two is None:
            out.append(f)
            continue
        out.append(two[0])
        if two[1].value.lower() not in placed:
            placed.add(two[1].value.lower())
            out.append(two[1])
    return out


__all__ = ["town_card", "towns_apart"]
