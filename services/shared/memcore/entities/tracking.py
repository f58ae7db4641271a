"""Conversation entity tracking (pure): which entities are active in a session, in which layer,
with what score; per-turn decay; pronouns resolved to the most salient compatible active entity.

Layers (seed 000): scene -- the broad context (an organisation, or what the user opens with
"let's talk about ..."), sticky until another scene is set; topic -- the current focus, replaced
when the conversation moves to another topic (the old topic drops to a mention); mention --
referenced, not the focus, fades quickly. Scores come from the turn's content only: named or
referred to by a pronoun this turn -> refreshed; otherwise decayed by the layer's factor.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .turn_roles import ACTED_ON, AGENT

MENTIONED = 0.99
PRONOUN = 0.95
DECAY = {"scene": 0.96, "topic": 0.85, "mention": 0.5}
DEMOTED = 0.6  # a topic replaced by a new one keeps this share of its score, as a mention
DROP_BELOW = 0.05
SCENE_TYPES = ("org",)
_SCENE_CUE = re.compile(r"\b(?:let'?s|let us|we(?:'ll| will)?)\s+(?:talk|chat|speak)\s+about\b|\bregarding\b|"
                        r"\bon the subject of\b|\bswitching to\b", re.I)
# "Let's get to the harbour podcast.", "Moving on to the spring fair", "Back to the website
# redesign": the conversation turns to a topic; what it names is the topic's phrase.
_TOPIC_CUE = re.compile(
    r"\b(?:let'?s|let us|can we|we(?:'ll| will| should)?)\s+(?:now\s+)?(?:get|go|move|turn|come|talk|chat)"
    r"(?:\s+(?:on|back))?\s+(?:to|about)\s+|\b(?:moving|move)\s+on\s+to\s+|\bswitching\s+to\s+|"
    r"^\s*(?:now,?\s+|ok(?:ay)?,?\s+|right,?\s+)?back\s+to\s+|\bregarding\s+|"
    r"\bon\s+the\s+subject\s+of\s+", re.I)
_TOPIC_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_TOPIC_DETERMINERS = frozenset("the a an our my your their his her this that".split())
_TOPIC_STOP = frozenset("""and or but then now please so because if when which who that is are was were
    for with about from at in on of by before after next first""".split())
TOPIC_WORDS = 4
PERSON_PRONOUNS = {"he", "him", "his", "himself", "she", "her", "hers", "herself"}
THING_PRONOUNS = {"it", "its", "itself", "that", "this"}
PLURAL_PRONOUNS = {"they", "them", "their", "theirs", "themselves", "those", "these"}


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

    def to_json(self) -> dict:
        """A plain dict (dataclasses.asdict deep-copies field by field: about a millisecond a turn
        for a busy session, on the event loop)."""
        return {**vars(self), "history": list(self.history)}


@dataclass
class SessionState:
    turn: int = 0
    entities: dict[str, Active] = field(default_factory=dict)
    last_text_hash: str | None = None
    pronouns: list[dict] = field(default_factory=list)  # resolutions of the last turn

    def to_json(self) -> dict:
        return {"turn": self.turn, "last_text_hash": self.last_text_hash, "pronouns": self.pronouns,
                "entities": {k: v.to_json() for k, v in self.entities.items()}}

    @classmethod
    def from_json(cls, data: dict | None) -> "SessionState":
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


@dataclass(frozen=True)
class TurnPronoun:
    text: str
    start: int
    role: str = ""  # in its clause (turn_roles.role_at): ACTED_ON for "Is it paid?", "Did you send it?"


def compatible(pronoun: str, entity_type: str) -> bool:
    p = pronoun.lower()
    if p in PERSON_PRONOUNS:
        return entity_type == "person"
    if p in THING_PRONOUNS:
        return entity_type != "person"
    if p in PLURAL_PRONOUNS:
        return entity_type in ("org", "person", "project", "concept")
    return False


def topic_phrase(text: str) -> str | None:
    """The topic a turn moves the conversation to, as it names it ("Let's get to the harbour
    podcast." -> "harbour podcast"): up to four words after the cue, without determiners,
    ending at punctuation or a joining word. None when the turn does not change the topic."""
    m = _TOPIC_CUE.search(text)
    if not m:
        return None
    words: list[str] = []
    edge = m.end()
    for w in _TOPIC_WORD.finditer(text, m.end()):
        if text[edge:w.start()].strip():
            break  # punctuation: the phrase ended
        low = w.group(0).lower()
        if not words and low in _TOPIC_DETERMINERS:
            edge = w.end()
            continue
        if low in _TOPIC_STOP or len(words) >= TOPIC_WORDS:
            break
        words.append(w.group(0))
        edge = w.end()
    return " ".join(words) or None


# Verbs said of things (invoices, episodes, documents, tasks, orders), not of organisations.
_THING_VERB = re.compile(r"\b(?:pa(?:y|id)|clear(?:ed)?|publish(?:ed)?|finish(?:ed)?|upload(?:ed)?|sign(?:ed)?|"
                         r"approv(?:e|ed)|submit(?:ted)?|fil(?:e|ed)|print(?:ed)?|deliver(?:ed)?|releas(?:e|ed)|"
                         r"record(?:ed)?|edit(?:ed)?|overdue|due|draft(?:ed)?|proofread|refund(?:ed)?|"
                         # what a thing does by itself when it is done with ("Has it shipped?")
                         r"ship(?:ped)?|arriv(?:e|ed)|dispatch(?:ed)?|expir(?:e|ed)|bounc(?:e|ed)|"
                         r"go(?:ne)?\s+through|went\s+through)\b", re.I)
NOT_THINGS = ("org", "place", "person")
_LAYER_RANK = {"topic": 0, "mention": 1, "scene": 2}


def resolve_pronoun(state: SessionState, pronoun: str, exclude: set[str] = frozenset(),
                    text: str = "", role: str = "") -> Active | None:
    """The most salient compatible active entity: the topic before mentions before the scene
    (the scene is the backdrop, not what "it" usually points at), then by score. "It" with a
    verb said of things ("Is it paid?", "Has it been published?") means a thing over an
    organisation or a place, and over whoever acted on the thing when last named ("Kettlewell
    emailed the Pinecrest report": the report, whatever type Kettlewell was given), when one is
    active (issue 37); so does an "it" that is itself acted on (`role` ACTED_ON: "Has it been
    approved?", "Did you forward it?")."""
    pool = [a for a in state.entities.values() if compatible(pronoun, a.type) and a.key not in exclude]
    if not pool:
        return None
    if pronoun.lower() in THING_PRONOUNS and (role == ACTED_ON or _THING_VERB.search(text)):
        things = [a for a in pool if a.type not in NOT_THINGS] or pool
        pool = [a for a in things if a.role != AGENT] or things
    return min(pool, key=lambda a: (_LAYER_RANK.get(a.layer, 3), -a.score, a.name))


def _layer_for_new(m: TurnMention, text: str, state: SessionState, focus_key: str | None) -> str:
    if not m.said:  # a topic's person ("Can we talk about the book swap?"): its topic, not the backdrop
        return "topic" if m.key == focus_key else "mention"
    has_scene = any(a.layer == "scene" for a in state.entities.values())
    if m.type in SCENE_TYPES and (not has_scene or _SCENE_CUE.search(text)):
        return "scene"
    if _SCENE_CUE.search(text) and not has_scene:
        return "scene"
    return "topic" if m.key == focus_key else "mention"


def update(state: SessionState, text: str, mentions: list[TurnMention], pronouns: list[TurnPronoun],
           text_hash: str | None = None) -> SessionState:
    """The state after one more turn. Pure: returns a new state."""
    if text_hash is not None and text_hash == state.last_text_hash:
        return state  # the same turn seen twice (ingested, then contextified): count it once
    new = SessionState.from_json(state.to_json())
    new.turn = state.turn + 1
    new.last_text_hash = text_hash
    seen: dict[str, TurnMention] = {}
    for m in sorted(mentions, key=lambda m: m.start):
        seen.setdefault(m.key, m)
    # pronouns resolve against the state before this turn's names
    resolved: dict[str, str] = {}
    new.pronouns = []
    for p in pronouns:
        target = resolve_pronoun(state, p.text, text=text, role=p.role)
        if target is not None:
            resolved.setdefault(target.key, p.text)
        new.pronouns.append({"pronoun": p.text, "entity": target.key if target else None,
                             "name": target.name if target else None})
    # the turn's focus: the first named non-scene entity, else what a pronoun points at
    non_scene = [m for m in seen.values()
                 if not (m.type in SCENE_TYPES and (not _has_layer(state, "scene") or m.key in _keys(state, "scene")))]
    focus = non_scene[0].key if non_scene else next(iter(resolved), None)
    if focus is not None and focus in new.entities and new.entities[focus].layer == "scene":
        focus = None
    for key, a in new.entities.items():
        if key in seen:
            a.score = MENTIONED
            a.role = seen[key].role
        elif key in resolved:
            a.score = max(PRONOUN, a.score) if a.layer != "mention" else PRONOUN
        else:
            a.score = a.score * DECAY.get(a.layer, 0.5)
        if a.layer == "topic" and focus is not None and key != focus and key not in resolved:
            a.layer = "mention"
            if key not in seen:
                a.score = a.score * DEMOTED / DECAY["topic"]
        elif key == focus and a.layer == "mention":
            a.layer = "topic"
        a.last_turn = new.turn if (key in seen or key in resolved) else a.last_turn
    for key, m in seen.items():
        if key in new.entities:
            continue
        layer = _layer_for_new(m, text, state, focus)
        if layer == "scene":
            for other in new.entities.values():
                if other.layer == "scene":
                    other.layer = "mention"
        new.entities[key] = Active(key, m.name, m.type, layer, MENTIONED, new.turn, role=m.role)
    for key in list(new.entities):
        a = new.entities[key]
        a.score = round(a.score, 4)
        a.history = (a.history + [a.score])[-20:]
        if a.score < DROP_BELOW:
            del new.entities[key]
    return new


def _has_layer(state: SessionState, layer: str) -> bool:
    return any(a.layer == layer for a in state.entities.values())


def _keys(state: SessionState, layer: str) -> set[str]:
    return {k for k, a in state.entities.items() if a.layer == layer}
