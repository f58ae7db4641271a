"""A person's name that the name rules or the small NER model typed as something else (pure): an
organisation called by a person's first name is no person of it (`of_its_kind`), a known person's name
or first name taken for another type is that person (`is_known_person`, `first_name_of_known_person`),
and a person-shaped full name kept as a thing, a place or an organisation is the person a first name
said alone next names (`misread_person`, `introduced_as_other`; issue 37). Decided for
memcore.entities.identity, which the write path (memory_api.entity_linking) reads them through."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Mapping, Sequence
from uuid import UUID

from ..extraction.lexicon import ORG_SUFFIXES, PLACE_SUFFIXES
from ..textnorm import norm_name
from . import beside_name, descriptors

if TYPE_CHECKING:
    from .identity import Candidate


def of_its_kind(name: str, type_: str, found: Sequence[Candidate]) -> list[Candidate]:
    """A person is another type's entity only by the very same name, never through a first name:
    an organisation called "Sarah" absorbs no Sarah Jones."""
    if type_ != "person":
        return list(found)
    return [c for c in found if c.type == "person" or norm_name(name) == norm_name(c.name)]


def is_known_person(name: str, found: Sequence[Candidate]) -> bool:
    """A mention typed as something else that is a known person's name (or first name) is that
    person ("Sarah" taken for an organisation by the small NER model)."""
    return any(c.type == "person" and norm_name(name) in c.norm_names for c in found)


def first_name_of_known_person(name: str, found: Sequence[Candidate]) -> bool:
    """A full name typed as something else whose first word is a known person's first name is a
    namesake of theirs ("Lucan Varley from the gym is a paramedic" taken for a concept when a Lucan
    is known): without it the other namesakes are the only people of that name and merge (issue 37,
    asking while answering). A name ending in an organisation's word ("Morgan Holdings") is not."""
    words = norm_name(name).split()
    if not 2 <= len(words) <= 3 or words[-1] in ORG_SUFFIXES:
        return False
    return any(c.type == "person" and words[0] in c.norm_names for c in found)


_PARTICLES = frozenset("de da di du del della der den van von le la bin al".split())
# The types the name rules give a person's name they misread ("Wilf Hargreaves" an organisation); never a
# project, a system or a process ("the Anderson order").
_MISREAD_AS = frozenset({"concept", "place", "org"})
# ... and those it gives a first name said alone that is a person's ("Shona left a voicemail" a place): not an
# organisation, which is often called by the first word of its name ("Goldman", "Deutsche").
FIRST_NAME_MISREAD_AS = frozenset({"concept", "place"})


def person_shaped(name: str) -> bool:
    """A name of two or three words, each written capitalised (not in capitals: "LGBTQ Activists") but a
    particle ("Ana de Souza"), ending in no organisation's or place's word ("Fraser Cartwright"; not
    "Morgan Holdings", "Quarry Road" or "Anderson order"): what a person's full name looks like."""
    said, words = name.split(), norm_name(name).split()
    return 2 <= len(words) <= 3 and len(said) == len(words) and words[-1] not in ORG_SUFFIXES \
        and words[-1] not in PLACE_SUFFIXES and all(w[:1].isupper() and not w.isupper() or w in _PARTICLES for w in said)


def misread_person(c: Candidate) -> bool:
    """An entity of a type the name rules give a person's name they misread, whose name is person-shaped."""
    return misread_name(c.name, c.type)


def misread_name(name: str, type_: str) -> bool:
    """misread_person of an entity's name and type."""
    return type_ in _MISREAD_AS and person_shaped(name)


def said_as_a_title(name: str, texts: Sequence[str]) -> bool:
    """Is the name said in quotes where one of these texts says it ('a piece called "Finding Freedom."')? A title,
    not a person's name: a sentence opening with its first word ("Finding that balance is key") names no one
    (LoCoMo conv-30 made a person of the dance piece so)."""
    said = [t for t in texts if name.lower() in t.lower()]
    quoted = re.compile(r"[\"“‘']\s*" + re.escape(name) + r"\W{0,2}[\"”’']", re.IGNORECASE)
    return any(quoted.search(t) for t in said)


def introduced_as_other(first: str, found: Sequence[Candidate]) -> Candidate | None:
    """The one entity of another type a person's first name said alone names: a person-shaped full name
    of that first word, kept as a concept, a place or an organisation because the small NER model read the
    introduction so ("Spoke to our new labourer Fraser Cartwright" taken for a concept, then "Fraser is
    sorting the hampers"). People are introduced by their full name and then called by their first: without
    this the first name makes a second entity of the same person. None when no such entity or several."""
    words = norm_name(first).split()
    if len(words) != 1:
        return None
    fits = [c for c in found if misread_person(c) and norm_name(c.name).split()[0] == words[0]]
    return fits[0] if len(fits) == 1 else None


def introduced_as_a_person(first: str, found: Sequence[Candidate], texts: Mapping[UUID, Sequence[str]]
                           ) -> Candidate | None:
    """The one person-shaped entity of another type a first name typed as an organisation names
    (`introduced_as_other`), when it was said with who they are to the speaker ("Our sparky Gemma
    Gallagher phoned" taken for an organisation, then "Don't forget Gemma has the pallet invoice" taken
    for one too): an organisation is often called by the first word of its name ("Goldman"), which is why
    FIRST_NAME_MISREAD_AS leaves organisations out, but nobody is "our sparky" Goldman Sachs. Without it the
    first name made an organisation "Gemma" beside the person, holding what was said of her, and a query
    for her asked between the two (issue 37, business calibration 6161). `texts`: per entity, its linked
    memories' texts, where beside_name reads what was said beside its name."""
    c = introduced_as_other(first, found)
    return c if c is not None and beside_name.said_before(texts.get(c.entity_id, ()), c.name) else None


def described_as_other(first: str, said: Sequence[str], found: Sequence[Candidate],
                       texts: Mapping[UUID, Sequence[str]]) -> Candidate | None:
    """The one person-shaped entity of another type starting with the first name that was said to be
    what the text says beside the first name ("our subbie Gemma" after "Our subbie Gemma Pennington left a
    voicemail" taken for an organisation), when another person of that first name is known and none is
    described so: `introduced_as_other` asks no more than the first name when no person of it is known,
    and the known namesake would take the turn, or a second Gemma be made in passing. `texts`: per entity,
    its linked memories' texts, where beside_name reads what was said beside its name."""
    words = norm_name(first).split()
    if len(words) != 1 or not said:
        return None
    fits = [c for c in found if misread_person(c) and norm_name(c.name).split()[0] == words[0]]
    told = {c.entity_id: [*beside_name.said_before(texts.get(c.entity_id, ()), c.name),
                          *(w for t in texts.get(c.entity_id, ()) for w in beside_name.where(t, c.name))] for c in fits}
    hits = descriptors.best_described(said, told)
    return next(c for c in fits if c.entity_id in hits) if len(hits) == 1 else None
