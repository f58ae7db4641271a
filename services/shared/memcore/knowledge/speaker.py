"""Who said a turn decides what it can teach (issue 33 item 2, issue 35 item 2).

Only the owner's own turns become knowledge about the owner. The assistant's lines (and any other
speaker's) are kept at most as session context: a companion saying "Ponies are very friendly
animals" teaches nothing about the child, and its question "Does Pepper like string?" is not a fact.
"""
from __future__ import annotations

from typing import Literal

SpeakerRole = Literal["owner", "assistant", "other", "guardian"]

# Speaker labels orchestrators use for the model's side of a chat.
ASSISTANT_SPEAKERS = frozenset({"assistant", "companion", "bot", "ai", "system", "model", "agent", "chatbot",
                                "llm", "gpt", "tool"})
# Speaker labels that stand for the owner without naming them.
GENERIC_OWNER_SPEAKERS = frozenset({"user", "human", "me", "child", "kid", "owner", "customer", "parent"})


def speaker_role(speaker: str, declared: SpeakerRole | None = None, for_someone_else: bool = False) -> SpeakerRole:
    """The declared role when the caller gave one, else inferred from the speaker label. A parent
    writing a turn into a child's memory is a guardian, not the owner (an orchestrator writes the
    child's own turns and stays the owner's voice): the guardian's
    "I" and "my" are theirs, so only what they say about the child and the child's world teaches."""
    if declared is not None:
        return declared
    label = speaker.strip().lower()
    if label in ASSISTANT_SPEAKERS:
        return "assistant"
    return "guardian" if for_someone_else else "owner"


def owner_label(speaker: str, display_name: str | None) -> str:
    """The name facts about the owner carry: the speaker's own name when the turn gives one
    ("Mia"), else the owner's display name, else "The user"."""
    label = speaker.strip()
    if label and label.lower() not in GENERIC_OWNER_SPEAKERS and label.lower() not in ASSISTANT_SPEAKERS:
        return label
    return (display_name or "").strip() or "The user"
