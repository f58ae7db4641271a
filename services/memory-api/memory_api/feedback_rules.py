"""What feedback on a memory does, decided without I/O (routers/feedback.py applies it).

Kinds and their effect on the memory:
- `wrong`: the memory is disputed (tier 'disputed'): it stays in lists and its history, marked so,
  and no read path ranks it any more (retrieve, contextify, consolidation).
- `outdated`: superseded (valid_to = now); its history is kept, nothing is deleted.
- `sensitive`: its audience becomes restricted (tag and flag 'restricted'): hidden from the child
  and from what the orchestrator composes for the child; parents still see it.
- `forget_request`: the memory is deleted everywhere, as DELETE /v1/memory/{id} does.

On a turn's record (docs/knowledge.md), `wrong` and `outdated` reach the knowledge drawn only from
that turn: a turn said to be wrong no longer teaches what it taught. A fact another turn also
taught stays as it is (that turn still teaches it). `sensitive` reaches further, as hiding more is
always safe: on a record, every fact drawn from it; on a fact, the turns it was drawn from (their
words hold it), not its sibling facts. `wrong` and `outdated` on a fact act on the fact alone.

Who decides: a parent or admin, an adult about its own memory, and an orchestrator about an
adult's memory act at once. Feedback about a child's memory given by the child (or by the
orchestrator on the child's behalf) waits for a parent in the review queue; only `sensitive`
takes effect at once (hiding more is always safe), and a parent's rejection undoes it. A parent's
safety rule is never hidden, demoted or deleted by anyone but a parent or admin: a child's
feedback on it only asks the parent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["wrong", "outdated", "sensitive", "forget_request"]
Effect = Literal["none", "disputed", "superseded", "restricted", "deleted"]
KINDS: tuple[str, ...] = ("wrong", "outdated", "sensitive", "forget_request")
EFFECT_OF: dict[str, Effect] = {"wrong": "disputed", "outdated": "superseded", "sensitive": "restricted",
                                "forget_request": "deleted"}
DECIDERS = frozenset({"parent", "admin"})
DIRECT_ON_OWN = frozenset({"user", "parent", "admin"})  # adults deciding about their own memories


@dataclass(frozen=True)
class Plan:
    now: Effect       # applied when the feedback is given
    review: bool      # a parent decides (a review-queue item)


class Refused(Exception):
    """The caller may not give this feedback (403)."""


Reach = Literal["itself", "drawn_only", "drawn", "source_turns"]


def reach(effect: str, layer: str) -> Reach:
    """Which rows beside the memory itself an effect on a memory of this layer applies to.

    On a turn's record, disputed and superseded reach the knowledge drawn only from it (a fact another
    turn also taught is still taught); restricted reaches every fact drawn from it: a fact repeats what
    the sensitive turn said, whichever other turn said it too. On a fact, restricted reaches the turns
    it was drawn from, whose verbatim words hold it (its sibling facts stay: each is its own knowledge)."""
    if layer == "record" and effect in ("disputed", "superseded"):
        return "drawn_only"
    if effect == "restricted":
        return {"record": "drawn", "knowledge": "source_turns"}.get(layer, "itself")  # type: ignore[return-value]
    return "itself"


def needs_parent(caller_role: str, owner_role: str) -> bool:
    """Feedback about a child's memory, not given by a parent or admin, waits for a parent."""
    return owner_role == "child" and caller_role not in DECIDERS


def plan(kind: str, caller_role: str, owner_role: str, memory_type: str) -> Plan:
    if kind not in EFFECT_OF:
        raise ValueError(f"unknown feedback kind {kind!r}")
    if needs_parent(caller_role, owner_role):
        hide_now = kind == "sensitive" and memory_type != "safety"
        return Plan(now="restricted" if hide_now else "none", review=True)
    if memory_type == "safety" and caller_role not in DECIDERS:
        raise Refused("safety rules can be changed only by a parent or admin")
    return Plan(now=EFFECT_OF[kind], review=False)


def on_approve(kind: str, applied: str) -> Effect:
    """The effect a parent's approval leaves in place (what was applied already stays)."""
    return applied if applied != "none" else EFFECT_OF[kind]  # type: ignore[return-value]


def on_reject(applied: str) -> Effect:
    """What a parent's rejection undoes: the restriction a child's `sensitive` applied at once."""
    return "restricted" if applied == "restricted" else "none"
