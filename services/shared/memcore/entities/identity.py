"""Who a mention names (pure): a known entity to link, a new one to make, or nobody (unlinked).

One decision over what the write path fetched beforehand (memory_api.entity_linking): the known
entities found by the mention's names or near spellings, their profile similarities to the
statement, and the conversation (who its previous turns named, who it is about). No I/O here.

The rules, in order (each a function below, with its reason and an example):
  * `narrow`: which known entities are worth comparing at all;
  * `matching.decide`: exact name or alias, identity facets, profile similarity, context lead;
  * then, for a first name alone (a person named by one word), where people talk differently from
    profiles: `set_apart_from_the_likeliest`, `first_name_alone`, `described_so_before`,
    `said_in_passing`, `namesakes_untold`.
A wrong link is worse than none: a first name the context does not settle stays unlinked.

`decide` needs the person the conversation is about only for some first names; called without it
(`Conversation.discussed_fetched` False) it answers NEEDS_DISCUSSED when a rule needs it, and the
caller fetches it and calls again. The measurements behind these rules: docs/benchmarks.md,
"Entity disambiguation as people talk" and the issue-12 and issue-37 sessions.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, NamedTuple, Sequence
from uuid import UUID

from ..extraction.lexicon import KIN_HE, KIN_SHE
from ..textnorm import norm_name
from . import beside_name, descriptors, matching
from .profiles import Facets

IN_PASSING = "said in passing with a clue no namesake has"
NEEDS_DISCUSSED = "needs_discussed"  # the action asking the caller for Conversation.discussed
ABOUT = "the person the conversation is about"


@dataclass(frozen=True)
class Candidate:
    """A known entity as fetched: its id, names, type and identity facets."""

    entity_id: UUID
    name: str  # canonical name
    type: str
    aliases: tuple[str, ...] = ()
    norm_names: tuple[str, ...] = ()  # the normalised names it is found by
    facets: Facets = field(default_factory=Facets)


@dataclass(frozen=True)
class Mention:
    """An entity as the statement names it."""

    name: str
    type: str
    aliases: tuple[str, ...] = ()
    nicknames: tuple[str, ...] = ()
    role: str | None = None
    org: str | None = None  # its organisation's name (the canonical name when known)
    kin: str | None = None  # who they are to the speaker ("cousin")
    exact_names: tuple[str, ...] = ()  # normalised name and aliases: a candidate with one is an exact match


@dataclass(frozen=True)
class Statement:
    text: str
    memory_type: str = ""
    learned: bool = False  # a fact learned from a turn (its record, linked as well, is the turn)


@dataclass(frozen=True)
class Conversation:
    """The conversation's previous turns: everyone they named (`active`, fetched when `narrow` says
    `needs_active`) and the person it is about (`discussed`, once `discussed_fetched`): both from
    the one model of a conversation that the read path keeps too (conversation_people.named and
    conversation_people.about, when sure)."""

    active: frozenset[UUID] = frozenset()
    discussed: UUID | None = None
    discussed_fetched: bool = False


@dataclass(frozen=True)
class Narrowed:
    candidates: tuple[Candidate, ...]  # the ones worth comparing
    exact_ids: frozenset[UUID]
    facts: matching.MentionFacts
    said: tuple[str, ...]  # who they are to the speaker, said beside the name
    single_word_person: bool
    needs_profile: bool  # profile similarities are compared (the caller computes them for `candidates`)
    needs_active: bool  # who the previous turns named gives a lead
    where: tuple[str, ...] = ()  # where they were said to be, which may be only where they were (Facets.where)

    @property
    def people(self) -> list[Candidate]:
        return [c for c in self.candidates if c.type == "person"]


@dataclass(frozen=True)
class Decision:
    action: str  # "link" | "create" | "skip" | NEEDS_DISCUSSED
    entity_id: UUID | None
    reason: str
    facets: Facets | None = None  # create: the new entity's; link: its facets when they change
    names: tuple[str, ...] = ()  # link: names to add to the entity
    confirmed_facets: Facets | None = None  # link: what to write instead when said in another turn


class _Choice(NamedTuple):
    action: str
    entity_id: UUID | None
    reason: str


class _NeedsDiscussed(Exception):
    """Raised inside `decide` when a rule needs Conversation.discussed and it was not fetched."""


def said_beside(mention: Mention, text: str) -> tuple[str, ...]:
    """Who a person is to the speaker, as said beside their name ("my cousin", "from accounting",
    "in my class", "who lives across the road": beside_name.beside). The relation the extraction
    read ("cousin") is left out when a phrase says more of it ("my big cousin"): kept beside it, it
    would make "my big cousin Noah" fit "my little cousin" Noah too."""
    if mention.type != "person":
        return ()
    said = beside_name.beside(text, mention.name)
    kin = [mention.kin] if mention.kin and not any(
        descriptors.same_descriptor(mention.kin, d) and mention.kin != d for d in said) else []
    return tuple(dict.fromkeys([*kin, *said]))


def known(c: Candidate, text: str, similarity: float | None = None,
          active: frozenset[UUID] = frozenset()) -> matching.Known:
    """The candidate as matching compares it; `names_in_text`: another of its names (alias, nickname)
    appears in the statement ("Pete, I mean Mosshead, called")."""
    others = [a for a in [*c.aliases, *c.facets.nicknames] if norm_name(a) != norm_name(c.name)]
    low = f" {norm_name(text)} "
    in_text = any(len(norm_name(a)) > 2 and f" {norm_name(a)} " in low for a in others)
    full = tuple(n for n in (c.name, *c.aliases) if matching.is_full_name(n)) if c.type == "person" else ()
    return matching.Known(str(c.entity_id), c.name, c.type, c.facets, similarity, in_text, full, c.entity_id in active)


def narrow(mention: Mention, found: Sequence[Candidate], statement: Statement) -> Narrowed:
    """The candidates worth comparing, and what the comparison needs fetched.

    Entities that cannot be this one (another full name, another role) need no profile comparison,
    except for a full name not known yet: that another full name is known for its first name is
    what matching decides on ("Tom Baker" when "Tom Hale" is known makes a second Tom). With the
    same full name known, it is the same person: nothing to compare. A full name not known is
    compared only when it may complete the one first-name-only entry ("Tom" -> "Tom Baker")."""
    exact_ids = frozenset(c.entity_id for c in found if set(mention.exact_names) & set(c.norm_names))
    facts = matching.MentionFacts(mention.name, mention.type, mention.role, mention.org, mention.nicknames,
                                  matching.introduced_as_new(statement.text, mention.name, mention.type))
    keep = [c for c in found if c.entity_id in exact_ids
            or matching.conflicts(facts, known(c, statement.text)) is None]
    person = mention.type == "person"
    full_person = person and matching.is_full_name(mention.name)
    rows = list(found) if full_person and not exact_ids else (keep or list(found[:1]))
    says = not facts.facets.empty() or statement.memory_type in ("identity", "relationship")
    if full_person:
        needs_profile = not exact_ids and len(rows) == 1 and len(keep) == 1 and says
    else:
        needs_profile = len(rows) > 1 or bool(rows and says)
    single = person and not full_person
    return Narrowed(tuple(rows), exact_ids, facts, said_beside(mention, statement.text), single, needs_profile,
                    single and len(rows) > 1, beside_name.where(statement.text, mention.name) if person else ())


def sets_apart(n: Narrowed, c: Candidate) -> bool:
    """The mention says something of them this namesake is not: another nickname, or who they are
    to the speaker ("My old school friend Peter ... went by mosshead" is not Peter the writer)."""
    new_nick = {norm_name(x) for x in n.facts.nicknames} - {norm_name(x) for x in c.facets.nicknames}
    return bool(new_nick) or bool(n.said and not descriptors.described(n.said, {c.entity_id: _told(c)}))


def set_apart_from_the_likeliest(n: Narrowed, choice: _Choice) -> _Choice:
    """A first name linked by profile similarity alone is someone new when the mention sets them
    apart from the namesake it resembles (a nickname or a relation that one does not have): "my old
    school friend Peter, who went by mosshead, played bass" is not Peter the writer, however alike
    the sentence reads to his profile (scenario S2)."""
    if not choice.reason.startswith("profile similarity"):
        return choice
    chosen = next(c for c in n.candidates if c.entity_id == choice.entity_id)
    return _Choice("create", None, "introduced as someone no namesake is") if sets_apart(n, chosen) else choice


def about_over_likeness(n: Narrowed, choice: _Choice, conversation: Conversation, text: str) -> _Choice:
    """A first name among namesakes linked by profile similarity alone, said with something new of
    them (a job, an organisation), is the person the conversation is about when it fits them: a new
    fact resembles the namesake who has a fact of its kind ("Oliver is a doctor at the hospital" reads
    like the Oliver who "works at the school"), which says what kind of fact it is, not whose. "My
    uncle Oliver Rhodes came for a sleepover." then "Oliver is a doctor at the hospital" is the
    uncle (child calibration 3301). With no such person the likeness decides, as before."""
    if not choice.reason.startswith("profile similarity") or len(n.people) < 2:
        return choice
    discussed = _discussed(conversation)
    about = next((c for c in n.people if c.entity_id == discussed and matching.conflicts(
        n.facts, matching.without_relation_roles(known(c, text))) is None), None)
    if about is None or about.entity_id == choice.entity_id or sets_apart(n, about):
        return choice
    return _Choice("link", about.entity_id, ABOUT)


def first_name_alone(n: Narrowed, choice: _Choice, conversation: Conversation, text: str
                     ) -> tuple[_Choice, list[Candidate]]:
    """A first name alone makes a new person, when people of that name are known, only when what
    it says of them sets them apart ("Our neighbour Peter walks his beagle" is not Peter the writer).

    Otherwise, said of the person the conversation is about, it is them ("Tobias Penhale ..." then
    "Fyi Tobias is a bus driver"), even when the job stands against what they are to the speaker:
    a relation is no job ("my manager Lorenzo Achterberg ... Lorenzo is a copywriter" had made a
    second Lorenzo who took the later facts; matching.without_relation_roles). A first name with
    nothing said of them never gets here: matching.decide links it to the one person of that name
    ("only entity of that name") or leaves it to the namesake rules below ("Tom called", two Toms).
    Also returns the namesakes left to tell apart: those it fits, and the person discussed."""
    people = n.people
    if choice.action != "create" or not people or n.facts.introduces_new:
        return choice, list(n.candidates)
    fitting = [c for c in people if matching.conflicts(n.facts, known(c, text)) is None]
    discussed = _discussed(conversation)
    about = next((c for c in people if c.entity_id == discussed and matching.conflicts(
        n.facts, matching.without_relation_roles(known(c, text))) is None), None)
    if about is not None and not sets_apart(n, about):
        choice = _Choice("link", about.entity_id, ABOUT)
    left = [*fitting, *([about] if about is not None and about not in fitting else [])]
    return choice, left or list(n.candidates)


def described_so_before(n: Narrowed) -> _Choice | None:
    """A first name among namesakes said with who they are to the speaker is the namesake described
    so before ("Tom from sales", "my cousin Tom"; descriptors.same_descriptor): people tell
    namesakes apart by what they say beside the name, more surely than by profile similarity."""
    described = _described(n)
    if len(described) != 1:
        return None
    return _Choice("link", described[0].entity_id, "described so before")


def said_in_passing(n: Narrowed) -> _Choice | None:
    """A first name among namesakes said in passing with a clue ("Tom from my climbing club runs the
    Thursday sessions") that could be none of the namesakes (not who they are to the speaker, not
    their job or organisation, by the words' first five letters: descriptors.may_describe) is
    someone new, kept with that clue, tentative until said again (issue 37, docs/tracking-spec.md
    "passing person"). A clue that may describe one of them could be either: unlinked."""
    if not (n.said and n.facts.facets.empty()):
        return None
    new = not _described(n) and not any(descriptors.may_describe(n.said, _identity_words(c)) for c in n.people)
    return _Choice("create", None, IN_PASSING) if new \
        else _Choice("skip", None, "described as several of the namesakes, or maybe as one")


def described_as_someone_else(n: Narrowed, c: Candidate) -> _Choice | None:
    """The one person of that name, known with who they are to the speaker, and a first name said
    with another clue that could not be them ("Dan the driver rang", then "Dan from the wholesaler
    wants paying"): someone new, said in passing (tentative until said again), not the driver with
    a second description. Nothing is decided when the known person was never described (a clue
    the introduction did not keep would split them), nor on a fact's rewritten words (the turn's
    own words decide: `_first_name_rules` asks this of what was said, not of what was learned)."""
    if c.type != "person" or not c.facets.kin or not n.said or not n.facts.facets.empty() or _described(n):
        return None
    return None if descriptors.may_describe(n.said, _identity_words(c)) else _Choice("create", None, IN_PASSING)


def namesakes_untold(n: Narrowed, choice: _Choice, left: Sequence[Candidate], named: bool,
                     conversation: Conversation) -> _Choice | None:
    """A first name alone among namesakes, with nothing else in the turn naming one of them
    (`named`: another of a candidate's names is in the text), is the person the conversation is
    about, as a pronoun is ("I was chatting to Emma Oyelaran. ... Emma lives on a narrowboat.").
    With no such person it stays unlinked: comparing the whole sentence with whole profiles does
    not tell namesakes apart. With this, `first_name_alone`, descriptors and the moved-on check
    (now conversation_people.about), the fact turns of the people-talk calibration half said with a
    first name alone went from 191 right / 15 wrong / 45 unlinked to 248 / 1 / 4 (issue 12). The read
    path applies the same rule to a query's first name (conversation_people.namesake)."""
    if not ((n.facts.facets.empty() or choice.action == "skip") and not named):
        return None
    discussed = _discussed(conversation)
    if discussed is not None and discussed in {c.entity_id for c in left}:
        return _Choice("link", discussed, ABOUT)
    return _Choice("skip", None, "namesakes the context does not tell apart")


def decide(mention: Mention, found: Sequence[Candidate], statement: Statement,
           similarities: Mapping[UUID, float | None], conversation: Conversation) -> Decision:
    """The entity the mention names, and what to write: `found`, the candidates fetched by its names
    (misread.of_its_kind), or by near spelling when none; `similarities`, the statement against the profiles
    of narrow(...).candidates when it says needs_profile."""
    n = narrow(mention, found, statement)
    active = conversation.active if n.needs_active else frozenset()
    sims = similarities if n.needs_profile else {}
    compared = [known(c, statement.text, sims.get(c.entity_id), active) for c in n.candidates]
    base = matching.decide(n.facts, compared, {str(i) for i in n.exact_ids},
                           statement.memory_type in ("identity", "relationship"))
    choice = _Choice(base.action, UUID(base.entity_id) if base.entity_id else None, base.reason)
    if n.single_word_person:
        try:
            choice = _first_name_rules(n, choice, conversation, statement, any(k.names_in_text for k in compared))
        except _NeedsDiscussed:
            return Decision(NEEDS_DISCUSSED, None, "the person the conversation is about is needed")
    return _to_write(mention, n, statement, choice)


def _first_name_rules(n: Narrowed, choice: _Choice, conversation: Conversation, statement: Statement,
                      named: bool) -> _Choice:
    choice = set_apart_from_the_likeliest(n, choice)
    choice = about_over_likeness(n, choice, conversation, statement.text)
    choice, left = first_name_alone(n, choice, conversation, statement.text)
    if len(left) == 1 and choice.action == "link" and not n.facts.introduces_new and not statement.learned:
        return described_as_someone_else(n, left[0]) or choice
    if len(left) <= 1 or choice.action not in ("link", "skip") or n.facts.introduces_new:
        return choice  # not among namesakes
    return described_so_before(n) or said_in_passing(n) \
        or namesakes_untold(n, choice, left, named, conversation) or choice


def _to_write(mention: Mention, n: Narrowed, statement: Statement, choice: _Choice) -> Decision:
    if choice.action == "skip":
        return Decision("skip", None, choice.reason)
    if choice.action == "create":
        return Decision("create", None, choice.reason, _new_facets(n))
    row = next(c for c in n.candidates if c.entity_id == choice.entity_id)
    merged = row.facets.merged(n.facts.facets).merged(Facets(
        kin=list(n.said), where=list(n.where), pronouns=kin_pronouns(row.name) if row.type == "person" else []))
    confirmed = replace(merged, tentative=[]) if row.facets.tentative and not statement.learned else None
    changed = merged if merged.to_json() != row.facets.to_json() else None
    return Decision("link", row.entity_id, choice.reason, changed, _new_names(mention, row), confirmed)


def _new_facets(n: Narrowed) -> Facets:
    """A new entity's facets: what the mention says, who they are to the speaker, and for a first
    name among known people of that name made on a clue alone, that clue: tentative until the
    first repeat (Decision.confirmed_facets)."""
    said = list(n.said)
    clue = (said or n.facts.facets.roles or ["said once"]) if n.single_word_person and n.people else []
    return n.facts.facets.merged(Facets(kin=said, tentative=clue, where=list(n.where),
                                              pronouns=kin_pronouns(n.facts.name) if n.facts.type == "person" else []))


def kin_pronouns(name: str) -> list[str]:
    """The pronoun a person called by a kinship word takes: "Mum", "Nan", "Auntie Bea" are "she",
    "Grandad", "Uncle Ben" "he" (so a "he" after "Mum says ..." is not Mum); [] for a name."""
    first = name.split()[0].lower() if name.split() else ""
    return ["she"] if first in KIN_SHE else ["he"] if first in KIN_HE else []


def _new_names(mention: Mention, row: Candidate) -> tuple[str, ...]:
    """The mention's aliases, nicknames and full name the entity does not have yet; none from a
    mention of another type (an organisation called "Sarah" gives no name to Sarah Jones)."""
    if row.type != mention.type:
        return ()
    names = [a for a in (*mention.aliases, *mention.nicknames) if a not in row.aliases and a != row.name]
    if norm_name(mention.name) != norm_name(row.name) and mention.name not in row.aliases and \
            matching.is_full_name(mention.name):
        names.append(mention.name)
    return tuple(names)


def _discussed(conversation: Conversation) -> UUID | None:
    if not conversation.discussed_fetched:
        raise _NeedsDiscussed
    return conversation.discussed


NEAREST_DESCRIPTION = True


def _described(n: Narrowed) -> list[Candidate]:
    """The candidates described as the text describes the name, the nearest description first
    (descriptors.best_described, as the read path reads it): "my big cousin Lily" is the big cousin,
    not also the little cousin, though both were stored as "cousin" too. Where someone was said to be
    (Facets.where) counts only when no one is described so: "Julie on the early bake left a voicemail" is
    the Julie one heard from "on the early bake first thing", and a first name said with no description
    where someone was said to be is them; "my auntie Isla at the park" is the auntie, not the Isla seen
    "at the park" before."""
    pick = descriptors.best_described if NEAREST_DESCRIPTION else descriptors.described
    hits = pick(n.said, {c.entity_id: c.facets.kin for c in n.people}) or \
        pick(n.said or n.where, {c.entity_id: _told(c) for c in n.people})
    return [c for c in n.candidates if c.entity_id in hits]


def described_as(said: Sequence[str], people: Sequence[Candidate]) -> bool:
    """Whether one of these people was said to be what `said` says (their kin or where: Facets.where)."""
    return bool(descriptors.described(said, {c.entity_id: _told(c) for c in people if c.type == "person"}))


def _told(c: Candidate) -> list[str]:
    """Who a candidate was said to be beside their name, and where (Facets.where)."""
    return [*c.facets.kin, *c.facets.where]


def _identity_words(c: Candidate) -> list[str]:
    return [*c.facets.roles, *c.facets.orgs, *_told(c)]
