"""Who a conversation is about (pure): one model of the people and things in a conversation, and
ONE decision, `meant`: whom a pronoun (or a person the turn does not name in full) means now.

Both paths use it (issue 36 item 4); each keeps only its own I/O:
  * the write path (memory_api.coreference) fetches the session's previous turns from Postgres (what
    each turn was linked to), folds them into a state (memcore.entities.tracking.replay) and links a
    pronoun to whom `meant` says, when it is `sure`;
  * the read path (memory_api.session_tracking) keeps the same state in Redis, one turn at a time
    (tracking.update), and contextify reads what `meant` said of the query's pronouns.

The model: `SessionState` holds each active entity (`Active`) with its layer (scene: the backdrop;
topic: the current focus; mention: named, not the focus), a salience score that decays turn by turn,
its role in the clause that last named it, whether a turn said who they are (`defined`) and the
pronouns the conversation or their profile used for them. A turn is what it named (`TurnMention`:
said in it, or the people of a topic it turned to) and its pronouns (`TurnPronoun`); how a turn moves
the state is memcore.entities.tracking. A name not stored (a namesake nobody could tell apart) is an
entity too, keyed "name:<name>": the conversation moved on to someone unknown, and a pronoun after it
means that person, whom no path links.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Collection, Iterable, Mapping, Sequence

from ..textnorm import norm_name
from .turn_roles import ACTED_ON, AGENT

PERSON_PRONOUNS = frozenset({"he", "him", "his", "himself", "she", "her", "hers", "herself"})
THING_PRONOUNS = frozenset({"it", "its", "itself", "that", "this"})
PLURAL_PRONOUNS = frozenset({"they", "them", "their", "theirs", "themselves", "those", "these"})
NOT_THINGS = ("org", "place", "person")
UNSTORED = "name:"  # the key prefix of a name tracked without an entity
_LAYER_RANK = {"topic": 0, "mention": 1, "scene": 2}
# Verbs said of things (invoices, episodes, documents, tasks, orders), not of organisations.
THING_VERB = re.compile(r"\b(?:pa(?:y|id)|clear(?:ed)?|publish(?:ed)?|finish(?:ed)?|upload(?:ed)?|sign(?:ed)?|"
                        r"approv(?:e|ed)|submit(?:ted)?|fil(?:e|ed)|print(?:ed)?|deliver(?:ed)?|releas(?:e|ed)|"
                        r"record(?:ed)?|edit(?:ed)?|overdue|due|draft(?:ed)?|proofread|refund(?:ed)?|"
                        # what a thing does by itself when it is done with ("Has it shipped?")
                        r"ship(?:ped)?|arriv(?:e|ed)|dispatch(?:ed)?|expir(?:e|ed)|bounc(?:e|ed)|"
                        r"go(?:ne)?\s+through|went\s+through)\b", re.I)


def said_as(pronoun: str) -> str | None:
    """The person pronoun's form that agreement compares: "he" (he, him, his, himself), "she", or
    None for any other word."""
    p = pronoun.lower()
    if p not in PERSON_PRONOUNS:
        return None
    return "he" if p in ("he", "him", "his", "himself") else "she"


@dataclass
class Active:
    key: str  # entity id, or "name:<normalised name>" for a name not (yet) stored
    name: str
    type: str
    layer: str
    score: float
    last_turn: int
    history: list[float] = field(default_factory=list)  # score after each turn since it became active
    role: str = ""  # its role when last named: turn_roles.AGENT (who acted), ACTED_ON (what was acted on), ""
    defined: bool = False  # the turn that last named them said who they are ("Tom, my cousin, ...")
    pronouns: list[str] = field(default_factory=list)  # "he"/"she" the conversation or their profile used

    def to_json(self) -> dict[str, Any]:
        """A plain dict (dataclasses.asdict deep-copies field by field: about a millisecond a turn
        for a busy session, on the event loop)."""
        return {**vars(self), "history": list(self.history), "pronouns": list(self.pronouns)}


@dataclass
class SessionState:
    turn: int = 0
    entities: dict[str, Active] = field(default_factory=dict)
    last_text_hash: str | None = None
    pronouns: list[dict[str, Any]] = field(default_factory=list)  # resolutions of the last turn

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "last_text_hash": self.last_text_hash, "pronouns": self.pronouns,
                "entities": {k: v.to_json() for k, v in self.entities.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> "SessionState":
        if not data:
            return cls()
        return cls(turn=data.get("turn", 0), last_text_hash=data.get("last_text_hash"),
                   pronouns=data.get("pronouns", []),
                   entities={k: Active(**v) for k, v in data.get("entities", {}).items()})

    def ranked(self) -> list[Active]:
        return sorted(self.entities.values(), key=lambda a: (-a.score, a.name))

    def activation(self) -> dict[str, float]:
        return {k: a.score for k, a in self.entities.items()}


@dataclass(frozen=True)
class TurnMention:
    key: str
    name: str
    type: str
    start: int  # offset in the turn, for subject-first ordering
    role: str = ""  # in its clause (turn_roles.role_at): AGENT, ACTED_ON or "" (unknown)
    said: bool = True  # named in the turn; False for the people of a topic the turn turns to
    defined: bool = False  # the turn says who they are (a role or another name: the write path's "subject" link)
    pronouns: tuple[str, ...] = ()  # "he"/"she" their profile says the conversation used for them


@dataclass(frozen=True)
class TurnPronoun:
    text: str
    start: int
    role: str = ""  # in its clause (turn_roles.role_at): ACTED_ON for "Is it paid?", "Did you send it?"


@dataclass(frozen=True)
class Turn:
    """One previous turn as the write path reads it back: its number, its text and what it named
    (the people and things it was linked to, and the people of a topic it turned to)."""

    seq: int
    text: str
    mentions: tuple[TurnMention, ...]


@dataclass(frozen=True)
class Meant:
    """What `meant` decided: the entity (None: no one fits), whether it is `sure` (a write links only
    what is sure; a read uses its best guess, since a context line costs less than a wrong link)
    and the rule that decided."""

    entity: Active | None
    sure: bool
    reason: str

    @property
    def key(self) -> str | None:
        return self.entity.key if self.entity is not None else None


def compatible(pronoun: str, entity_type: str) -> bool:
    """A person pronoun means a person; "it", "that" a thing (anything but a person); "they" a group
    or a person ("they" of someone whose pronouns are not known)."""
    p = pronoun.lower()
    if p in PERSON_PRONOUNS:
        return entity_type == "person"
    if p in THING_PRONOUNS:
        return entity_type != "person"
    if p in PLURAL_PRONOUNS:
        return entity_type in ("org", "person", "project", "concept")
    return False


def agrees(pronoun: str, a: Active) -> bool:
    """"he" never lands on someone the conversation (or their profile) has only called "she", and the
    other way: "Sarah Lowe rang; she wants the figures. Marco Bell came by; he stayed. She sent them
    at noon." - the last "she" is Sarah, though Marco was named last."""
    said = said_as(pronoun)
    return said is None or not a.pronouns or said in a.pronouns


def says_of_a_thing(text: str, role: str) -> bool:
    """Is an "it" said of a thing rather than of an organisation or a place? When its verb is said
    of things ("Is it paid?", "Has it been published?": THING_VERB) or it is itself acted
    on (`role` ACTED_ON: "Has it been approved?", "Did you forward it?")."""
    return role == ACTED_ON or bool(THING_VERB.search(text))


def _rank(a: Active) -> tuple[int, float, str]:
    """The topic before mentions before the scene (the scene is the backdrop, not what a pronoun
    usually points at: "Let's talk about WOBS. How's Peter doing? What about his last batch?" - his
    is Peter), then the most salient, then by name (a stable order)."""
    return _LAYER_RANK.get(a.layer, 3), -a.score, a.name


def _tied(best: Active, pool: Sequence[Active]) -> bool:
    """Another candidate was named in the same turn as the best one, and that turn did not say who
    the best one is while leaving the other undefined: "Tom Hale and Sarah Lowe came round." then
    "He ..." could be either, for all the turn said ("Tom Hale, my cousin, came round with Sarah
    Lowe." makes Tom the one the turn is about)."""
    same = [a for a in pool if a is not best and a.last_turn == best.last_turn]
    return bool(same) and not (best.defined and not any(a.defined for a in same))


def meant(state: SessionState, pronoun: str, exclude: Iterable[str] = frozenset(), text: str = "",
          role: str = "") -> Meant:
    """Whom `pronoun` means now, in the conversation `state` (before the turn that says it).

    The rules, in order (each one's reason beside it):
      1. `compatible`: a person pronoun means a person, "it" a thing;
      2. `agrees`: "he" is never someone only ever called "she";
      3. an "it" said of a thing (`says_of_a_thing`) means a thing over an organisation or a place,
         and over whoever acted on the thing when last named: after "Westbank sent over the Lakeside
         invoice.", "Is it paid?" is the invoice (issue 37);
      4. `_rank`: the current topic first - after a change of topic the topic's people are its
         pronouns' antecedents ("Dana sent the figures. Let's get to the harbour podcast. Did he
         upload the final cut?" - he is the podcast's producer, issue 37) - then mentions, then the
         scene, then the most salient;
      5. sure unless `_tied`: two people named in one turn with nothing telling them apart.
    A name tracked without an entity ("name:...", a namesake nobody could tell apart) can be the
    answer: the conversation moved on to someone unknown, and the pronoun is not the person before."""
    excluded = set(exclude)
    pool = [a for a in state.entities.values() if compatible(pronoun, a.type) and a.key not in excluded]
    if not pool:
        return Meant(None, False, "no active entity of the pronoun's kind")
    agreeing = [a for a in pool if agrees(pronoun, a)]
    if not agreeing:
        return Meant(None, False, "everyone of the pronoun's kind is called otherwise")
    pool, reason = agreeing, "the current topic, else the most salient"
    if pronoun.lower() in THING_PRONOUNS and says_of_a_thing(text, role):
        things = [a for a in pool if a.type not in NOT_THINGS] or pool
        pool = [a for a in things if a.role != AGENT] or things
        reason = "a thing the verb fits, not who acted on it"
    best = min(pool, key=_rank)
    if _tied(best, pool):
        return Meant(best, False, "named in one turn with another, nothing tells them apart")
    return Meant(best, True, reason)


NAMESAKES_ONLY = True


def about(state: SessionState, among: Collection[str] | None = None, name: str = "") -> Meant:
    """The person the conversation is about now: whom a person pronoun of either form means (the
    write path's first name alone among namesakes goes to them: memcore.entities.identity).
    `among` (entity keys) and `name` (the first name said): the namesake the conversation is about,
    for a first name alone. Only someone of that name can be meant by it: whoever else was named
    since ("Mum says I need a bath.", "Mum's friend Ella" names Mum beside Ella) is no rival, and the
    namesake discussed last is the one, unless the conversation moved on to a namesake nobody could
    tell apart (tracked as "name:<name>")."""
    def out(key: str, a: Active) -> bool:
        if a.type != "person":
            return True
        if among is None or not NAMESAKES_ONLY:
            return False
        return key not in among and key != f"{UNSTORED}{norm_name(name)}"
    return meant(state, "they", exclude=[k for k, a in state.entities.items() if out(k, a)])


def namesake(about_now: Meant, candidates: Collection[str]) -> str | None:
    """A first name alone among namesakes, that what is said beside it does not tell apart, is the
    person the conversation is about now (`about`), when they are one of them, as a pronoun is: "I
    was chatting to Emma Oyelaran. ... Emma lives on a narrowboat."; after "Let's get to the harbour
    podcast.", "Did Tom upload the final cut?" is the podcast's Tom, not the accountant Tom. Only a
    sure `about`; otherwise None (the read path asks which one, the write path links nobody). The
    write path's form of this rule is memcore.entities.identity.namesakes_untold, over the same
    `about`."""
    return about_now.key if about_now.sure and about_now.key in candidates else None


def named(previous: Sequence[Turn]) -> frozenset[str]:
    """Every person the previous turns named: context for a first name alone among namesakes (the
    namesake discussed lately gets a lead, matching.ACTIVE_BONUS)."""
    return frozenset(m.key for t in previous for m in t.mentions
                     if m.type == "person" and m.said and not m.key.startswith(UNSTORED))
