"""Living entity profiles (pure): a deterministic summary composed from what the entity's linked
memories say, the text that is embedded for disambiguation, and context tags.

Summary shape (one line per kind of knowledge, empty kinds left out):
    Ingrid (person). Role: editor. Part of: Harbour Lantern Media. Also called: the fixer.
    Relations: reports to Mona; belongs to Harbour Lantern Media.
    Known: Ingrid is one of our editors.
    Episodes: Ingrid sent 5 edits on Friday after the studio call.

"Known" holds what lasts (who they are, what they do, like or know); "Episodes" what happened
once (met for coffee, came round). Disambiguation weighs an episode less than a lasting fact.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from ..extraction.entities import strip_names
from ..extraction.lexicon import TIME_WORDS
from ..retrieval.query_terms import content_words
from ..textnorm import normalise

MAX_FACTS = 10
MAX_FACT_CHARS = 220
MAX_TAGS = 8
FOUNDATIONAL = ("identity", "relationship", "semantic", "process", "preference", "skill", "safety", "routine")
_NUMBER = re.compile(r"^\d+(?:st|nd|rd|th)?$")


@dataclass(frozen=True)
class Fact:
    text: str
    type: str
    salience: float = 0.5


@dataclass
class Facets:
    """What identifies an entity: its roles, the organisations it belongs to, its nicknames."""

    roles: list[str] = field(default_factory=list)
    orgs: list[str] = field(default_factory=list)
    nicknames: list[str] = field(default_factory=list)
    # who they are to the speaker ("cousin", "neighbour"): found again by "my cousin", never a conflict
    kin: list[str] = field(default_factory=list)
    # the personal pronouns the conversation used for them ("she", "he"), as a pronoun was linked
    pronouns: list[str] = field(default_factory=list)
    # the clue a person said in passing was made an entity on ("climbing club"), until the first
    # repeat confirms them (issue 37): empty once confirmed, and for everyone else
    tentative: list[str] = field(default_factory=list)
    # where they were said to be, beside their name, when that may be only where they were ("Caught Gemma
    # Pennington on the early bake"): a first name said so again is them, but it sets no namesake apart
    where: list[str] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict | None) -> "Facets":
        data = data or {}
        return cls(list(data.get("roles", [])), list(data.get("orgs", [])), list(data.get("nicknames", [])),
                   list(data.get("kin", [])), list(data.get("pronouns", [])), list(data.get("tentative", [])),
                   list(data.get("where", [])))

    def to_json(self) -> dict:
        out = {"roles": self.roles, "orgs": self.orgs, "nicknames": self.nicknames}
        if self.kin:
            out["kin"] = self.kin
        if self.pronouns:
            out["pronouns"] = self.pronouns
        if self.tentative:
            out["tentative"] = self.tentative
        if self.where:
            out["where"] = self.where
        return out

    def merged(self, other: "Facets") -> "Facets":
        def union(a: list[str], b: list[str]) -> list[str]:
            out = list(a)
            for x in b:
                if x and x.lower() not in {y.lower() for y in out}:
                    out.append(x)
            return out
        return Facets(union(self.roles, other.roles), union(self.orgs, other.orgs),
                      union(self.nicknames, other.nicknames), union(self.kin, other.kin),
                      union(self.pronouns, other.pronouns), union(self.tentative, other.tentative),
                      union(self.where, other.where))

    def empty(self) -> bool:
        return not (self.roles or self.orgs or self.nicknames)


def select_facts(facts: Sequence[Fact], limit: int = MAX_FACTS, names: Sequence[str] = ()) -> list[Fact]:
    """What someone is, does or has before what only tells what the speaker did with them
    (clue_words.tells_an_encounter: "We went skating with Wren", "Wren gave me a badge"), which anyone
    may be told of and which tells no one apart (with MAX_FACTS, a child's "Me and Isla played tag" and
    "I saw Isla at the park" had kept "She got a yellow belt at karate" out of the summary: child
    calibration 9182); who they are to the speaker ("our head florist") is not set back. Within each,
    foundational knowledge first, then the most salient episodes; repeated texts once, and texts that
    differ only in which of the entity's names they say (statement_key). `names`: the entity's own,
    taken out of a fact before it is read so. (Input order breaks ties, so callers pass
    memories oldest first.)"""
    from .clue_words import tells_an_encounter

    seen: set[str] = set()
    unique: list[tuple[int, Fact]] = []
    for i, f in enumerate(facts):
        key = statement_key(f.text, names)
        if key and key not in seen:
            seen.add(key)
            unique.append((i, f))
    dealings = {i for i, f in unique if SPEAKER_LAST and tells_an_encounter(strip_names(f.text, list(names)))}
    unique.sort(key=lambda p: (p[0] in dealings, p[1].type not in FOUNDATIONAL, -p[1].salience, p[0]))
    return [f for _, f in unique[:limit]]


SPEAKER_LAST = True
# One statement said with the full name and with the first name counts once in a summary ("George
# Nash is owner's big cousin" / "George is owner's big cousin", "My big cousin George Nash came for a
# sleepover" / "My big cousin George came for a sleepover"): each copy took a place of MAX_FACTS, and
# three such pairs had kept "George Nash? Turns out he helps children cross the busy road!" (said last,
# as a late role is) out of a child's cousin's summary (people-talk child calibration 5813).
def statement_key(text: str, names: Sequence[str] = ()) -> str:
    """What tells two facts apart in a summary: the text normalised, without the entity's own `names`."""
    return normalise(strip_names(text, list(names)))


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_FACT_CHARS else text[: MAX_FACT_CHARS - 1].rsplit(" ", 1)[0] + "…"


def _predicate_words(predicate: str) -> str:
    return predicate.replace("_", " ")


def compose_summary(name: str, type_: str, aliases: Sequence[str], facets: Facets, parent: str | None,
                    edges: Sequence[tuple[str, str, bool]], facts: Sequence[Fact]) -> str:
    """edges: (predicate, other entity's name, outgoing?)."""
    parts = [f"{name} ({type_})."]
    if facets.roles:
        parts.append("Role: " + ", ".join(facets.roles) + ".")
    orgs = [o for o in facets.orgs if o and not o.startswith("@")]
    if parent and parent not in orgs:
        orgs.insert(0, parent)
    if orgs:
        parts.append("Part of: " + ", ".join(orgs) + ".")
    others = [a for a in dict.fromkeys([*aliases, *facets.nicknames]) if a and a != name]
    if others:
        parts.append("Also called: " + ", ".join(others) + ".")
    rels = []
    for predicate, other, outgoing in edges:
        if predicate == "alias":
            continue
        rel = f"{_predicate_words(predicate)} {other}" if outgoing else f"{other} {_predicate_words(predicate)} {name}"
        if rel not in rels:
            rels.append(rel)
    if rels:
        parts.append("Relations: " + "; ".join(rels[:8]) + ".")
    chosen = select_facts(facts, names=[*own_names(name, type_), *aliases])
    lasting = [f for f in chosen if f.type in FOUNDATIONAL]
    episodes = [f for f in chosen if f.type not in FOUNDATIONAL]
    for label, group in (("Known", lasting), ("Episodes", episodes)):
        if group:
            parts.append(f"{label}: " + " ".join(_clip(f.text).rstrip(".") + "." for f in group))
    return " ".join(parts)


LABELS = ("Role:", "Part of:", "Also called:", "Relations:", "Known:", "Episodes:")
_LABELS = re.compile("|".join(re.escape(label) for label in LABELS) + r"|^[^()]*\((?:person|org|project|place|system"
                     r"|process|concept)\)\.")


def label_free(summary: str) -> str:
    """The summary's content without its template words ("Also called:" must not match "Peter called")."""
    return " ".join(_LABELS.sub(" ", summary).split())


def embedding_text(summary: str, names: Iterable[str]) -> str:
    """What is embedded: the summary's content without the entity's own names (queries are compared
    without the name too, so the name carries no weight). Nicknames stay: they are context clues."""
    return strip_names(label_free(summary), [n for n in names if n])


_SECTION = re.compile(r"(Role|Part of|Also called|Relations|Known|Episodes):\s")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")
_SENTENCES = ("Known", "Episodes")


def _sections(summary: str) -> Iterator[tuple[str, str]]:
    """(label, body) of each section of a summary, in order."""
    pieces = _SECTION.split(summary or "")
    return zip(pieces[1::2], (body.strip().rstrip(".") for body in pieces[2::2]))


def profile_fact_items(summary: str, names: Iterable[str]) -> list[tuple[str, bool]]:
    """The summary's statements one at a time, without the entity's own names, each with whether it
    is an episode (what happened once): its roles, its organisations, its other names, each relation
    and each known fact. Compared one by one with a query, a fact is not diluted by everything else
    the profile says."""
    names = [n for n in names if n]
    out: dict[str, bool] = {}
    for label, body in _sections(summary):
        if label in _SENTENCES:
            items = _SENTENCE_END.split(body)
        elif label == "Relations":
            items = body.split("; ")
        else:  # roles, organisations, other names: each on its own, without the template's label
            items = body.split(", ")
        for item in items:
            text = strip_names(item.strip(), names).strip(" .")
            if text and text not in out:
                out[text] = label == "Episodes"
    return list(out.items())


def profile_facts(summary: str, names: Iterable[str]) -> list[str]:
    """The texts of profile_fact_items."""
    return [text for text, _ in profile_fact_items(summary, names)]


def known_facts(summary: str) -> list[str]:
    """The sentences of the summary's "Known" and "Episodes" sections, names kept (for descriptions)."""
    return [s.strip().rstrip(".") for label, body in _sections(summary) if label in _SENTENCES
            for s in _SENTENCE_END.split(body) if s.strip()]


def own_names(name: str, type_: str) -> list[str]:
    """The names removed before embedding: the name, and a person's first name ("Peter Alvarez", "Peter")."""
    words = name.split()
    return [name, words[0]] if type_ == "person" and len(words) > 1 else [name]


def context_tags(facts: Sequence[Fact], names: Iterable[str], limit: int = MAX_TAGS) -> list[str]:
    """The most frequent content words of the entity's facts, names, numbers and dates left out."""
    skip = set()
    for n in names:
        skip.update(w.lower() for w in re.findall(r"\w+", n))
    counts: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    for f in select_facts(facts, limit=50):
        for w in content_words(f.text):
            if w in skip or w in TIME_WORDS or _NUMBER.match(w) or len(w) < 3:
                continue
            counts[w] += 1
            first_seen.setdefault(w, len(first_seen))
    ranked = sorted(counts, key=lambda w: (-counts[w], first_seen[w]))
    return ranked[:limit]


def one_line(name: str, type_: str, facets: Facets, parent: str | None, facts: Sequence[str]) -> str:
    """A short description for a clarification question: "Ingrid — editor at Harbour Lantern Media"."""
    bits = []
    if facets.roles:
        bits.append(facets.roles[0])
    org = parent or next((o for o in facets.orgs if o and not o.startswith("@")), None)
    if org:
        bits.append(("at " if bits else "of ") + org)
    if facets.nicknames:
        bits.append(f'"{facets.nicknames[0]}"')
    if facets.kin and len(bits) < 2:
        bits.insert(0, f"your {facets.kin[0]}" + ("," if bits else ""))
    if not bits and facts:
        return f"{name} — {_clip(facts[0])[:100]}"
    return f"{name} — " + " ".join(bits) if bits else f"{name} ({type_})"
