"""One rule, one card: a rule said as a list of prohibitions (issue 35, docs/formation-spec.md "Matching",
rule 5; "Several facts in a turn").

"the physio says no running and no stairs until the scan", "no screens after 8 and no fizzy drinks on
school nights", "never leave the till open and never give change from the safe": each "no ..."/"never ..."
is a rule a question would ask about on its own ("can I take the stairs?"), so the note-taker writes one
card per rule. The list is cut only where the marker is said again after "and", "or", a comma or a
semicolon: "no nuts or eggs" (one marker, one list of what is avoided), "salt and pepper squid" or "fish
and chips" (no marker) stay whole. A limit said once at the end for every item ("until the operation",
"for two weeks", "unless a grown-up is there") goes with each bare item before it; a place or time said
with one item ("after 8") stays with that item. Pure.
"""
from __future__ import annotations

import re

from .models import Fact
from .vocabulary import content_words

_MARKER = r"(?:no|never|always|don['’]?t|do\s+not|must\s+not|mustn['’]?t)"
# where the next rule starts: "and"/"or"/"but", a comma or a semicolon, then the marker said again
_NEXT = re.compile(rf"(?:\s*[,;]\s*(?:(?:and|or|but)\s+)?|\s+(?:and|or|but)\s+)(?={_MARKER}\b)", re.I)
_LEADING = re.compile(rf"^{_MARKER}(?:\s+|$)", re.I)
# "no exceptions", "no excuses", "no discussion": how firm the rule is, no rule of its own
_COMMENT = re.compile(r"^(?:no|never)\s+(?:exceptions?|excuses?|discussion|arguments?|questions\s+asked|ifs|buts)\b", re.I)
# a limit on the whole list, said once after its last item
_LIMIT = re.compile(r"\s+(?:until|till|unless|during|while|for\s+(?:a|an|one|two|three|four|five|six|\d+|the\s+next|"
                    r"the\s+first|a\s+few|a\s+couple\s+of)\s+(?:\w+\s+)?(?:days?|weeks?|months?|years?|hours?|nights?))\b.*$",
                    re.I)
# a phrase of its own inside an item: it says where, when or with what
_OWN_PHRASE = re.compile(r"\b(?:in|on|at|after|before|with|near|by|from|to|inside|outside|under|over|above|below|"
                         r"anywhere|ever)\b", re.I)


def rule_items(value: str, marked_before: bool = False) -> list[str]:
    """The rules a value lists, each with its marker as said; the value alone when it lists one.
    `marked_before`: the line says the first marker before the value ("No running and no stairs"), so
    no item keeps its own."""
    cuts = [m for m in _NEXT.finditer(value) if m.start() > 0]
    first_marked = marked_before or bool(_LEADING.match(value))
    if len(cuts) == 1 and not first_marked:  # "only the red cherries, never green", "cash and never credit": one
        return [value]  # rule said twice (a list of three marked or a first item marked is a list of rules)
    bounds = [0, *(m.start() for m in cuts), len(value)]
    starts = [0, *(m.end() for m in cuts)]
    items = [value[a:b].strip(" ,;") for a, b in zip(starts, bounds[1:])]
    if len(items) < 2 or not all(content_words(_LEADING.sub("", i)) for i in items) or any(_COMMENT.match(i) for i in items):
        return [value]
    if marked_before:
        items = [_LEADING.sub("", i) for i in items]
    limit = _LIMIT.search(items[-1])
    if limit is not None and content_words(items[-1][:limit.start()]):
        items = [i if _OWN_PHRASE.search(_LEADING.sub("", i)) else f"{i}{limit.group(0)}" for i in items[:-1]] + [items[-1]]
    return items


def rules_apart(f: Fact) -> list[Fact]:
    """A safety card listing several rules as one card per rule; any other card as it is."""
    if f.type != "safety":
        return [f]
    at = f.text.find(f.value)
    if at < 0:
        return [f]
    head, tail = f.text[:at], f.text[at + len(f.value):]
    marked = bool(re.search(rf"\b{_MARKER}\s*$", head, re.I))
    items = rule_items(f.value, marked)
    if len(items) < 2:
        return [f]
    alike = marked or bool(_LEADING.match(f.value))  # every item says its marker where the line says the first
    return [Fact(f.subject, f.predicate, item, f.type, f.certainty,
                 f"{head}{item}{tail}" if alike or n == 0 else f"{item[:1].upper()}{item[1:]}{tail}")
            for n, item in enumerate(items)]


def each_rule_apart(cards: list[Fact]) -> list[Fact]:
    """Every card of a turn, a listed rule's items as cards of their own."""
    return [g for f in cards for g in rules_apart(f)]


__all__ = ["each_rule_apart", "rule_items", "rules_apart"]
