"""A fact held for a parent's review, kept as the knowledge it was (issue 35).

The review queue stores a held item as JSON. For a fact that is its text and type plus what made it
knowledge: its slots (subject, predicate, value), certainty, layer, speaker and time, and the turn
record(s) it was drawn from (`source_turns`), so that approving it stores the same fact linked to
its turn, and forgetting that turn reaches it.

A parent may edit the text (and the type) before approving. The slots describe what the text
states, so they stay only while the edited text still states the value (the subject and predicate
come with it: they are what the value is of); otherwise the edit is stored as a knowledge memory in
the parent's words with no slots (no slot claims a value the text no longer says, and supersession,
which works by slot, leaves it alone). Certainty, speaker, time and the source turns stay in every
case: the fact still comes from what was said in that turn. A type edit keeps the slots.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

SLOTS = ("subject", "predicate", "value")
# What a held fact keeps beside its text and type (all JSON-safe once the queue stores it).
KEPT = (*SLOTS, "layer", "confidence", "salience", "speaker", "scope", "session_id", "project_id", "origin_ref",
        "observed_at", "source_turns")


def held_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a held candidate's (gated, redacted) fields the review queue keeps, JSON-safe."""
    kept: dict[str, Any] = {}
    for name in KEPT:
        v = fields.get(name)
        if v is None or v == []:
            continue
        if isinstance(v, datetime):
            v = v.isoformat()
        elif name == "source_turns":
            v = [str(t) for t in v]
        kept[name] = v
    return kept


def states(text: str, value: str) -> bool:
    """Whether `text` still says `value` (whole words, case-insensitive)."""
    value = value.strip()
    return bool(value) and re.search(rf"(?<!\w){re.escape(value.casefold())}(?!\w)", text.casefold()) is not None


def approved_fields(held: Mapping[str, Any], edited_text: str | None) -> dict[str, Any]:
    """The write fields of an approved held item (`held`: the queue's JSON, text and type included),
    with `edited_text` when the parent changed the text (see the module doc for what stays)."""
    fields: dict[str, Any] = {k: held[k] for k in KEPT if held.get(k) is not None}
    if isinstance(fields.get("observed_at"), str):
        fields["observed_at"] = datetime.fromisoformat(fields["observed_at"])
    if "source_turns" in fields:
        fields["source_turns"] = [UUID(str(t)) for t in fields["source_turns"]]
    if edited_text is not None and edited_text != held.get("text") \
            and not states(edited_text, str(fields.get("value") or "")):
        for name in SLOTS:
            fields.pop(name, None)
    return fields
