"""How a memory's indexed text is built from an utterance and its write-time context.

A conversation turn is stored as a memory whose *indexed* text may carry what is known when
it is written: who said it, the caption of a photo shared with it, and the previous turn(s)
of the same session (already ingested, so known at write time; later turns never are).

The result has two parts so that the lexical index can weight them differently:

* ``primary`` -- the turn itself (speaker, utterance, caption).  Postgres: ``setweight(
  to_tsvector('english', primary), 'A')``; it is also the text that is embedded.
* ``context`` -- the previous turn(s), indexed at a lower weight (label ``'B'``), so that a
  short answer ("It's a mix of drama and romance!") can be found through the question it
  answers ("What genre is your first screenplay?").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Lexical weight of the context part relative to the primary part (BM25 tf multiplier).
DEFAULT_CONTEXT_WEIGHT = 0.5


@dataclass(frozen=True)
class PriorTurn:
    """An earlier turn of the same session, as known when the current turn is written."""

    text: str
    speaker: str | None = None
    image_caption: str | None = None


@dataclass(frozen=True)
class TurnContext:
    """A turn and what is known about it at write time."""

    text: str
    speaker: str | None = None
    image_caption: str | None = None
    session_date: str | None = None
    previous_turns: Sequence[PriorTurn] = ()  # oldest first, same session only


@dataclass(frozen=True)
class DocumentOptions:
    """Which write-time context goes into the indexed text."""

    include_speaker: bool = True
    include_caption: bool = True
    include_session_date: bool = False
    previous_turns: int = 1  # how many preceding turns go into the context part


@dataclass(frozen=True)
class IndexedDocument:
    """Indexed text of one memory: ``primary`` (weight A, embedded) and ``context`` (weight B)."""

    primary: str
    context: str = ""


def render_turn(
    text: str,
    speaker: str | None,
    image_caption: str | None,
    include_speaker: bool = True,
    include_caption: bool = True,
) -> str:
    """One turn as indexable text: ``"Speaker: text [shared a photo: caption]"``."""
    body = " ".join(text.split())
    if include_speaker and speaker:
        body = f"{speaker}: {body}" if body else f"{speaker}:"
    if include_caption and image_caption:
        caption = " ".join(image_caption.split())
        body = f"{body} [shared a photo: {caption}]" if body else f"[shared a photo: {caption}]"
    return body


def build_document(turn: TurnContext, options: DocumentOptions = DocumentOptions()) -> IndexedDocument:
    """Build the indexed text of ``turn`` from its write-time context under ``options``."""
    if options.previous_turns < 0:
        raise ValueError("previous_turns must be >= 0")
    primary = render_turn(
        turn.text, turn.speaker, turn.image_caption, options.include_speaker, options.include_caption
    )
    if options.include_session_date and turn.session_date:
        primary = f"{primary} ({turn.session_date})"
    prior = list(turn.previous_turns)[-options.previous_turns :] if options.previous_turns else []
    context = " ".join(
        render_turn(p.text, p.speaker, p.image_caption, options.include_speaker, options.include_caption)
        for p in prior
    )
    return IndexedDocument(primary=primary, context=context)
