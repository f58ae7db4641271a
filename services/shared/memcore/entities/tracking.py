"""Conversation entity tracking (pure): how a turn moves the one model of who a conversation is
about (memcore.entities.conversation_people: the state, and `meant`, whom a pronoun means): which
entities are active in a session, in which layer, with what score; per-turn decay. The read path
applies `update` one turn at a time (its state kept in Redis); the write path `replay`s the turns it
reads back from Postgres, so both decide over the same state with the same rules.

Layers (seed 000): scene -- the broad context (an organisation, or what the user opens with
"let's talk about ..."), sticky until another scene is set; topic -- the current focus, replaced
when the conversation moves to another topic (the old topic drops to a mention); mention --
referenced, not the focus, fades quickly. Scores come from the turn's content only: named or
referred to by a pronoun this turn -> refreshed; otherwise decayed by the layer's factor.
"""
from __future__ import annotations

import re
from typing import Iterable

from .conversation_people import Active, SessionState, Turn, TurnMention, TurnPronoun, meant, said_as

# the model's types, which the fold takes and returns
__all__ = ["Active", "SessionState", "Turn", "TurnMention", "TurnPronoun", "replay", "topic_phrase", "update"]

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
        target = meant(state, p.text, text=text, role=p.role).entity
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
            a.role, a.defined = seen[key].role, seen[key].defined
            a.pronouns = _with(a.pronouns, seen[key].pronouns)
        elif key in resolved:
            a.score = max(PRONOUN, a.score) if a.layer != "mention" else PRONOUN
            a.defined = False
            a.pronouns = _with(a.pronouns, [said_as(resolved[key])])
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
        new.entities[key] = Active(key, m.name, m.type, layer, MENTIONED, new.turn, role=m.role,
                                   defined=m.defined, pronouns=_with([], m.pronouns))
    for key in list(new.entities):
        a = new.entities[key]
        a.score = round(a.score, 4)
        a.history = (a.history + [a.score])[-20:]
        if a.score < DROP_BELOW:
            del new.entities[key]
    return new


def replay(turns: Iterable[Turn]) -> SessionState:
    """The state after the turns (oldest first), each as what it named: how the write path reads
    the conversation it fetched back, so that it decides over the same state as the read path. A
    pronoun of a previous turn is not resolved again: the turn is linked to whom it meant."""
    state = SessionState()
    for t in turns:
        state = update(state, t.text, list(t.mentions), [])
    return state


def _with(known: list[str], more: Iterable[str | None]) -> list[str]:
    """The pronouns used for someone so far, plus those just used ("he" and "she" only)."""
    return list(dict.fromkeys([*known, *(p for p in more if p in ("he", "she"))]))


def _has_layer(state: SessionState, layer: str) -> bool:
    return any(a.layer == layer for a in state.entities.values())


def _keys(state: SessionState, layer: str) -> set[str]:
    return {k for k, a in state.entities.items() if a.layer == layer}
