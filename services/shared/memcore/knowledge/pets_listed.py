"""Further pets named in the same breath as the first (issue 35, one card one fact).

"I have a cat called Mochi and a rabbit called Pesto", "we've got a dog named Biko, a hamster named Luna and
two fish" say one pet after another, each with its own name. The readers of "has a PET called NAME" read the
first and stop at its name; each further "and a/an PET called NAME" is a pet of the same keeper, its own card
(docs/formation-spec.md, "Several facts in a turn": a question would ask about each one).

Only a conjunct that names its own animal with "called"/"named" counts: "two goats called Salt and Pepper"
is one name pair (the pair stays whole, as before), and "a cat called Mochi and a lot of plants" names
nothing more. Pure string work on the clause's remainder after the first pet's name.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .occupation import is_job
from .rule_basics import _PET
from .vocabulary import PEOPLE, RELATIONS

_ANOTHER = re.compile(
    rf"^\s*(?:,\s*(?:and\s+|plus\s+)?|\s+(?:and|&|plus)\s+|,?\s+and\s+also\s+)"
    r"(?:a|an|one|another|two|three|four|\d+)\s+"
    r"(?:(?:little|big|new|pet|baby|old|young|fluffy|black|white|brown|ginger|grey|gray|tabby|tiny|lazy)\s+)*"
    rf"(?P<pet>(?i:{_PET}))(?P<many>s)?\s+(?:called|named)\s+"
    rf"(?P<name>{NAME}(?:\s*,\s*{NAME})*(?:\s+(?:and|&)\s+{NAME})?)")


def further_pets(rest: str) -> list[tuple[str, str, bool]]:
    """(pet, name, many) for each further pet named in `rest`, the clause after the first pet's name:
    ", and a rabbit called Pesto" -> [("rabbit", "Pesto", False)]. A name pair after a plural ("two hens
    named Dolly and Parton") is one name, as the first pet's is."""
    out: list[tuple[str, str, bool]] = []
    while m := _ANOTHER.match(rest):
        name = m.group("name")
        if not m.group("many") and re.search(r"\s+(?:and|&)\s+", name):
            name, tail = re.split(r"\s+(?:and|&)\s+", name, maxsplit=1)[0], rest[m.start("name") + len(name):]
            out.append((m.group("pet").lower(), name, False))
            rest = tail
            continue
        out.append((m.group("pet").lower(), name, bool(m.group("many"))))
        rest = rest[m.end():]
    return out


# "we've got a labrador called Odin and a cat called Freya": any kind of animal, the first one named too
_ADJ = r"(?:(?:little|big|new|pet|baby|old|young|fluffy|black|white|brown|ginger|grey|gray|tabby|tiny|lazy)\s+)*"
_ANY_FIRST = re.compile(rf"^(?P<subj>(?i:I|we))(?:\s+|['’]ve\s+)(?:have|got|have\s+got|own)\s+(?:a|an)\s+{_ADJ}(?P<pet>[a-z]{{3,}})\s+"
                        rf"(?:called|named)\s+(?P<name>{NAME})")
_ANY_NEXT = re.compile(rf"^\s*(?:,\s*(?:and\s+)?|\s+(?:and|&|plus)\s+)(?:a|an|another)\s+{_ADJ}(?P<pet>[a-z]{{3,}})\s+(?:called|named)\s+"
                       rf"(?P<name>{NAME})")


def _an_animal(word: str) -> bool:
    return word not in RELATIONS and word not in PEOPLE and word.rstrip("s") not in RELATIONS and not is_job([word], False)


def animals_named(clause: str) -> tuple[str, list[tuple[str, str]]]:
    """Who names them ("I" or "we") and (kind, name) for each animal the owner names in a row, "a labrador called Odin and a cat called Freya",
    whatever the kind's word; no animal for one alone (the parse's readers name it) or when a kind is a person's
    ("a son called Tariq and a daughter called Noor" is the kin readers')."""
    m = _ANY_FIRST.match(clause)
    if m is None:
        return "", []
    out, rest = [(m.group("pet"), m.group("name"))], clause[m.end():]
    while n := _ANY_NEXT.match(rest):
        out.append((n.group("pet"), n.group("name")))
        rest = rest[n.end():]
    return m.group("subj"), out if len(out) > 1 and all(_an_animal(kind) for kind, _ in out) else []


__all__ = ["animals_named", "further_pets"]
